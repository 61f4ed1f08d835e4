import { confirmAcceptorWithdrawal, openAcceptorDeal, workAcceptorDeals } from './acceptor';
import { insure } from './insurance';
import { p2pActions } from './p2p';
import { between, burst, pick, TRADE_PASSWORD, type Trader, type World } from './traders';

const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const ACCOUNTS = ['change', 'legal', 'lever', 'micro'] as const;

/** The pair's last price and the trader's spot USDT available, as the exchange screen reads them. */
async function readDeal(world: World, trader: Trader): Promise<{ last: number; usdt: number }> {
  const deal = await world.client.call('market read', '/api/transaction/deal', {
    token: trader.token,
    form: { legal_id: world.market.usdt, currency_id: world.market.btc },
  });
  const message = deal.message as { last_price?: string; user_legal?: string } | undefined;
  return { last: Number(message?.last_price ?? 0), usdt: Number(message?.user_legal ?? 0) };
}

/**
 * An amount of spot USDT: usually a small one; now and then most of what the trader has, so that the
 * copies of a burst ask for the same funds and at most one can have them.
 */
async function spotAmount(world: World, trader: Trader, low: number, high: number): Promise<string> {
  if (trader.random() < 0.7) return between(trader.random, low, high, 2);
  const { usdt } = await readDeal(world, trader);
  return Math.max(low, usdt * (0.6 + trader.random() * 0.35)).toFixed(2);
}

async function transfer(world: World, trader: Trader): Promise<void> {
  const { random } = trader;
  const from = pick(random, ACCOUNTS);
  const to = pick(
    random,
    ACCOUNTS.filter((account) => account !== from),
  );
  const amount = from === 'change' ? await spotAmount(world, trader, 1, 400) : between(random, 1, 400, 2);
  const answers = await burst(trader, () =>
    world.client.call('transfer', '/api/wallet/change', {
      token: trader.token,
      form: { currency_id: world.market.usdt, number: amount, from_field: from, to_field: to },
    }),
  );
  for (const answer of answers)
    if (answer.ok) world.acks.transfer(trader.id, world.market.usdt, from, to, amount);
}

async function placeSpotOrder(world: World, trader: Trader): Promise<void> {
  const { random } = trader;
  const { last } = await readDeal(world, trader);
  if (!(last > 0)) return;
  const side = random() < 0.5 ? 1 : 2;
  const market = random() < 0.15;
  const price = (last * (1 + (random() - 0.5) * 0.04)).toFixed(2);
  const answer = await world.client.call(
    market ? 'spot market order' : 'spot limit order',
    '/api/coin/trade',
    {
      token: trader.token,
      form: {
        legal_id: world.market.usdt,
        currency_id: world.market.btc,
        type: side,
        order_type: market ? 'market' : 'limit',
        ...(market ? {} : { target_price: price }),
        amount: between(random, 0.001, 0.02, 4),
      },
    },
  );
  const order = answer.body.order as { id?: string; state?: string } | undefined;
  if (answer.ok && order?.id) {
    world.acks.spotOrders.set(order.id, trader.id);
    if (order.state === 'new' || order.state === 'open') trader.spotOrders.push(order.id);
  }
}

async function cancelSpotOrder(world: World, trader: Trader): Promise<void> {
  const id = trader.spotOrders.shift();
  if (!id) return placeSpotOrder(world, trader);
  const answers = await burst(trader, () =>
    world.client.call('spot cancel', '/api/coin/trade', {
      token: trader.token,
      method: 'PUT',
      form: { id },
    }),
  );
  if (answers.some((answer) => answer.ok && answer.message === 'Order cancelled'))
    world.acks.spotCancelled.add(id);
}

async function withdraw(world: World, trader: Trader): Promise<void> {
  const amount = await spotAmount(world, trader, 10, 300);
  const answers = await burst(trader, () =>
    world.client.call('withdrawal request', '/api/wallet/out', {
      token: trader.token,
      form: {
        currency: world.market.usdt,
        number: amount,
        address: TRON_ADDRESS,
        rate: '0',
        pay_password: TRADE_PASSWORD,
      },
    }),
  );
  for (const answer of answers)
    if (answer.ok) world.acks.increment(world.acks.withdrawalsRequested, trader.id);
}

