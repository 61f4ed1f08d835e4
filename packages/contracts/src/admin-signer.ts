import { z } from 'zod';
import { form, int4Id, optionalText } from './fields';
import type { RequestOf } from './fields';

/**
 * The withdrawal signer in the operator console (issue #23): each withdrawal's way to the chain, the
 * operator's decisions on it, and the hot wallets with their balances. Amounts are decimal strings.
 */
const int = z.number().int();
const decimal = z.string();

/** The states a withdrawal goes through with the signer (see the wallet area's signer-states.ts). */
export const SIGNER_STATES = [
  'approved',
  'waiting_funds',
  'sent',
  'confirming',
  'stuck',
  'cancelling',
  'reverted',
  'dropped',
  'completed',
  'refunded',
] as const;

/** Why a withdrawal waits or stopped, as the signer recorded it; the console words it. */
export const signerNoteSchema = z.discriminatedUnion('kind', [
  /** The hot wallet lacks `need` of a currency beyond what its transactions out already take. */
  z.object({ kind: z.literal('funds'), currency: z.string(), need: decimal, free: decimal }),
  /** The network's fee is above the configured ceiling (gwei per gas). */
  z.object({ kind: z.literal('fees'), ceiling_gwei: decimal }),
  /** The node refused the transaction; its own words. */
  z.object({ kind: z.literal('node'), message: z.string() }),
  /** The hot wallet does not pay this currency (no token contract configured). */
  z.object({ kind: z.literal('asset'), currency: z.string() }),
  /** Signed with another hot key than the one running now: that key is needed for a bump or a cancel. */
  z.object({ kind: z.literal('key'), address: z.string() }),
]);
export type SignerNote = z.infer<typeof signerNoteSchema>;

/** A withdrawal's signer side, when an operator approved it for signing. */
export const adminSignerViewSchema = z.object({
  state: z.enum(SIGNER_STATES),
  /** A decision the signer carries out on its next round ('bump' or 'cancel'), or ''. */
  request: z.string(),
  nonce: z.string().nullable(),
  hot_address: z.string(),
  /** The newest transaction of the attempt: its hash, kind (payment or cancel) and state. */
  tx_hash: z.string(),
  tx_kind: z.string(),
  tx_state: z.string(),
  /** Blocks on top of the mined transaction, its own included, as of the signer's last look (0: not mined). */
  confirmations: int,
  note: signerNoteSchema.nullable(),
  /** What the operator may decide now. */
  decisions: z.array(z.enum(['refund', 'retry', 'bump', 'cancel'])),
});
export type AdminSignerView = z.infer<typeof adminSignerViewSchema>;

/** `GET /api/admin/hot-wallets`: each hot wallet with its balances and what waits on it. */
export const adminHotWalletSchema = z.object({
  network: z.string(),
  address: z.string(),
  chain_id: z.string(),
  next_nonce: z.string(),
  balances: z.array(
    z.object({
      currency: z.string(),
      /** On the chain when the signer last looked. */
      amount: decimal,
      /** Approved withdrawals not yet signed: what the wallet must still hold for them. */
      waiting: decimal,
    }),
  ),
  head_height: z.string(),
  seen_at: z.string(),
  /** Withdrawals of this wallet with a transaction out (sent, confirming, stuck or cancelling). */
  in_flight: int,
});
export type AdminHotWallet = z.infer<typeof adminHotWalletSchema>;

export const adminSignerApproveBodySchema = form({ id: int4Id(), totp_code: optionalText(6) });
export const adminSignerDecisionBodySchema = form({
  id: int4Id(),
  decision: z.preprocess(
    (value) => value ?? '',
    z.enum(['refund', 'retry', 'bump', 'cancel'], { error: 'bad_request' }),
  ),
  reason: optionalText(500),
  totp_code: optionalText(6),
});
export const adminSignerResultSchema = z.object({ id: int, state: z.enum(SIGNER_STATES) });

/** The signer's console changes, as the console's forms send them. */
export interface AdminSignerRequests {
  'withdrawals/approve': RequestOf<typeof adminSignerApproveBodySchema>;
  'withdrawals/signer': RequestOf<typeof adminSignerDecisionBodySchema>;
}
