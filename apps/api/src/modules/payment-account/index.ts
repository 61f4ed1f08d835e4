/** Payment accounts and bank cards: the area's one public surface (other areas, workers and ops import only this). */
import './texts';
export { PAYOUT_BANKS } from './banks';
export { paymentAccountArea } from './plugin';
