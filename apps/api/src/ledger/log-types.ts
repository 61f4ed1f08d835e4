/**
 * Account-log types, numbered as the original product's AccountLog (contract notes section 7), so clients
 * and operators that know those numbers read our logs the same way.
 */
export const LOG_TYPES = {
  ADMIN_ADJUST: 1,
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
  WITHDRAW_APPLY: 99,
  WITHDRAW_DONE: 100,
  WITHDRAW_FAILED: 101,
  CHAIN_DEPOSIT: 200,
  PAYMENT_DEPOSIT: 206,
  WITHDRAW_FEE: 207,
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
