import type { Db } from '@exchange/kernel/db';
import { Money, TRANSFER_LOG_TYPES, type AuditReport } from '@exchange/kernel/ledger';
import { MAKER_ACCOUNT, TAKER_ACCOUNT } from '../../workers/src/market-maker/market-maker';
import type { Acknowledged } from './record';

const IS_SURE = { done: 1, cancelled: 2, paid: 3 };
const LEVER_TRADING = 1;
const ACCEPTOR_CONFIRMED = 1;
const INSURANCE_ACTIVE = 1;
const ACCEPTOR_REJECTED = 2;
const WITHDRAWAL_DONE = 2;
const WITHDRAWAL_FAILED = 3;

/**
 * Per currency, what the users and the house hold must be exactly what came in minus what went out: the
 * soak's own deposits, house fundings and completed withdrawals, plus the market maker's funding (booked
 * by the exchange itself as deposits to its two house traders).
 */
async function conservation(prisma: Db, acks: Acknowledged, audit: AuditReport): Promise<string[]> {
  const expected = acks.netInflow();
  const makerDeposits = await prisma.$queryRawUnsafe<{ currency_id: number; amount: string }[]>(
    `SELECT d.currency_id, SUM(d.amount)::text AS amount FROM deposits d JOIN users u ON u.id = d.user_id
     WHERE u.account_number IN ($1, $2) AND d.status = 1 GROUP BY d.currency_id`,
    MAKER_ACCOUNT,
    TAKER_ACCOUNT,
  );
  for (const row of makerDeposits) {
    const key = String(row.currency_id);
    expected.set(key, (expected.get(key) ?? new Money(0)).plus(row.amount));
  }
  const currencies = await prisma.currency.findMany({ select: { id: true, name: true } });
  const problems: string[] = [];
  for (const currency of currencies) {
    const totals = audit.currencies.find((row) => row.currency === currency.name);
    const held = new Money(totals?.users ?? 0).plus(totals?.house ?? 0);
    const want = expected.get(String(currency.id)) ?? new Money(0);
    if (!held.eq(want))
      problems.push(
        `${currency.name}: users and house hold ${held.toFixed()} but deposits minus withdrawals are ${want.toFixed()}`,
      );
  }
  return problems;
}

async function depositsAndWithdrawals(prisma: Db, acks: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const deposits = await prisma.deposit.findMany({ where: { id: { in: [...acks.deposits.keys()] } } });
  const found = new Map(deposits.map((row) => [row.id, row]));
  for (const [id, deposit] of acks.deposits) {
    const row = found.get(id);
    if (!row || row.status !== 1 || row.user_id !== deposit.userId || !row.amount.eq(deposit.amount))
      problems.push(
        `deposit ${id} of ${deposit.amount} to user ${deposit.userId} is not booked as acknowledged`,
      );
  }
  const userIds = [...new Set([...acks.withdrawalsRequested.keys()])];
  const requested = await prisma.withdrawal.groupBy({
    by: ['user_id'],
    where: { user_id: { in: userIds } },
    _count: { _all: true },
  });
  for (const [userId, count] of acks.withdrawalsRequested) {
    const stored = requested.find((row) => row.user_id === userId)?._count._all ?? 0;
    if (stored !== count)
      problems.push(`user ${userId}: ${count} withdrawals acknowledged, ${stored} stored`);
  }
  const decided = await prisma.withdrawal.findMany({
    where: { id: { in: [...acks.withdrawalsCompleted.keys(), ...acks.withdrawalsRejected] } },
  });
  for (const row of decided) {
    const want = acks.withdrawalsCompleted.has(row.id) ? WITHDRAWAL_DONE : WITHDRAWAL_FAILED;
    if (acks.withdrawalsCompleted.has(row.id) && acks.withdrawalsRejected.has(row.id))
      problems.push(`withdrawal ${row.id} was acknowledged both completed and rejected`);
    else if (row.status !== want)
      problems.push(`withdrawal ${row.id} is in status ${row.status}, acknowledged ${want}`);
  }
  return problems;
}

