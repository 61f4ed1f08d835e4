import type { SignerContext } from './signer-context';
import { broadcastUnmined } from './signer-broadcast';
import { followInFlight } from './signer-follow';
import { carryOutRequests, marketFees, signApproved } from './signer-sign';
import { readHoldings, recordLook, syncNonce } from './signer-wallet';

/**
 * One round of the withdrawal signer (the worker repeats it): follow what is out (confirm and complete, or
 * show stuck, reverted, dropped), carry out the operators' bumps and cancels, sign the approved withdrawals
 * the hot wallet can pay, and broadcast every stored transaction not yet in a block. Every step reads its
 * rows again and moves them with guarded updates, so two signers on one database pay each withdrawal once.
 */
export async function signerRound(context: SignerContext): Promise<void> {
  // Not viem's block number cached for seconds: confirmations count from the head the node has now.
  const head = Number(await context.client.getBlockNumber({ cacheTime: 0 }));
  await syncNonce(context);
  await followInFlight(context, head);
  const holdings = await readHoldings(context);
  await recordLook(context, head, holdings);
  const round = { head, holdings, fees: await marketFees(context) };
  await carryOutRequests(context, round);
  await signApproved(context, round);
  await broadcastUnmined(context);
}
