import type { LiquidationCandidate } from './liquidate';
import type { PositionRow } from './positions';
import { LEVER_STATUS, LEVER_TYPE } from './risk';

/**
 * The risk worker's memory of every open position and entrust, arranged so one mark change is evaluated in
 * a few milliseconds for tens of thousands of positions: amounts as integers scaled by 10^18 (exact for
 * NUMERIC(36,18), and BigInt arithmetic is an order of magnitude cheaper than decimal.js), and per account
 * (user and quote currency) its positions netted per pair: with a = net quantity (longs minus shorts) and
 * b = -(signed quantity x open price), the profit of a pair's positions at mark m is a x m + b.
 *
 * It only finds candidates. Whatever it proposes is checked again under lock against Postgres before any
 * money moves (fire-stops.ts, liquidate.ts, activate-entrusts.ts), so a stale view costs a wasted check,
 * never a wrong settlement.
 */
const SCALE = 10n ** 18n;
/** Above every price NUMERIC(36,18) holds (scaled): the bound of a position with no stop on that side. */
const NEVER = 10n ** 36n;
const NONE: ReadonlySet<never> = new Set();

/** A decimal string as an integer scaled by 10^18 (exact for up to 18 decimals). */
export function toScaled(value: string): bigint {
  const negative = value.startsWith('-');
  // `split` always answers at least the whole part.
  const [whole, fraction = ''] = (negative ? value.slice(1) : value).split('.') as [string, string?];
  const scaled = BigInt(whole) * SCALE + BigInt(fraction.padEnd(18, '0').slice(0, 18));
  return negative ? -scaled : scaled;
}

interface Entry {
  row: PositionRow;
  account: Account;
  matchId: number;
  long: boolean;
  status: number;
  number: bigint;
  price: bigint;
  origin: bigint;
  /**
   * A position in trade closes once the mark is at or above `above` (a long's take-profit, a short's
   * stop-loss; NEVER without one) or at or below `below` (a long's stop-loss, a short's take-profit; 0 without
   * one, which no mark reaches: a mark is positive).
   */
  above: bigint;
  below: bigint;
}

interface Leg {
  a: bigint;
  b: bigint;
}

export interface Account {
  key: string;
  userId: number;
  legalId: number;
  /** Available lever balance (scaled). */
  balance: bigint;
  entries: Map<string, Entry>;
  /** Of positions in trade: margins held and margins as opened (scaled), and the legs per pair. */
  caution: bigint;
  originCaution: bigint;
  legs: Map<number, Leg>;
}

export interface Evaluation {
  activate: string[];
  stops: string[];
  liquidate: LiquidationCandidate[];
}

/** An account is one user's lever money in one quote currency. */
export const accountKey = (userId: number, legalId: number) => `${userId}:${legalId}`;

/** An account holding no positions (nor, as far as the book cares, any balance). */
export const emptyAccount = (userId: number, legalId: number): Account => ({
  key: accountKey(userId, legalId),
  userId,
  legalId,
  balance: 0n,
  entries: new Map(),
  caution: 0n,
  originCaution: 0n,
  legs: new Map(),
});

export class RiskBook {
  private readonly accounts = new Map<string, Account>();
  private readonly accountsByUser = new Map<number, Set<Account>>();
  /** Accounts with positions in trade on each pair. */
  private readonly accountsByPair = new Map<number, Set<Account>>();
  /** Entries a mark can trigger on each pair: pending entrusts, and positions with a stop. */
  private readonly triggersByPair = new Map<number, Set<Entry>>();
  /** The latest mark of each pair (scaled). */
  readonly marks = new Map<number, bigint>();
  /** The burst risk rate in percent (scaled). */
  burstRate = 10n * SCALE;

  get size(): number {
    let count = 0;
    for (const account of this.accounts.values()) count += account.entries.size;
    return count;
  }

  userIds(): number[] {
    return [...this.accountsByUser.keys()];
  }

  accountsOfUser(userId: number): Account[] {
    return [...(this.accountsByUser.get(userId) ?? [])];
  }

  account(key: string): Account | undefined {
    return this.accounts.get(key);
  }

  accountsOnPair(matchId: number): Account[] {
    return [...(this.accountsByPair.get(matchId) ?? [])];
  }

