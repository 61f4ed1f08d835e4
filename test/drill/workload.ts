import type pg from 'pg';
import type { Db } from '@exchange/kernel/db';
import { openSession } from '../../apps/api/src/modules/user';
import { createOpsUser } from '../../apps/api/src/ops/users';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import { call, type Answer, type Outcome } from './http';
import { pause } from './services';

/**
 * A live workload through HTTP while the drills break things: traders placing and cancelling spot orders,
 * moving funds between accounts, opening and closing lever positions and placing seconds contracts, and
 * P2P buyers taking a seller's ads, half of them paid and confirmed, half left to their pay deadline. Every
 * call is recorded with its outcome, so the checks can hold the exchange to what it acknowledged.
 */
export type ActionKind =
  | 'spot_place'
  | 'spot_cancel'
  | 'transfer'
  | 'lever_open'
  | 'lever_close'
  | 'micro_submit'
  | 'p2p_ad'
  | 'p2p_take'
  | 'p2p_pay'
  | 'p2p_confirm';

export interface ActionRecord {
  kind: ActionKind;
  userId: number;
  outcome: Outcome;
  /** The record the action made or acted on, when the answer names it. */
  id?: string;
  /** Transfers: `from>to`, the memo the ledger writes. */
  detail?: string;
  /** What a refusal or a failed call said. */
  note?: string;
  at: number;
}

interface ActionCall {
  path: string;
  fields: Record<string, string | number>;
  method?: 'POST' | 'PUT';
  /** The id of the record the answer names. */
  idOf?: (answer: Answer) => string | undefined;
  /** Transfers: `from>to`. */
  detail?: string;
}

/** An id the answer carries at `path` (`['order', 'id']`), as text. */
const idAt =
  (...path: string[]) =>
  (answer: Answer): string | undefined => {
    let value: unknown = answer.body;
    for (const key of path) value = (value as Record<string, unknown> | undefined)?.[key];
    return typeof value === 'number' || typeof value === 'string' ? String(value) : undefined;
  };

export interface Trader {
  id: number;
  token: string;
}

export const TRADE_PASSWORD = '135790';
/** Seconds contracts of this length are added for the drills, so they settle while a drill runs. */
export const MICRO_SECONDS = 5;
/** The c2c pay window of the drills, in minutes: unpaid orders reach their deadline within a drill. */
export const PAY_WINDOW_MINUTES = '0.2';
const SPOT_AMOUNT = '0.001';
const P2P_AD_NUMBER = '5';

