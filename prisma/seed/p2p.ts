import type { Db } from '@exchange/kernel/db';
import { LOG_TYPES, Money, transferBetweenAccounts } from '@exchange/kernel/ledger';
import { createAcceptor } from '../../apps/api/src/modules/acceptor';
import { approveSeller, publishAd } from '../../apps/api/src/modules/c2c';
import { assignAgent, setUserRegion } from '../../apps/api/src/modules/region';
import { createUser } from '../../apps/api/src/modules/user';
import { creditDeposit } from '../../apps/api/src/modules/wallet';

/** The demo acceptor: a merchant account that sells USDT to depositors and buys it from withdrawers. */
export const DEMO_ACCEPTOR = 'acceptor@demo.exchange';

const cashInfo = (name: string) => ({
  real_name: name,
  bank_name: 'Demo Bank',
  bank_account: `6222 0000 ${name.length.toString().padStart(4, '0')} 0001`,
  alipay_account: `${name.toLowerCase()}@alipay.demo`,
  wechat_nickname: name,
  wechat_account: `wx_${name.toLowerCase()}`,
  wechat_collect: '',
  alipay_collect: '',
});

/** Moves extra USDT into a demo user's fiat (legal) account, booked as a deposit then a transfer. */
async function fundLegal(prisma: Db, userId: number, usdt: number, amount: string, ref: string) {
  await prisma.$transaction(async (tx) => {
    await creditDeposit(tx, {
      userId,
      currencyId: usdt,
      amount: new Money(amount),
      source: 'chain',
      externalId: `seed-p2p-${ref}`,
    });
    await transferBetweenAccounts(tx, {
      userId,
      currencyId: usdt,
      from: 'change',
      to: 'legal',
      amount: new Money(amount),
      outType: LOG_TYPES.CHANGE_TRANSFER_OUT,
      inType: LOG_TYPES.LEGAL_TRANSFER_IN,
      memo: 'change>legal',
    });
  });
}

/**
 * A living P2P area on a fresh install: alice, bob and carol have payment accounts; carol (the seller) has
 * c2c ads on both sides and an approved USDT shop with two ads; a demo acceptor holds USDT for deposits;
 * alice and bob live in Shenzhen, where carol is the regional agent.
 */
export async function seedP2pDemo(prisma: Db, accounts: { traders: string[]; seller: string; root: string }) {
  const usdt = (await prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } })).id;
  const users = await prisma.user.findMany({ where: { account_number: { in: accounts.traders } } });
  const root = await prisma.user.findUniqueOrThrow({ where: { account_number: accounts.root } });
  for (const user of users) {
    const name = (user.account_number.split('@')[0] ?? 'demo').replace(/^./, (first) => first.toUpperCase());
    await prisma.userCashInfo.create({ data: { user_id: user.id, ...cashInfo(name) } });
  }
  const carol = users.find((user) => user.account_number === accounts.seller);
  if (!carol) throw new Error('the demo seller is missing');
  await fundLegal(prisma, carol.id, usdt, '20000', 'carol');
  const currency = await prisma.currency.findUniqueOrThrow({ where: { id: usdt } });
  const ad = (type: 'buy' | 'sell', way: 'bank' | 'we_chat' | 'ali_pay', price: string, total: string) =>
    publishAd(prisma, {
      kind: 'c2c',
      userId: carol.id,
      currency,
      type,
      way,
      coinCode: 'CNY',
      price: new Money(price),
      total: new Money(total),
    });
  await ad('sell', 'bank', '7.25', '1000');
  await ad('sell', 'ali_pay', '7.28', '500');
  await ad('sell', 'we_chat', '7.30', '250');
  await ad('buy', 'bank', '7.05', '800');
  await ad('buy', 'we_chat', '7.02', '300');
  await approveSeller(prisma, {
    account: carol.account_number,
    currency: 'USDT',
    name: "Carol's USDT Shop",
    reason: 'demo seed',
  });
  const shopAd = (type: 'buy' | 'sell', price: string, total: string, min: string, max: string) =>
    publishAd(prisma, {
      kind: 'shop',
      userId: carol.id,
      currency,
      type,
      way: 'bank',
      coinCode: 'CNY',
      price: new Money(price),
      total: new Money(total),
      min: new Money(min),
      max: new Money(max),
    });
  await shopAd('sell', '7.22', '5000', '10', '2000');
  await shopAd('buy', '7.08', '3000', '10', '1000');

  const acceptor = await prisma.$transaction((tx) =>
    createUser(tx, {
      account_number: DEMO_ACCEPTOR,
      kind: 'email',
      area_code: '',
      area_code_id: 0,
      nationality: '',
      // The demo passwords, as the other demo accounts have them.
      password_hash: carol.password_hash,
      trade_password_hash: carol.trade_password_hash,
      parent: root,
      is_seller: 0,
    }),
  );
  await fundLegal(prisma, acceptor.id, usdt, '20000', 'acceptor');
  await createAcceptor(prisma, {
    account: DEMO_ACCEPTOR,
    name: 'Demo Acceptor',
    rechargeRate: '7.20',
    cashRate: '7.10',
    rechargeAmount: '100000',
    cashAmount: '100000',
    wechatNickname: 'DemoAcceptor',
    wechatAccount: 'wx_demo_acceptor',
    aliNickname: 'DemoAcceptor',
    aliAccount: 'acceptor@alipay.demo',
    bankName: 'Demo Bank',
    bankAccount: '6222 8888 0000 0001',
    bankAddress: 'Shenzhen branch',
    reason: 'demo seed',
  });

  for (const user of users)
    await setUserRegion(prisma, { account: user.account_number, city: 'Shenzhen', district: 'Nanshan' });
  await assignAgent(prisma, { account: carol.account_number, city: 'Shenzhen', reason: 'demo seed' });
}
