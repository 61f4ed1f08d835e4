import type { Redis } from 'ioredis';
import type { SessionCache } from '../../http/session-cache';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { toAmountString } from '@exchange/kernel/ledger';
import { assignAgent, endAgent } from '../region';
import { resetTradePassword } from '../safe';
import { setFundsFrozen } from '../user';
import { recordTrail, type Actor } from './trail';
import { logLine } from './users';

const plain = (value: { toFixed: () => string } | null) => (value ? toAmountString(value.toFixed()) : '');

export const RECORD_KINDS = ['logs', 'spot', 'lever', 'micro'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

async function requireUser(prisma: Db, id: number) {
  const user = await prisma.user.findUnique({ where: { id } });
  if (!user) throw new AppError('admin_record_not_found');
  return user;
}

/** A page of rows and their total, read together. */
async function pageOf<Row, Out>(
  count: Promise<number>,
  rows: Promise<Row[]>,
  view: (rows: Row[]) => Promise<Out[]>,
) {
  const [total, list] = await Promise.all([count, rows]);
  return { total, list: await view(list) };
}

/** "BTC/USDT" for each pair id the rows name, read once per page. */
async function symbolsOf(prisma: Db, ids: number[]) {
  const rows = await prisma.currencyMatch.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, currency: { select: { name: true } }, legal: { select: { name: true } } },
  });
  return (id: number) => {
    const pair = rows.find((row) => row.id === id);
    return pair ? `${pair.currency.name}/${pair.legal.name}` : String(id);
  };
}

/** A page of one user's account log, spot orders, lever positions or seconds orders, newest first. */
export async function userRecords(
  prisma: Db,
  input: { id: number; kind: RecordKind; page: number; limit: number },
) {
  await requireUser(prisma, input.id);
  const where = { user_id: input.id };
  const page = {
    where,
    orderBy: { id: 'desc' as const },
    skip: (input.page - 1) * input.limit,
    take: input.limit,
  };
  if (input.kind === 'logs') {
    const rows = prisma.accountLog.findMany({ ...page, include: { currency: { select: { name: true } } } });
    return pageOf(prisma.accountLog.count({ where }), rows, (list) => Promise.resolve(list.map(logLine)));
  }
  if (input.kind === 'spot') {
    return pageOf(prisma.spotOrder.count({ where }), prisma.spotOrder.findMany(page), async (list) => {
      const symbol = await symbolsOf(
        prisma,
        list.map((row) => row.match_id),
      );
      return list.map((order) => ({
        id: order.id.toString(),
        symbol: symbol(order.match_id),
        side: order.side,
        kind: order.kind,
        price: plain(order.price),
        amount: plain(order.amount),
        filled: plain(order.filled),
        state: order.state,
        created_at: order.created_at.toISOString(),
      }));
    });
  }
  if (input.kind === 'lever') {
    const rows = prisma.leverTransaction.findMany(page);
    return pageOf(prisma.leverTransaction.count({ where }), rows, async (list) => {
      const symbol = await symbolsOf(
        prisma,
        list.map((row) => row.match_id),
      );
      return list.map((position) => ({
        id: position.id.toString(),
        symbol: symbol(position.match_id),
        type: position.type,
        status: position.status,
        share: position.share,
        multiple: position.multiple,
        price: plain(position.price),
        caution_money: plain(position.caution_money),
        fact_profits: plain(position.fact_profits),
        created_at: position.created_at.toISOString(),
      }));
    });
  }
  return pageOf(prisma.microOrder.count({ where }), prisma.microOrder.findMany(page), async (list) => {
    const symbol = await symbolsOf(
      prisma,
      list.map((row) => row.match_id),
    );
    return list.map((order) => ({
      id: order.id.toString(),
      symbol: symbol(order.match_id),
      type: order.type,
      seconds: order.seconds,
      number: plain(order.number),
      open_price: plain(order.open_price),
      end_price: plain(order.end_price),
      status: order.status,
      fact_profits: plain(order.fact_profits),
      created_at: order.accepted_at.toISOString(),
    }));
  });
}

/**
 * Freezes (1) or unfreezes (0) a user's funds, with a reason, through the user area's own action (which tells
 * the user and has every API process read the flag again); the trail is in its transaction. Funds already as
 * asked are refused.
 */
export async function setFrozenFunds(
  deps: { prisma: Db; sessions: Pick<SessionCache, 'refreshUser'> },
  actor: Actor,
  input: { id: number; frozen: 0 | 1; reason: string },
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  await requireUser(deps.prisma, input.id);
  const after = await setFundsFrozen(deps, {
    ...input,
    within: (tx, changed) =>
      recordTrail(tx, actor, {
        action: input.frozen === 1 ? 'user.freeze_funds' : 'user.unfreeze_funds',
        targetType: 'user',
        targetId: changed.id,
        before: { frozen_funds: input.frozen === 1 ? 0 : 1 },
        after: { frozen_funds: changed.frozen_funds },
        reason: input.reason,
      }),
  });
  if (!after) throw new AppError('admin_already_processed');
  return { id: after.id, frozen_funds: after.frozen_funds };
}

/**
 * Makes a user a regional agent of a city (or one district of it) through the region area's own function
 * (`ops agent:assign`), or ends it; the trail line is written in the same transaction.
 */
export async function setAgent(
  prisma: Db,
  actor: Actor,
  input: { id: number; on: boolean; city: string; district: string; reason: string },
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const user = await requireUser(prisma, input.id);
  const before = await prisma.regionalAgent.findUnique({ where: { user_id: user.id } });
  const was = before ? { city_name: before.city_name, district_name: before.district_name } : null;
  if (!input.on) {
    const ended = await endAgent(prisma, {
      userId: user.id,
      within: (tx) =>
        recordTrail(tx, actor, {
          action: 'user.agent_end',
          targetType: 'user',
          targetId: user.id,
          before: { agent: was },
          after: { agent: null },
          reason: input.reason,
        }),
    });
    if (!ended) throw new AppError('admin_already_processed');
    return { id: user.id, agent: null };
  }
  if (!input.city) throw new AppError('admin_field_required', { field: 'city' });
  const region = await assignAgent(
    prisma,
    { account: user.account_number, city: input.city, district: input.district, reason: input.reason },
    (tx) =>
      recordTrail(tx, actor, {
        action: 'user.agent_assign',
        targetType: 'user',
        targetId: user.id,
        before: { agent: was },
        after: { agent: { city_name: input.city.trim(), district_name: input.district.trim() } },
        reason: input.reason,
      }),
  );
  return { id: user.id, agent: { city_name: region.city_name, district_name: region.district_name } };
}

/**
 * Resets a trader's trade password through the safe area's own action (which tells the user and lifts the
 * wrong-guess lock); the trail is in its transaction. A user without one is refused.
 */
export async function resetTradePasswordAsOperator(
  deps: { prisma: Db; redis: Redis },
  actor: Actor,
  input: { id: number; reason: string },
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  await requireUser(deps.prisma, input.id);
  const after = await resetTradePassword(deps, {
    id: input.id,
    within: (tx, changed) =>
      recordTrail(tx, actor, {
        action: 'user.trade_password_reset',
        targetType: 'user',
        targetId: changed.id,
        before: { trade_password_set: true },
        after: { trade_password_set: false },
        reason: input.reason,
      }),
  });
  if (!after) throw new AppError('admin_already_processed');
  return { id: after.id, trade_password_set: false };
}
