import { describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import type { PositionRow } from './positions';
import { bookedProfit, hazardRate, isBurst, openingTerms, overnightFee, profitAt, settleClose } from './risk';
import { RiskBook, toScaled } from './risk-book';

const m = (value: string | number) => new Money(value);

describe('lever arithmetic', () => {
  it('prices an opening against the trader and rounds what the trader pays up', () => {
    const base = {
      originPrice: m('100000'),
      share: 3,
      shareNum: m('0.01'),
      multiple: 7,
      spreadPercent: m('0.02'),
      feePercent: m('0.1'),
      priceDecimals: 2,
      moneyDecimals: 6,
    };
    const long = openingTerms({ ...base, type: 1 });
    expect([long.price, long.number, long.margin, long.fee].map((v) => v.toFixed())).toEqual([
      '100020',
      '0.03',
      '428.657143',
      '3.0006',
    ]);
    expect(openingTerms({ ...base, type: 2 }).price.toFixed()).toBe('99980');
  });

  it('computes profit, risk rate and the overnight fee', () => {
    const long = { type: 1, price: m(100), number: m(2) };
    expect(profitAt(long, m(90)).toFixed()).toBe('-20');
    expect(profitAt({ ...long, type: 2 }, m(90)).toFixed()).toBe('20');
    expect(bookedProfit(m('-1.0000001'), 6).toFixed()).toBe('-1.000001');
    expect(bookedProfit(m('1.0000009'), 6).toFixed()).toBe('1');
    expect(hazardRate(m(10), [{ caution: m(20), originCaution: m(20), profit: m(-25) }]).toFixed()).toBe(
      '25',
    );
    expect(hazardRate(m(10), []).toFixed()).toBe('0');
    expect(overnightFee({ price: m('100020'), number: m('0.02'), overnight: m('0.05') }, 6).toFixed()).toBe(
      '1.0002',
    );
  });

  it('never lets a close overdraw: margin, then the available balance, then the insurance fund', () => {
    const reserve = () => ({ pool: m(1000), fund: m(1000) });
    const figures = (outcome: ReturnType<typeof settleClose>) =>
      [outcome.available, outcome.pool, outcome.shortfall, outcome.fund, outcome.unpaid].map((v) =>
        v.toFixed(),
      );
    expect(figures(settleClose(m(20), m(5), m(0), reserve()))).toEqual(['25', '-5', '0', '0', '0']);
    // A loss the margin covers comes out of the margin alone: 15 of it back, the pool gets the 5.
    expect(figures(settleClose(m(20), m(-5), m(0), reserve()))).toEqual(['15', '5', '0', '0', '0']);
    expect(figures(settleClose(m(20), m(-30), m(50), reserve()))).toEqual(['-10', '30', '0', '0', '0']);
    // A loss of 100 on a margin of 20: 30 from the available balance, the other 50 from the insurance fund.
    expect(figures(settleClose(m(20), m(-100), m(30), reserve()))).toEqual(['-30', '100', '50', '-50', '0']);
  });

  it('never asks the lever pool or the insurance fund for more than they hold', () => {
    // A profit of 100 with 60 in the pool and 30 in the fund: 90 paid, 10 cut and recorded.
    const short = { pool: m(60), fund: m(30) };
    const win = settleClose(m(20), m(100), m(0), short);
    expect([win.available, win.pool, win.fund, win.unpaid].map((v) => v.toFixed())).toEqual([
      '110',
      '-60',
      '-30',
      '10',
    ]);
    expect([short.pool.toFixed(), short.fund.toFixed()]).toEqual(['0', '0']);
    // A loss beyond margin and balance with an empty fund: the pool gets what the user paid, nothing more.
    const empty = { pool: m(0), fund: m(0) };
    const loss = settleClose(m(20), m(-100), m(30), empty);
    expect([loss.available, loss.pool, loss.shortfall, loss.fund].map((v) => v.toFixed())).toEqual([
      '-30',
      '50',
      '50',
      '0',
    ]);
    // What earlier settlements of a batch brought in pays the next winner.
    expect(settleClose(m(20), m(40), m(0), empty).pool.toFixed()).toBe('-40');
    expect(empty.pool.toFixed()).toBe('10');
    // A reserve already below zero (a fund drawn before this rule) pays nothing.
    const overdrawn = settleClose(m(20), m(5), m(0), { pool: m(-3), fund: m(-1) });
    expect([overdrawn.available.toFixed(), overdrawn.unpaid.toFixed()]).toEqual(['20', '5']);
  });
});

const row = (fields: Partial<PositionRow>): PositionRow => ({
  id: '1',
  user_id: 1,
  match_id: 1,
  legal_id: 9,
  currency_id: 2,
  type: 1,
  status: 1,
  share: 1,
  number: '1',
  multiple: 10,
  origin_price: '100',
  price: '100',
  update_price: '100',
  target_profit_price: '0',
  stop_loss_price: '0',
  origin_caution_money: '10',
  caution_money: '10',
  trade_fee: '0',
  overnight: '0',
  overnight_money: '0',
  fact_profits: '0',
  close_price: null,
  close_reason: '',
  shortfall: '0',
  created_at: new Date(),
  transaction_time: new Date(),
  handle_time: null,
  complete_time: null,
  ...fields,
});

describe('RiskBook', () => {
  it('finds the same liquidations as the exact formula, across pairs', () => {
    expect(toScaled('-1.5')).toBe(-1_500_000_000_000_000_000n);
    // Exact to 18 decimals; beyond them cut, as a mark is handed over (rounded down at 18 decimals).
    expect(toScaled('0.1234567890123456789')).toBe(123_456_789_012_345_678n);
    const book = new RiskBook();
    book.replaceUsers(
      [1, 2],
      [
        row({ id: '1', user_id: 1 }),
        row({ id: '2', user_id: 1, match_id: 2, type: 2, price: '50', number: '2' }),
        row({ id: '3', user_id: 2, type: 2, stop_loss_price: '104' }),
        row({ id: '4', user_id: 2, status: 0, origin_price: '95' }),
      ],
      [
        { user_id: 1, currency_id: 9, lever_balance: '1' },
        { user_id: 2, currency_id: 9, lever_balance: '100' },
      ],
    );
    book.marks.set(1, toScaled('100'));
    book.marks.set(2, toScaled('50'));
    expect(book.evaluate(1)).toMatchObject({ activate: [], stops: [], liquidate: [] });
    book.marks.set(1, toScaled('82'));
    // 1 + 20 - 18 = 3 -> 15 %: still above 10 %; the short on pair 2 at 50 is flat.
    expect(book.evaluate(1).liquidate).toEqual([]);
    book.marks.set(2, toScaled('50.5'));
    // Pair 2's short now loses 1: equity 2 -> 10 %: liquidated, as hazardRate agrees.
    expect(
      hazardRate(m(1), [
        { caution: m(10), originCaution: m(10), profit: m(-18) },
        { caution: m(10), originCaution: m(10), profit: m(-1) },
      ]).toFixed(),
    ).toBe('10');
    expect(book.evaluate(1).liquidate).toEqual([{ userId: 1, legalId: 9 }]);
    book.marks.set(1, toScaled('105'));
    expect(book.evaluate(1)).toMatchObject({ stops: ['3'], activate: [] });
    book.marks.set(1, toScaled('95'));
    expect(book.evaluate(1).activate).toEqual(['4']);
  });
});

describe('triggers at exactly their price', () => {
  // The book proposes; fireStops and activateEntrusts decide again in SQL under lock (lever.test.ts).
  it('finds the same triggers in the risk book', () => {
    const book = new RiskBook();
    book.replaceUsers(
      [1],
      [
        row({ id: '1', type: 1, target_profit_price: '110', stop_loss_price: '95' }),
        row({ id: '2', type: 2, target_profit_price: '90', stop_loss_price: '105' }),
        row({ id: '3', type: 1, status: 0, origin_price: '99' }),
        row({ id: '4', type: 2, status: 0, origin_price: '101' }),
      ],
      [{ user_id: 1, currency_id: 9, lever_balance: '1000' }],
    );
    const at = (mark: string) => {
      book.marks.set(1, toScaled(mark));
      const { stops, activate } = book.evaluate(1);
      return { stops: stops.sort(), activate: activate.sort() };
    };
    // Position 1: a long taking profit at 110, stopping its loss at 95; position 2: a short taking profit at
    // 90, stopping its loss at 105; entrust 3 opens a long at 99, entrust 4 a short at 101.
    expect(at('110')).toEqual({ stops: ['1', '2'], activate: ['4'] });
    expect(at('109.99')).toEqual({ stops: ['2'], activate: ['4'] });
    expect(at('105')).toEqual({ stops: ['2'], activate: ['4'] });
    expect(at('104.99')).toEqual({ stops: [], activate: ['4'] });
    expect(at('101')).toEqual({ stops: [], activate: ['4'] });
    expect(at('100.99')).toEqual({ stops: [], activate: [] });
    expect(at('99.01')).toEqual({ stops: [], activate: [] });
    expect(at('99')).toEqual({ stops: [], activate: ['3'] });
    expect(at('95.01')).toEqual({ stops: [], activate: ['3'] });
    expect(at('95')).toEqual({ stops: ['1'], activate: ['3'] });
    expect(at('90.01')).toEqual({ stops: ['1'], activate: ['3'] });
    expect(at('90')).toEqual({ stops: ['1', '2'], activate: ['3'] });
  });
});

describe('a stop alone', () => {
  it('fires a take-profit or a stop-loss set without the other on its own side only', () => {
    const book = new RiskBook();
    book.replaceUsers(
      [1],
      [
        row({ id: '5', type: 1, target_profit_price: '110' }),
        row({ id: '6', type: 1, stop_loss_price: '95' }),
        row({ id: '7', type: 2, target_profit_price: '90' }),
        row({ id: '8', type: 2, stop_loss_price: '105' }),
      ],
      [{ user_id: 1, currency_id: 9, lever_balance: '1000' }],
    );
    const stopsAt = (mark: string) => {
      book.marks.set(1, toScaled(mark));
      return book.evaluate(1).stops.sort();
    };
    // Up: the long's take-profit and the short's stop-loss; the side without a stop never fires, however far.
    expect(stopsAt('100')).toEqual([]);
    expect(stopsAt('105')).toEqual(['8']);
    expect(stopsAt('110')).toEqual(['5', '8']);
    expect(stopsAt('1000000')).toEqual(['5', '8']);
    // Down: the long's stop-loss and the short's take-profit.
    expect(stopsAt('95')).toEqual(['6']);
    expect(stopsAt('90')).toEqual(['6', '7']);
    expect(stopsAt('0.01')).toEqual(['6', '7']);
  });
});

describe('what the liquidation check counts', () => {
  it('counts positions in trade only: a pending entrust adds neither margin nor profit', () => {
    const book = new RiskBook();
    // One long of 1 at 100 with a margin of 10, and an entrust whose margin of 50 is locked, not a position.
    book.replaceUsers(
      [1, 2],
      [
        row({ id: '1', user_id: 1 }),
        row({
          id: '2',
          user_id: 1,
          status: 0,
          origin_price: '50',
          caution_money: '50',
          origin_caution_money: '50',
        }),
        row({ id: '3', user_id: 2, status: 0, origin_price: '50' }),
        row({ id: '4', user_id: 2, status: 3 }),
      ],
      [
        { user_id: 1, currency_id: 9, lever_balance: '0' },
        { user_id: 2, currency_id: 9, lever_balance: '0' },
      ],
    );
    // At 91 the long has lost 9 of its 10: 1 / 10 -> 10 %, the burst rate.
    book.marks.set(1, toScaled('91'));
    const evaluation = book.evaluate(1);
    expect(evaluation.liquidate).toEqual([{ userId: 1, legalId: 9 }]);
    // User 2 holds an entrust and a closed position: no account on the pair, nothing the mark can liquidate.
    expect(book.accountsOnPair(1).map((account) => account.key)).toEqual(['1:9']);
    expect(book.size).toBe(3);
    expect(book.accountsAtRisk(1n)).toBe(1);
    book.marks.set(1, toScaled('91.01'));
    expect(book.evaluate(1).liquidate).toEqual([]);
    expect(book.accountsAtRisk(1n)).toBe(0);
  });

  it('calls for liquidation at exactly the burst rate, and rates an account without margins 0', () => {
    expect(isBurst(m(10), m(10))).toBe(true);
    expect(isBurst(m('10.01'), m(10))).toBe(false);
    expect(hazardRate(m(5), [{ caution: m(0), originCaution: m(0), profit: m(0) }]).toFixed()).toBe('0');
  });
});

describe('what the risk book holds', () => {
  const keys = (accounts: { key: string }[]) => accounts.map((account) => account.key).sort();

  it('replaces everything it knew of a reloaded user: what Postgres no longer holds neither fires nor counts', () => {
    const book = new RiskBook();
    book.replaceUsers(
      [1, 2],
      [
        row({ id: '1', user_id: 1, stop_loss_price: '95' }),
        row({ id: '2', user_id: 1, status: 0, origin_price: '90' }),
        row({ id: '3', user_id: 2 }),
      ],
      [{ user_id: 2, currency_id: 9, lever_balance: '100' }],
    );
    expect([book.size, book.userIds().sort()]).toEqual([3, [1, 2]]);
    expect(keys(book.accountsOnPair(1))).toEqual(['1:9', '2:9']);
    expect(book.accountsOnPair(2)).toEqual([]);
    // User 1 has no wallet row: an available balance of 0, so at 90 the long's loss leaves 0 of 10.
    expect(book.account('1:9')?.balance).toBe(0n);
    book.marks.set(1, toScaled('90'));
    expect(book.evaluate(1)).toEqual({
      activate: ['2'],
      stops: ['1'],
      liquidate: [{ userId: 1, legalId: 9 }],
    });
    // Within ten times the burst rate: user 1 (0 %), not user 2 (100 + 10 - 10 of 10: 1 000 %).
    expect(book.accountsAtRisk(10n)).toBe(1);

    // User 1 closed the position and cancelled the entrust: reloaded, the book forgets both.
    book.replaceUsers([1], [], []);
    expect([book.size, book.userIds()]).toEqual([1, [2]]);
    expect([book.accountsOfUser(1), book.account('1:9')]).toEqual([[], undefined]);
    expect(keys(book.accountsOnPair(1))).toEqual(['2:9']);
    expect(book.evaluate(1)).toEqual({ activate: [], stops: [], liquidate: [] });
    expect(book.accountsAtRisk(10n)).toBe(0);

    // User 2 sets a stop, then clears it: each reload replaces the position, its old stop included.
    book.replaceUsers(
      [2],
      [row({ id: '3', user_id: 2, stop_loss_price: '91' })],
      [{ user_id: 2, currency_id: 9, lever_balance: '100' }],
    );
    expect(book.evaluate(1).stops).toEqual(['3']);
    book.replaceUsers(
      [2],
      [row({ id: '3', user_id: 2 })],
      [{ user_id: 2, currency_id: 9, lever_balance: '100' }],
    );
    expect([book.size, book.evaluate(1).stops]).toEqual([1, []]);
    expect(keys(book.accountsOfUser(2))).toEqual(['2:9']);

    // User 3 holds only an entrust on pair 3 and a position without stops on pair 4: neither pair has
    // anything of theirs to forget in the other index, and the reload still forgets both.
    book.replaceUsers(
      [3],
      [row({ id: '9', user_id: 3, match_id: 3, status: 0 }), row({ id: '10', user_id: 3, match_id: 4 })],
      [],
    );
    expect(keys(book.accountsOnPair(4))).toEqual(['3:9']);
    book.replaceUsers([3], [], []);
    expect([book.size, book.userIds(), book.accountsOnPair(4)]).toEqual([1, [2], []]);
  });

  it('judges an account only once every pair it trades has a mark', () => {
    const book = new RiskBook();
    // A long of 1 at 100 on pair 1 and a short of 2 at 50 on pair 2, 10 of margin each, nothing available.
    book.replaceUsers(
      [1],
      [row({ id: '1' }), row({ id: '2', match_id: 2, type: 2, price: '50', number: '2' })],
      [],
    );
    // Pair 1 falls to 80: a loss of 20 on 20 of margin, unless pair 2 gained meanwhile; its mark is unknown.
    book.marks.set(1, toScaled('80'));
    expect(book.evaluate(1).liquidate).toEqual([]);
    expect(book.accountsAtRisk(1n)).toBe(0);
    expect(book.evaluate(2)).toEqual({ activate: [], stops: [], liquidate: [] });
    // Pair 2 at 45: the short gained 10, equity 10 of 20 is 50 %; at 50 it is flat, equity 0: liquidated.
    book.marks.set(2, toScaled('45'));
    expect(book.evaluate(1).liquidate).toEqual([]);
    expect(book.accountsAtRisk(5n)).toBe(1);
    book.marks.set(2, toScaled('50'));
    expect(book.evaluate(2).liquidate).toEqual([{ userId: 1, legalId: 9 }]);
  });

  it("keeps each of a user's quote currencies a separate account, with its own balance", () => {
    const book = new RiskBook();
    // The same long in USDT (legal 9) and in a second quote currency (legal 8, pair 5); 1 000 available in it.
    book.replaceUsers(
      [1],
      [row({ id: '1' }), row({ id: '2', match_id: 5, legal_id: 8 })],
      [
        { user_id: 1, currency_id: 8, lever_balance: '1000' },
        { user_id: 1, currency_id: 9, lever_balance: '0.5' },
      ],
    );
    expect(keys(book.accountsOfUser(1))).toEqual(['1:8', '1:9']);
    expect(book.account('1:9')?.balance).toBe(toScaled('0.5'));
    // At 91.5 the USDT long leaves 0.5 + 1.5 = 2 of 10: 20 %. At 90.5, 1 of 10: liquidated, whatever the
    // other currency holds.
    book.marks.set(1, toScaled('91.5'));
    book.marks.set(5, toScaled('91.5'));
    expect(book.evaluate(1).liquidate).toEqual([]);
    book.marks.set(1, toScaled('90.5'));
    book.marks.set(5, toScaled('90.5'));
    expect(book.evaluate(1).liquidate).toEqual([{ userId: 1, legalId: 9 }]);
    expect(book.evaluate(5).liquidate).toEqual([]);
  });
});
