import { createAcceptor } from '../../apps/api/src/modules/acceptor';
import type { TestContext } from '../harness';
import { cashInfoOf, fundLegal, p2pTrader, TRADE_PASSWORD } from '../p2p';
import type { Owner, OwnedRecord } from './matrix';

/** The matrix's owner passes the P2P gates: a saved payment account and USDT in the fiat account. */
async function readyOwner(ctx: TestContext, owner: Owner) {
  await ctx.post('/api/user/cash_save', cashInfoOf(`owner${owner.id}`), owner.token);
  await fundLegal(ctx, owner, 'USDT', '100');
}

const intact = (ctx: TestContext, table: 'p2pAd' | 'p2pOrder' | 'acceptorDeal', id: number) => {
  const read = () =>
    table === 'p2pAd'
      ? ctx.prisma.p2pAd.findUniqueOrThrow({ where: { id } })
      : table === 'p2pOrder'
        ? ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id } })
        : ctx.prisma.acceptorDeal.findUniqueOrThrow({ where: { id } });
  const first = read().then((row) => JSON.stringify(row));
  return async () => JSON.stringify(await read()) === (await first);
};

/** The owner's sell ad on the c2c market, its USDT in escrow. */
export async function c2cSellAd(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  await readyOwner(ctx, owner);
  const answer = await ctx.post(
    '/api/c2c_send',
    {
      type: 'sell',
      way: 'bank',
      price: '7.10',
      total_number: '50',
      currency_id: await ctx.currencyId('USDT'),
      coin_code: 'CNY',
      password: '123456',
    },
    owner.token,
  );
  if (answer.body.type !== 'ok') throw new Error(`fixture ad refused: ${JSON.stringify(answer.body)}`);
  const id = answer.body.data.id as number;
  return { id, marker: `owner${owner.id}`, stillIntact: intact(ctx, 'p2pAd', id) };
}

/**
 * An unpaid c2c order the owner took on a third trader's sell ad. A taker holds one unfinished order at a
 * time, so every route tries the same one (none of the tries may change it).
 */
const ordersByOwner = new Map<number, Promise<OwnedRecord>>();
export function c2cOrder(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const order = ordersByOwner.get(owner.id) ?? takeOrder(ctx, owner);
  ordersByOwner.set(owner.id, order);
  return order;
}

async function takeOrder(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  await readyOwner(ctx, owner);
  const seller = await p2pTrader(ctx, '100', 'seller');
  const ad = await ctx.post(
    '/api/c2c_send',
    {
      type: 'sell',
      way: 'bank',
      price: '7.10',
      total_number: '50',
      currency_id: await ctx.currencyId('USDT'),
      coin_code: 'CNY',
      password: TRADE_PASSWORD,
    },
    seller.token,
  );
  const taken = await ctx.post(
    '/api/c2c/do_legal_deal',
    { id: ad.body.data.id, password: '123456' },
    owner.token,
  );
  if (taken.body.type !== 'ok') throw new Error(`fixture order refused: ${JSON.stringify(taken.body)}`);
  const id = taken.body.message.data.id as number;
  return { id, marker: `owner${owner.id}`, stillIntact: intact(ctx, 'p2pOrder', id) };
}

/** The owner's withdrawal deal with an acceptor (a third trader): the owner's USDT in escrow. */
export async function acceptorDeal(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  await readyOwner(ctx, owner);
  const merchant = await p2pTrader(ctx, '100', 'acceptor');
  const acceptor = await createAcceptor(ctx.prisma, {
    account: merchant.account,
    name: `Acceptor ${merchant.id}`,
    rechargeRate: '7.20',
    cashRate: '7.00',
    rechargeAmount: '10000',
    cashAmount: '10000',
    wechatAccount: 'wx_acceptor',
    aliAccount: 'acceptor@alipay.test',
    bankName: 'Bank of Examples',
    bankAccount: '6222000011112222',
    reason: 'ownership matrix',
  });
  const answer = await ctx.post(
    '/api/acceptor/deal',
    {
      acceptor_id: acceptor.id,
      type: 'sell',
      money: '7',
      way: 'bank',
      mobile: '13800000000',
      deal_account: `owner${owner.id}`,
      password: '123456',
    },
    owner.token,
  );
  if (answer.body.type !== 'ok') throw new Error(`fixture deal refused: ${JSON.stringify(answer.body)}`);
  const deal = await ctx.prisma.acceptorDeal.findFirstOrThrow({
    where: { user_id: owner.id },
    orderBy: { id: 'desc' },
  });
  return { id: deal.id, marker: `owner${owner.id}`, stillIntact: intact(ctx, 'acceptorDeal', deal.id) };
}
