import { defineArea } from '../../http/area';
import { paymentAccountRoutes } from './routes';

/** A user's receiving accounts (bank, Alipay, WeChat). */
export const paymentAccountArea = defineArea((app) => {
  paymentAccountRoutes(app);
});
