import type { Db } from '@exchange/kernel/db';
import { LEVER_RISK_OPTIONS, type LeverRiskOption } from '@exchange/contracts/constants';
import { setLeverOptions } from '../modules/lever';
import { findPairBySymbol } from '../modules/spot';

const integers = (raw: string | undefined, name: string) => {
  if (raw === undefined) return undefined;
  const values = raw.split(',').map((part) => part.trim());
  if (values.some((value) => !/^\d+$/.test(value)))
    throw new Error(`--${name} is a list of whole numbers: 5,10,20`);
  return values.map(Number);
};
const integer = (raw: string | undefined, name: string) => {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} is a whole number`);
  return Number(raw);
};

/**
 * `npm run ops -- lever:options BTC/USDT --open 1 --multiples 5,10,20 --shares 1,5 --min 1 --max 100 ...`;
 * the mark's and the exposure caps' options by their column names: `--mark_impact_notional 5000`.
 */
export async function opsLeverOptions(
  prisma: Db,
  symbol: string,
  values: Partial<
    Record<
      | 'open'
      | 'multiples'
      | 'shares'
      | 'min'
      | 'max'
      | 'share-num'
      | 'fee'
      | 'spread'
      | 'overnight'
      | LeverRiskOption,
      string
    >
  >,
) {
  const pair = await findPairBySymbol(prisma, symbol);
  if (!pair) throw new Error(`no pair ${symbol}`);
  if (values.open !== undefined && values.open !== '0' && values.open !== '1')
    throw new Error('--open is 1 or 0');
  return {
    symbol: `${pair.currency.name}/${pair.legal.name}`,
    ...(await setLeverOptions(prisma, pair.id, {
      open: values.open === undefined ? undefined : values.open === '1',
      multiples: integers(values.multiples, 'multiples'),
      shares: integers(values.shares, 'shares'),
      minShare: integer(values.min, 'min'),
      maxShare: integer(values.max, 'max'),
      shareNum: values['share-num'],
      feePercent: values.fee,
      spreadPercent: values.spread,
      overnightPercent: values.overnight,
      risk: Object.fromEntries(LEVER_RISK_OPTIONS.map((option) => [option, values[option]])),
    })),
  };
}
