import type { LeverTradePush } from '@exchange/contracts';
import type pg from 'pg';
import { inTransaction, poolSql, type Sql } from '@exchange/kernel/db';
import { Money, type Money as MoneyValue } from '@exchange/kernel/ledger';
import type { Locale } from '@exchange/kernel/i18n';
import { activateEntrusts } from './activate-entrusts';
import { settleClosing, type SettledPosition } from './close-position';
import { fireStops } from './fire-stops';
import { liquidate } from './liquidate';
import { MarkSampler } from './mark-sampler';
import { positionView, type PositionRow } from './positions';
import { hazardRate, LEVER_STATUS, profitAt } from './risk';
import { RiskBook, toScaled, type Account } from './risk-book';

/** Accounts liquidated per transaction at most (a bigger crash is settled in several batches). */
const LIQUIDATION_BATCH = 1_000;

export interface RiskRound {
  matchId: number;
  /** Time to find what the mark triggers, in memory. */
  evaluateMs: number;
  /** Time to carry it out in Postgres (activations, stops, liquidations) and reload the touched users. */
  settleMs: number;
  activated: string[];
  settled: SettledPosition[];
  liquidatedAccounts: number;
}

/**
 * The rules of the risk worker: it owns every position's state change after opening (entrusts opening,
 * stops, liquidations, finishing closes left half-done). It follows each pair's mark, evaluates it against
 * the RiskBook in memory, and carries out what that finds in batches, one Postgres transaction each, through
 * the ledger. The worker process (workers/src/lever) only wires marks, notifications and timers to this.
 */
export class RiskEngine {
  readonly book = new RiskBook();
  private readonly sql: Sql;
  private readonly sampler: MarkSampler;
  /** Display names of lever pairs, for pushes. */
  private readonly pairNames = new Map<number, { currency: string; legal: string }>();

  constructor(private readonly pool: pg.Pool) {
    this.sql = poolSql(pool);
    this.sampler = new MarkSampler(this.sql);
  }

  /** Reads the burst rate, the pairs' names and every pending or in-trade position with its owner's balances. */
  async load(): Promise<void> {
    const [setting] = await this.sql.query<{ value: string }>(
      "SELECT value FROM settings WHERE key = 'lever_burst_hazard_rate'",
    );
    this.book.burstRate = toScaled(
      setting?.value && /^\d+(\.\d+)?$/.test(setting.value) ? setting.value : '10',
    );
    const pairs = await this.sql.query<{ id: number; currency: string; legal: string }>(
      `SELECT p.id, c.name AS currency, l.name AS legal FROM currency_matches p
       JOIN currencies c ON c.id = p.currency_id JOIN currencies l ON l.id = p.legal_id WHERE p.id > 0`,
    );
    for (const pair of pairs) this.pairNames.set(pair.id, { currency: pair.currency, legal: pair.legal });
    const rows = await this.sql.query<PositionRow>(
      `SELECT * FROM lever_transactions WHERE status IN (${LEVER_STATUS.pending}, ${LEVER_STATUS.trading})`,
    );
    const userIds = [...new Set([...this.book.userIds(), ...rows.map((row) => row.user_id)])];
    this.book.replaceUsers(userIds, rows, await this.balancesOf(rows.map((row) => row.user_id)));
  }

  private async balancesOf(userIds: number[]) {
    if (userIds.length === 0) return [];
    return this.sql.query<{ user_id: number; currency_id: number; lever_balance: string }>(
      `SELECT w.user_id, w.currency_id, w.lever_balance::text AS lever_balance
       FROM unnest($1::int[]) AS k(user_id) CROSS JOIN LATERAL (
         SELECT * FROM wallets w WHERE w.user_id = k.user_id AND (w.lever_balance > 0 OR w.lock_lever_balance > 0)
       ) w`,
      [[...new Set(userIds)]],
    );
  }

