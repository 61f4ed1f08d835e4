import { defineArea } from '../../http/area';
import { bankRoutes } from './routes/bank';
import { cashInfoRoutes } from './routes/cash-info';

/** A user's receiving accounts (bank, Alipay, WeChat). */
export const paymentAccountArea = defineArea((app) => {
  cashInfoRoutes(app);
  bankRoutes(app);
});