async function openLever(world: World, trader: Trader): Promise<void> {
  const { random } = trader;
  const answers = await burst(trader, () =>
    world.client.call('lever open', '/api/lever/submit', {
      token: trader.token,
      form: {
        legal_id: world.market.usdt,
        currency_id: world.market.btc,
        type: random() < 0.5 ? 1 : 2,
        share: pick(random, world.market.leverShares),
        multiple: pick(random, world.market.leverMultiples),
        status: 1,
        password: TRADE_PASSWORD,
      },
    }),
  );
  for (const answer of answers) if (answer.ok) world.acks.increment(world.acks.leverOpened, trader.id);
}

/** The ids of the trader's positions that are open now (status 1), as the client lists them. */
async function openPositions(world: World, trader: Trader): Promise<string[]> {
  const listed = await world.client.call('lever list', '/api/lever/my_trade', {
    token: trader.token,
    form: { status: 1, limit: 50, legal_id: world.market.usdt, currency_id: world.market.btc },
  });
  const page = (listed.message as { message?: { data?: { id: string | number }[] } } | undefined)?.message;
  return (page?.data ?? []).map((row) => String(row.id));
}

async function closeLever(world: World, trader: Trader): Promise<void> {
  const open = await openPositions(world, trader);
  if (open.length === 0) return openLever(world, trader);
  const id = pick(trader.random, open);
  const answers = await burst(trader, () =>
    world.client.call('lever close', '/api/lever/close', { token: trader.token, form: { id } }),
  );
  if (answers.some((answer) => answer.ok)) world.acks.leverClosed.add(id);
}

async function batchCloseLever(world: World, trader: Trader): Promise<void> {
  const open = await openPositions(world, trader);
  const answer = await world.client.call('lever batch close', '/api/lever/batch_close', {
    token: trader.token,
    form: { type: 0, legal_id: world.market.usdt, currency_id: world.market.btc },
  });
  if (answer.ok) for (const id of open) world.acks.leverClosed.add(id);
}

async function submitMicro(world: World, trader: Trader): Promise<void> {
  const { random } = trader;
  // Paid in HAP, an insured trader's stake comes from the insurance position inside its window.
  const paidIn = random() < 0.3 ? world.market.hap : world.market.usdt;
  const answers = await burst(trader, () =>
    world.client.call('seconds order', '/api/microtrade/submit', {
      token: trader.token,
      form: {
        match_id: world.market.pairId,
        currency_id: paidIn,
        type: random() < 0.5 ? 1 : 2,
        seconds: world.market.microSeconds,
        number: between(random, 10, 60),
      },
    }),
  );
  for (const answer of answers) {
    const order = answer.message as { id?: string | number } | undefined;
    if (answer.ok && order?.id !== undefined) world.acks.microOrders.set(String(order.id), trader.id);
  }
}

/** The trader's actions and how often each is chosen. */
const ACTIONS: [number, (world: World, trader: Trader) => Promise<void>][] = [
  [14, transfer],
  [18, placeSpotOrder],
  [8, cancelSpotOrder],
  [5, withdraw],
  [8, openLever],
  [6, closeLever],
  [2, batchCloseLever],
  [8, submitMicro],
  [3, p2pActions.publish],
  [4, p2pActions.take],
  [6, p2pActions.progress],
  [3, openAcceptorDeal],
  [3, insure],
  [2, confirmAcceptorWithdrawal],
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);

/** One trader acting, one action after another, until the deadline. */
export async function traderLoop(world: World, trader: Trader, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (world.acceptor?.userId === trader.id && trader.random() < 0.4) {
      await workAcceptorDeals(world, trader);
      continue;
    }
    let roll = trader.random() * TOTAL_WEIGHT;
    const action = ACTIONS.find(([weight]) => (roll -= weight) < 0)?.[1] ?? transfer;
    await action(world, trader);
  }
}
