import { Money } from '@exchange/kernel/ledger';
import { createAcceptor, openDeal } from '../../apps/api/src/modules/acceptor';
import { publishAd, takeAd, type Kind } from '../../apps/api/src/modules/c2c';
import { createUser, maskAccount } from '../../apps/api/src/modules/user';
import type { TestContext } from '../harness';

/** A user whose records the matrix creates, for another user to try. */
export interface Owner {
  id: number;
  account: string;
  token: string;
}

/** One of the owner's records: its id, a string only the owner should ever see, and a check it is unchanged. */
export interface OwnedRecord {
  id: number | string;
  marker: string;
  stillIntact: () => Promise<boolean>;
}

export interface MatrixEntry {
  /** The route's fields that carry the record's id. */
  field: string[];
  /** Other fields a real caller sends (a trade password, a currency), so only the id decides. */
  extra?: Record<string, string>;
  create: (ctx: TestContext, owner: Owner) => Promise<OwnedRecord>;
}

/** A resting spot buy far below the market, placed through the contract. */
async function restingSpotOrder(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
    where: { is_display: 1 },
    orderBy: { id: 'asc' },
  });
  const placed = await ctx.post(
    '/api/coin/trade',
    { legal_id: pair.legal_id, currency_id: pair.currency_id, type: 1, target_price: '1', amount: '0.01' },
    owner.token,
  );
  const order = await ctx.prisma.spotOrder.findFirstOrThrow({
    where: { user_id: owner.id },
    orderBy: { id: 'desc' },
  });
  if (placed.body.type !== 'ok') throw new Error(`fixture order refused: ${JSON.stringify(placed.body)}`);
  return {
    id: String(order.id),
    marker: owner.account,
    stillIntact: async () =>
      (await ctx.prisma.spotOrder.findUniqueOrThrow({ where: { id: order.id } })).state === order.state,
  };
}

/** Each made address is new (two routes delete addresses, and the owner may hold both at once). */
let addressSerial = 0;

async function withdrawAddress(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const usdt = await ctx.currencyId('USDT');
  addressSerial += 1;
  const marker = `0xa11ce${owner.id.toString().padStart(20, '0')}${addressSerial.toString().padStart(15, '0')}`;
  const address = await ctx.prisma.withdrawAddress.create({
    data: { user_id: owner.id, currency_id: usdt, coin_name: 'USDT', address: marker },
  });
  return {
    id: address.id,
    marker,
    stillIntact: async () => (await ctx.prisma.withdrawAddress.count({ where: { id: address.id } })) === 1,
  };
}

/** A lever position of the owner on BTC/USDT at a mark of 100 000: in trade, or a pending entrust. */
function leverPosition(status: 0 | 1) {
  return async (ctx: TestContext, owner: Owner): Promise<OwnedRecord> => {
    const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { currency: { name: 'BTC' }, legal: { name: 'USDT' } },
    });
    await ctx.setLeverMark(pair.id, '100000');
    // The house takes open interest only against what its lever pool holds.
    await ctx.fundHouse('lever_pool', 'USDT', '100000');
    await ctx.deposit(owner.account, 'USDT', '1000');
    await ctx.post(
      '/api/wallet/change',
      { currency_id: pair.legal_id, number: '1000', from_field: 'change', to_field: 'lever' },
      owner.token,
    );
    const submitted = await ctx.post(
      '/api/lever/submit',
      {
        legal_id: pair.legal_id,
        currency_id: pair.currency_id,
        type: 1,
        share: 1,
        multiple: 10,
        status,
        target_price: status === 0 ? '90000' : '',
        password: '123456',
      },
      owner.token,
    );
    if (submitted.body.type !== 'ok')
      throw new Error(`fixture position refused: ${JSON.stringify(submitted.body)}`);
    const position = await ctx.prisma.leverTransaction.findFirstOrThrow({
      where: { user_id: owner.id },
      orderBy: { id: 'desc' },
    });
    return {
      id: String(position.id),
      marker: owner.account,
      stillIntact: async () => {
        const now = await ctx.prisma.leverTransaction.findUniqueOrThrow({ where: { id: position.id } });
        return now.status === position.status && now.target_profit_price.eq(position.target_profit_price);
      },
    };
  };
}

