import type { AdminHotWallet, AdminSignerView, OperatorTrail } from '@exchange/contracts';
import type { ChainHotWallet, ChainTransfer, ChainWithdrawal, Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { isValidEvmAddress, networkOf } from '../addresses';
import { finishSignedWithdrawal, WITHDRAWAL_STATUS } from '../withdraw';
import { SIGNER_NETWORK } from './signer-context';
import { readNote } from './signer-notes';
import {
  DECISION_STATES,
  decisionsFor,
  IN_FLIGHT_STATES,
  SIGNER_STATE,
  UNSIGNED_STATES,
  type SignerDecision,
  type SignerState,
} from './signer-states';

/** The currencies a hot wallet pays, as the signer recorded them. */
const paidBy = (wallet: Pick<ChainHotWallet, 'assets'>) =>
  (wallet.assets as { currency: string }[]).map((asset) => asset.currency);

/** Hot wallets newest look first: the first one paying a currency is the one running now. */
const hotWallets = (db: Db | Tx) => db.chainHotWallet.findMany({ orderBy: { seen_at: 'desc' } });

/**
 * Whether the signer can pay this withdrawal: on chain, its currency on the signer's network, a hot wallet
 * that pays that currency, and an address of that network (checksum included).
 */
function signable(
  wallets: Pick<ChainHotWallet, 'network' | 'assets'>[],
  withdrawal: { channel: string; address: string; currency: { name: string; chain_type: string } },
): boolean {
  return (
    withdrawal.channel === 'chain' &&
    networkOf(withdrawal.currency) === SIGNER_NETWORK &&
    isValidEvmAddress(withdrawal.address) &&
    wallets.some(
      (wallet) => wallet.network === SIGNER_NETWORK && paidBy(wallet).includes(withdrawal.currency.name),
    )
  );
}

/** The console's `signable` for each withdrawal listed, from one read of the hot wallets. */
export async function signableCheck(prisma: Db) {
  const wallets = await hotWallets(prisma);
  return (withdrawal: Parameters<typeof signable>[1]) => signable(wallets, withdrawal);
}

/**
 * An operator approves a waiting on-chain withdrawal for the signer, which then signs and broadcasts it
 * from the hot wallet. Under the withdrawal's row lock, as a completion by hand takes it, so the two never
 * both happen; refused with a clear reason (and nothing changed) when it is not the signer's to pay.
 */
export async function approveForSigning(prisma: Db, input: { id: number }, trail: OperatorTrail<Tx>) {
  return prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<
      { id: number }[]
    >`SELECT id FROM withdrawals WHERE id = ${input.id} FOR UPDATE`;
    if (!locked) throw new AppError('admin_record_not_found');
    const withdrawal = await tx.withdrawal.findUniqueOrThrow({
      where: { id: input.id },
      include: { currency: true, signer: true },
    });
    if (withdrawal.signer) throw new AppError('signer_already_approved');
    if (withdrawal.status !== WITHDRAWAL_STATUS.submitted) throw new AppError('admin_already_processed');
    if (!signable(await hotWallets(tx), withdrawal))
      throw new AppError('signer_cannot_pay', { currency: withdrawal.currency.name });
    await tx.chainWithdrawal.create({
      data: { withdrawal_id: withdrawal.id, network: SIGNER_NETWORK, state: SIGNER_STATE.approved },
    });
    await trail(tx, {
      action: 'withdrawal.approve',
      targetType: 'withdrawal',
      targetId: withdrawal.id,
      before: { status: withdrawal.status },
      after: {
        signer: SIGNER_STATE.approved,
        address: withdrawal.address,
        amount: toAmountString(withdrawal.real_number.toFixed()),
      },
    });
    return { id: withdrawal.id, state: SIGNER_STATE.approved };
  });
}

interface Decision {
  id: number;
  decision: SignerDecision;
  reason: string;
}

/**
 * An operator's decision on a withdrawal the signer holds. refund: the locked amount back to the user,
 * only where nothing of it can be mined any more (not signed yet; its nonce spent by a reverted payment or
 * another transaction). retry: a new attempt with a new nonce, in those same finished cases. bump and
 * cancel: asked of the signer, which holds the key and re-signs the stuck nonce on its next round.
 */
