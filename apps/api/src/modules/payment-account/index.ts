/** Payment accounts and bank cards: the area's one public surface (other areas, workers and ops import only this). */
import './texts';
export { PAYOUT_BANKS, paymentAccountRoutes } from './routes';
export { paymentAccountArea } from './plugin';