/** An insurance position bought through the contract (HAP moved to the micro account first). */
async function insurancePosition(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const hap = await ctx.currencyId('HAP');
  const held = await ctx.prisma.userInsurance.findFirst({ where: { user_id: owner.id, status: 1 } });
  if (held) return positionRecord(ctx, owner, held.id);
  await ctx.deposit(owner.account, 'HAP', '500');
  await ctx.post(
    '/api/wallet/change',
    { currency_id: hap, number: '500', from_field: 'change', to_field: 'micro' },
    owner.token,
  );
  const type = await ctx.prisma.insuranceType.findFirstOrThrow({ where: { currency_id: hap } });
  const bought = await ctx.post(
    '/api/insurance/buy',
    { insurance_type_id: type.id, quantity: 1 },
    owner.token,
  );
  if (bought.body.type !== 'ok') throw new Error(`fixture insurance refused: ${JSON.stringify(bought.body)}`);
  const position = await ctx.prisma.userInsurance.findFirstOrThrow({
    where: { user_id: owner.id },
    orderBy: { id: 'desc' },
  });
  return positionRecord(ctx, owner, position.id);
}

async function positionRecord(ctx: TestContext, owner: Owner, id: number): Promise<OwnedRecord> {
  const position = await ctx.prisma.userInsurance.findUniqueOrThrow({ where: { id } });
  return {
    id: position.id,
    marker: owner.account,
    stillIntact: async () => {
      const now = await ctx.prisma.userInsurance.findUniqueOrThrow({ where: { id: position.id } });
      return now.status === position.status && now.balance.equals(position.balance);
    },
  };
}

/**
 * The owner's team node, with a referral below it (registered with the owner's invite code): another user
 * naming it in getNode must not see the referral.
 */
async function teamNode(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const parent = await ctx.prisma.user.findUniqueOrThrow({
    where: { id: owner.id },
    select: { id: true, parents_path: true },
  });
  const referral = await ctx.prisma.$transaction((tx) =>
    createUser(tx, {
      account_number: `referral-of-${owner.id}@test.exchange`,
      kind: 'email',
      area_code: '',
      area_code_id: 0,
      nationality: '',
      password_hash: 'x',
      parent,
    }),
  );
  const stats = () => ctx.prisma.teamStats.findUniqueOrThrow({ where: { user_id: owner.id } });
  const before = await stats();
  return {
    id: owner.id,
    marker: maskAccount(referral.account_number),
    stillIntact: async () => (await stats()).team_count === before.team_count,
  };
}

/** A trader with `amount` USDT in the fiat account (P2P escrow lives there). */
async function legalTrader(ctx: TestContext, amount: string) {
  const trader = await ctx.signedInUser({ tradePassword: '123456', kyc: true });
  await ctx.deposit(trader.account, 'USDT', amount);
  const usdt = await ctx.currencyId('USDT');
  await ctx.post(
    '/api/wallet/change',
    { currency_id: usdt, number: amount, from_field: 'change', to_field: 'legal' },
    trader.token,
  );
  return trader;
}

/** An unpaid P2P order the owner took from a third trader's sell ad (one per owner and kind). */
const p2pOrders = new Map<string, number>();
const p2pOrder =
  (kind: Kind) =>
  async (ctx: TestContext, owner: Owner): Promise<OwnedRecord> => {
    let id = p2pOrders.get(`${kind}:${owner.id}`);
    if (id === undefined) {
      const seller = await legalTrader(ctx, '10');
      const currency = await ctx.prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
      const ad = await publishAd(ctx.prisma, {
        kind,
        userId: seller.id,
        currency,
        type: 'sell',
        way: 'bank',
        coinCode: 'CNY',
        price: new Money('7'),
        total: new Money('10'),
      });
      id = (await takeAd(ctx.prisma, { kind, takerId: owner.id, adId: ad.id, number: new Money('10') })).order
        .id;
      p2pOrders.set(`${kind}:${owner.id}`, id);
    }
    const orderId = id;
    return {
      id: orderId,
      marker: owner.account,
      stillIntact: async () =>
        (await ctx.prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } })).is_sure === 0,
    };
  };

