import { prismaSql, type Db } from '@exchange/kernel/db';
import { Money, toAmountString, type Money as MoneyValue } from '@exchange/kernel/ledger';
import { marksFor } from './position-views';
import { userPositions } from './positions';
import { hazardRate, LEVER_STATUS, profitAt } from './risk';

/** An amount of the risk figures: 8 decimals, rounded down. */
export const riskAmount = (value: MoneyValue) => toAmountString(value.toDecimalPlaces(8, Money.ROUND_DOWN));

/**
 * A user's risk in one quote currency: available balance, margins, profits and the risk rate, over all pairs
 * and over the one asked for.
 */
export async function riskSummary(prisma: Db, userId: number, legalId: number, matchId?: number) {
  const open = await userPositions(prismaSql(prisma), userId, [LEVER_STATUS.trading], { legalId });
  const marks = await marksFor(prisma, open);
  const wallet = await prisma.wallet.findUnique({
    where: { user_id_currency_id: { user_id: userId, currency_id: legalId } },
  });
  const balance = new Money(wallet?.lever_balance.toFixed() ?? '0');
  const items = open.map((row) => {
    const mark = marks.get(row.match_id);
    return {
      row,
      caution: new Money(row.caution_money),
      originCaution: new Money(row.origin_caution_money),
      profit: mark
        ? profitAt({ type: row.type, price: new Money(row.price), number: new Money(row.number) }, mark)
        : new Money(0),
    };
  });
  const sum = (list: typeof items, pick: (item: (typeof items)[number]) => MoneyValue) =>
    list.reduce((total, item) => total.plus(pick(item)), new Money(0));
  const onPair = matchId === undefined ? items : items.filter((item) => item.row.match_id === matchId);
  return {
    balance,
    marks,
    totals: {
      hazard_rate: hazardRate(balance, items).toFixed(2),
      caution_money_total: riskAmount(sum(items, (item) => item.caution)),
      origin_caution_money_total: riskAmount(sum(items, (item) => item.originCaution)),
      profits_total: riskAmount(sum(items, (item) => item.profit)),
      caution_money: riskAmount(sum(onPair, (item) => item.caution)),
      origin_caution_money: riskAmount(sum(onPair, (item) => item.originCaution)),
      profits: riskAmount(sum(onPair, (item) => item.profit)),
    },
  };
}
