/** News: the area's one public surface (other areas, workers and ops import only this). */
export { NEWS_CATEGORIES, newsRoutes } from './routes';