/** The owner's own open buy ad. */
const p2pAd =
  (kind: Kind) =>
  async (ctx: TestContext, owner: Owner): Promise<OwnedRecord> => {
    const currency = await ctx.prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
    const ad = await publishAd(ctx.prisma, {
      kind,
      userId: owner.id,
      currency,
      type: 'buy',
      way: 'bank',
      coinCode: 'CNY',
      price: new Money('7'),
      total: new Money('5'),
    });
    return {
      id: ad.id,
      marker: owner.account,
      stillIntact: async () => {
        const now = await ctx.prisma.p2pAd.findUniqueOrThrow({ where: { id: ad.id } });
        return now.state === 'open' && now.is_shelves === 1;
      },
    };
  };

/** A waiting deposit the owner opened with a third user's acceptor. */
async function acceptorDeal(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const merchant = await legalTrader(ctx, '100');
  const acceptor = await createAcceptor(ctx.prisma, {
    account: merchant.account,
    name: 'Matrix acceptor',
    rechargeRate: '7',
    cashRate: '7',
    rechargeAmount: '1000',
    cashAmount: '1000',
  });
  const { deal } = await openDeal(ctx.prisma, {
    acceptorId: acceptor.id,
    userId: owner.id,
    type: 'buy',
    way: 'bank',
    mobile: '13800000000',
    dealAccount: owner.account,
    money: new Money('70'),
  });
  return {
    id: deal.id,
    marker: owner.account,
    stillIntact: async () =>
      (await ctx.prisma.acceptorDeal.findUniqueOrThrow({ where: { id: deal.id } })).is_sure === 0,
  };
}

const withPassword = { password: '123456' };
const P2P_OWNED: Record<string, MatrixEntry> = Object.fromEntries(
  (
    [
      ['c2c', '/api/c2c/user_legal_pay', '/api/c2c/user_legal_pay_cancel', '/api/c2c/legal_deal_sure'],
      ['shop', '/api/user_legal_pay', '/api/user_legal_pay_cancel', '/api/legal_deal_sure'],
    ] as const
  ).flatMap(([kind, ...paths]) => {
    const order = p2pOrder(kind);
    const prefix = kind === 'c2c' ? '/api/c2c/' : '/api/';
    return [
      ...paths.map((path) => [`POST ${path}`, { field: ['id'], extra: withPassword, create: order }]),
      [`POST ${prefix}legal_deal_user_sure`, { field: ['id'], extra: withPassword, create: order }],
      [
        `POST ${kind === 'c2c' ? '/api/c2c/appeal' : '/api/legal_deal_appeal'}`,
        { field: ['id'], create: order },
      ],
      [
        `POST ${kind === 'c2c' ? '/api/c2c/appeal_message' : '/api/legal_deal/appeal_message'}`,
        { field: ['id'], extra: { message: 'not my order' }, create: order },
      ],
      [`GET ${kind === 'c2c' ? '/api/c2c_deal' : '/api/legal_deal'}`, { field: ['id'], create: order }],
      [`POST ${prefix}back_send`, { field: ['id'], extra: withPassword, create: p2pAd(kind) }],
      [`GET ${prefix}legal_send_deal_list`, { field: ['id'], create: p2pAd(kind) }],
    ];
  }),
);

/** The owner's identity submission (made with the owner, as operators make demo users). */
async function identitySubmission(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const identity = await ctx.prisma.identityVerification.findUniqueOrThrow({ where: { user_id: owner.id } });
  return {
    id: identity.id,
    marker: owner.account,
    stillIntact: async () =>
      (await ctx.prisma.identityVerification.findUniqueOrThrow({ where: { id: identity.id } }))
        .review_status === identity.review_status,
  };
}