export async function decideOnSigned(prisma: Db, input: Decision, trail: OperatorTrail<Tx>) {
  const row = await prisma.chainWithdrawal.findUnique({
    where: { withdrawal_id: input.id },
    include: { transfers: { orderBy: { id: 'desc' }, take: 1 } },
  });
  if (!row) throw new AppError('admin_record_not_found');
  const allowed = decisionsFor(row.state, row.transfers[0]?.kind, row.request);
  if (!allowed.includes(input.decision)) throw new AppError('signer_decision_closed');
  if (input.decision === 'refund' && !input.reason) throw new AppError('admin_reason_required');
  const line = (tx: Tx, after: { signer: SignerState; request?: SignerDecision }) =>
    trail(tx, {
      action: `withdrawal.signer.${input.decision}`,
      targetType: 'withdrawal',
      targetId: input.id,
      before: { signer: row.state, nonce: row.nonce?.toString() ?? null },
      after,
      reason: input.reason,
    });
  const from = DECISION_STATES[input.decision];
  if (input.decision === 'refund') return refund(prisma, input, from, line);
  const data =
    input.decision === 'retry'
      ? { state: SIGNER_STATE.approved, nonce: null, signed_height: null, hot_address: '', note: '' }
      : { request: input.decision };
  return prisma.$transaction(async (tx) => {
    const moved = await tx.chainWithdrawal.updateMany({
      where: { withdrawal_id: input.id, state: { in: from }, request: '' },
      data,
    });
    if (moved.count !== 1) throw new AppError('signer_decision_closed');
    const state = input.decision === 'retry' ? SIGNER_STATE.approved : (row.state as SignerState);
    await line(
      tx,
      input.decision === 'retry' ? { signer: state } : { signer: state, request: input.decision },
    );
    return { id: input.id, state };
  });
}

async function refund(
  prisma: Db,
  input: Decision,
  from: SignerState[],
  line: (tx: Tx, after: { signer: SignerState }) => Promise<void>,
) {
  try {
    await finishSignedWithdrawal(
      prisma,
      input.id,
      { status: WITHDRAWAL_STATUS.failed, notes: input.reason },
      async (tx) => {
        const moved = await tx.chainWithdrawal.updateMany({
          where: { withdrawal_id: input.id, state: { in: from }, request: '' },
          data: { state: SIGNER_STATE.refunded, note: '' },
        });
        if (moved.count !== 1) throw new AppError('signer_decision_closed');
        await line(tx, { signer: SIGNER_STATE.refunded });
      },
    );
  } catch (error) {
    if (error instanceof Error && error.message.includes('is not waiting'))
      throw new AppError('admin_already_processed');
    throw error;
  }
  return { id: input.id, state: SIGNER_STATE.refunded };
}

type SignerRow = ChainWithdrawal & { transfers: ChainTransfer[] };

/** A withdrawal's signer side as the console shows it, confirmations counted to the hot wallet's last look. */
export function signerView(
  row: SignerRow | null,
  headOf: (address: string) => number,
): AdminSignerView | null {
  if (!row) return null;
  const newest = row.transfers.find((transfer) => transfer.nonce === row.nonce) ?? row.transfers[0];
  const head = headOf(row.hot_address);
  const block =
    newest?.block_height === null || newest?.block_height === undefined ? null : Number(newest.block_height);
  return {
    state: row.state as AdminSignerView['state'],
    request: row.request,
    nonce: row.nonce?.toString() ?? null,
    hot_address: row.hot_address,
    tx_hash: newest?.tx_hash ?? '',
    tx_kind: newest?.kind ?? '',
    tx_state: newest?.state ?? '',
    confirmations: block === null || head < block ? 0 : head - block + 1,
    note: readNote(row.note),
    decisions: decisionsFor(row.state, newest?.kind, row.request),
  };
}

/** What `listWithdrawals` includes of the signer side of each row. */
export const SIGNER_INCLUDE = { include: { transfers: { orderBy: { id: 'desc' as const }, take: 3 } } };

/** The hot wallets' heads by address, for signerView. */
export async function hotWalletHeads(prisma: Db): Promise<(address: string) => number> {
  const wallets = await hotWallets(prisma);
  return (address) => Number(wallets.find((wallet) => wallet.address === address)?.head_height ?? 0);
}

/**
 * The hot wallets with their balances as the signer last read them, what approved withdrawals not yet
 * signed will still take of each currency, and how many have a transaction out.
 */
export async function listHotWallets(prisma: Db): Promise<AdminHotWallet[]> {
  const [wallets, unsigned, inFlight] = await Promise.all([
    hotWallets(prisma),
    prisma.chainWithdrawal.findMany({
      where: { state: { in: UNSIGNED_STATES } },
      select: {
        network: true,
        withdrawal: { select: { real_number: true, currency: { select: { name: true } } } },
      },
    }),
    prisma.chainWithdrawal.groupBy({
      by: ['hot_address'],
      where: { state: { in: IN_FLIGHT_STATES } },
      _count: { _all: true },
    }),
  ]);
  return wallets.map((wallet) => {
    const balances = wallet.balances as Record<string, string>;
    const waiting = (currency: string) =>
      unsigned
        .filter((row) => row.network === wallet.network && row.withdrawal.currency.name === currency)
        .reduce((sum, row) => sum.plus(row.withdrawal.real_number.toFixed()), new Money(0));
    return {
      network: wallet.network,
      address: wallet.address,
      chain_id: wallet.chain_id,
      next_nonce: wallet.next_nonce.toString(),
      balances: paidBy(wallet).map((currency) => ({
        currency,
        amount: toAmountString(balances[currency] ?? '0'),
        waiting: toAmountString(waiting(currency)),
      })),
      head_height: wallet.head_height.toString(),
      seen_at: wallet.seen_at.toISOString(),
      in_flight: inFlight.find((group) => group.hot_address === wallet.address)?._count._all ?? 0,
    };
  });
}