  /** Reloads these users from Postgres (after they, or this engine, changed their positions or balances). */
  async reloadUsers(userIds: number[]): Promise<void> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    const rows = await this.sql.query<PositionRow>(
      `SELECT t.* FROM unnest($1::int[]) AS k(user_id) CROSS JOIN LATERAL (
         SELECT * FROM lever_transactions t WHERE t.user_id = k.user_id
           AND t.status + 0 IN (${LEVER_STATUS.pending}, ${LEVER_STATUS.trading})
       ) t`,
      [unique],
    );
    this.book.replaceUsers(unique, rows, await this.balancesOf(unique));
  }

  /** Takes up the marks recorded before a restart (the last reliable ones). */
  async loadMarks(): Promise<void> {
    for (const [matchId, mark] of await this.sampler.load()) this.setMark(matchId, mark);
  }

  /**
   * One look at every watched pair's book (MarkSampler): a reliable mark becomes the pair's mark; an
   * unreliable look leaves the last reliable one, on which stops, entrusts and liquidations wait. Answers
   * the pairs whose mark changed.
   */
  async sampleMarks(nowMs = Date.now()): Promise<number[]> {
    const changed: number[] = [];
    for (const { matchId, state } of await this.sampler.sample(nowMs))
      if (state.reliable && state.mark && this.setMark(matchId, state.mark)) changed.push(matchId);
    return changed;
  }

  /** Records a pair's mark; true if it changed. */
  setMark(matchId: number, mark: MoneyValue): boolean {
    const scaled = toScaled(mark.toFixed(18, Money.ROUND_DOWN));
    if (this.book.marks.get(matchId) === scaled) return false;
    this.book.marks.set(matchId, scaled);
    return true;
  }

  markOf(matchId: number): MoneyValue | undefined {
    const scaled = this.book.marks.get(matchId);
    return scaled === undefined ? undefined : new Money(scaled.toString()).div(new Money(10).pow(18));
  }

  private marks(): Map<number, MoneyValue> {
    const marks = new Map<number, MoneyValue>();
    for (const matchId of this.book.marks.keys()) marks.set(matchId, this.markOf(matchId) as MoneyValue);
    return marks;
  }

  /** Evaluates a pair at its current mark and carries out what it triggers. */
  async evaluatePair(matchId: number): Promise<RiskRound> {
    const started = performance.now();
    const found = this.book.evaluate(matchId);
    const evaluated = performance.now();
    const round: RiskRound = {
      matchId,
      evaluateMs: evaluated - started,
      settleMs: 0,
      activated: [],
      settled: [],
      liquidatedAccounts: 0,
    };
    const mark = this.markOf(matchId);
    if (!mark) return round;
    const touched: number[] = [];
    if (found.activate.length > 0) {
      const opened = await inTransaction(this.pool, (sql) => activateEntrusts(sql, found.activate, mark));
      round.activated = opened.map((row) => row.id);
      touched.push(...opened.map((row) => row.user_id));
    }
    if (found.stops.length > 0) {
      const settled = await inTransaction(this.pool, (sql) => fireStops(sql, found.stops, mark));
      round.settled.push(...settled);
      touched.push(...settled.map((position) => position.userId));
    }
    const marks = this.marks();
    for (let start = 0; start < found.liquidate.length; start += LIQUIDATION_BATCH) {
      const batch = found.liquidate.slice(start, start + LIQUIDATION_BATCH);
      const outcome = await inTransaction(this.pool, (sql) =>
        liquidate(sql, batch, marks, new Money(this.book.burstRate.toString()).div(new Money(10).pow(18))),
      );
      round.settled.push(...outcome.settled);
      round.liquidatedAccounts += outcome.liquidated.length;
      touched.push(...batch.map((candidate) => candidate.userId));
    }
    await this.reloadUsers(touched);
    round.settleMs = performance.now() - evaluated;
    return round;
  }

  /** Settles every position left closing (a batch close whose process died, a crash mid-way). */
  async finishClosing(): Promise<SettledPosition[]> {
    const settled: SettledPosition[] = [];
    for (;;) {
      const batch = await inTransaction(this.pool, (sql) => settleClosing(sql, undefined, 1_000));
      settled.push(...batch);
      if (batch.length === 0) break;
    }
    await this.reloadUsers(settled.map((position) => position.userId));
    return settled;
  }

  /** The `lever_trade` push of one account (contract notes section 5), from memory at the current marks. */
  leverTradePayload(account: Account, locale: Locale = 'en'): LeverTradePush {
    const rows = [...account.entries.values()].map((entry) => entry.row);
    const names = (matchId: number) => this.pairNames.get(matchId) ?? { currency: '', legal: '' };
    const views = rows.map((row) =>
      positionView(row, names(row.match_id), this.markOf(row.match_id), locale),
    );
    const trading = rows.filter((row) => row.status === LEVER_STATUS.trading);
    const sum = (values: MoneyValue[]) => values.reduce((total, value) => total.plus(value), new Money(0));
    const profits = trading.map((row) => {
      const mark = this.markOf(row.match_id);
      return mark
        ? profitAt({ type: row.type, price: new Money(row.price), number: new Money(row.number) }, mark)
        : new Money(0);
    });
    const caution = sum(trading.map((row) => new Money(row.caution_money)));
    const originCaution = sum(trading.map((row) => new Money(row.origin_caution_money)));
    const profit = sum(profits);
    const balance = new Money(account.balance.toString()).div(new Money(10).pow(18));
    const hazard = hazardRate(
      balance,
      trading.map((row, index) => ({
        caution: new Money(row.caution_money),
        originCaution: new Money(row.origin_caution_money),
        profit: profits[index] as MoneyValue,
      })),
    );
    const money = (value: MoneyValue) => value.toDecimalPlaces(8, Money.ROUND_DOWN).toFixed();
    const open = views.filter((view) => view.status === LEVER_STATUS.trading);
    return {
      type: 'lever_trade',
      to: account.userId,
      legal_id: account.legalId,
      hazard_rate: hazard.toFixed(2),
      caution_money_all: money(caution),
      origin_caution_money_all: money(originCaution),
      profits_all: money(profit),
      caution_money: money(caution),
      origin_caution_money: money(originCaution),
      profits: money(profit),
      trades_all: JSON.stringify(open),
      trades_entrust: JSON.stringify(views.filter((view) => view.status === LEVER_STATUS.pending)),
      trades_cur: JSON.stringify(open),
    };
  }
}
