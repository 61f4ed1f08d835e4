import type { Answer } from './client';
import { burst, between, pick, TRADE_PASSWORD, type Trader, type World } from './traders';

/** A deal as the acceptor and user lists show it. */
interface DealRow {
  id: number;
  type: 'buy' | 'sell';
  is_sure: number;
  transferred: number;
}

const WAITING = 0;
const dealsIn = (answer: Answer) => (Array.isArray(answer.message) ? (answer.message as DealRow[]) : []);

/** A trader deposits through the acceptor (pays CNY, receives USDT) or withdraws through it. */
export async function openAcceptorDeal(world: World, trader: Trader): Promise<void> {
  const acceptor = world.acceptor;
  if (!acceptor || acceptor.userId === trader.id) return;
  const { random } = trader;
  const deposit = random() < 0.5;
  const answers = await burst(trader, () =>
    world.client.call(`acceptor ${deposit ? 'deposit' : 'withdrawal'}`, '/api/acceptor/deal', {
      token: trader.token,
      form: {
        acceptor_id: acceptor.id,
        type: deposit ? 'buy' : 'sell',
        way: 'bank',
        mobile: '13800000000',
        deal_account: `soak ${trader.id}`,
        money: deposit ? between(random, 72, 720, 2) : between(random, 70, 350, 2),
        ...(deposit ? {} : { password: TRADE_PASSWORD }),
      },
    }),
  );
  for (const answer of answers)
    if (answer.ok) world.acks.increment(world.acks.acceptorDealsOpened, trader.id);
}

/**
 * The acceptor works its waiting deals: confirms or rejects deposits, marks withdrawals transferred or
 * rejects them; now and then it confirms and rejects the same deal at once (two of its staff, say).
 */
export async function workAcceptorDeals(world: World, trader: Trader): Promise<void> {
  const { random } = trader;
  const listed = await world.client.call('acceptor orders', '/api/acceptor/orders?page=1', {
    token: trader.token,
  });
  const waiting = dealsIn(listed).filter((deal) => deal.is_sure === WAITING && !deal.transferred);
  if (waiting.length === 0) return;
  const deal = pick(random, waiting);
  const act = (action: 'confirm' | 'reject' | 'transferred') =>
    world.client
      .call(`acceptor ${action}`, `/api/acceptor/${action}`, {
        token: trader.token,
        form: { id: deal.id, password: TRADE_PASSWORD },
      })
      .then((answer) => {
        if (!answer.ok) return;
        if (action === 'reject') world.acks.acceptorRejected.add(deal.id);
        else if (action === 'confirm') world.acks.acceptorConfirmed.add(deal.id);
        else world.acks.acceptorTransferred.add(deal.id);
      });
  const forward = deal.type === 'buy' ? 'confirm' : 'transferred';
  const roll = random();
  if (roll < 0.2) await Promise.all([act(forward), act('reject')]);
  else await act(roll < 0.75 ? forward : 'reject');
}

/** A user confirms the CNY of a withdrawal the acceptor marked transferred. */
export async function confirmAcceptorWithdrawal(world: World, trader: Trader): Promise<void> {
  const listed = await world.client.call('acceptor my deals', '/api/acceptor/my_deal?type=sell&page=1', {
    token: trader.token,
  });
  const transferred = dealsIn(listed).filter((deal) => deal.is_sure === WAITING && deal.transferred);
  if (transferred.length === 0) return openAcceptorDeal(world, trader);
  const deal = pick(trader.random, transferred);
  const answers = await burst(trader, () =>
    world.client.call('acceptor user confirm', '/api/acceptor/deal_confirm', {
      token: trader.token,
      form: { id: deal.id, password: TRADE_PASSWORD },
    }),
  );
  if (answers.some((answer) => answer.ok)) world.acks.acceptorConfirmed.add(deal.id);
}
