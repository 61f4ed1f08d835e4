import type { Currency, Db, Tx } from '@exchange/kernel/db';
import { credit, LOG_TYPES, MAX_AMOUNT, Money, roundReceived, toAmountString } from '@exchange/kernel/ledger';
import type { UserPush } from '@exchange/kernel/realtime';
import type { ChainSource, Payment, SourceBlock } from './source';

/**
 * The rules of a chain watcher, for any ChainSource: follow the chain block by block from the stored cursor,
 * record each payment to a user's deposit address once, credit it after its currency's confirmations, and
 * handle reorganisations. Each block (and each unwinding) is one Postgres transaction under a lock per
 * network, so two watchers on one database never apply a block twice.
 */
export const CHAIN_DEPOSIT_STATE = { pending: 'pending', credited: 'credited', reorged: 'reorged' } as const;
export type ChainDepositState = (typeof CHAIN_DEPOSIT_STATE)[keyof typeof CHAIN_DEPOSIT_STATE];

/** What happened to a user's chain deposit, for their push (sent after the transaction committed). */
export interface ChainDepositEvent {
  userId: number;
  depositId: number;
  currencyId: number;
  currencyName: string;
  amount: string;
  txHash: string;
  /** seen: recorded, counting confirmations; credited; dropped: its block was replaced before crediting. */
  change: 'seen' | 'credited' | 'dropped';
}

/** The user's push of a chain deposit event. */
export const chainDepositPush = (event: ChainDepositEvent): UserPush => ({
  event: 'chain_deposit',
  payload: {
    id: event.depositId,
    currency: event.currencyId,
    currency_name: event.currencyName,
    amount: toAmountString(event.amount),
    txid: event.txHash,
    change: event.change,
  },
});

export interface WatchDeps {
  prisma: Db;
  source: ChainSource;
  log: (fields: object, message: string) => void;
}

interface Cursor {
  height: number;
  hash: string;
}

/** Blocks kept to find where a reorganisation forked; a deeper one stops the watcher for an operator. */
export const reorgWindow = (source: ChainSource) =>
  Math.max(256, 2 * Math.max(...Object.values(source.confirmations)));

/** Another watcher applied a block first: reload the cursor and go on from there. */
class CursorMoved extends Error {}

/** The lock a watcher applies a block under; a booking by hand of a chain transfer takes it too. */
export const lockNetwork = (tx: Tx, network: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`chain-watch:${network}`}))`;

async function lockedCursor(tx: Tx, source: ChainSource, expected: Cursor): Promise<void> {
  await lockNetwork(tx, source.network);
  const row = await tx.chainCursor.findUniqueOrThrow({ where: { network: source.network } });
  if (Number(row.height) !== expected.height || row.block_hash !== expected.hash) throw new CursorMoved();
}

async function currenciesOf(prisma: Db, source: ChainSource): Promise<Map<string, Currency>> {
  const names = Object.keys(source.confirmations);
  const rows = await prisma.currency.findMany({ where: { name: { in: names } } });
  const missing = names.filter((name) => !rows.some((row) => row.name === name));
  if (missing.length > 0)
    throw new Error(
      `the ${source.network} watcher credits ${missing.join(', ')}, which the exchange does not list`,
    );
  return new Map(rows.map((row) => [row.name, row]));
}

/**
 * Before the first step: refuses a stored cursor of another chain and a currency the exchange does not
 * list; without a cursor, starts at `startBlock` (or the head). Deposits still counting take the
 * confirmations configured now.
 */
export async function startWatching(deps: WatchDeps, startBlock?: number): Promise<Cursor> {
  const { prisma, source } = deps;
  const currencies = await currenciesOf(prisma, source);
  for (const [name, confirmations] of Object.entries(source.confirmations))
    await prisma.$executeRaw`
      UPDATE chain_deposits c SET confirmations = ${confirmations} FROM deposits d
      WHERE d.id = c.deposit_id AND c.network = ${source.network} AND c.state = 'pending'
        AND d.currency_id = ${currencies.get(name)!.id}`;
  const stored = await prisma.chainCursor.findUnique({ where: { network: source.network } });
  if (stored) {
    if (stored.chain_id !== source.chainId)
      throw new Error(
        `the ${source.network} watcher's stored height is on chain ${stored.chain_id}, the node is on chain ${source.chainId}`,
      );
    return { height: Number(stored.height), hash: stored.block_hash };
  }
  const first = startBlock ?? (await source.headHeight());
  const before = first - 1;
  const hash = before >= 0 ? await source.hashAt(before) : '';
  if (hash === null) throw new Error(`the node has no block ${before} (EVM_START_BLOCK beyond the head?)`);
  await prisma.$transaction(async (tx) => {
    await lockNetwork(tx, source.network);
    const raced = await tx.chainCursor.findUnique({ where: { network: source.network } });
    if (raced) return;
    await tx.chainCursor.create({
      data: { network: source.network, chain_id: source.chainId, height: before, block_hash: hash },
    });
    if (before >= 0)
      await tx.chainBlock.create({
        data: { network: source.network, height: before, hash, parent_hash: '' },
      });
  });
  deps.log({ network: source.network, height: first }, 'chain watcher starts');
  return loadCursor(prisma, source);
}

