import { randomUUID } from 'node:crypto';
import type { Db } from '@exchange/kernel/db';
import {
  opsCompleteWithdrawal,
  opsDeposit,
  opsRejectWithdrawal,
  pendingWithdrawals,
} from '../../apps/api/src/ops/wallet';
import { problemOf } from '../fuzz/fuzz';
import type { Tally } from './client';
import type { Acknowledged } from './record';
import type { Trader } from './traders';

/** What the operator does during the soak, through the functions `npm run ops` calls. */
export interface Operator {
  prisma: Db;
  tally: Tally;
  acks: Acknowledged;
  traders: Trader[];
  random: () => number;
}

/**
 * One operator call, counted like an answer: refusals (an error with a message for the operator) are
 * expected when two calls race for the same record; a leak of SQL or a stack in that message is not.
 */
async function operatorCall<T>(
  operator: Operator,
  kind: string,
  call: () => Promise<T>,
): Promise<T | undefined> {
  const { tally } = operator;
  tally.count(tally.operations, kind);
  try {
    const result = await call();
    tally.count(tally.answers, `${kind} ok`);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    tally.count(tally.answers, `${kind} refused: ${message.replace(/\d+/g, 'N').slice(0, 120)}`);
    const leak = problemOf(200, JSON.stringify({ type: 'error', message }));
    if (leak) tally.fail(`${kind}: ${leak}: ${message.slice(0, 300)}`);
    return undefined;
  }
}

/** Books a chain deposit for a trader; now and then the chain watcher reports the same txid 2-3 times at once. */
export async function deposit(
  operator: Operator,
  trader: Trader,
  currency: string,
  amount: string,
): Promise<void> {
  const txid = `soak-${randomUUID()}`;
  const copies = operator.random() < 0.2 ? 2 + Math.floor(operator.random() * 2) : 1;
  const booked = await Promise.all(
    Array.from({ length: copies }, () =>
      operatorCall(operator, 'ops deposit', () =>
        opsDeposit(operator.prisma, { account: trader.account, currency, amount, txid }),
      ),
    ),
  );
  for (const row of booked) {
    if (!row) continue;
    const currencyId = (await operator.prisma.currency.findUniqueOrThrow({ where: { name: row.currency } }))
      .id;
    operator.acks.deposits.set(row.id, { userId: trader.id, currencyId, amount: row.amount });
  }
}

/** Completes or rejects one pending withdrawal of a trader; sometimes both at once, as two operators might. */
async function processWithdrawal(operator: Operator): Promise<void> {
  const accounts = new Set(operator.traders.map((trader) => trader.account));
  const pending = (await pendingWithdrawals(operator.prisma)).filter((row) => accounts.has(row.account));
  if (pending.length === 0) return;
  const row = pending[Math.floor(operator.random() * pending.length)];
  if (!row) return;
  const currencyId = (await operator.prisma.currency.findUniqueOrThrow({ where: { name: row.currency } })).id;
  const complete = () =>
    operatorCall(operator, 'ops withdrawal complete', () =>
      opsCompleteWithdrawal(operator.prisma, row.id, `0xsoak${row.id}`),
    ).then((done) => {
      if (done) operator.acks.withdrawalsCompleted.set(row.id, { currencyId, realNumber: row.real_number });
    });
  const reject = () =>
    operatorCall(operator, 'ops withdrawal reject', () =>
      opsRejectWithdrawal(operator.prisma, row.id, 'soak: rejected by the operator'),
    ).then((failed) => {
      if (failed) operator.acks.withdrawalsRejected.add(row.id);
    });
  const roll = operator.random();
  if (roll < 0.2) await Promise.all([complete(), reject()]);
  else if (roll < 0.6) await complete();
  else await reject();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The operator at work until the deadline: deposits arriving, withdrawals processed. */
export async function operatorLoop(operator: Operator, deadline: number): Promise<void> {
  const { random, traders } = operator;
  while (Date.now() < deadline) {
    const trader = traders[Math.floor(random() * traders.length)];
    if (trader && random() < 0.5) {
      if (random() < 0.7) await deposit(operator, trader, 'USDT', (100 + random() * 2_000).toFixed(2));
      else await deposit(operator, trader, 'BTC', (0.01 + random() * 0.1).toFixed(4));
    } else {
      await processWithdrawal(operator);
    }
    await pause(100 + random() * 300);
  }
}