/** A withdrawal of the owner's waiting for an operator. */
async function pendingWithdrawal(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const out = await ctx.post(
    '/api/wallet/out',
    {
      currency: await ctx.currencyId('USDT'),
      number: '20',
      address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      rate: '0',
      pay_password: '123456',
    },
    owner.token,
  );
  if (out.body.type !== 'ok') throw new Error(`fixture withdrawal refused: ${JSON.stringify(out.body)}`);
  const withdrawal = await ctx.prisma.withdrawal.findFirstOrThrow({
    where: { user_id: owner.id },
    orderBy: { id: 'desc' },
  });
  return {
    id: withdrawal.id,
    marker: owner.account,
    stillIntact: async () =>
      (await ctx.prisma.withdrawal.findUniqueOrThrow({ where: { id: withdrawal.id } })).status === 1,
  };
}

/** The owner's own user row, unchanged when nothing an operator may do was done to it. */
async function userRow(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const snapshot = async () => {
    const user = await ctx.prisma.user.findUniqueOrThrow({ where: { id: owner.id } });
    const [agent, shops, acceptor] = await Promise.all([
      ctx.prisma.regionalAgent.count({ where: { user_id: owner.id } }),
      ctx.prisma.p2pSeller.count({ where: { user_id: owner.id } }),
      ctx.prisma.acceptor.count({ where: { user_id: owner.id } }),
    ]);
    return JSON.stringify([
      user.frozen_funds,
      user.trade_password_hash,
      user.is_seller,
      agent,
      shops,
      acceptor,
    ]);
  };
  const before = await snapshot();
  return { id: owner.id, marker: owner.account, stillIntact: async () => (await snapshot()) === before };
}

/** An active shop of the owner's (as `ops seller:approve` makes one). */
async function shopRow(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const usdt = await ctx.prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
  const shop = await ctx.prisma.p2pSeller.upsert({
    where: { user_id_currency_id: { user_id: owner.id, currency_id: usdt.id } },
    create: { user_id: owner.id, currency_id: usdt.id, name: `shop-${owner.id}`, status: 1 },
    update: { status: 1 },
  });
  return {
    id: shop.id,
    marker: shop.name,
    stillIntact: async () =>
      (await ctx.prisma.p2pSeller.findUniqueOrThrow({ where: { id: shop.id } })).status === 1,
  };
}

/** An active acceptor desk of the owner's (as `ops acceptor:create` makes one). */
async function acceptorRow(ctx: TestContext, owner: Owner): Promise<OwnedRecord> {
  const usdt = await ctx.prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } });
  const terms = { recharge_rate: '7.2', cash_rate: '7.1', recharge_amount: '0', cash_amount: '0' };
  const desk = await ctx.prisma.acceptor.upsert({
    where: { user_id: owner.id },
    create: { user_id: owner.id, currency_id: usdt.id, name: `desk-${owner.id}`, status: 1, ...terms },
    update: { status: 1 },
  });
  return {
    id: desk.id,
    marker: desk.name,
    stillIntact: async () =>
      (await ctx.prisma.acceptor.findUniqueOrThrow({ where: { id: desk.id } })).status === 1,
  };
}

/**
 * Operator calls that name a user's record: a trader (here, the other user) is no operator, so each must
 * refuse them outright (admin.test.ts holds every role to its calls).
 */
