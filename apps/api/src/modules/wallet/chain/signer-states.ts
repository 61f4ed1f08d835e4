/**
 * The states of a withdrawal the signer pays (`chain_withdrawals.state`) and what an operator may decide in
 * each. One attempt uses one nonce of the hot wallet for all its transactions (the payment, its fee bumps, a
 * cancellation), so at most one of them is ever mined: that is what makes paying twice impossible.
 */
export const SIGNER_STATE = {
  /** Approved by an operator, waiting for the signer's next round. */
  approved: 'approved',
  /** The hot wallet holds too little (the note says of what); signed as soon as it is funded. */
  waitingFunds: 'waiting_funds',
  /** Signed and stored; broadcast (again after a crash, the same bytes) until mined. */
  sent: 'sent',
  /** Mined, counting the currency's confirmations before the withdrawal is completed. */
  confirming: 'confirming',
  /** Not mined after the configured number of blocks: the operator bumps the fee or cancels. */
  stuck: 'stuck',
  /** A cancellation (nothing to itself, same nonce) is out: whichever of the two is mined decides. */
  cancelling: 'cancelling',
  /** The payment was mined but reverted (nothing moved): refunded or tried again on the operator's word. */
  reverted: 'reverted',
  /** The nonce was taken by a transaction not the signer's (the key used elsewhere): nothing was paid. */
  dropped: 'dropped',
  completed: 'completed',
  refunded: 'refunded',
} as const;
export type SignerState = (typeof SIGNER_STATE)[keyof typeof SIGNER_STATE];

/** States whose current nonce has transactions out that may still be mined. */
export const IN_FLIGHT_STATES: SignerState[] = [
  SIGNER_STATE.sent,
  SIGNER_STATE.confirming,
  SIGNER_STATE.stuck,
  SIGNER_STATE.cancelling,
];

/** States the signer signs from: nothing of the withdrawal is out. */
export const UNSIGNED_STATES: SignerState[] = [SIGNER_STATE.approved, SIGNER_STATE.waitingFunds];

/** The decisions an operator takes on a signer's withdrawal. */
export const SIGNER_DECISIONS = ['refund', 'retry', 'bump', 'cancel'] as const;
export type SignerDecision = (typeof SIGNER_DECISIONS)[number];

/**
 * Where each decision is allowed. A refund only where nothing can be mined any more: before signing, or
 * after the attempt's nonce was used by a reverted payment or another transaction (confirmed). A retry takes
 * a new nonce in those same finished cases. Bump and cancel re-sign the stuck nonce.
 */
export const DECISION_STATES: Record<SignerDecision, SignerState[]> = {
  refund: [SIGNER_STATE.approved, SIGNER_STATE.waitingFunds, SIGNER_STATE.reverted, SIGNER_STATE.dropped],
  retry: [SIGNER_STATE.reverted, SIGNER_STATE.dropped],
  bump: [SIGNER_STATE.stuck],
  cancel: [SIGNER_STATE.stuck],
};

/** A transaction the signer signed: what it does and where it got to (`chain_transfers`). */
export const TRANSFER_KIND = { payment: 'payment', cancel: 'cancel' } as const;
export type TransferKind = (typeof TRANSFER_KIND)[keyof typeof TRANSFER_KIND];

export const TRANSFER_STATE = {
  signed: 'signed',
  broadcast: 'broadcast',
  mined: 'mined',
  confirmed: 'confirmed',
  reverted: 'reverted',
  /** Another transaction of the same nonce was mined instead. */
  replaced: 'replaced',
} as const;
export type TransferState = (typeof TRANSFER_STATE)[keyof typeof TRANSFER_STATE];

/** Transfers not (or no longer) in a block: the ones to broadcast. */
export const UNMINED_TRANSFER_STATES: TransferState[] = [TRANSFER_STATE.signed, TRANSFER_STATE.broadcast];

/** The decisions open to an operator on a withdrawal in this state (cancel: only a stuck payment). */
export function decisionsFor(
  state: string,
  newestKind: string | undefined,
  request: string,
): SignerDecision[] {
  if (request) return [];
  return SIGNER_DECISIONS.filter(
    (decision) =>
      DECISION_STATES[decision].includes(state as SignerState) &&
      (decision !== 'cancel' || newestKind === TRANSFER_KIND.payment),
  );
}
