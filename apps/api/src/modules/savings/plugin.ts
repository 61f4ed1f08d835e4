import { closedWithApp, defineArea, errorLog } from '../../http/area';
import { SavingsJobs } from './queue';
import { planRoutes } from './routes/plans';
import { recordRoutes } from './routes/records';

/** Deposit savings: the calls of document 3 (plans, depositable balances, deposit, my deposits). */
export const savingsArea = defineArea((app, { redisUrl }) => {
  const jobs = closedWithApp(app, new SavingsJobs(redisUrl, app.config.REDIS_PREFIX));
  planRoutes(app);
  recordRoutes(app, { pool: app.pg, redis: app.redis, jobs, log: errorLog(app) });
});