export interface Market {
  usdt: number;
  btc: number;
  pairId: number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** Creates a ready user (identity verified, trade password) with deposits, and a session for it. */
async function readyUser(prisma: Db, name: string, funds: Record<string, string>): Promise<Trader> {
  const account = `${name}@drill.exchange`;
  const user = await createOpsUser(prisma, {
    account,
    password: 'Drill12345',
    tradePassword: TRADE_PASSWORD,
    kycApproved: true,
    seller: false,
  });
  for (const [currency, amount] of Object.entries(funds))
    await opsDeposit(prisma, { account, currency, amount });
  return { id: user.id, token: await openSession(prisma, user.id, '127.0.0.1', 24) };
}

export class Workload {
  readonly records: ActionRecord[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private lastPrice: { value: number; at: number } | undefined;

  private constructor(
    private readonly baseUrl: () => string,
    private readonly pool: pg.Pool,
    readonly market: Market,
    readonly traders: Trader[],
    readonly seller: Trader,
    readonly buyers: Trader[],
    readonly probes: [Trader, Trader],
  ) {}

  /** The drill's users, funded by deposits and, through the API, transfers into each account they use. */
  static async prepare(
    prisma: Db,
    pool: pg.Pool,
    baseUrl: () => string,
    market: Market,
    size: { traders: number; buyers: number },
  ): Promise<Workload> {
    const spotFunds = { USDT: '50000', BTC: '1' };
    const traders: Trader[] = [];
    for (let index = 0; index < size.traders; index += 1)
      traders.push(await readyUser(prisma, `trader${index}`, spotFunds));
    const seller = await readyUser(prisma, 'seller', { USDT: '5000' });
    const buyers: Trader[] = [];
    for (let index = 0; index < size.buyers; index += 1)
      buyers.push(await readyUser(prisma, `buyer${index}`, {}));
    const probes: [Trader, Trader] = [
      await readyUser(prisma, 'probe-buyer', spotFunds),
      await readyUser(prisma, 'probe-seller', spotFunds),
    ];
    const workload = new Workload(baseUrl, pool, market, traders, seller, buyers, probes);
    for (const trader of traders) {
      await workload.setUp(trader, '/api/wallet/change', {
        number: '2000',
        from_field: 'change',
        to_field: 'lever',
      });
      await workload.setUp(trader, '/api/wallet/change', {
        number: '1000',
        from_field: 'change',
        to_field: 'micro',
      });
    }
    await workload.setUp(seller, '/api/wallet/change', {
      number: '5000',
      from_field: 'change',
      to_field: 'legal',
    });
    for (const user of [seller, ...buyers]) {
      await workload.setUp(user, '/api/user/cash_save', {
        real_name: `drill${user.id}`,
        bank_name: 'Drill Bank',
        bank_account: `62220000${user.id}`,
        alipay_account: `drill${user.id}@alipay.test`,
        wechat_nickname: `drill${user.id}`,
        wechat_account: `wx_drill${user.id}`,
        wechat_collect: '/upload/wechat.png',
        alipay_collect: '/upload/alipay.png',
      });
    }
    return workload;
  }

  private async setUp(user: Trader, path: string, fields: Record<string, string>): Promise<void> {
    const answer = await call(
      this.baseUrl(),
      'POST',
      path,
      { currency_id: this.market.usdt, ...fields },
      user.token,
    );
    if (answer.outcome !== 'ok')
      throw new Error(`drill set-up ${path} failed: ${JSON.stringify(answer.body)}`);
  }

  /** Makes one call and records it with its outcome. */
  private async act(kind: ActionKind, user: Trader, request: ActionCall): Promise<Answer & { id?: string }> {
    const { path, fields, method = 'POST', idOf, detail } = request;
    const answer = await call(this.baseUrl(), method, path, fields, user.token);
    // A refused spot order can still be stored (a rejected post-only, an unfilled market order): its id counts.
    const id = answer.outcome === 'unknown' ? undefined : idOf?.(answer);
    const note = answer.outcome === 'ok' ? undefined : JSON.stringify(answer.body.message).slice(0, 120);
    this.records.push({
      kind,
      userId: user.id,
      outcome: answer.outcome,
      ...(id === undefined ? {} : { id }),
      ...(detail === undefined ? {} : { detail }),
      ...(note === undefined ? {} : { note }),
      at: Date.now(),
    });
    return { ...answer, ...(id === undefined ? {} : { id }) };
  }

  /** The pair's last trade price, read from Postgres at most once a second. */
  async price(): Promise<number | undefined> {
    if (this.lastPrice && Date.now() - this.lastPrice.at < 1_000) return this.lastPrice.value;
    const { rows } = await this.pool
      .query<{ price: string }>(
        'SELECT price::text FROM spot_trades WHERE match_id = $1 ORDER BY id DESC LIMIT 1',
        [this.market.pairId],
      )
      .catch(() => ({ rows: [] as { price: string }[] }));
    if (rows[0]) this.lastPrice = { value: Number(rows[0].price), at: Date.now() };
    return this.lastPrice?.value;
  }

  placeSpot(user: Trader, side: 1 | 2, price: number, amount = SPOT_AMOUNT) {
    return this.act('spot_place', user, {
      path: '/api/coin/trade',
      fields: {
        legal_id: this.market.usdt,
        currency_id: this.market.btc,
        type: side,
        target_price: price.toFixed(2),
        amount,
      },
      idOf: idAt('order', 'id'),
    });
  }

  cancelSpot(user: Trader, id: string) {
    return this.act('spot_cancel', user, {
      path: '/api/coin/trade',
      fields: { id },
      method: 'PUT',
      idOf: () => id,
    });
  }

  private async traderStep(trader: Trader): Promise<void> {
    const price = await this.price();
    const roll = Math.random();
    if (price === undefined || roll < 0.15) return this.transfer(trader);
    if (roll < 0.5) {
      const side = pick([1, 2] as const);
      const offset = 1 + (side === 1 ? -1 : 1) * (Math.random() * 0.004 - 0.001);
      await this.placeSpot(trader, side, price * offset);
    } else if (roll < 0.6) {
      const open = await this.ownRows('SELECT id::text FROM spot_orders WHERE user_id = $1 AND state = $2', [
        trader.id,
        'open',
      ]);
      if (open[0]) await this.cancelSpot(trader, pick(open));
    } else if (roll < 0.72) {
      await this.act('lever_open', trader, {
        path: '/api/lever/submit',
        fields: {
          legal_id: this.market.usdt,
          currency_id: this.market.btc,
          type: pick([1, 2]),
          share: 1,
          multiple: 10,
          status: 1,
          password: TRADE_PASSWORD,
        },
      });
    } else if (roll < 0.82) {
      const open = await this.ownRows(
        'SELECT id::text FROM lever_transactions WHERE user_id = $1 AND status = $2',
        [trader.id, 1],
      );
      if (open[0]) {
        const id = pick(open);
        await this.act('lever_close', trader, { path: '/api/lever/close', fields: { id }, idOf: () => id });
      }
    } else {
      await this.act('micro_submit', trader, {
        path: '/api/microtrade/submit',
        fields: {
          match_id: this.market.pairId,
          currency_id: this.market.usdt,
          type: pick([1, 2]),
          seconds: MICRO_SECONDS,
          number: '10',
        },
        idOf: idAt('message', 'id'),
      });
    }
  }

  private async transfer(trader: Trader): Promise<void> {
    const [from, to] = pick([
      ['change', 'lever'],
      ['lever', 'change'],
      ['change', 'micro'],
      ['micro', 'change'],
    ] as const);
    await this.act('transfer', trader, {
      path: '/api/wallet/change',
      fields: { currency_id: this.market.usdt, number: '10', from_field: from, to_field: to },
      detail: `${from}>${to}`,
    });
  }

  private async ownRows(sql: string, values: unknown[]): Promise<string[]> {
    const result = await this.pool
      .query<{ id: string }>(sql, values)
      .catch(() => ({ rows: [] as { id: string }[] }));
    return result.rows.map((row) => row.id);
  }

  /**
   * One P2P round of a buyer: the seller publishes a sell ad, the buyer takes it; even rounds are paid and
   * confirmed, odd ones left unpaid for the pay deadline to cancel. A buyer holds one unfinished order at a
   * time, so a round first finishes what an earlier one left (a drill may have cut it short).
   */
  private async p2pRound(buyer: Trader, round: number): Promise<void> {
    const fields = (id: string) => ({ id, password: TRADE_PASSWORD });
    const [unfinished] = await this.pool
      .query<{ id: string; is_sure: number }>(
        'SELECT id::text, is_sure FROM p2p_orders WHERE user_id = $1 AND is_sure IN (0, 3) ORDER BY id LIMIT 1',
        [buyer.id],
      )
      .then((result) => result.rows)
      .catch(() => []);
    if (unfinished?.is_sure === 3) {
      await this.confirm(unfinished.id);
      return;
    }
    if (unfinished) return pause(500);
    const ad = await this.act('p2p_ad', this.seller, {
      path: '/api/c2c_send',
      fields: {
        type: 'sell',
        way: 'bank',
        price: '7.10',
        total_number: P2P_AD_NUMBER,
        currency_id: this.market.usdt,
        coin_code: 'CNY',
        password: TRADE_PASSWORD,
      },
      idOf: idAt('data', 'id'),
    });
    if (!ad.id) return pause(500);
    const taken = await this.act('p2p_take', buyer, {
      path: '/api/c2c/do_legal_deal',
      fields: fields(ad.id),
      idOf: idAt('message', 'data', 'id'),
    });
    if (!taken.id) {
      // Nobody holds the ad: take it back, so the seller's live ads stay under their limit.
      await call(this.baseUrl(), 'POST', '/api/c2c/back_send', fields(ad.id), this.seller.token);
      return;
    }
    if (round % 2 === 1) return;
    const orderId = taken.id;
    await this.act('p2p_pay', buyer, {
      path: '/api/c2c/user_legal_pay',
      fields: fields(orderId),
      idOf: () => orderId,
    });
    await this.confirm(orderId);
  }

  /** The seller confirms the fiat arrived: the escrow goes to the buyer. */
  private confirm(orderId: string) {
    return this.act('p2p_confirm', this.seller, {
      path: '/api/c2c/legal_deal_sure',
      fields: { id: orderId, password: TRADE_PASSWORD },
      idOf: () => orderId,
    });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const forever = (step: (round: number) => Promise<void>) =>
      (async () => {
        for (let round = 0; this.running; round += 1) {
          await step(round).catch(() => undefined);
          await pause(100 + Math.random() * 200);
        }
      })();
    this.loops = [
      ...this.traders.map((trader) => forever(() => this.traderStep(trader))),
      ...this.buyers.map((buyer) => forever((round) => this.p2pRound(buyer, round))),
    ];
  }

  /** Stops issuing actions and waits for those in flight to be answered. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** What the refusals and failed calls said, with how often. */
  notes(): Record<string, number> {
    const notes: Record<string, number> = {};
    for (const record of this.records) {
      if (record.note === undefined) continue;
      const key = `${record.kind} ${record.outcome}: ${record.note}`;
      notes[key] = (notes[key] ?? 0) + 1;
    }
    return notes;
  }

  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const record of this.records) {
      const key = `${record.kind}:${record.outcome}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }
}
