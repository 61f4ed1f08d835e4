import { defineArea } from '../../http/area';
import { loginRoutes } from './login';
import { passwordResetRoutes } from './password-reset';
import { profileRoutes } from './profile';
import { registerRoute } from './register';

/** Registration, log-in, password reset and the profile. */
export const userArea = defineArea((app) => {
  registerRoute(app);
  loginRoutes(app);
  passwordResetRoutes(app);
  profileRoutes(app);
});
