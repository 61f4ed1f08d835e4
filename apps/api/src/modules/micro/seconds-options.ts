import type { SecondsOption } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { plain } from './insurance/list-types';
import { activeDurations } from './options';

/** GET /api/microtrade/seconds: the durations on offer; none means the market is closed. */
export async function secondsOptions(prisma: Db): Promise<SecondsOption[]> {
  const durations = await activeDurations(prisma);
  if (durations.length === 0) throw new AppError('micro_closed_market');
  return durations.map((duration) => ({
    id: duration.id,
    seconds: duration.seconds,
    status: duration.status,
    profit_ratio: plain(duration.profit_ratio),
    min_amount: plain(duration.min_amount),
    max_amount: plain(duration.max_amount),
    created_at: duration.created_at.toISOString(),
    updated_at: duration.updated_at.toISOString(),
  }));
}
