import { between, burst, pick, TRADE_PASSWORD, type P2pKind, type Trader, type World } from './traders';

/** The calls of each P2P market: the c2c market (document 2) and seller shops (contract notes section 8). */
const PATHS: Record<
  P2pKind,
  Record<'send' | 'platform' | 'take' | 'pay' | 'confirm' | 'cancel' | 'withdraw', string>
> = {
  c2c: {
    send: '/api/c2c_send',
    platform: '/api/c2c_deal_platform',
    take: '/api/c2c/do_legal_deal',
    pay: '/api/c2c/user_legal_pay',
    confirm: '/api/c2c/legal_deal_sure',
    cancel: '/api/c2c/user_legal_pay_cancel',
    withdraw: '/api/c2c/back_send',
  },
  shop: {
    send: '/api/legal_send',
    platform: '/api/legal_deal_platform',
    take: '/api/do_legal_deal',
    pay: '/api/user_legal_pay',
    confirm: '/api/legal_deal_sure',
    cancel: '/api/user_legal_pay_cancel',
    withdraw: '/api/back_send',
  },
};

/** A sell ad: c2c ads are taken whole; a shop's between its minimum and maximum. */
export async function publishAd(world: World, trader: Trader, kind: P2pKind): Promise<void> {
  const { random } = trader;
  const total = Number(between(random, 20, 80));
  const answer = await world.client.call(`${kind} publish`, PATHS[kind].send, {
    token: trader.token,
    form: {
      type: 'sell',
      way: 'bank',
      price: between(random, 6.9, 7.3, 2),
      total_number: total,
      ...(kind === 'shop' ? { min_number: 5, max_number: Math.max(10, Math.floor(total / 2)) } : {}),
      currency_id: world.market.usdt,
      coin_code: 'CNY',
      password: TRADE_PASSWORD,
    },
  });
  const id = (answer.body.data as { id?: number } | undefined)?.id;
  if (answer.ok && id !== undefined) {
    world.acks.p2pAds.set(id, trader.id);
    trader.p2p[kind].ads.push(id);
  }
}

export async function takeAd(world: World, trader: Trader, kind: P2pKind): Promise<void> {
  const listed = await world.client.call(
    `${kind} market`,
    `${PATHS[kind].platform}?type=sell&currency_id=${world.market.usdt}&page=1`,
    { token: trader.token },
  );
  const ads = ((listed.message as { data?: { id: number }[] } | undefined)?.data ?? []).filter(
    (ad) => world.acks.p2pAds.get(ad.id) !== trader.id,
  );
  if (ads.length === 0) return;
  const ad = pick(trader.random, ads);
  const answers = await burst(trader, () =>
    world.client.call(`${kind} take`, PATHS[kind].take, {
      token: trader.token,
      form: {
        id: ad.id,
        password: TRADE_PASSWORD,
        // Within the shop's minimum and maximum (publishAd's 5 to half the total, at least 10).
        ...(kind === 'shop' ? { means: 'number', value: between(trader.random, 5, 10) } : {}),
      },
    }),
  );
  for (const answer of answers) {
    const id = (answer.message as { data?: { id?: number } } | undefined)?.data?.id;
    if (answer.ok && id !== undefined) {
      world.acks.p2pOrders.set(id, trader.id);
      trader.p2p[kind].taken.push({ id, owner: world.acks.p2pAds.get(ad.id) });
    }
  }
}

/** Moves the trader's P2P business on: confirms a payment to them, pays or cancels an order, withdraws an ad. */
export async function progressP2p(world: World, trader: Trader, kind: P2pKind): Promise<void> {
  const { random } = trader;
  const paths = PATHS[kind];
  const paid = world.paidForOwner.get(trader.id)?.find((order) => order.kind === kind);
  if (paid) {
    world.paidForOwner.set(
      trader.id,
      (world.paidForOwner.get(trader.id) ?? []).filter((order) => order !== paid),
    );
    const answers = await burst(trader, () =>
      world.client.call(`${kind} confirm`, paths.confirm, {
        token: trader.token,
        form: { id: paid.id, password: TRADE_PASSWORD },
      }),
    );
    if (answers.some((answer) => answer.ok)) world.acks.p2pConfirmed.add(paid.id);
    return;
  }
  const taken = trader.p2p[kind].taken.shift();
  if (taken !== undefined) {
    const cancel = random() < 0.3;
    const answers = await burst(trader, () =>
      world.client.call(`${kind} ${cancel ? 'cancel' : 'pay'}`, cancel ? paths.cancel : paths.pay, {
        token: trader.token,
        form: { id: taken.id, password: TRADE_PASSWORD },
      }),
    );
    if (!answers.some((answer) => answer.ok)) return;
    if (cancel) {
      world.acks.p2pCancelled.add(taken.id);
    } else {
      world.acks.p2pPaid.add(taken.id);
      if (taken.owner !== undefined)
        world.paidForOwner.set(taken.owner, [
          ...(world.paidForOwner.get(taken.owner) ?? []),
          { id: taken.id, kind },
        ]);
    }
    return;
  }
  const ad = trader.p2p[kind].ads.shift();
  if (ad === undefined) return;
  if (random() < 0.5) {
    const answer = await world.client.call(`${kind} withdraw ad`, paths.withdraw, {
      token: trader.token,
      form: { id: ad, password: TRADE_PASSWORD },
    });
    if (answer.ok) world.acks.p2pWithdrawnAds.add(ad);
    return;
  }
  trader.p2p[kind].ads.push(ad);
}

/** The P2P actions of a trader: c2c for everyone; shop ads for the approved sellers, shop takes for all. */
export const p2pActions = {
  publish: (world: World, trader: Trader) =>
    publishAd(world, trader, world.shopSellers.has(trader.id) && trader.random() < 0.5 ? 'shop' : 'c2c'),
  take: (world: World, trader: Trader) => takeAd(world, trader, trader.random() < 0.4 ? 'shop' : 'c2c'),
  progress: (world: World, trader: Trader) =>
    progressP2p(world, trader, trader.random() < 0.4 ? 'shop' : 'c2c'),
};
