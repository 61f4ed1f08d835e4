import { defineArea } from '../../http/area';
import { envRoute } from './routes/env';
import { languageRoute } from './routes/language';

/** Settings the client reads at start (languages, options, service texts). */
export const systemArea = defineArea((app) => {
  envRoute(app);
  languageRoute(app);
});
