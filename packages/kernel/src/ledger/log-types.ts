/**
 * Account-log types, numbered as the original product's AccountLog (contract notes section 7), so clients
 * and operators that know those numbers read our logs the same way.
 */
export const LOG_TYPES = {
  ADMIN_ADJUST: 1,
  /** An admin adjustment of the spot account: the treasury's capital leaving for a house pool. */
  HOUSE_FUNDING: 3,
  LEGAL_TRANSFER_OUT: 9,
  LEGAL_TRANSFER_IN: 10,
  CHANGE_TRANSFER_IN: 11,
  CHANGE_TRANSFER_OUT: 12,
  LEVER_MICRO_TRANSFER_IN: 15,
  LEVER_MICRO_TRANSFER_OUT: 16,
  SPOT_ORDER_LOCK: 21,
  SPOT_TRADE: 22,
  SPOT_ORDER_RELEASE: 23,
  SPOT_FEE: 24,
  LEVER_MARGIN: 30,
  LEVER_CLOSE: 31,
  LEVER_LIQUIDATION: 32,
  LEVER_OVERNIGHT: 34,
  LEVER_FEE: 35,
  LEVER_CANCEL: 36,
  WITHDRAW_APPLY: 99,
  WITHDRAW_DONE: 100,
  WITHDRAW_FAILED: 101,
  CHAIN_DEPOSIT: 200,
  PAYMENT_DEPOSIT: 206,
  WITHDRAW_FEE: 207,
  // Seconds contracts and their insurance (modules/micro); the original's numbers where it had them.
  INSURANCE_BUY: 230,
  INSURANCE_CLAIM: 231,
  INSURANCE_EXCHANGE: 232,
  INSURANCE_PREMIUM: 233,
  MICRO_SUBMIT: 501,
  MICRO_SETTLE: 502,
  MICRO_FEE: 503,
  // P2P (issue #12), numbered as the original where its numbers do not clash with ours: acceptor deals
  // 13-20 and 91, seller-shop (merchant) deals 60-71, c2c 201-205.
  ACCEPTOR_WITHDRAW_LOCK: 13,
  ACCEPTOR_DEPOSIT_CREDIT: 14,
  ACCEPTOR_DEPOSIT_LOCK: 17,
  ACCEPTOR_WITHDRAW_PAID: 18,
  ACCEPTOR_WITHDRAW_CREDIT: 19,
  ACCEPTOR_WITHDRAW_REFUND: 20,
  ACCEPTOR_DEPOSIT_RELEASE: 91,
  SHOP_SELL_LOCK: 60,
  SHOP_TAKE_LOCK: 61,
  SHOP_DONE: 62,
  SHOP_CANCEL: 64,
  SHOP_RECALL: 71,
  C2C_SELL_LOCK: 201,
  C2C_CANCEL: 202,
  C2C_TAKE_LOCK: 203,
  C2C_DONE: 204,
  C2C_RECALL: 205,
  // Team (issue #13): a referral rebate from a fee of the payer's team (the original's 250, lower-level
  // rebate). GET /api/profits/show_profits lists it with SAVINGS_INTEREST.
  TEAM_REBATE: 250,
  // Earn (issue #13): the partner token a points exchange pays, and deposit savings (the original's 402-413
  // range of lock and fixed deposits). SAVINGS_INTEREST is the `savings_interest` entry the profits list shows.
  JC_EXCHANGE: 220,
  SAVINGS_LOCK: 402,
  SAVINGS_INTEREST: 403,
  SAVINGS_RETURN: 404,
  // Archival (issue #16): one row standing for many old rows of one balance, folded into their sum.
  CHECKPOINT: 900,
} as const;
export type LogType = (typeof LOG_TYPES)[keyof typeof LOG_TYPES];

/** The log types of transfers between a user's own accounts (wallet/hzhistory lists these). */
export const TRANSFER_LOG_TYPES: LogType[] = [
  LOG_TYPES.LEGAL_TRANSFER_OUT,
  LOG_TYPES.LEGAL_TRANSFER_IN,
  LOG_TYPES.CHANGE_TRANSFER_IN,
  LOG_TYPES.CHANGE_TRANSFER_OUT,
  LOG_TYPES.LEVER_MICRO_TRANSFER_IN,
  LOG_TYPES.LEVER_MICRO_TRANSFER_OUT,
];
