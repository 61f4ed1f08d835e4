import { describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { parseRebateRates, rebateOf } from './rebate-rules';

const rates = (generations: string, listed: string) =>
  parseRebateRates({ team_rebate_generations: generations, team_rebate_rates: listed }).map((rate) =>
    rate.toFixed(),
  );

describe('parseRebateRates', () => {
  it('pays from 0 to 20 generations, whole numbers only, spaces around them ignored', () => {
    expect(rates('0', '10')).toEqual([]);
    expect(rates(' 2 ', '10,5')).toEqual(['10', '5']);
    expect(rates('20', Array.from({ length: 20 }, () => '5').join(','))).toHaveLength(20);
    for (const refused of ['-1', '21', '2.5', 'x'])
      expect(() => rates(refused, '10'), refused).toThrow(/team_rebate_generations must be a whole number/);
  });

  it('reads the rates nearest inviter first, spaces around them ignored; a blank list pays nothing', () => {
    expect(rates('3', ' 20 , 10 ,5 ')).toEqual(['20', '10', '5']);
    expect(rates('3', '')).toEqual([]);
    expect(rates('3', '   ')).toEqual([]);
    // Generations beyond the listed rates pay nothing; rates beyond the generations are not paid.
    expect(rates('2', '20,10,5')).toEqual(['20', '10']);
  });

  it('takes percents with at most four decimals, and refuses anything else', () => {
    expect(rates('1', '12.3456')).toEqual(['12.3456']);
    for (const refused of ['12.34567', '-5', '10%', '1e1', '1000', ''])
      expect(() => rates('2', `10,${refused}`), refused).toThrow(/team_rebate_rates: '.*' is not a percent/);
  });

  it('gives away at most the whole fee, counting only the generations paid', () => {
    expect(rates('2', '60,40')).toEqual(['60', '40']);
    expect(() => rates('2', '60,40.0001')).toThrow('team_rebate_rates give away 100.0001% of a fee');
    expect(rates('1', '60,50')).toEqual(['60']);
  });
});

describe('rebateOf', () => {
  it("is the rate's percent of the fee, rounded down at the currency's precision", () => {
    expect(rebateOf(new Money('0.11'), new Money('33.3333'), 6).toFixed()).toBe('0.036666');
    expect(rebateOf(new Money('1'), new Money('20'), 8).toFixed()).toBe('0.2');
    expect(rebateOf(new Money('0.000001'), new Money('50'), 6).toFixed()).toBe('0');
  });
});
