import type { Quotation, QuotationGroup } from '../../api/markets';

/** Quotation rows for the tests, shaped like the server's `quotation_new` answer. */
export function pair(overrides: Partial<Quotation> & Pick<Quotation, 'symbol'>): Quotation {
  const [base = 'BTC', quote = 'USDT'] = overrides.symbol.split('/');
  return {
    id: 1,
    match_id: 1,
    currency_id: 2,
    currency_name: base,
    legal_id: 1,
    legal_name: quote,
    now_price: '1',
    change: '0.00',
    high: '1',
    low: '1',
    volume: '1',
    is_display: 1,
    open_coin_trade: 1,
    open_transaction: 1,
    open_lever: 1,
    open_microtrade: 1,
    lever_share_num: '0.01',
    price_decimals: 2,
    amount_decimals: 4,
    min_amount: '0.0001',
    maker_fee: '0.001',
    taker_fee: '0.002',
    rmb_relation: '7.2',
    fiat_convert_cny: '7.2',
    logo: '',
    category: 1,
    added: 0,
    ...overrides,
  };
}

export function group(name: string, id: number, quotation: Quotation[]): QuotationGroup {
  return {
    id,
    name,
    full_name: name,
    sort: id,
    logo: '',
    is_display: 1,
    is_legal: 1,
    is_lever: 0,
    is_match: 1,
    is_micro: 0,
    decimal_scale: 6,
    rmb_relation: '7.2',
    fiat_convert_cny: '7.2',
    quotation,
  };
}

export const groups: QuotationGroup[] = [
  group('USDT', 1, [
    pair({
      symbol: 'BTC/USDT',
      match_id: 1,
      currency_id: 2,
      now_price: '96203.02',
      change: '-1.07',
      added: 1,
    }),
    pair({ symbol: 'ETH/USDT', match_id: 2, currency_id: 3, now_price: '3450.94', change: '+1.82' }),
    pair({ symbol: 'DOGE/USDT', match_id: 6, currency_id: 7, now_price: '0.31466', change: '-1.51' }),
    pair({ symbol: 'XRP/USDT', match_id: 5, currency_id: 6, now_price: '2.1842', change: '+0.00' }),
    pair({ symbol: 'HIDE/USDT', match_id: 9, currency_id: 9, is_display: 0 }),
  ]),
  group('BTC', 2, [
    pair({
      symbol: 'ETH/BTC',
      match_id: 8,
      legal_id: 2,
      currency_id: 3,
      now_price: '0.034968',
      change: '-0.22',
      added: 1,
    }),
  ]),
];
