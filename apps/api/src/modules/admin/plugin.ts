import { defineArea, type AreaOptions } from '../../http/area';
import { adminRoutes, type AdminDeps } from './routes';

export type AdminOptions = AreaOptions & Pick<AdminDeps, 'audit'>;

/** The operators' console under /api/admin. */
export const adminArea = defineArea<AdminOptions>((app, { redisUrl, audit }) => {
  adminRoutes(app, { redisUrl, audit });
});