const ADMIN_OWNED: Record<string, MatrixEntry> = {
  'GET /api/admin/users/detail': {
    field: ['id'],
    create: (_ctx, owner) =>
      Promise.resolve({ id: owner.id, marker: owner.account, stillIntact: () => Promise.resolve(true) }),
  },
  'POST /api/admin/identities/review': {
    field: ['id'],
    extra: { decision: 'reject', reason: 'tried by a trader' },
    create: identitySubmission,
  },
  'POST /api/admin/withdrawals/finish': {
    field: ['id'],
    extra: { decision: 'reject', reason: 'tried by a trader', totp_code: '000000' },
    create: pendingWithdrawal,
  },
  'POST /api/admin/appeals/resolve': {
    field: ['id'],
    extra: { decision: 'refund', reason: 'tried by a trader', totp_code: '000000' },
    create: p2pOrder('c2c'),
  },
  // Users, sellers and acceptors (admin-users.test.ts holds every role to these).
  'GET /api/admin/users/records': { field: ['id'], extra: { kind: 'logs' }, create: userRow },
  'POST /api/admin/users/freeze': {
    field: ['id'],
    extra: { frozen: '1', reason: 'tried by a trader', totp_code: '000000' },
    create: userRow,
  },
  'POST /api/admin/users/agent': {
    field: ['id'],
    extra: { on: '1', city: 'Nowhere', reason: 'tried by a trader' },
    create: userRow,
  },
  'POST /api/admin/users/reset-trade-password': {
    field: ['id'],
    extra: { reason: 'tried by a trader', totp_code: '000000' },
    create: userRow,
  },
  'POST /api/admin/sellers/approve': {
    field: ['id'],
    extra: { reason: 'tried by a trader' },
    create: userRow,
  },
  'POST /api/admin/sellers/suspend': {
    field: ['id'],
    extra: { reason: 'tried by a trader' },
    create: shopRow,
  },
  'POST /api/admin/acceptors/approve': {
    field: ['id'],
    extra: { recharge_rate: '7', cash_rate: '7', reason: 'tried by a trader', totp_code: '000000' },
    create: userRow,
  },
  'POST /api/admin/acceptors/status': {
    field: ['id'],
    extra: { status: '0', reason: 'tried by a trader', totp_code: '000000' },
    create: acceptorRow,
  },
  'GET /api/admin/appeals/detail': { field: ['id'], create: p2pOrder('c2c') },
  // The routine tasks (admin-routine.test.ts) and the withdrawal signer (admin.test.ts holds their roles).
  'POST /api/admin/users/codes': {
    field: ['id'],
    extra: { reason: 'tried by a trader' },
    create: userRow,
  },
  'POST /api/admin/withdrawals/approve': {
    field: ['id'],
    extra: { totp_code: '000000' },
    create: pendingWithdrawal,
  },
  'POST /api/admin/withdrawals/signer': {
    field: ['id'],
    extra: { decision: 'refund', reason: 'tried by a trader', totp_code: '000000' },
    create: pendingWithdrawal,
  },
};

/** Routes that act on one of the caller's records named by id: keyed `METHOD path`. */
export const OWNED_RECORDS: Record<string, MatrixEntry> = {
  'PUT /api/coin/trade': { field: ['id'], create: restingSpotOrder },
  'POST /api/wallet/draw_address/delete': { field: ['id'], create: withdrawAddress },
  'POST /api/wallet/deladdress': { field: ['address_id'], create: withdrawAddress },
  ...P2P_OWNED,
  'POST /api/down': { field: ['id'], create: p2pAd('shop') },
  'POST /api/acceptor/confirm': { field: ['id'], extra: withPassword, create: acceptorDeal },
  'POST /api/acceptor/reject': { field: ['id'], extra: withPassword, create: acceptorDeal },
  'POST /api/acceptor/transferred': { field: ['id'], extra: withPassword, create: acceptorDeal },
  'POST /api/acceptor/deal_confirm': { field: ['id'], extra: withPassword, create: acceptorDeal },
  'POST /api/insurance/claim': { field: ['id'], create: insurancePosition },
  'POST /api/insurance/exchange': { field: ['id'], create: insurancePosition },
  'POST /api/lever/close': { field: ['id'], create: leverPosition(1) },
  'POST /api/lever/setstop': {
    field: ['id'],
    extra: { target_profit_price: '200000', stop_loss_price: '50000' },
    create: leverPosition(1),
  },
  'POST /api/lever/cancel': { field: ['id'], create: leverPosition(0) },
  'POST /api/getNode': { field: ['user_id'], create: teamNode },
  ...ADMIN_OWNED,
};

