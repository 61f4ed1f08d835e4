import { defineArea } from '../../http/area';
import { verificationRoutes } from './routes/codes';

/** Verification codes by e-mail and SMS. */
export const verificationArea = defineArea((app) => {
  verificationRoutes(app);
});