async function loadCursor(prisma: Db, source: ChainSource): Promise<Cursor> {
  const row = await prisma.chainCursor.findUniqueOrThrow({ where: { network: source.network } });
  return { height: Number(row.height), hash: row.block_hash };
}

/**
 * Follows the chain from the stored cursor for up to `maxBlocks` blocks (or to the head): unwinds what a
 * reorganisation replaced, applies each new block. Answers what happened to users' deposits.
 */
export async function watchStep(deps: WatchDeps, maxBlocks = 100): Promise<ChainDepositEvent[]> {
  const events: ChainDepositEvent[] = [];
  const head = await deps.source.headHeight();
  let cursor = await loadCursor(deps.prisma, deps.source);
  // The cursor's own block replaced (a chain that grew no longer than ours yet): unwind now, not later.
  let block: SourceBlock | null = null;
  for (let steps = 0; steps < maxBlocks; steps += 1) {
    try {
      const replaced =
        cursor.height >= 0 &&
        (block
          ? block.parentHash !== cursor.hash
          : (await deps.source.hashAt(cursor.height)) !== cursor.hash);
      if (replaced) {
        const fork = await findFork(deps, cursor.height);
        events.push(...(await unwind(deps, cursor, fork)));
        cursor = fork;
        block = null;
        continue;
      }
      if (block) {
        events.push(...(await applyBlock(deps, cursor, block)));
        cursor = { height: block.height, hash: block.hash };
      }
      block = cursor.height < head ? await deps.source.block(cursor.height + 1) : null;
      if (!block) break;
    } catch (error) {
      if (!(error instanceof CursorMoved)) throw error;
      cursor = await loadCursor(deps.prisma, deps.source);
      block = null;
    }
  }
  return events;
}

/** The highest block the watcher processed that the chain still has: where the replaced branch forked. */
async function findFork({ prisma, source }: WatchDeps, from: number): Promise<Cursor> {
  for (let height = from; height >= 0; height -= 1) {
    const stored = await prisma.chainBlock.findUnique({
      where: { network_height: { network: source.network, height } },
    });
    if (!stored)
      throw new Error(
        `${source.network}: a reorganisation reaches below block ${height + 1}, deeper than the ${reorgWindow(source)} blocks kept: the watcher stops for an operator`,
      );
    if ((await source.hashAt(height)) === stored.hash) return { height, hash: stored.hash };
  }
  return { height: -1, hash: '' };
}

/**
 * Takes back what the blocks above the fork brought: a deposit still counting disappears (with its deposit
 * record); a credited one is marked reorged for operators, its credit left as it is.
 */
