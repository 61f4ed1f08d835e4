import type { LeverDeal } from '@exchange/contracts';
import { prismaSql, type Db } from '@exchange/kernel/db';
import type { Locale } from '@exchange/kernel/i18n';
import { Money, toAmountString } from '@exchange/kernel/ledger';
import { readSetting } from '../system';
import { markStateOf, readMark } from './mark-price';
import { findLeverPair, leverOptions } from './options';
import type { PositionViews } from './position-views';
import { userPositions } from './positions';
import { riskAmount } from './risk-summary';
import { LEVER_STATUS, LEVER_TYPE } from './risk';

/**
 * POST /api/lever/deal: a pair's options, its anonymous book of positions, the user's ten latest live
 * positions and the lever balance.
 */
export async function readDeal(
  prisma: Db,
  views: PositionViews,
  userId: number,
  request: { legal_id: number; currency_id: number; locale: Locale },
): Promise<LeverDeal> {
  const pair = await findLeverPair(prisma, request.legal_id, request.currency_id);
  const options = await leverOptions(prisma, pair);
  const sql = prismaSql(prisma);
  const mine = (
    await userPositions(sql, userId, [LEVER_STATUS.pending, LEVER_STATUS.trading], { matchId: pair.id })
  ).slice(0, 10);
  const markState = await readMark(sql, pair.id);
  const { mark } = markState;
  const marks = new Map(mark ? [[pair.id, mark]] : []);
  // The book of positions, anonymous: hands per open price, longs and shorts, five levels each.
  const book = await sql.query<{ type: number; price: string; share: string }>(
    `SELECT type, price::text AS price, sum(share)::text AS share FROM lever_transactions
       WHERE match_id = $1 AND status = ${LEVER_STATUS.trading} GROUP BY type, price`,
    [pair.id],
  );
  const side = (type: number, descending: boolean) =>
    book
      .filter((level) => level.type === type)
      .sort((a, b) => (descending ? -1 : 1) * new Money(a.price).comparedTo(b.price))
      .slice(0, 5)
      .map((level) => ({ price: toAmountString(level.price), share: Number(level.share) }));
  const wallet = await prisma.wallet.findUnique({
    where: { user_id_currency_id: { user_id: userId, currency_id: pair.legal_id } },
  });
  const allLevers = mine
    .filter((row) => row.status === LEVER_STATUS.trading)
    .reduce((sum, row) => sum.plus(new Money(row.number).times(row.price)), new Money(0));
  return {
    lever_transaction: { in: side(LEVER_TYPE.long, true), out: side(LEVER_TYPE.short, false) },
    my_transaction: await views(mine, marks, request.locale),
    lever_share_limit: { min: options.minShare, max: options.maxShare },
    multiple: {
      muit: options.multiples.map((value) => ({ value })),
      share: options.shares.map((value) => ({ value })),
    },
    lever_share_num: options.shareNum.toFixed(),
    lever_trade_fee: options.feePercent.toFixed(),
    spread: options.spreadPercent.toFixed(),
    overnight: options.overnightPercent.toFixed(),
    last_price: mark ? toAmountString(mark.toDecimalPlaces(pair.price_decimals)) : '0',
    mark_state: markStateOf(markState),
    user_lever: toAmountString(wallet?.lever_balance.toFixed() ?? '0'),
    all_levers: riskAmount(allLevers),
    ustd_price: toAmountString(pair.legal.price.toFixed()),
    ExRAte: await readSetting(prisma, 'USDTRate'),
  };
}
