import type pg from 'pg';
import type { Redis } from 'ioredis';
import { inTransaction, type Db, type Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import {
  applyMovements,
  bookHouse,
  LOG_TYPES,
  Money,
  roundPaid,
  type ColumnMovement,
  type Money as MoneyValue,
} from '@exchange/kernel/ledger';
import { readSettings } from '../system';
import { onMicroFee } from './fee-rebates';
import { inInsuranceWindow } from './insurance/window';
import {
  checkStakeLimits,
  findDuration,
  findMicroPair,
  findPayableCurrency,
  ORDER_STATUS,
  parseStake,
} from './options';
import { checkExposure } from './exposure';
import { pairPriceRule, priceAt } from './prices';
import type { MicroQueue } from './queue';
import { lockWalletRow } from './wallet-lock';

export interface SubmitDeps {
  prisma: Db;
  pool: pg.Pool;
  /** Schedules the expiry job; without it (tests, benchmarks) the sweeper settles the order. */
  queue?: MicroQueue;
  /** Guards against a second submit of the same user while one is in flight (the original's 1 s lock). */
  redis?: Redis;
  log?: (fields: object, message: string) => void;
}

export interface SubmitInput {
  matchId: number;
  currencyId: number;
  type: string;
  seconds: string;
  number: string;
}

/** A stored micro_orders row as plain SQL returns it (NUMERIC as text). */
export interface MicroOrderRow {
  id: string;
  user_id: number;
  match_id: number;
  currency_id: number;
  /** 1 up, 2 down (a check constraint holds it). */
  type: 1 | 2;
  insurance_id: number | null;
  seconds: number;
  number: string;
  fee: string;
  profit_ratio: string;
  open_price: string;
  end_price: string | null;
  status: number;
  profit_result: number | null;
  fact_profits: string;
  payout: string;
  accepted_at: Date;
  expires_at: Date;
  settled_at: Date | null;
  /** The price rule in force at acceptance (prices.ts); null for orders accepted under the last-trade rule. */
  price_window_ms: number | null;
  price_lookback_ms: number | null;
  price_min_notional: string | null;
  price_decimals: number | null;
  /** What each price was computed from: the notional and number of the trades counted. */
  open_notional: string | null;
  open_trades: number | null;
  end_notional: string | null;
  end_trades: number | null;
}

export const ORDER_COLUMNS = `id::text, user_id, match_id, currency_id, type, insurance_id, seconds, number::text,
  fee::text, profit_ratio::text, open_price::text, end_price::text, status, profit_result, fact_profits::text,
  payout::text, accepted_at, expires_at, settled_at, price_window_ms, price_lookback_ms,
  price_min_notional::text, price_decimals, open_notional::text, open_trades, end_notional::text, end_trades`;

const IN_FLIGHT_MS = 10_000;

/**
 * Places a seconds order. The stake leaves the user's available micro balance into its locked column (held
 * by the running order until it settles) and the fee goes to the house `fees` account, in one transaction;
 * inside the insurance window, an active insurance position of that currency pays instead (its balance is
 * already locked: the stake stays locked, now held by the order, and the fee leaves the lock). The open
 * price is the pair's settlement price at acceptance (prices.ts), refused when the market cannot give a
 * reliable one; the order is refused too when the micro pool could not pay what it might win (exposure.ts).
 * The running-order limit holds under concurrency: the count is taken after the user's wallet row is
 * locked, so two submits of one user run one after the other.
 */
export async function submitOrder(
  deps: SubmitDeps,
  userId: number,
  input: SubmitInput,
  now: () => Date = () => new Date(),
): Promise<MicroOrderRow> {
  const side = Number(input.type);
  if (input.type.trim() === '' || (side !== 1 && side !== 2)) throw new AppError('micro_type_invalid');
  if (!/^\d{1,6}$/.test(input.seconds.trim())) throw new AppError('micro_seconds_invalid');
  const stake = parseStake(input.number);
  const pair = await findMicroPair(deps.prisma, input.matchId);
  const currency = await findPayableCurrency(deps.prisma, input.currencyId);
  const duration = await findDuration(deps.prisma, Number(input.seconds));
  checkStakeLimits(stake, currency, duration);
  const fee = roundPaid(stake.times(currency.micro_trade_fee.toFixed()).div(100), currency.decimal_scale);
  const settings = await readSettings(deps.prisma);

  const flightKey = `micro:submit:${userId}`;
  if (deps.redis && (await deps.redis.set(flightKey, '1', 'PX', IN_FLIGHT_MS, 'NX')) !== 'OK')
    throw new AppError('micro_in_flight');
  try {
    const order = await inTransaction(deps.pool, async (tx) => {
      const acceptedAt = new Date(now().getTime());
      const insured = inInsuranceWindow(settings.insurance_start, settings.insurance_end, acceptedAt)
        ? await activePosition(tx, userId, currency.id)
        : undefined;
      await lockWalletRow(tx, userId, currency.id);
      const [running] = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM micro_orders WHERE user_id = $1 AND currency_id = $2 AND status = $3',
        [userId, currency.id, ORDER_STATUS.running],
      );
      const max = currency.micro_holdtrade_max;
      if (max > 0 && (running?.n ?? 0) >= max)
        throw new AppError('micro_too_many_running', { max, currency: currency.name });
      const rule = pairPriceRule(pair);
      const open = await priceAt(tx, { matchId: pair.id, at: acceptedAt, rule });
      if (!open.price) throw new AppError(open.trades === 0 ? 'micro_no_price' : 'micro_price_thin');
      await checkExposure(tx, {
        userId,
        matchId: pair.id,
        symbol: `${pair.currency.name}/${pair.legal.name}`,
        currencyId: currency.id,
        currencyName: currency.name,
        decimals: currency.decimal_scale,
        maxProfit: stake.times(duration.profit_ratio.toFixed()).div(100),
        pairPercent: new Money(pair.micro_pair_exposure_percent.toFixed()),
        userPercent: new Money(pair.micro_user_exposure_percent.toFixed()),
      });

      const [row] = await tx.query<MicroOrderRow>(
        `INSERT INTO micro_orders (user_id, match_id, currency_id, type, insurance_id, seconds, number, fee, profit_ratio,
           open_price, accepted_at, expires_at, price_window_ms, price_lookback_ms, price_min_notional, price_decimals,
           open_notional, open_trades)
         VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric, $9::numeric, $10::numeric, $11, $12, $13, $14,
           $15::numeric, $16, $17::numeric, $18)
         RETURNING ${ORDER_COLUMNS}`,
        [
          userId,
          pair.id,
          currency.id,
          side,
          insured?.id ?? null,
          duration.seconds,
          stake.toFixed(),
          fee.toFixed(),
          duration.profit_ratio.toFixed(),
          open.price.toFixed(),
          acceptedAt.toISOString(),
          new Date(acceptedAt.getTime() + duration.seconds * 1000).toISOString(),
          rule.windowMs,
          rule.lookbackMs,
          rule.minNotional,
          rule.decimals,
          open.notional.toFixed(),
          open.trades,
        ],
      );
      if (!row) throw new Error('the seconds order was not stored');
      const ref = { type: 'micro_order', id: row.id };
      const movements: ColumnMovement[] = [];
      const move = (isLock: boolean, delta: MoneyValue, type: ColumnMovement['type']) =>
        movements.push({ userId, currencyId: currency.id, account: 'micro', isLock, delta, type, ref });
      if (insured) {
        const cost = stake.plus(fee);
        if (new Money(insured.balance).lt(cost)) throw new AppError('balance_insufficient');
        await tx.execute(
          'UPDATE user_insurances SET balance = balance - $2::numeric, updated_at = now() WHERE id = $1',
          [insured.id, cost.toFixed()],
        );
        move(true, fee.neg(), LOG_TYPES.MICRO_FEE);
      } else {
        move(false, stake.neg(), LOG_TYPES.MICRO_SUBMIT);
        move(true, stake, LOG_TYPES.MICRO_SUBMIT);
        move(false, fee.neg(), LOG_TYPES.MICRO_FEE);
      }
      await applyMovements(tx, movements);
      await bookHouse(tx, [
        { currencyId: currency.id, account: 'fees', amount: fee, type: LOG_TYPES.MICRO_FEE, ref },
      ]);
      if (fee.gt(0)) await onMicroFee(tx, { userId, currencyId: currency.id, orderId: row.id, fee });
      return row;
    });
    if (deps.queue) {
      // Not awaited: with Redis away the order is stored all the same and the sweeper settles it.
      deps.queue
        .scheduleExpiry(order.expires_at)
        .catch((error: unknown) => deps.log?.({ err: error, order: order.id }, 'micro expiry not queued'));
    }
    return order;
  } finally {
    if (deps.redis) await deps.redis.del(flightKey).catch(() => undefined);
  }
}

/** The user's active insurance position in a currency, locked for this transaction. */
async function activePosition(
  tx: Sql,
  userId: number,
  currencyId: number,
): Promise<{ id: number; balance: string } | undefined> {
  const [position] = await tx.query<{ id: number; balance: string }>(
    `SELECT id, balance::text FROM user_insurances WHERE user_id = $1 AND currency_id = $2 AND status = 1
     ORDER BY id LIMIT 1 FOR UPDATE`,
    [userId, currencyId],
  );
  return position;
}