async function unwind(deps: WatchDeps, cursor: Cursor, fork: Cursor): Promise<ChainDepositEvent[]> {
  const { prisma, source } = deps;
  const { dropped, reorged } = await prisma.$transaction(async (tx) => {
    await lockedCursor(tx, source, cursor);
    const above = { network: source.network, block_height: { gt: fork.height } };
    const replaced = await tx.chainDeposit.findMany({
      where: { ...above, state: { in: [CHAIN_DEPOSIT_STATE.pending, CHAIN_DEPOSIT_STATE.credited] } },
      include: { deposit: { include: { currency: true } } },
    });
    const pending = replaced.filter((row) => row.state === CHAIN_DEPOSIT_STATE.pending);
    const credited = replaced.filter((row) => row.state === CHAIN_DEPOSIT_STATE.credited);
    await tx.deposit.deleteMany({ where: { id: { in: pending.map((row) => row.deposit_id) } } });
    await tx.chainDeposit.updateMany({
      where: { id: { in: credited.map((row) => row.id) } },
      data: { state: CHAIN_DEPOSIT_STATE.reorged, reorged_at: new Date() },
    });
    await tx.chainBlock.deleteMany({ where: { network: source.network, height: { gt: fork.height } } });
    await tx.chainCursor.update({
      where: { network: source.network },
      data: { height: fork.height, block_hash: fork.hash, updated_at: new Date() },
    });
    return { dropped: pending, reorged: credited };
  });
  deps.log(
    { network: source.network, from: cursor.height, fork: fork.height, dropped: dropped.length },
    'chain reorganisation: blocks above the fork unwound',
  );
  for (const row of reorged)
    deps.log(
      { level: 'error', network: source.network, deposit: row.deposit_id, tx: row.tx_hash },
      'a CREDITED deposit’s block was replaced: reported to operators (the credit stands until they decide)',
    );
  return dropped.map((row) => ({
    userId: row.deposit.user_id,
    depositId: row.deposit_id,
    currencyId: row.deposit.currency_id,
    currencyName: row.deposit.currency.name,
    amount: row.deposit.amount.toFixed(),
    txHash: row.tx_hash,
    change: 'dropped' as const,
  }));
}

/** The block's payments to users' deposit addresses that took effect, with whose address each is. */
async function paymentsToUsers(
  { prisma, source }: WatchDeps,
  block: SourceBlock,
): Promise<{ payment: Payment; userId: number }[]> {
  const addresses = [...new Set(block.payments.map((payment) => payment.to))];
  if (addresses.length === 0) return [];
  const owners = await prisma.depositAddress.findMany({
    where: { network: source.network, address: { in: addresses } },
    select: { address: true, user_id: true },
  });
  const ownerOf = new Map(owners.map((row) => [row.address, row.user_id]));
  const found: { payment: Payment; userId: number }[] = [];
  for (const payment of block.payments) {
    const userId = ownerOf.get(payment.to);
    if (userId !== undefined && (await source.took(payment))) found.push({ payment, userId });
  }
  return found;
}

/** Records the block's deposits, moves the cursor onto it and credits whatever reached its confirmations. */
async function applyBlock(deps: WatchDeps, cursor: Cursor, block: SourceBlock): Promise<ChainDepositEvent[]> {
  const { prisma, source } = deps;
  const found = await paymentsToUsers(deps, block);
  const currencies = await currenciesOf(prisma, source);
  return prisma.$transaction(async (tx) => {
    await lockedCursor(tx, source, cursor);
    await tx.chainBlock.create({
      data: {
        network: source.network,
        height: block.height,
        hash: block.hash,
        parent_hash: block.parentHash,
      },
    });
    await tx.chainBlock.deleteMany({
      where: { network: source.network, height: { lt: block.height - reorgWindow(source) } },
    });
    const seen: ChainDepositEvent[] = [];
    for (const { payment, userId } of found) {
      const event = await recordPayment(deps, tx, block, payment, userId, currencies.get(payment.currency)!);
      if (event) seen.push(event);
    }
    await tx.chainCursor.update({
      where: { network: source.network },
      data: { height: block.height, block_hash: block.hash, updated_at: new Date() },
    });
    return [...seen, ...(await creditConfirmed(tx, source, block.height))];
  });
}

/**
 * One payment, once: a new one is recorded pending (with a deposit record of status 0 that the user's
 * records show); one an operator already booked by hand (its tx hash as txid) is left to that booking. The same transfer found again after its credited block was replaced (the transaction
 * mined anew, maybe at another log index) is linked to its new block and stays credited: never a second
 * credit.
 */