  /**
   * Replaces everything known of these users with what Postgres holds now: their pending and in-trade
   * positions, and their available lever balances per quote currency.
   */
  replaceUsers(
    userIds: number[],
    rows: PositionRow[],
    balances: { user_id: number; currency_id: number; lever_balance: string }[],
  ): void {
    for (const userId of userIds) this.removeUser(userId);
    const balanceOf = new Map(
      balances.map((row) => [accountKey(row.user_id, row.currency_id), toScaled(row.lever_balance)]),
    );
    for (const row of rows) {
      if (row.status !== LEVER_STATUS.pending && row.status !== LEVER_STATUS.trading) continue;
      const key = accountKey(row.user_id, row.legal_id);
      let account = this.accounts.get(key);
      if (!account) {
        account = { ...emptyAccount(row.user_id, row.legal_id), balance: balanceOf.get(key) ?? 0n };
        this.accounts.set(key, account);
        const ofUser = this.accountsByUser.get(row.user_id) ?? new Set();
        ofUser.add(account);
        this.accountsByUser.set(row.user_id, ofUser);
      }
      const long = row.type === LEVER_TYPE.long;
      const [targetProfit, stopLoss] = [toScaled(row.target_profit_price), toScaled(row.stop_loss_price)];
      const [up, down] = long ? [targetProfit, stopLoss] : [stopLoss, targetProfit];
      const entry: Entry = {
        row,
        account,
        matchId: row.match_id,
        long,
        status: row.status,
        number: toScaled(row.number),
        price: toScaled(row.price),
        origin: toScaled(row.origin_price),
        above: up > 0n ? up : NEVER,
        below: down,
      };
      account.entries.set(row.id, entry);
      // Stryker disable next-line ConditionalExpression,EqualityOperator: which entries evaluate walks is only speed: walking more (`true`, `>= 0n`) changes nothing, as a position without stops never reaches its bounds; walking fewer is caught (an entrust, a take-profit alone, a stop-loss alone)
      if (entry.status === LEVER_STATUS.pending || targetProfit > 0n || stopLoss > 0n) {
        const triggers = this.triggersByPair.get(entry.matchId) ?? new Set();
        triggers.add(entry);
        this.triggersByPair.set(entry.matchId, triggers);
      }
      if (entry.status === LEVER_STATUS.trading) {
        account.caution += toScaled(row.caution_money);
        account.originCaution += toScaled(row.origin_caution_money);
        const leg = account.legs.get(entry.matchId) ?? { a: 0n, b: 0n };
        const signed = entry.long ? entry.number : -entry.number;
        leg.a += signed;
        leg.b -= signed * entry.price;
        account.legs.set(entry.matchId, leg);
        const onPair = this.accountsByPair.get(entry.matchId) ?? new Set();
        onPair.add(account);
        this.accountsByPair.set(entry.matchId, onPair);
      }
    }
  }

  private removeUser(userId: number): void {
    for (const account of this.accountsByUser.get(userId) ?? []) {
      for (const entry of account.entries.values()) {
        this.triggersByPair.get(entry.matchId)?.delete(entry);
        this.accountsByPair.get(entry.matchId)?.delete(account);
      }
      this.accounts.delete(account.key);
    }
    this.accountsByUser.delete(userId);
  }

  /** Equity x 10^36 of an account at the current marks; undefined while a pair it trades has no mark. */
  equityOf(account: Account): bigint | undefined {
    let equity = (account.balance + account.caution) * SCALE;
    for (const [matchId, leg] of account.legs) {
      const mark = this.marks.get(matchId);
      if (mark === undefined) return undefined;
      equity += leg.a * mark + leg.b;
    }
    return equity;
  }

  /**
   * Accounts in trade whose risk rate at the current marks is at most `factor` times the burst rate (factor 1:
   * due for liquidation): how close the book is to liquidations, for monitoring. Walks every account.
   */
  accountsAtRisk(factor: bigint): number {
    let count = 0;
    for (const account of this.accounts.values()) {
      if (account.originCaution <= 0n) continue;
      const equity = this.equityOf(account);
      if (equity !== undefined && equity * 100n <= factor * this.burstRate * account.originCaution)
        count += 1;
    }
    return count;
  }

  /** What the pair's current mark triggers: entrusts to open, stops to fire, accounts to liquidate. */
  evaluate(matchId: number): Evaluation {
    const result: Evaluation = { activate: [], stops: [], liquidate: [] };
    const mark = this.marks.get(matchId);
    // Stryker disable next-line ConditionalExpression: `false` is only slower: without a mark every comparison below is false (undefined against a bigint) and equityOf answers undefined, so nothing is found either; `true` (never evaluating) is caught
    if (mark === undefined) return result;
    for (const entry of this.triggersByPair.get(matchId) ?? NONE) {
      if (entry.status === LEVER_STATUS.pending) {
        if (entry.long ? mark <= entry.origin : mark >= entry.origin) result.activate.push(entry.row.id);
      } else if (mark >= entry.above || mark <= entry.below) result.stops.push(entry.row.id);
    }
    // Liquidated when equity / margins as opened x 100 <= burst rate, i.e. equity x 100 <= burst x margins
    // (the accounts on a pair hold a position in trade there, whose margin is positive).
    for (const account of this.accountsByPair.get(matchId) ?? NONE) {
      const equity = this.equityOf(account);
      if (equity !== undefined && equity * 100n <= this.burstRate * account.originCaution)
        result.liquidate.push({ userId: account.userId, legalId: account.legalId });
    }
    return result;
  }
}
