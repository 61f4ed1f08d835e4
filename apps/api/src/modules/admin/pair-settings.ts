import type { AdminPairSettings } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { leverOptionsView } from '../lever';
import { LIVE_ORDER_STATES, spotSettingsOf } from '../spot';

/** Every pair with its spot settings, its lever options and how many orders it has live. */
export async function listPairSettings(prisma: Db): Promise<AdminPairSettings[]> {
  const [pairs, live] = await Promise.all([
    prisma.currencyMatch.findMany({
      orderBy: [{ legal_id: 'asc' }, { sort: 'asc' }, { id: 'asc' }],
      include: { legal: { select: { name: true } }, currency: { select: { name: true } } },
    }),
    prisma.spotOrder.groupBy({
      by: ['match_id'],
      where: { state: { in: LIVE_ORDER_STATES } },
      _count: { _all: true },
    }),
  ]);
  const liveByPair = new Map(live.map((row) => [row.match_id, row._count._all]));
  return Promise.all(
    pairs.map(async (pair) => {
      const { pair: _pair, open_lever: _open, ...lever } = await leverOptionsView(prisma, pair.id);
      return {
        id: pair.id,
        symbol: `${pair.currency.name}/${pair.legal.name}`,
        is_display: pair.is_display,
        open_coin_trade: pair.open_coin_trade,
        open_lever: pair.open_lever,
        open_microtrade: pair.open_microtrade,
        ...spotSettingsOf(pair),
        open_orders: liveByPair.get(pair.id) ?? 0,
        lever,
        micro: {
          micro_price_window_seconds: pair.micro_price_window_seconds,
          micro_price_lookback_seconds: pair.micro_price_lookback_seconds,
          micro_price_min_notional: pair.micro_price_min_notional.toFixed(),
          micro_pair_exposure_percent: pair.micro_pair_exposure_percent.toFixed(),
          micro_user_exposure_percent: pair.micro_user_exposure_percent.toFixed(),
        },
      };
    }),
  );
}
