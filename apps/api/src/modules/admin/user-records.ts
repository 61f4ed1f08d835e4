import type { ADMIN_RECORD_KINDS } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import { AppError } from '@exchange/kernel/errors';
import { toAmountString } from '@exchange/kernel/ledger';
import { logLine, pageWindow } from './users';

const plain = (value: { toFixed: () => string } | null) => (value ? toAmountString(value.toFixed()) : '');

type RecordKind = (typeof ADMIN_RECORD_KINDS)[number];

async function requireUser(prisma: Db, id: number) {
  const user = await prisma.user.findUnique({ where: { id } });
  if (!user) throw new AppError('admin_record_not_found');
  return user;
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

/** A page of rows that name a pair, each shown with its pair's symbol, and their total. */
async function pairPage<Row extends { match_id: number }, Out>(
  prisma: Db,
  count: Promise<number>,
  rows: Promise<Row[]>,
  view: (row: Row, symbol: string) => Out,
) {
  const [total, list] = await Promise.all([count, rows]);
  const symbol = await symbolsOf(
    prisma,
    list.map((row) => row.match_id),
  );
  return { total, list: list.map((row) => view(row, symbol(row.match_id))) };
}

/** A page of one user's account log, spot orders, lever positions or seconds orders, newest first. */
export async function userRecords(
  prisma: Db,
  input: { id: number; kind: RecordKind; page: number; limit: number },
  locale: Locale,
) {
  await requireUser(prisma, input.id);
  const where = { user_id: input.id };
  const page = { where, orderBy: { id: 'desc' as const }, ...pageWindow(input) };
  if (input.kind === 'logs') {
    const [total, list] = await Promise.all([
      prisma.accountLog.count({ where }),
      prisma.accountLog.findMany({ ...page, include: { currency: { select: { name: true } } } }),
    ]);
    return { total, list: list.map(logLine(locale)) };
  }
  if (input.kind === 'spot')
    return pairPage(
      prisma,
      prisma.spotOrder.count({ where }),
      prisma.spotOrder.findMany(page),
      (order, symbol) => ({
        id: order.id.toString(),
        symbol,
        side: order.side,
        kind: order.kind,
        price: plain(order.price),
        amount: plain(order.amount),
        filled: plain(order.filled),
        state: order.state,
        created_at: order.created_at.toISOString(),
      }),
    );
  if (input.kind === 'lever') {
    const rows = prisma.leverTransaction.findMany(page);
    return pairPage(prisma, prisma.leverTransaction.count({ where }), rows, (position, symbol) => ({
      id: position.id.toString(),
      symbol,
      type: position.type,
      status: position.status,
      share: position.share,
      multiple: position.multiple,
      price: plain(position.price),
      caution_money: plain(position.caution_money),
      fact_profits: plain(position.fact_profits),
      created_at: position.created_at.toISOString(),
    }));
  }
  return pairPage(
    prisma,
    prisma.microOrder.count({ where }),
    prisma.microOrder.findMany(page),
    (order, symbol) => ({
      id: order.id.toString(),
      symbol,
      type: order.type,
      seconds: order.seconds,
      number: plain(order.number),
      open_price: plain(order.open_price),
      end_price: plain(order.end_price),
      status: order.status,
      fact_profits: plain(order.fact_profits),
      created_at: order.accepted_at.toISOString(),
    }),
  );
}
