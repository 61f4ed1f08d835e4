import { beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { useTestContext, type TestContext } from '../../../../../test/harness';

const ctx = useTestContext();
let usdt: number;
let btc: number;
let eth: number;
let btcReference: string;
const TRADE_PASSWORD = '135790';

beforeAll(async () => {
  [usdt, btc, eth] = await ctx.currencyIds('USDT', 'BTC', 'ETH');
  btcReference = (await ctx.prisma.currency.findUniqueOrThrow({ where: { id: btc } })).price.toFixed();
  // The interest reserve of deposit savings, funded as an operator does with `ops house:fund`.
  await ctx.fundHouse('savings_pool', 'USDT', '100');
  await ctx.startMatcher();
});

type User = Awaited<ReturnType<TestContext['signedInUser']>>;
interface Item {
  currency_name: string;
  [field: string]: unknown;
}
const itemOf = (items: Item[], name: string) => items.find((item) => item.currency_name === name);

/** A user holding 250 USDT and 0.5 BTC in the spot account, booked as confirmed chain deposits. */
async function holder(): Promise<User> {
  const user = await ctx.signedInUser({ tradePassword: TRADE_PASSWORD });
  await ctx.deposit(user.account, 'USDT', '250');
  await ctx.deposit(user.account, 'BTC', '0.5');
  return user;
}

const walletList = async (user: User) => {
  const answer = await ctx.get(`/api/wallet/list?user_id=${user.id}`, user.token);
  expect(answer.body.type).toBe('ok');
  return answer.body.message;
};

/** One BTC/USDT trade of `amount` at `price` between two users of its own. */
async function tradeBtc(price: string, amount = '0.01') {
  const seller = await ctx.signedInUser();
  const buyer = await ctx.signedInUser();
  await ctx.deposit(seller.account, 'BTC', amount);
  await ctx.deposit(buyer.account, 'USDT', new Money(price).times(amount).times(2).toFixed());
  const order = (user: User, type: 1 | 2) =>
    ctx.post(
      '/api/coin/trade',
      { legal_id: usdt, currency_id: btc, type, target_price: price, amount },
      user.token,
    );
  expect((await order(seller, 2)).body.type).toBe('ok');
  expect((await order(buyer, 1)).body.type).toBe('ok');
}

describe('GET /api/wallet/list: total_assets and deposit_balance', () => {
  it('totals the four accounts, locks included, and shows each coin’s savings on every row', async () => {
    const user = await holder();
    const transfer = (number: string, to_field: string) =>
      ctx.post(
        '/api/wallet/change',
        { currency_id: usdt, number, from_field: 'change', to_field },
        user.token,
      );
    expect((await transfer('40', 'legal')).body.type).toBe('ok');
    expect((await transfer('30', 'lever')).body.type).toBe('ok');
    expect((await transfer('20', 'micro')).body.type).toBe('ok');
    const plan = await ctx.prisma.savingsPlan.findFirstOrThrow({
      where: { currency_id: usdt, day: 7, status: 1 },
    });
    const saved = await ctx.post(
      '/api/record/submit',
      { set_id: plan.id, currency_id: usdt, balance: '100', password: TRADE_PASSWORD },
      user.token,
    );
    expect(saved.body).toEqual({ type: 'ok', message: 'Deposited into savings' });

    const message = await walletList(user);
    // 160 USDT left in spot (100 of it locked in savings) plus 0.5 BTC, and 40 + 30 + 20 in the others.
    const btcValue = new Money('0.5').times(btcReference);
    expect(message.change_wallet.usdt_totle).toBe(btcValue.plus(160).toFixed(4));
    expect(message.total_assets).toBe(btcValue.plus(250).toFixed(4));
    for (const group of ['change_wallet', 'legal_wallet', 'lever_wallet', 'micro_wallet'])
      expect(itemOf(message[group].balance, 'USDT'), group).toMatchObject({
        deposit_balance: '100.00000000',
      });
    expect(itemOf(message.list, 'USDT')).toMatchObject({
      change_balance: '60.00000000',
      lock_change_balance: '100.00000000',
      deposit_balance: '100.00000000',
    });
    expect(itemOf(message.list, 'BTC')).toMatchObject({ deposit_balance: '0.00000000' });
    // The POST variant carries the same total.
    expect((await ctx.post('/api/wallet/list', {}, user.token)).body.message.total_assets).toBe(
      message.total_assets,
    );
    // Someone else's savings and balances never count.
    expect((await walletList(await ctx.signedInUser())).total_assets).toBe('0.0000');
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('balances valued at the live last price of their market', () => {
  it('values BTC at its last BTC/USDT trade, as the market list shows it, and follows the next trade', async () => {
    const user = await holder();
    const before = await walletList(user);
    // No BTC/USDT trade yet: the reference price operators keep on the currency.
    expect(itemOf(before.list, 'BTC')?.usdt_price).toBe(btcReference);

    for (const price of ['60000', '61250.5']) {
      await tradeBtc(price);
      const message = await walletList(user);
      expect(itemOf(message.list, 'BTC'), price).toMatchObject({
        usdt_price: price,
        cny_price: new Money(price).times('7.20').toFixed(2),
      });
      const btcValue = new Money('0.5').times(price);
      expect(message.change_wallet.usdt_totle).toBe(btcValue.plus(250).toFixed(4));
      expect(message.change_wallet.CNY).toBe(btcValue.plus(250).times('7.20').toFixed(2));
      expect(message.total_assets).toBe(btcValue.plus(250).toFixed(4));
      // USDT is worth 1 whatever trades.
      expect(itemOf(message.list, 'USDT')?.usdt_price).toBe('1');

      // The market list shows the same price, and the BTC-quoted markets' CNY rate follows it.
      const groups = (await ctx.get('/api/currency/quotation_new')).body.message as {
        name: string;
        fiat_convert_cny: string;
        quotation: { currency_id: number; now_price: string }[];
      }[];
      const usdtGroup = groups.find((group) => group.name === 'USDT');
      expect(usdtGroup?.quotation.find((row) => row.currency_id === btc)?.now_price).toBe(price);
      const btcGroup = groups.find((group) => group.name === 'BTC');
      expect(btcGroup?.fiat_convert_cny).toBe(new Money(price).times('7.20').toFixed(4));

      const detail = await ctx.post('/api/wallet/detail', { currency: 'BTC', type: 'change' }, user.token);
      expect(detail.body.message.usdt_price).toBe(price);
    }
    // A currency whose market has not traded keeps its reference price.
    const ethReference = (
      await ctx.prisma.currency.findUniqueOrThrow({ where: { id: eth } })
    ).price.toFixed();
    expect(itemOf((await walletList(user)).list, 'ETH')?.usdt_price).toBe(ethReference);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