async function transfers(prisma: Db, acks: Acknowledged): Promise<string[]> {
  const rows = await prisma.$queryRawUnsafe<
    { user_id: number; currency_id: number; memo: string; count: number; amount: string }[]
  >(
    `SELECT user_id, currency_id, memo, count(*)::int AS count, (-SUM(delta))::text AS amount FROM account_logs
     WHERE user_id = ANY($1::int[]) AND type = ANY($2::int[]) AND delta < 0 AND split_part(memo, '>', 1) = account
     GROUP BY user_id, currency_id, memo`,
    [...new Set([...acks.transfers.keys()].map((key) => Number(key.split(':')[0])))],
    TRANSFER_LOG_TYPES,
  );
  const problems: string[] = [];
  for (const [key, ack] of acks.transfers) {
    const [userId, currencyId, memo] = key.split(':');
    const row = rows.find(
      (logged) =>
        String(logged.user_id) === userId &&
        String(logged.currency_id) === currencyId &&
        logged.memo === memo,
    );
    if (!row || row.count !== ack.count || !ack.amount.eq(row.amount))
      problems.push(
        `user ${userId} ${memo}: ${ack.count} transfers of ${ack.amount.toFixed()} acknowledged, the log has ${row?.count ?? 0} of ${row?.amount ?? 0}`,
      );
  }
  return problems;
}

