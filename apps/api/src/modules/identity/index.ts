/** Identity verification: the area's one public surface (other areas, workers and ops import only this). */
import './texts';
export { storeUploadedImage, UPLOAD_URL_PREFIX, type StoredImage } from './upload';
export { REVIEW_STATUS, reviewIdentity } from './review';
export { identityArea } from './plugin';
export * as identityOperator from './operator';
