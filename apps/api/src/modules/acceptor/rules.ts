/**
 * The acceptor deal state machine, in one place. is_sure 0 waiting, 1 confirmed, 2 rejected (document 2
 * section 4). A deposit (type buy) waits for the acceptor to confirm the CNY arrived; a withdrawal (type
 * sell) waits for the acceptor to send the CNY and mark it transferred, then for the user's confirmation, or
 * for `auto_confirm_at` (20 minutes later). Each action is one guarded UPDATE.
 */
export const DEAL = { waiting: 0, confirmed: 1, rejected: 2 } as const;

export type DealActor = 'acceptor' | 'user' | 'deadline';

export const DEAL_ACTIONS = {
  /** The acceptor received the user's CNY: the acceptor's escrowed crypto goes to the user. */
  confirm: { type: 'buy', by: 'acceptor', to: DEAL.confirmed },
  /** The acceptor refuses a deal it has not acted on: the escrow goes back to whoever put it up. */
  reject: { type: 'any', by: 'acceptor', to: DEAL.rejected },
  /** The acceptor sent the user's CNY: the deal confirms itself unless the user confirms first. */
  transferred: { type: 'sell', by: 'acceptor', to: DEAL.waiting },
  /** The user received the CNY: the user's escrowed crypto goes to the acceptor. */
  user_confirm: { type: 'sell', by: 'user', to: DEAL.confirmed },
  /** Nobody objected within the window after "transferred": as the user's confirmation. */
  auto_confirm: { type: 'sell', by: 'deadline', to: DEAL.confirmed },
} as const satisfies Record<string, { type: 'buy' | 'sell' | 'any'; by: DealActor; to: number }>;
export type DealAction = keyof typeof DEAL_ACTIONS;

export const ACCEPTOR_ACCOUNT = 'legal' as const;
/** Money on acceptor deals is CNY with 2 decimals. */
export const CNY_DECIMALS = 2;
export const DEAL_PAGE_SIZE = 10;
