import { defineArea } from '../../http/area';
import { loginRoutes } from './routes/login';
import { passwordResetRoutes } from './routes/password-reset';
import { profileRoutes } from './routes/profile';
import { registerRoute } from './routes/register';

/** Registration, log-in, password reset and the profile. */
export const userArea = defineArea((app) => {
  registerRoute(app);
  loginRoutes(app);
  passwordResetRoutes(app);
  profileRoutes(app);
});
