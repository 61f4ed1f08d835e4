import type { AdminPairSettings } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { leverOptionsView } from '../lever';
import { spotOperator } from '../spot';

/** Every pair with its spot settings, its lever options and how many orders it has live. */
export async function listPairSettings(prisma: Db): Promise<AdminPairSettings[]> {
  const pairs = await spotOperator.listPairSettings(prisma);
  return Promise.all(
    pairs.map(async ({ row, spot }) => {
      const { pair: _pair, open_lever: _open, ...lever } = await leverOptionsView(prisma, row.id);
      return {
        ...spot,
        lever,
        micro: {
          micro_price_window_seconds: row.micro_price_window_seconds,
          micro_price_lookback_seconds: row.micro_price_lookback_seconds,
          micro_price_min_notional: row.micro_price_min_notional.toFixed(),
          micro_pair_exposure_percent: row.micro_pair_exposure_percent.toFixed(),
          micro_user_exposure_percent: row.micro_user_exposure_percent.toFixed(),
        },
      };
    }),
  );
}
