import type { Db } from '@exchange/kernel/db';
import type { LeverDeps } from '../close-position';
import type { PositionViews } from '../position-views';

/** What the lever routes share: the use cases' dependencies and the views of positions. */
export interface LeverRoutes {
  deps: LeverDeps & { prisma: Db };
  views: PositionViews;
}
