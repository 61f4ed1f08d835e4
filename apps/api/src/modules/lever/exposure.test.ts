import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { prismaSql } from '@exchange/kernel/db';
import { bookHouse, LOG_TYPES, Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import { houseUsdt, leverPositions, leverTrader, leverWallet, submitLever } from '../../../../../test/lever';
import { setLeverOptions } from './options';

/**
 * The house's exposure: opens are capped against what the lever pool and the insurance fund hold, and no
 * close ever asks them for more than they hold. A position of 2 hands at the mark 100 000 opens at 100 020
 * (long, 2 000.4 of notional) or 99 980 (short, 1 999.6).
 */
const ctx = useTestContext();
let btcPair: number;

const PAIR_FULL =
  "The house's open interest on this market is full on this side: try a smaller position or the other side";
const USER_FULL = 'Your open positions on this market have reached the limit the house can take';

beforeAll(async () => {
  const usdt = await ctx.currencyId('USDT');
  btcPair = (
    await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: await ctx.currencyId('BTC') },
    })
  ).id;
  // Pool and fund hold 1 000 000 together, so one percent of them is 10 000.
  const held = (await houseUsdt(ctx, 'lever_pool')).plus(await houseUsdt(ctx, 'insurance_fund'));
  await ctx.fundHouse('lever_pool', 'USDT', new Money(1_000_000).minus(held).toFixed());
});
// A mark older than 10 s is stale and refuses opens: each test gets a fresh one, however long the file runs.
beforeEach(() => ctx.setLeverMark(btcPair, '100000'));

const caps = (pair: string, user: string) =>
  setLeverOptions(ctx.prisma, btcPair, {
    risk: { lever_pair_exposure_percent: pair, lever_user_exposure_percent: user },
  });

const walletOf = (userId: number) => leverWallet(ctx, userId);

describe('open interest caps', () => {
  it('lets exactly one of two opens at once take the last room on the pair', async () => {
    await caps('0.3', '10');
    const [first, second] = [await leverTrader(ctx, '1000'), await leverTrader(ctx, '1000')];
    const answers = await Promise.all([first, second].map((user) => submitLever(ctx, user.token, {})));
    expect(answers.map((answer) => answer.body.message).sort()).toEqual([
      'Submitted successfully',
      PAIR_FULL,
    ]);
    const opened = [...(await leverPositions(ctx, first.id)), ...(await leverPositions(ctx, second.id))];
    expect(opened).toHaveLength(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses what widens the pair beyond its cap, and always lets a position narrow it', async () => {
    // Longs of 2 000.4 are open; the cap is 5 000 of net notional.
    await caps('0.5', '10');
    const next = await leverTrader(ctx, '1000');
    expect((await submitLever(ctx, next.token, {})).body.message).toBe('Submitted successfully');
    const late = await leverTrader(ctx, '1000');
    const before = await walletOf(late.id);
    expect((await submitLever(ctx, late.token, {})).body).toEqual({ type: 'error', message: PAIR_FULL });
    // An entrust counts as open: it would open later without asking again.
    expect((await submitLever(ctx, late.token, { status: 0, target_price: '99000' })).body.message).toBe(
      PAIR_FULL,
    );
    expect(await walletOf(late.id)).toEqual(before);
    expect(await leverPositions(ctx, late.id)).toEqual([]);
    // A short narrows the house's net exposure: welcome whatever the cap.
    expect((await submitLever(ctx, late.token, { type: 2 })).body.message).toBe('Submitted successfully');
  });

  it('refuses a user beyond their share of the pool, counting longs and shorts alike', async () => {
    await caps('50', '0.3');
    const user = await leverTrader(ctx, '1000');
    expect((await submitLever(ctx, user.token, {})).body.message).toBe('Submitted successfully');
    const before = await walletOf(user.id);
    expect((await submitLever(ctx, user.token, { type: 2 })).body).toEqual({
      type: 'error',
      message: USER_FULL,
    });
    expect(await walletOf(user.id)).toEqual(before);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('settling beyond what the house holds', () => {
  it('pays a winner from the pool, then the fund, and records what neither could pay', async () => {
    await caps('50', '10');
    const winner = await leverTrader(ctx, '1000');
    expect((await submitLever(ctx, winner.token, {})).body.message).toBe('Submitted successfully');
    const [position] = await leverPositions(ctx, winner.id);
    // The operator moves the house's money elsewhere (to its fee account) until the pool holds 300 and the
    // fund 100: more than the pool, less than both, can be asked.
    const legalId = position?.legal_id ?? 0;
    const move = async (account: 'lever_pool' | 'insurance_fund', keep: number) => {
      const amount = (await houseUsdt(ctx, account)).minus(keep);
      const ref = { type: 'test', id: 'drain' };
      await bookHouse(prismaSql(ctx.prisma), [
        { currencyId: legalId, account, amount: amount.neg(), type: LOG_TYPES.ADMIN_ADJUST, ref },
        { currencyId: legalId, account: 'fees', amount, type: LOG_TYPES.ADMIN_ADJUST, ref },
      ]);
    };
    await move('lever_pool', 300);
    await move('insurance_fund', 100);
    // At 130 000 the long has won (130 000 - 100 020) x 0.02 = 599.6: 300 from the pool, 100 from the fund.
    await ctx.setLeverMark(btcPair, '130000');
    const { available } = await walletOf(winner.id);
    expect((await ctx.post('/api/lever/close', { id: String(position?.id) }, winner.token)).body.type).toBe(
      'ok',
    );
    const closed = await ctx.prisma.leverTransaction.findUniqueOrThrow({ where: { id: position?.id ?? 0n } });
    expect(
      [closed.fact_profits, closed.insurance_paid, closed.unpaid_profit].map((value) => value.toFixed()),
    ).toEqual(['400', '100', '199.6']);
    expect((await houseUsdt(ctx, 'lever_pool')).toFixed()).toBe('0');
    expect((await houseUsdt(ctx, 'insurance_fund')).toFixed()).toBe('0');
    const after = await walletOf(winner.id);
    expect([new Money(after.available).minus(available).toFixed(), after.locked]).toEqual(['600.04', '0']);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
