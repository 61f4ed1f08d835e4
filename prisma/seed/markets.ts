/** Demo currencies and pairs: what a fresh install lists. Fees are fractions (0.001 = 0.1 %). */
export interface SeedCurrency {
  name: string;
  full_name: string;
  description: string;
  sort: number;
  is_legal: number;
  is_lever: number;
  is_micro: number;
  decimal_scale: number;
  min_number: string;
  rate: string;
  price: string;
  chain_type: string;
  micro_trade_fee?: string;
  micro_min?: string;
  micro_max?: string;
  micro_holdtrade_max?: number;
}

const coin = (
  name: string,
  full_name: string,
  sort: number,
  price: string,
  description: string,
  extra: Partial<SeedCurrency> = {},
): SeedCurrency => ({
  name,
  full_name,
  description,
  sort,
  is_legal: 0,
  is_lever: 1,
  is_micro: 0,
  decimal_scale: 8,
  min_number: '0.001',
  rate: '0.0005',
  price,
  chain_type: 'native',
  ...extra,
});

/** A currency seconds orders can be paid in: fee 1% of the stake, stakes 10 to 100,000, 10 running at once. */
const MICRO_PAYABLE: Partial<SeedCurrency> = {
  is_micro: 1,
  micro_trade_fee: '1',
  micro_min: '10',
  micro_max: '100000',
  micro_holdtrade_max: 10,
};

export const SEED_CURRENCIES: SeedCurrency[] = [
  coin('USDT', 'Tether USD', 0, '1', 'A US-dollar stable coin; the quote currency of most markets here.', {
    is_legal: 1,
    decimal_scale: 6,
    min_number: '10',
    rate: '1',
    chain_type: 'TRC20',
    ...MICRO_PAYABLE,
  }),
  coin(
    'BTC',
    'Bitcoin',
    1,
    '97000',
    'The first decentralised digital currency, launched in 2009 with a fixed supply of 21 million.',
    {
      is_legal: 1,
    },
  ),
  coin(
    'ETH',
    'Ethereum',
    2,
    '3400',
    'A programmable blockchain whose native currency pays for smart-contract execution.',
    {
      rate: '0.003',
      min_number: '0.01',
      chain_type: 'ERC20',
    },
  ),
  coin('BNB', 'BNB', 3, '640', 'The native coin of the BNB Smart Chain, used for transaction fees.', {
    rate: '0.001',
    min_number: '0.05',
  }),
  coin(
    'SOL',
    'Solana',
    4,
    '190',
    'A high-throughput proof-of-stake chain designed for fast, low-cost transactions.',
    {
      rate: '0.01',
      min_number: '0.1',
    },
  ),
  coin(
    'XRP',
    'XRP',
    5,
    '2.2',
    'The native asset of the XRP Ledger, built for fast cross-border settlement.',
    {
      decimal_scale: 6,
      rate: '0.25',
      min_number: '20',
    },
  ),
  coin(
    'DOGE',
    'Dogecoin',
    6,
    '0.32',
    'A proof-of-work currency that began as a joke and became a widely traded asset.',
    {
      rate: '4',
      min_number: '50',
    },
  ),
  coin('LTC', 'Litecoin', 7, '105', 'An early Bitcoin fork with faster blocks, used for payments.', {
    rate: '0.001',
    min_number: '0.1',
  }),
  // The exchange's own token (an ERC-20): seconds-contract insurance is bought and paid in it (document 3
  // section 4), and points exchange into it. Listed like any coin: a HAP/USDT market the market maker keeps
  // liquid, deposits and withdrawals on the EVM network.
  coin(
    'HAP',
    'HAP',
    8,
    '1',
    "The exchange's own token: seconds-contract insurance is bought and paid in it.",
    {
      is_lever: 0,
      chain_type: 'ERC20',
      decimal_scale: 6,
      min_number: '10',
      rate: '1',
      ...MICRO_PAYABLE,
    },
  ),
];

export interface SeedPair {
  base: string;
  quote: string;
  sort: number;
  price_decimals: number;
  amount_decimals: number;
  min_amount: string;
  open_lever: number;
  open_microtrade: number;
  lever_share_num: string;
}

/** The exchange's own token trades on spot only: no contracts are written on a price the house makes. */
const SPOT_ONLY = new Set(['HAP']);

const pair = (
  base: string,
  quote: string,
  sort: number,
  price_decimals: number,
  amount_decimals: number,
  min_amount: string,
  lever_share_num: string,
): SeedPair => ({
  base,
  quote,
  sort,
  price_decimals,
  amount_decimals,
  min_amount,
  open_lever: quote === 'USDT' && !SPOT_ONLY.has(base) ? 1 : 0,
  open_microtrade: quote === 'USDT' && !SPOT_ONLY.has(base) ? 1 : 0,
  lever_share_num,
});

export const SEED_PAIRS: SeedPair[] = [
  pair('BTC', 'USDT', 1, 2, 5, '0.0001', '0.01'),
  pair('ETH', 'USDT', 2, 2, 4, '0.001', '0.1'),
  pair('BNB', 'USDT', 3, 2, 3, '0.01', '1'),
  pair('SOL', 'USDT', 4, 2, 3, '0.01', '1'),
  pair('XRP', 'USDT', 5, 4, 1, '1', '100'),
  pair('DOGE', 'USDT', 6, 5, 0, '10', '1000'),
  pair('LTC', 'USDT', 7, 2, 3, '0.01', '1'),
  pair('ETH', 'BTC', 8, 6, 4, '0.001', '0.1'),
  pair('HAP', 'USDT', 9, 4, 2, '10', '100'),
];

export const SEED_FEES = {
  maker_fee: '0.001',
  taker_fee: '0.002',
  lever_trade_fee: '0.1',
  spread: '0.02',
  overnight: '0.05',
};

/** Seconds-contract durations: profit ratio in percent of the stake, stake limits per duration. */
export const SEED_MICRO_SECONDS = [
  { seconds: 30, profit_ratio: '80', min_amount: '10', max_amount: '10000' },
  { seconds: 60, profit_ratio: '85', min_amount: '10', max_amount: '20000' },
  { seconds: 120, profit_ratio: '90', min_amount: '10', max_amount: '50000' },
  { seconds: 300, profit_ratio: '95', min_amount: '10', max_amount: '100000' },
];

/** The preset stake buttons of each payable currency. */
export const SEED_MICRO_NUMBERS: Record<string, string[]> = {
  USDT: ['10', '50', '100', '500', '1000'],
  HAP: ['10', '50', '100', '500', '1000'],
};

/** Insurance for seconds trading, offered in HAP: units of 100 HAP, premium 10%, claims pay 80% of the loss. */
export const SEED_INSURANCE_TYPES = [
  {
    currency: 'HAP',
    name: 'HAP seconds insurance',
    min_quantity: 1,
    max_quantity: 100,
    unit_amount: '100',
    premium_rate: '0.1',
    claim_rate: '0.8',
  },
];

/** Lever options of the demo pairs (lever_multiples and the pairs' hands limits). */
export const SEED_LEVER_OPTIONS: Record<
  string,
  { multiples: number[]; shares: number[]; min: number; max: number }
> = {
  'BTC/USDT': { multiples: [5, 10, 20, 50, 100], shares: [1, 5, 10, 20, 50], min: 1, max: 1000 },
  'ETH/USDT': { multiples: [5, 10, 20, 50, 100], shares: [1, 5, 10, 20, 50], min: 1, max: 1000 },
};
