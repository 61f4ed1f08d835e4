import type { Db } from '@exchange/kernel/db';
import { inTransaction, prismaSql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  applyMovements,
  bookHouse,
  LOG_TYPES,
  toAmountString,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { parsePrice } from '../spot';
import { FEE_SOURCES, recordTeamFees } from '../team';
import { notifyLeverChanged, type LeverDeps } from './close-position';
import { assertExposureRoom } from './exposure';
import { markToOpen, readMark } from './mark-price';
import { findLeverPair, leverOptions, leverSettings } from './options';
import { LEVER_STATUS, LEVER_TYPE, openingTerms } from './risk';

export interface OpenPositionInput {
  legalId: number;
  currencyId: number;
  /** 1 long, 2 short. */
  type: string;
  /** Hands, a positive integer. */
  share: string;
  multiple: string;
  /** 1 market (default), 0 limit (an entrust). */
  status: string;
  targetPrice: string;
}

const POSITIVE_INTEGER = /^[1-9]\d{0,8}$/;

/**
 * POST /api/lever/submit: opens a long or short position at market (the mark moved against the trader by
 * the spread), or places an entrust that the risk worker opens when the mark reaches its price. Everything a
 * user can get wrong is refused before anything is written; then, in one transaction, the position is stored,
 * its margin moves from the available to the locked lever balance and its fee to the house. Two submissions
 * for the same funds: the ledger's guard lets one through.
 */
export async function openPosition(
  deps: LeverDeps & { prisma: Db },
  userId: number,
  input: OpenPositionInput,
): Promise<{ id: string; status: number; price: MoneyValue; margin: MoneyValue; fee: MoneyValue }> {
  const pair = await findLeverPair(deps.prisma, input.legalId, input.currencyId);
  const type = Number(input.type);
  if (type !== LEVER_TYPE.long && type !== LEVER_TYPE.short) throw new AppError('lever_type_invalid');
  const status = input.status === '' ? LEVER_STATUS.trading : Number(input.status);
  if (status !== LEVER_STATUS.trading && status !== LEVER_STATUS.pending)
    throw new AppError('lever_status_invalid');
  const options = await leverOptions(deps.prisma, pair);
  if (!POSITIVE_INTEGER.test(input.share)) throw new AppError('lever_share_integer');
  const share = Number(input.share);
  if (share < options.minShare) throw new AppError('lever_share_below_min', { min: options.minShare });
  if (options.maxShare > 0 && share > options.maxShare)
    throw new AppError('lever_share_above_max', { max: options.maxShare });
  const multiple = POSITIVE_INTEGER.test(input.multiple) ? Number(input.multiple) : NaN;
  if (!options.multiples.includes(multiple)) throw new AppError('lever_multiple_invalid');

  const settings = await leverSettings(deps.prisma);
  // Entrusts too: they open later at a mark that must then be backed as well, but a price the book cannot
  // back now is no reference to place them against.
  const mark = markToOpen(await readMark(prismaSql(deps.prisma), pair.id));
  let originPrice: MoneyValue;
  if (status === LEVER_STATUS.pending) {
    if (!settings.entrustOpen) throw new AppError('lever_entrust_closed');
    originPrice = parsePrice(input.targetPrice, pair.price_decimals);
    // An entrust waits for a better price: below the mark for a long, above it for a short.
    if (type === LEVER_TYPE.long && !originPrice.lt(mark))
      throw new AppError('lever_limit_side_long', {
        price: toAmountString(mark.toDecimalPlaces(pair.price_decimals)),
      });
    if (type === LEVER_TYPE.short && !originPrice.gt(mark))
      throw new AppError('lever_limit_side_short', {
        price: toAmountString(mark.toDecimalPlaces(pair.price_decimals)),
      });
  } else {
    originPrice = mark;
  }
  const terms = openingTerms({
    type: type,
    originPrice,
    share,
    shareNum: options.shareNum,
    multiple,
    spreadPercent: options.spreadPercent,
    feePercent: options.feePercent,
    priceDecimals: pair.price_decimals,
    moneyDecimals: pair.legal.decimal_scale,
  });

  const id = await inTransaction(deps.pool, async (sql) => {
    const [closing] = await sql.query<{ id: string }>(
      `SELECT id FROM lever_transactions WHERE user_id = $1 AND status = ${LEVER_STATUS.closing} LIMIT 1`,
      [userId],
    );
    if (closing) throw new AppError('lever_closing_pending');
    await assertExposureRoom(
      sql,
      {
        matchId: pair.id,
        legalId: pair.legal_id,
        pairPercent: options.pairExposurePercent,
        userPercent: options.userExposurePercent,
      },
      { userId, type, notional: terms.price.times(terms.number) },
    );
    const [row] = await sql.query<{ id: string }>(
      `INSERT INTO lever_transactions (user_id, match_id, legal_id, currency_id, type, status, share, number, multiple,
         origin_price, price, update_price, origin_caution_money, caution_money, trade_fee, overnight, transaction_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14, $15, CASE WHEN $6 = 1 THEN now() END)
       RETURNING id::text AS id`,
      [
        userId,
        pair.id,
        pair.legal_id,
        pair.currency_id,
        type,
        status,
        share,
        terms.number.toFixed(),
        multiple,
        originPrice.toFixed(),
        terms.price.toFixed(),
        mark.toFixed(),
        terms.margin.toFixed(),
        terms.fee.toFixed(),
        options.overnightPercent.toFixed(),
      ],
    );
    if (!row) throw new Error('the position was not stored');
    const ref = { type: 'lever', id: row.id };
    const base = { userId, currencyId: pair.legal_id, account: 'lever' as const, ref };
    try {
      await applyMovements(sql, [
        { ...base, isLock: false, delta: terms.margin.neg(), type: LOG_TYPES.LEVER_MARGIN },
        { ...base, isLock: true, delta: terms.margin, type: LOG_TYPES.LEVER_MARGIN },
        { ...base, isLock: false, delta: terms.fee.neg(), type: LOG_TYPES.LEVER_FEE },
      ]);
    } catch (error) {
      if (error instanceof AppError && error.key === 'balance_insufficient') {
        throw new AppError('lever_balance_insufficient', {
          currency: pair.legal.name,
          need: toAmountString(terms.margin.plus(terms.fee)),
          fee: toAmountString(terms.fee),
        });
      }
      throw error;
    }
    await bookHouse(sql, [
      { currencyId: pair.legal_id, account: 'fees', amount: terms.fee, type: LOG_TYPES.LEVER_FEE, ref },
    ]);
    // An entrust's fee goes back if it is cancelled: it pays referral rebates once it opens (activation).
    if (status === LEVER_STATUS.trading)
      await recordTeamFees(sql, [
        {
          source: FEE_SOURCES.lever,
          sourceId: row.id,
          userId,
          currencyId: pair.legal_id,
          account: 'lever',
          amount: terms.fee,
        },
      ]);
    return row.id;
  });
  await notifyLeverChanged(deps, [userId]);
  return { id, status, price: terms.price, margin: terms.margin, fee: terms.fee };
}
