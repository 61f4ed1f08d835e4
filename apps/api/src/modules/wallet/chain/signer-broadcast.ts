import { sendRawTransaction } from 'viem/actions';
import type { Hash, Hex } from 'viem';
import { SIGNER_NETWORK, type SignerContext } from './signer-context';
import { nodeNote, noteText } from './signer-notes';
import { IN_FLIGHT_STATES, TRANSFER_STATE, UNMINED_TRANSFER_STATES } from './signer-states';

/**
 * Hands a stored transaction to the node: the same bytes every time, so sending it again (after a crash, or
 * while it waits) can never make a second payment. A refusal still counts as delivered when the node knows
 * the transaction (already in its pool, or mined). Answers whether the node has it.
 */
async function deliver(
  context: SignerContext,
  raw: string,
  hash: string,
): Promise<{ known: boolean; refusal?: unknown }> {
  try {
    await sendRawTransaction(context.client, { serializedTransaction: raw as Hex });
    return { known: true };
  } catch (refusal) {
    const known = await context.client.getTransaction({ hash: hash as Hash }).then(
      () => true,
      () => false,
    );
    return known ? { known } : { known, refusal };
  }
}

/**
 * Broadcasts every stored transaction not yet in a block: those never sent (a crash between storing and
 * sending leaves them so) and, again each round, the newest of each attempt until it is mined, since a
 * node's pool may forget it. Older versions of a bumped attempt are left to the pools.
 */
export async function broadcastUnmined(context: SignerContext): Promise<void> {
  const transfers = await context.prisma.chainTransfer.findMany({
    where: {
      network: SIGNER_NETWORK,
      state: { in: UNMINED_TRANSFER_STATES },
      withdrawal: { state: { in: IN_FLIGHT_STATES } },
    },
    orderBy: { id: 'desc' },
  });
  const newestOfAttempt = new Set<string>();
  for (const transfer of transfers) {
    const attempt = `${transfer.withdrawal_id}:${transfer.nonce}`;
    const newest = !newestOfAttempt.has(attempt);
    newestOfAttempt.add(attempt);
    if (!newest && transfer.state !== TRANSFER_STATE.signed) continue;
    const { known, refusal } = await deliver(context, transfer.raw, transfer.tx_hash);
    if (!known) {
      context.log(
        { withdrawal: transfer.withdrawal_id, tx: transfer.tx_hash, err: refusal },
        'the node refused a signed withdrawal',
      );
      if (newest)
        await context.prisma.chainWithdrawal.update({
          where: { withdrawal_id: transfer.withdrawal_id },
          data: { note: noteText(nodeNote(refusal)) },
        });
      continue;
    }
    if (transfer.state === TRANSFER_STATE.signed) {
      await context.at?.('broadcast');
      await context.prisma.chainTransfer.updateMany({
        where: { id: transfer.id, state: TRANSFER_STATE.signed },
        data: { state: TRANSFER_STATE.broadcast, broadcast_at: new Date() },
      });
    }
    if (newest)
      await context.prisma.chainWithdrawal.updateMany({
        where: { withdrawal_id: transfer.withdrawal_id, note: { startsWith: '{"kind":"node"' } },
        data: { note: '' },
      });
  }
}
