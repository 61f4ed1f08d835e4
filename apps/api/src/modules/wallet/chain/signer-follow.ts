import type { Hash, TransactionReceipt } from 'viem';
import type { ChainTransfer, ChainWithdrawal, Tx } from '@exchange/kernel/db';
import { WITHDRAWAL_STATUS, finishSignedWithdrawal } from '../withdraw';
import { assetOf, SIGNER_NETWORK, type SignerContext } from './signer-context';
import {
  IN_FLIGHT_STATES,
  SIGNER_STATE,
  TRANSFER_KIND,
  TRANSFER_STATE,
  type SignerState,
} from './signer-states';

type InFlight = ChainWithdrawal & { withdrawal: { currency: { name: string } } };

/** The receipt of a transaction, or null while it is in no block. */
async function receiptOf(context: SignerContext, hash: string): Promise<TransactionReceipt | null> {
  return context.client.getTransactionReceipt({ hash: hash as Hash }).catch((error: unknown) => {
    if ((error as Error).name === 'TransactionReceiptNotFoundError') return null;
    throw error;
  });
}

/** Blocks a withdrawal's transaction waits on top of its own: its currency's (a cancellation: the coin's). */
function confirmationsOf(context: SignerContext, row: InFlight): number {
  return (
    assetOf(context, row.withdrawal.currency.name)?.confirmations ??
    Math.max(...context.assets.map((asset) => asset.confirmations))
  );
}

/** Moves a withdrawal from one of the states given to another; false when someone moved it first. */
async function move(
  db: Pick<Tx, 'chainWithdrawal'>,
  withdrawalId: number,
  from: SignerState[],
  data: { state: SignerState; note?: string },
): Promise<boolean> {
  const moved = await db.chainWithdrawal.updateMany({
    where: { withdrawal_id: withdrawalId, state: { in: from } },
    data: { ...data, request: '' },
  });
  return moved.count === 1;
}

/** The mined transaction as confirmed, every other version of its nonce as replaced. */
async function closeAttempt(
  tx: Tx,
  mined: ChainTransfer,
  receipt: TransactionReceipt,
  state: 'confirmed' | 'reverted',
) {
  await tx.chainTransfer.update({
    where: { id: mined.id },
    data: { state, block_height: receipt.blockNumber, block_hash: receipt.blockHash },
  });
  await tx.chainTransfer.updateMany({
    where: { withdrawal_id: mined.withdrawal_id, nonce: mined.nonce, id: { not: mined.id } },
    data: { state: TRANSFER_STATE.replaced },
  });
}

/** Raised inside a settling transaction that finds the withdrawal already moved on: nothing is written. */
class SettledElsewhere extends Error {}

/**
 * Ends a withdrawal whose transaction is confirmed: a payment that succeeded completes it through the ledger
 * (the locked amount leaves, the fee goes to the house), a mined cancellation refunds it (its nonce is
 * spent, so the payment can never be mined), a reverted payment waits for the operator. The state move and
 * the ledger commit together, so two signers settling at once settle once.
 */
async function settle(
  context: SignerContext,
  row: InFlight,
  mined: ChainTransfer,
  receipt: TransactionReceipt,
) {
  const id = row.withdrawal_id;
  if (mined.kind === TRANSFER_KIND.payment && receipt.status !== 'success') {
    await context.prisma.$transaction(async (tx) => {
      if (!(await move(tx, id, IN_FLIGHT_STATES, { state: SIGNER_STATE.reverted, note: '' }))) return;
      await closeAttempt(tx, mined, receipt, TRANSFER_STATE.reverted);
    });
    context.log(
      { withdrawal: id, tx: mined.tx_hash },
      'a withdrawal payment reverted on chain: waiting for an operator',
    );
    return;
  }
  const paid = mined.kind === TRANSFER_KIND.payment;
  const outcome = paid
    ? ({ status: WITHDRAWAL_STATUS.done, txid: mined.tx_hash } as const)
    : ({ status: WITHDRAWAL_STATUS.failed, notes: `cancelled on chain by ${mined.tx_hash}` } as const);
  try {
    await finishSignedWithdrawal(context.prisma, id, outcome, async (tx) => {
      const state = paid ? SIGNER_STATE.completed : SIGNER_STATE.refunded;
      if (!(await move(tx, id, IN_FLIGHT_STATES, { state, note: '' }))) throw new SettledElsewhere();
      await closeAttempt(tx, mined, receipt, TRANSFER_STATE.confirmed);
    });
  } catch (error) {
    const now = await context.prisma.chainWithdrawal.findUnique({ where: { withdrawal_id: id } });
    const settledBefore = now?.state === SIGNER_STATE.completed || now?.state === SIGNER_STATE.refunded;
    if (!settledBefore) throw error;
  }
}

