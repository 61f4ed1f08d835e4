import type { Db } from '@exchange/kernel/db';
import { setMicroPairOptions } from '../modules/micro';
import { findPairBySymbol } from '../modules/spot';

const whole = (raw: string | undefined, name: string) => {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new Error(`--${name} is a whole number of seconds`);
  return Number(raw);
};

/**
 * `npm run ops -- micro:options BTC/USDT [--window 10] [--lookback 300] [--min-notional 1000]
 * [--pair-exposure 20] [--user-exposure 2]`: a pair's seconds-contract price rule and exposure caps.
 */
export async function opsMicroOptions(
  prisma: Db,
  symbol: string,
  values: Partial<Record<'window' | 'lookback' | 'min-notional' | 'pair-exposure' | 'user-exposure', string>>,
) {
  const pair = await findPairBySymbol(prisma, symbol);
  if (!pair) throw new Error(`no pair ${symbol}`);
  return {
    symbol: `${pair.currency.name}/${pair.legal.name}`,
    ...(await setMicroPairOptions(prisma, pair.id, {
      micro_price_window_seconds: whole(values.window, 'window'),
      micro_price_lookback_seconds: whole(values.lookback, 'lookback'),
      micro_price_min_notional: values['min-notional'],
      micro_pair_exposure_percent: values['pair-exposure'],
      micro_user_exposure_percent: values['user-exposure'],
    })),
  };
}