async function orders(prisma: Db, acks: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const spot = await prisma.spotOrder.findMany({
    where: { id: { in: [...acks.spotOrders.keys()].map(BigInt) } },
    select: { id: true, user_id: true, state: true },
  });
  const spotById = new Map(spot.map((row) => [row.id.toString(), row]));
  for (const [id, userId] of acks.spotOrders) {
    const row = spotById.get(id);
    if (!row || row.user_id !== userId) problems.push(`spot order ${id} of user ${userId} is missing`);
    else if (acks.spotCancelled.has(id) && row.state !== 'cancelled')
      problems.push(`spot order ${id} was answered "cancelled" but is ${row.state}`);
  }
  const micro = await prisma.microOrder.findMany({
    where: { id: { in: [...acks.microOrders.keys()].map(BigInt) } },
    select: { id: true, user_id: true },
  });
  const microById = new Map(micro.map((row) => [row.id.toString(), row.user_id]));
  for (const [id, userId] of acks.microOrders)
    if (microById.get(id) !== userId) problems.push(`seconds order ${id} of user ${userId} is missing`);

  const opened = await prisma.$queryRawUnsafe<{ user_id: number; count: number }[]>(
    'SELECT user_id, count(*)::int AS count FROM lever_transactions WHERE user_id = ANY($1::int[]) GROUP BY user_id',
    [...acks.leverOpened.keys()],
  );
  for (const [userId, count] of acks.leverOpened) {
    const stored = opened.find((row) => row.user_id === userId)?.count ?? 0;
    if (stored !== count)
      problems.push(`user ${userId}: ${count} lever positions acknowledged, ${stored} stored`);
  }
  const stillTrading = await prisma.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id::text FROM lever_transactions WHERE id = ANY($1::bigint[]) AND status = ${LEVER_TRADING}`,
    [...acks.leverClosed],
  );
  for (const row of stillTrading)
    problems.push(`lever position ${row.id} was acknowledged closed but still trades`);
  return problems;
}

async function p2p(prisma: Db, acks: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const ads = await prisma.p2pAd.findMany({ where: { id: { in: [...acks.p2pAds.keys()] } } });
  for (const [id, userId] of acks.p2pAds) {
    const ad = ads.find((row) => row.id === id);
    if (!ad || ad.user_id !== userId) problems.push(`P2P ad ${id} of user ${userId} is missing`);
    else if (acks.p2pWithdrawnAds.has(id) && ad.state !== 'withdrawn')
      problems.push(`P2P ad ${id} was acknowledged withdrawn but is ${ad.state}`);
  }
  const orders = await prisma.p2pOrder.findMany({ where: { id: { in: [...acks.p2pOrders.keys()] } } });
  for (const [id, userId] of acks.p2pOrders) {
    const order = orders.find((row) => row.id === id);
    if (!order || order.user_id !== userId) {
      problems.push(`P2P order ${id} taken by user ${userId} is missing`);
      continue;
    }
    const want = acks.p2pConfirmed.has(id)
      ? [IS_SURE.done]
      : acks.p2pPaid.has(id)
        ? [IS_SURE.paid, IS_SURE.done]
        : acks.p2pCancelled.has(id)
          ? [IS_SURE.cancelled]
          : undefined;
    if (want && !want.includes(order.is_sure))
      problems.push(`P2P order ${id} is in state ${order.is_sure}, acknowledged as one of ${want.join('/')}`);
  }
  return problems;
}

async function acceptorDeals(prisma: Db, acks: Acknowledged): Promise<string[]> {
  const problems: string[] = [];
  const opened = await prisma.acceptorDeal.groupBy({
    by: ['user_id'],
    where: { user_id: { in: [...acks.acceptorDealsOpened.keys()] } },
    _count: { _all: true },
  });
  for (const [userId, count] of acks.acceptorDealsOpened) {
    const stored = opened.find((row) => row.user_id === userId)?._count._all ?? 0;
    if (stored !== count)
      problems.push(`user ${userId}: ${count} acceptor deals acknowledged, ${stored} stored`);
  }
  const decided = await prisma.acceptorDeal.findMany({
    where: {
      id: { in: [...acks.acceptorConfirmed, ...acks.acceptorRejected, ...acks.acceptorTransferred] },
    },
  });
  for (const deal of decided) {
    const confirmed = acks.acceptorConfirmed.has(deal.id);
    const rejected = acks.acceptorRejected.has(deal.id);
    if (confirmed && rejected)
      problems.push(`acceptor deal ${deal.id} was acknowledged confirmed and rejected`);
    else if (confirmed && deal.is_sure !== ACCEPTOR_CONFIRMED)
      problems.push(`acceptor deal ${deal.id} was acknowledged confirmed but is in state ${deal.is_sure}`);
    else if (rejected && deal.is_sure !== ACCEPTOR_REJECTED)
      problems.push(`acceptor deal ${deal.id} was acknowledged rejected but is in state ${deal.is_sure}`);
    if (acks.acceptorTransferred.has(deal.id) && (!deal.transferred_at || rejected))
      problems.push(
        `acceptor deal ${deal.id} was acknowledged transferred, then ${rejected ? 'rejected' : 'not marked'}`,
      );
  }
  return problems;
}

async function insurance(prisma: Db, acks: Acknowledged): Promise<string[]> {
  const positions = await prisma.$queryRawUnsafe<{ id: number; user_id: number; status: number }[]>(
    'SELECT id, user_id, status FROM user_insurances WHERE id = ANY($1::int[])',
    [...acks.insurancePositions.keys(), ...acks.insuranceActed],
  );
  const problems: string[] = [];
  for (const [id, userId] of acks.insurancePositions)
    if (positions.find((row) => row.id === id)?.user_id !== userId)
      problems.push(`insurance position ${id} of user ${userId} is missing`);
  for (const id of acks.insuranceActed)
    if (positions.find((row) => row.id === id)?.status === INSURANCE_ACTIVE)
      problems.push(`insurance position ${id} was acknowledged claimed or exchanged but is still active`);
  return problems;
}

/** Everything the soak holds the exchange to at the end, as a list of problems (none: it held). */
export async function verifyAcknowledged(
  prisma: Db,
  acks: Acknowledged,
  audit: AuditReport,
): Promise<string[]> {
  return [
    ...(await conservation(prisma, acks, audit)),
    ...(await depositsAndWithdrawals(prisma, acks)),
    ...(await transfers(prisma, acks)),
    ...(await orders(prisma, acks)),
    ...(await p2p(prisma, acks)),
    ...(await acceptorDeals(prisma, acks)),
    ...(await insurance(prisma, acks)),
  ];
}
