// The constant tables the client needs as values (not only as types). Plain data, no zod: the web client
// imports this file (`@exchange/contracts/constants`) and nothing else of the contract but types.

/** The fiat currencies a P2P ad is priced in (document 2, section 9). */
export const FIAT_CODES = ['CNY', 'USD', 'JPY'] as const;
export type FiatCode = (typeof FIAT_CODES)[number];

/** How fiat is paid, on P2P ads and acceptor deals, in the order the forms offer them. */
export const PAY_WAYS = ['bank', 'ali_pay', 'we_chat'] as const;
export type PayWay = (typeof PAY_WAYS)[number];

/**
 * The calls of the two P2P markets, one state machine: `c2c`, users' ads (document 2), and `shop`, approved
 * sellers' ads with min/max per order (contract notes section 8). `actions` move an order: the fiat payer
 * cancels or marks paid; the crypto seller confirms as the ad's owner or as its taker.
 */
export const P2P_PATHS = {
  c2c: {
    send: '/api/c2c_send',
    platform: '/api/c2c_deal_platform',
    take: '/api/c2c/do_legal_deal',
    withdraw: '/api/c2c/back_send',
    myAds: '/api/c2c/seller_trade',
    myOrders: '/api/c2c_user_deal',
    order: '/api/c2c_deal',
    adOrders: '/api/c2c/legal_send_deal_list',
    record: '/api/c2c_seller_deal',
    appeal: '/api/c2c/appeal',
    appealMessage: '/api/c2c/appeal_message',
    actions: {
      cancel: '/api/c2c/user_legal_pay_cancel',
      pay: '/api/c2c/user_legal_pay',
      confirmOwner: '/api/c2c/legal_deal_sure',
      confirmTaker: '/api/c2c/legal_deal_user_sure',
    },
  },
  shop: {
    send: '/api/legal_send',
    platform: '/api/legal_deal_platform',
    take: '/api/do_legal_deal',
    withdraw: '/api/back_send',
    myAds: '/api/seller_trade',
    myOrders: '/api/legal_user_deal',
    order: '/api/legal_deal',
    adOrders: '/api/legal_send_deal_list',
    record: '/api/legal_seller_deal',
    appeal: '/api/legal_deal_appeal',
    appealMessage: '/api/legal_deal/appeal_message',
    actions: {
      cancel: '/api/user_legal_pay_cancel',
      pay: '/api/user_legal_pay',
      confirmOwner: '/api/legal_deal_sure',
      confirmTaker: '/api/legal_deal_user_sure',
    },
  },
} as const;
export type P2pOrderAction = keyof (typeof P2P_PATHS)['c2c']['actions'];

/**
 * A lever pair's options of how its mark is built and of the house's open-interest caps (README "Security"):
 * quote amounts, percents and whole seconds, by their column names.
 */
export const LEVER_RISK_OPTIONS = [
  'mark_impact_notional',
  'mark_band_percent',
  'mark_trade_window_seconds',
  'mark_min_trade_notional',
  'mark_smoothing_seconds',
  'mark_max_move_percent',
  'lever_pair_exposure_percent',
  'lever_user_exposure_percent',
] as const;
export type LeverRiskOption = (typeof LEVER_RISK_OPTIONS)[number];

/** The console's operator roles, least to most. */
export const ADMIN_ROLE_NAMES = ['viewer', 'support', 'finance', 'admin'] as const;

/**
 * The house pools an operator may fund with the exchange's capital: the ledger's house accounts except the fees
 * (what the exchange earned, never paid in) and the escrow (which must equal what open escrows hold).
 */
export const FUNDABLE_HOUSE_POOLS = [
  'lever_pool',
  'micro_pool',
  'insurance_fund',
  'market_maker',
  'partner_pool',
  'savings_pool',
] as const;

/** Where a points exchange stands: waiting for the partner's answer, done, or refused by the partner. */
export const JC_EXCHANGE_STATUS = { pending: 0, done: 1, failed: 2 } as const;
