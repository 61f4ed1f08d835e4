/** The four user accounts of the spec, and the balance columns behind each. */
export const ACCOUNTS = ['change', 'legal', 'lever', 'micro'] as const;
export type Account = (typeof ACCOUNTS)[number];

export const isAccount = (value: unknown): value is Account =>
  typeof value === 'string' && (ACCOUNTS as readonly string[]).includes(value);

export const availableColumn = (account: Account) => `${account}_balance` as const;
export const lockedColumn = (account: Account) => `lock_${account}_balance` as const;
export type BalanceColumn = ReturnType<typeof availableColumn> | ReturnType<typeof lockedColumn>;

export const BALANCE_COLUMNS: BalanceColumn[] = ACCOUNTS.flatMap((account) => [
  availableColumn(account),
  lockedColumn(account),
]);

/** The wallet log's numbering of accounts (legal_log `type`): 1 legal, 2 change, 3 lever, 4 micro. */
export const ACCOUNT_NUMBERS: Record<number, Account> = { 1: 'legal', 2: 'change', 3: 'lever', 4: 'micro' };

/**
 * The exchange's own accounts; each is the sum of its append-only entries. The pools are the counterparty
 * of lever positions and seconds orders; the insurance fund takes what a loss beyond a margin leaves unpaid.
 * The partner pool holds the partner token the points exchange pays out; the savings pool pays interest.
 * Operators fund them with the exchange's capital (`npm run ops -- house:fund`).
 */
export const HOUSE_ACCOUNTS = [
  'fees',
  'lever_pool',
  'micro_pool',
  'insurance_fund',
  'escrow',
  'market_maker',
  'partner_pool',
  'savings_pool',
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

export const isHouseAccount = (value: string): value is HouseAccount =>
  (HOUSE_ACCOUNTS as readonly string[]).includes(value);
