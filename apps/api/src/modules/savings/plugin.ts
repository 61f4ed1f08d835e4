import { defineArea } from '../../http/area';
import { SavingsJobs } from './queue';
import { planRoutes } from './routes/plans';
import { recordRoutes } from './routes/records';

/** Deposit savings: the calls of document 3 (plans, depositable balances, deposit, my deposits). */
export const savingsArea = defineArea((app, { redisUrl }) => {
  const jobs = new SavingsJobs(redisUrl, app.config.REDIS_PREFIX);
  app.addHook('onClose', () => jobs.close());
  planRoutes(app);
  recordRoutes(app, {
    pool: app.pg,
    redis: app.redis,
    jobs,
    log: (fields: object, message: string) => app.log.error(fields, message),
  });
});