/** P2P lists share one query schema whose `id` these calls ignore; `currency_id` names a currency. */
const P2P_LISTS = [
  'GET /api/c2c_deal_platform',
  'GET /api/c2c_seller_deal',
  'GET /api/c2c_user_deal',
  'GET /api/c2c/seller_trade',
  'GET /api/legal_deal_platform',
  'GET /api/legal_seller_deal',
  'GET /api/legal_user_deal',
  'GET /api/seller_trade',
];

/** Ids that name public things anyone may read (a market, a currency, a notice), or no record at all, per route. */
export const PUBLIC_IDS: Record<string, string[]> = {
  'GET /api/coin/list': ['legal_id', 'currency_id'],
  'POST /api/coin/trade': ['legal_id', 'currency_id'],
  'GET /api/currency/detail': ['id'],
  'POST /api/currency/optional': ['match_id'],
  'POST /api/news/list': ['c_id'],
  'POST /api/news/detail': ['id'],
  'POST /api/transaction/deal': ['legal_id', 'currency_id'],
  'POST /api/wallet/change': ['currency_id'],
  'POST /api/lever/deal': ['legal_id', 'currency_id'],
  'POST /api/lever/dealall': ['legal_id', 'currency_id'],
  'POST /api/lever/submit': ['legal_id', 'currency_id'],
  'POST /api/lever/batch_close': ['legal_id', 'currency_id'],
  'POST /api/lever/my_trade': ['legal_id', 'currency_id'],
  'POST /api/user/register': ['area_code_id'],
  'POST /api/user/login': ['area_code_id'],
  'POST /api/Independent/points': ['area_code_id'],
  'POST /api/sms_send': ['area_code_id'],
  'POST /api/sms_mail': ['area_code_id'],
  // The number on the identity card the caller submits, not the id of a record.
  'POST /api/user/real_name': ['card_id'],
  // Operator calls on the exchange's own records: a pair, a notice, a news category.
  'POST /api/admin/markets/flags': ['id'],
  'GET /api/admin/notices': ['c_id'],
  'POST /api/admin/notices/save': ['id', 'c_id'],
  'POST /api/admin/notices/delete': ['id'],
  // Markets and products (part B): a pair, a seconds duration, a savings plan, a banner notice.
  'POST /api/admin/products/pairs/save': ['id'],
  'POST /api/admin/products/pairs/lever': ['id'],
  'POST /api/admin/products/pairs/micro': ['id'],
  'POST /api/admin/products/seconds/save': ['id'],
  'POST /api/admin/products/savings/save': ['id'],
  'POST /api/admin/products/insurance/save': ['id'],
  'POST /api/admin/products/banners/save': ['id'],
  ...Object.fromEntries(P2P_LISTS.map((route) => [route, ['id', 'currency_id']])),
  'GET /api/c2c_deal': ['currency_id'],
  'GET /api/legal_deal': ['currency_id'],
  'GET /api/c2c/legal_send_deal_list': ['currency_id'],
  'GET /api/legal_send_deal_list': ['currency_id'],
  'POST /api/c2c_send': ['currency_id'],
  'POST /api/legal_send': ['currency_id'],
  // An ad on the market, which anyone but its owner may take; an acceptor anyone may deal with.
  'POST /api/c2c/do_legal_deal': ['id'],
  'POST /api/do_legal_deal': ['id'],
  'GET /api/acceptor/info': ['id'],
  'POST /api/acceptor/deal': ['acceptor_id'],
  // The caller's own deals (users) and the deals of the caller's acceptor: lists filtered by the token.
  'GET /api/acceptor/my_deal': ['id'],
  'GET /api/acceptor/orders': ['id'],
  // The sandbox checkout page of a payment order: its link is signed per order, so the id alone opens nothing.
  'GET /api/pay/sandbox/{id}': ['{id}'],
  'POST /api/microtrade/submit': ['match_id', 'currency_id'],
  'GET /api/microtrade/lists': ['match_id', 'currency_id'],
  'GET /api/insurance/types': ['currency_id'],
  'POST /api/insurance/buy': ['insurance_type_id'],
  // A savings plan (public: deposit_setup lists them) and the currency deposited.
  'POST /api/record/submit': ['set_id', 'currency_id'],
};