/** A transaction of the attempt is in a block, not yet deep enough: shown counting its confirmations. */
async function confirming(
  context: SignerContext,
  row: InFlight,
  mined: ChainTransfer,
  receipt: TransactionReceipt,
) {
  await context.prisma.$transaction(async (tx) => {
    await tx.chainTransfer.update({
      where: { id: mined.id },
      data: { state: TRANSFER_STATE.mined, block_height: receipt.blockNumber, block_hash: receipt.blockHash },
    });
    if (row.state !== SIGNER_STATE.confirming)
      await move(tx, row.withdrawal_id, IN_FLIGHT_STATES, { state: SIGNER_STATE.confirming });
  });
}

/**
 * No transaction of the attempt is in a block. One that was has left it (a reorganisation) and is sent
 * again. If the nonce was spent by a transaction not the signer's, deep enough, nothing of it can ever be
 * mined: dropped, for the operator. Otherwise, after the configured number of blocks, stuck.
 */
async function unmined(
  context: SignerContext,
  head: number,
  row: InFlight,
  transfers: ChainTransfer[],
  spentDeep: boolean,
) {
  const id = row.withdrawal_id;
  await context.prisma.chainTransfer.updateMany({
    where: { withdrawal_id: id, nonce: row.nonce!, state: TRANSFER_STATE.mined },
    data: { state: TRANSFER_STATE.broadcast, block_height: null, block_hash: null },
  });
  if (spentDeep) {
    await context.prisma.$transaction(async (tx) => {
      if (!(await move(tx, id, IN_FLIGHT_STATES, { state: SIGNER_STATE.dropped, note: '' }))) return;
      await tx.chainTransfer.updateMany({
        where: { withdrawal_id: id, nonce: row.nonce! },
        data: { state: TRANSFER_STATE.replaced },
      });
    });
    context.log(
      { withdrawal: id, nonce: String(row.nonce) },
      'another transaction took a withdrawal’s nonce: waiting for an operator',
    );
    return;
  }
  const newest = transfers[transfers.length - 1];
  const outstanding = newest?.kind === TRANSFER_KIND.cancel ? SIGNER_STATE.cancelling : SIGNER_STATE.sent;
  if (row.state === SIGNER_STATE.confirming) {
    await move(context.prisma, id, [SIGNER_STATE.confirming], { state: outstanding });
    return;
  }
  const waited = head - Number(row.signed_height ?? head);
  if (row.state !== SIGNER_STATE.stuck && waited >= context.stuckBlocks)
    await move(context.prisma, id, [SIGNER_STATE.sent, SIGNER_STATE.cancelling], {
      state: SIGNER_STATE.stuck,
    });
}

/** Where one withdrawal's transactions got to on the chain, and what follows from it. */
async function followOne(context: SignerContext, head: number, row: InFlight): Promise<void> {
  if (row.nonce === null) return;
  const transfers = await context.prisma.chainTransfer.findMany({
    where: { withdrawal_id: row.withdrawal_id, nonce: row.nonce },
    orderBy: { id: 'asc' },
  });
  const depth = confirmationsOf(context, row);
  // The count first, the receipts after: a transaction of ours mined before the count's block has a receipt.
  const deepBlock = head - depth + 1;
  const spentDeep =
    deepBlock >= 0 &&
    BigInt(
      await context.client.getTransactionCount({
        address: row.hot_address as `0x${string}`,
        blockNumber: BigInt(deepBlock),
      }),
    ) > row.nonce;
  for (const transfer of transfers) {
    const receipt = await receiptOf(context, transfer.tx_hash);
    if (!receipt) continue;
    const mined = head - Number(receipt.blockNumber) + 1;
    if (mined >= depth) await settle(context, row, transfer, receipt);
    else await confirming(context, row, transfer, receipt);
    return;
  }
  await unmined(context, head, row, transfers, spentDeep);
}

/** Follows every withdrawal with a transaction out, oldest first. */
export async function followInFlight(context: SignerContext, head: number): Promise<void> {
  const rows = await context.prisma.chainWithdrawal.findMany({
    where: { network: SIGNER_NETWORK, state: { in: IN_FLIGHT_STATES } },
    include: { withdrawal: { select: { currency: { select: { name: true } } } } },
    orderBy: { withdrawal_id: 'asc' },
  });
  for (const row of rows) {
    try {
      await followOne(context, head, row);
    } catch (error) {
      context.log({ withdrawal: row.withdrawal_id, err: error }, 'the signer could not follow a withdrawal');
    }
  }
}