async function recordPayment(
  deps: WatchDeps,
  tx: Tx,
  block: SourceBlock,
  payment: Payment,
  userId: number,
  currency: Currency,
): Promise<ChainDepositEvent | null> {
  const { network } = deps.source;
  const where = { network_tx_hash_log_index: { network, tx_hash: payment.txHash, log_index: payment.index } };
  if (await tx.chainDeposit.findUnique({ where })) return null;
  const placed = { block_height: block.height, block_hash: block.hash, log_index: payment.index };
  const remined = await tx.chainDeposit.findFirst({
    where: {
      network,
      tx_hash: payment.txHash,
      state: CHAIN_DEPOSIT_STATE.reorged,
      to_address: payment.to,
      amount: payment.amount.toFixed(),
      deposit: { currency_id: currency.id },
    },
  });
  if (remined) {
    await tx.chainDeposit.update({
      where: { id: remined.id },
      data: { ...placed, state: CHAIN_DEPOSIT_STATE.credited },
    });
    deps.log(
      { network, deposit: remined.deposit_id, tx: payment.txHash },
      'a reorged deposit was mined again',
    );
    return null;
  }
  const bookedByHand = await tx.deposit.findFirst({
    where: {
      source: 'chain',
      user_id: userId,
      currency_id: currency.id,
      external_id: { equals: payment.txHash, mode: 'insensitive' },
    },
  });
  if (bookedByHand) {
    deps.log(
      { level: 'error', network, deposit: bookedByHand.id, tx: payment.txHash },
      'a chain payment an operator had already booked by hand: not credited again',
    );
    return null;
  }
  const amount = roundReceived(payment.amount, currency.decimal_scale);
  if (amount.lte(0) || amount.gte(MAX_AMOUNT)) {
    deps.log(
      { network, tx: payment.txHash, amount: payment.amount.toFixed() },
      'chain payment too small or large',
    );
    return null;
  }
  const deposit = await tx.deposit.create({
    data: {
      user_id: userId,
      currency_id: currency.id,
      amount: amount.toFixed(),
      source: 'chain',
      external_id: `${network}:${payment.txHash}:${payment.index}`,
      from_address: payment.from,
      status: 0,
      chain: {
        create: {
          ...placed,
          network,
          tx_hash: payment.txHash,
          to_address: payment.to,
          amount: payment.amount.toFixed(),
          confirmations: deps.source.confirmations[currency.name]!,
          state: CHAIN_DEPOSIT_STATE.pending,
        },
      },
    },
  });
  return {
    userId,
    depositId: deposit.id,
    currencyId: currency.id,
    currencyName: currency.name,
    amount: amount.toFixed(),
    txHash: payment.txHash,
    change: 'seen',
  };
}

/**
 * Credits every pending deposit of the network whose block has its confirmations at `height` (its own
 * block counts as the first): a guarded state change, the deposit record done, the ledger's credit.
 */
async function creditConfirmed(tx: Tx, source: ChainSource, height: number): Promise<ChainDepositEvent[]> {
  const due = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM chain_deposits
    WHERE network = ${source.network} AND state = 'pending' AND block_height + confirmations - 1 <= ${height}
    ORDER BY id`;
  const events: ChainDepositEvent[] = [];
  for (const { id } of due) {
    const now = new Date();
    const changed = await tx.chainDeposit.updateMany({
      where: { id, state: CHAIN_DEPOSIT_STATE.pending },
      data: { state: CHAIN_DEPOSIT_STATE.credited, credited_at: now },
    });
    if (changed.count !== 1) continue;
    const row = await tx.chainDeposit.findUniqueOrThrow({
      where: { id },
      include: { deposit: { include: { currency: true } } },
    });
    const { deposit } = row;
    await tx.deposit.update({ where: { id: deposit.id }, data: { status: 1, confirmed_at: now } });
    await credit(tx, {
      userId: deposit.user_id,
      currencyId: deposit.currency_id,
      account: 'change',
      amount: new Money(deposit.amount.toFixed()),
      type: LOG_TYPES.CHAIN_DEPOSIT,
      ref: { type: 'deposit', id: deposit.id },
    });
    events.push({
      userId: deposit.user_id,
      depositId: deposit.id,
      currencyId: deposit.currency_id,
      currencyName: deposit.currency.name,
      amount: deposit.amount.toFixed(),
      txHash: row.tx_hash,
      change: 'credited',
    });
  }
  return events;
}
