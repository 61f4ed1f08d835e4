import { defineArea } from '../../http/area';
import { acceptorListRoutes } from './routes/acceptors';
import { dealActionRoutes } from './routes/deal-actions';
import { dealRoutes } from './routes/deals';

/**
 * Acceptors and their deals (document 2 "Acceptor", notes section 9). Unlike the original, every call is
 * tied to the signed-in user's token; the acceptor's own calls answer only to the acceptor's user.
 */
export const acceptorArea = defineArea((app) => {
  acceptorListRoutes(app);
  dealRoutes(app);
  dealActionRoutes(app);
});
