/** News: the area's one public surface (other areas, workers and ops import only this). */
import './texts';
export { NEWS_CATEGORIES } from './categories';
export { deleteNews, saveNews, type NewsContent } from './publish';
export { newsArea } from './plugin';
export * as newsOperator from './operator';
