import { beforeAll, describe, expect, it } from 'vitest';
import { prismaSql } from '@exchange/kernel/db';
import { bookHouse, LOG_TYPES, Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../../test/harness';
import { SETTLE_GRACE_MS } from '../prices';
import { settleDue } from '../settle';
import { microFixtures } from '../test-helpers';
import { claimInsurance } from './claim';

const ctx = useTestContext();
let fx: ReturnType<typeof microFixtures>;
let hap: number;
let pairId: number;
let typeId: number;
let price = 100;
beforeAll(async () => {
  fx = microFixtures(ctx);
  // The house's capital that pays wins and claims, as an operator funds it with `ops house:fund`.
  await ctx.fundHouse('micro_pool', 'HAP', '1000000');
  ({ pairId } = await fx.ids());
  hap = await ctx.currencyId('HAP');
  typeId = (await ctx.prisma.insuranceType.findFirstOrThrow({ where: { currency_id: hap } })).id;
  await ctx.prisma.microSecond.create({ data: { seconds: 1, profit_ratio: '80' } });
  // A one-second price window: each recorded trade prices alone, so a bet wins or loses as its trade says.
  await ctx.prisma.currencyMatch.update({ where: { id: pairId }, data: { micro_price_window_seconds: 1 } });
  await fx.trade(pairId, String(price), new Date(Date.now() - 60_000));
});

const buy = (token: string, quantity: string | number, insurance_type_id: string | number = typeId) =>
  ctx.post('/api/insurance/buy', { insurance_type_id, quantity }, token);
const position = (id: number) => ctx.prisma.userInsurance.findUniqueOrThrow({ where: { id } });
const latestPosition = (userId: number) =>
  ctx.prisma.userInsurance.findFirstOrThrow({ where: { user_id: userId }, orderBy: { id: 'desc' } });

/** A one-second HAP seconds order that wins (won = true) or loses: the price moves after acceptance. */
async function bet(token: string, number: string, won: boolean) {
  const placed = await ctx.post(
    '/api/microtrade/submit',
    { match_id: pairId, currency_id: hap, seconds: 1, type: 1, number },
    token,
  );
  expect(placed.body.type).toBe('ok');
  const order = await ctx.prisma.microOrder.findUniqueOrThrow({
    where: { id: BigInt(placed.body.message.id) },
  });
  price += won ? 1 : -1;
  await fx.trade(pairId, String(price), new Date(order.accepted_at.getTime() + 100));
  return order;
}
async function settle(order: { expires_at: Date }) {
  const wait = order.expires_at.getTime() + SETTLE_GRACE_MS + 20 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  await settleDue(ctx.app.pg);
}

describe('seconds-contract insurance', () => {
  it('refuses a quantity that is not a whole number in range, an unknown type, and changes nothing', async () => {
    const user = await fx.trader('500', 'HAP');
    for (const quantity of ['0', '1.5', '101', 'abc', '', '-1', '9'.repeat(40)]) {
      expect((await buy(user.token, quantity)).body).toEqual({
        type: 'error',
        message: 'The quantity does not meet the rules (a whole number from 1 to 100)',
      });
    }
    expect((await buy(user.token, 1, 999_999)).body).toEqual({
      type: 'error',
      message: 'Insurance type not found',
    });
    expect((await buy(user.token, 5)).body).toEqual({ type: 'error', message: 'Insufficient balance' });
    expect(await fx.micro(user.id, hap)).toEqual({ available: '500', locked: '0' });
    expect(await ctx.prisma.userInsurance.count({ where: { user_id: user.id } })).toBe(0);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lives its life: bought, pays orders in the window, claimed at a 50% loss, exchanged back once', async () => {
    const user = await fx.trader('500', 'HAP');
    const poolBefore = new Money(await fx.pool(hap));
    const bought = await buy(user.token, 2);
    expect(bought.body).toMatchObject({
      type: 'ok',
      message: 'Insurance purchased',
      data: { quantity: 2, insured_amount: '200', premium: '20', insurance_balance: '200', status: 1 },
    });
    const id = bought.body.data.id as number;
    expect(await fx.micro(user.id, hap)).toEqual({ available: '280', locked: '200' });
    expect((await buy(user.token, 1)).body.message).toBe('You already hold an insurance position in HAP');
    expect((await ctx.audit()).problems).toEqual([]);

    // Not due while the balance holds more than half of what it insured.
    expect((await ctx.post('/api/insurance/claim', { id }, user.token)).body.message).toBe(
      'A claim is due only once the insured balance has lost 50%',
    );
    // An order in the window is paid by the position: the micro balance does not move.
    const order = await bet(user.token, '100', false);
    expect(order.insurance_id).toBe(id);
    expect((await position(id)).balance.toFixed()).toBe('99');
    expect(await fx.micro(user.id, hap)).toEqual({ available: '280', locked: '199' });
    expect((await ctx.post('/api/insurance/claim', { id }, user.token)).body.message).toBe(
      'Wait for your running insured orders to finish',
    );
    await settle(order);
    expect((await position(id)).balance.toFixed()).toBe('99');
    expect((await ctx.audit()).problems).toEqual([]);

    const stranger = await fx.trader('10', 'HAP');
    expect((await ctx.post('/api/insurance/claim', { id }, stranger.token)).body.message).toBe(
      'Insurance position not found',
    );
    expect((await ctx.post('/api/insurance/exchange', { id }, user.token)).body.message).toBe(
      'Only an ended insurance position can be exchanged',
    );
    const claimed = await ctx.post('/api/insurance/claim', { id }, user.token);
    // 80% of the loss of 101 (100 staked, 1 fee).
    expect(claimed.body).toMatchObject({
      type: 'ok',
      message: 'Claim paid: 80.8 HAP',
      data: { status: 2, end_reason: 'claim', insurance_balance: '179.8', can_exchange: 1 },
    });
    expect((await ctx.post('/api/insurance/claim', { id }, user.token)).body.message).toBe(
      'This insurance position has ended',
    );
    // Ended: orders are paid from the micro balance again.
    const plain = await bet(user.token, '10', true);
    expect(plain.insurance_id).toBeNull();
    await settle(plain);

    const exchanged = await ctx.post('/api/insurance/exchange', { id }, user.token);
    expect(exchanged.body).toMatchObject({
      type: 'ok',
      message: 'Exchanged 179.8 HAP back to the seconds contract account',
    });
    expect((await ctx.post('/api/insurance/exchange', { id }, user.token)).body.message).toBe(
      'This position has nothing left to exchange',
    );
    // 280 - 10.1 + 18 + 179.8
    expect(await fx.micro(user.id, hap)).toEqual({ available: '467.7', locked: '0' });
    // The pool: +20 premium, +100 lost stake, -80.8 claim, -8 profit.
    expect(new Money(await fx.pool(hap)).minus(poolBefore).toFixed()).toBe('31.2');
    const mine = await ctx.get('/api/insurance/my', user.token);
    expect(mine.body.message).toEqual([expect.objectContaining({ id, status: 3, insurance_balance: '0' })]);
    expect((await ctx.get('/api/insurance/my', stranger.token)).body.message).toEqual([]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('terminates by itself at 100% profit', async () => {
    const user = await fx.trader('500', 'HAP');
    const id = (await buy(user.token, 1)).body.data.id as number;
    await settle(await bet(user.token, '90', true)); // 100 - 90.9 + 162
    expect((await position(id)).balance.toFixed()).toBe('171.1');
    await settle(await bet(user.token, '100', true)); // 171.1 - 101 + 180
    const ended = await position(id);
    expect([ended.status, ended.end_reason, ended.balance.toFixed()]).toEqual([2, 'profit', '250.1']);
    expect((await ctx.post('/api/insurance/exchange', { id }, user.token)).body.type).toBe('ok');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('pays at most two claims a day per user; a third waits for the next day', async () => {
    const user = await fx.trader('1000', 'HAP');
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const bought = await buy(user.token, 1);
      expect(bought.body.type).toBe('ok');
      ids.push(bought.body.data.id as number);
      await settle(await bet(user.token, '60', false));
      if (index < 2)
        expect((await ctx.post('/api/insurance/claim', { id: ids[index] ?? 0 }, user.token)).body.type).toBe(
          'ok',
        );
    }
    const third = ids[2] ?? 0;
    const refused = await ctx.post('/api/insurance/claim', { id: third }, user.token);
    expect(refused.body).toEqual({
      type: 'error',
      message: 'At most two payouts a day: please claim again tomorrow',
    });
    expect((await latestPosition(user.id)).status).toBe(1);
    const tomorrow = () => new Date(Date.now() + 86_400_000);
    const paid = await claimInsurance({ prisma: ctx.prisma, pool: ctx.app.pg }, user.id, third, tomorrow);
    expect(paid.status).toBe(2);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses a claim the micro pool cannot pay beyond its reservations, and pays it once it can', async () => {
    const user = await fx.trader('500', 'HAP');
    const id = (await buy(user.token, 1)).body.data.id as number;
    await settle(await bet(user.token, '60', false));
    // The operator moves the pool's money to the fee account until 1 HAP is left: less than the claim.
    const moveFromPool = async (amount: Money) => {
      const ref = { type: 'test', id: 'drain' };
      await bookHouse(prismaSql(ctx.prisma), [
        { currencyId: hap, account: 'micro_pool', amount: amount.neg(), type: LOG_TYPES.ADMIN_ADJUST, ref },
        { currencyId: hap, account: 'fees', amount, type: LOG_TYPES.ADMIN_ADJUST, ref },
      ]);
    };
    const poolHap = async () => {
      const [row] = await ctx.prisma.$queryRawUnsafe<{ total: string }[]>(
        "SELECT COALESCE(SUM(delta), 0)::text AS total FROM house_entries WHERE currency_id = $1 AND account = 'micro_pool'",
        hap,
      );
      return new Money(row?.total ?? '0');
    };
    const drained = (await poolHap()).minus(1);
    await moveFromPool(drained);
    const before = await fx.micro(user.id, hap);
    expect((await ctx.post('/api/insurance/claim', { id }, user.token)).body).toEqual({
      type: 'error',
      message: 'The insurance pool cannot pay this claim right now: please try again later',
    });
    expect([(await position(id)).status, await fx.micro(user.id, hap)]).toEqual([1, before]);
    expect((await poolHap()).toFixed()).toBe('1');
    await moveFromPool(drained.neg());
    expect((await ctx.post('/api/insurance/claim', { id }, user.token)).body.type).toBe('ok');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('pays orders from the micro balance outside the insurance window', async () => {
    const user = await fx.trader('500', 'HAP');
    const id = (await buy(user.token, 1)).body.data.id as number;
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Shanghai',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date()),
    );
    const start = `${String((hour + 2) % 24).padStart(2, '0')}:00`;
    const end = `${String((hour + 3) % 24).padStart(2, '0')}:00`;
    await ctx.prisma.setting.upsert({
      where: { key: 'insurance_start' },
      create: { key: 'insurance_start', value: start },
      update: { value: start },
    });
    await ctx.prisma.setting.upsert({
      where: { key: 'insurance_end' },
      create: { key: 'insurance_end', value: end },
      update: { value: end },
    });
    try {
      const order = await bet(user.token, '10', true);
      expect(order.insurance_id).toBeNull();
      expect((await position(id)).balance.toFixed()).toBe('100');
      await settle(order);
    } finally {
      await ctx.prisma.setting.deleteMany({ where: { key: { in: ['insurance_start', 'insurance_end'] } } });
    }
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
