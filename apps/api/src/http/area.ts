import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/** What app.ts hands every area's plugin. */
export interface AreaOptions {
  /** Redis by URL, for BullMQ queues and subscribers, which manage their own connections and prefixes. */
  redisUrl: string;
}

/**
 * An area of the business as a Fastify plugin: it registers its own routes (thin, one route or a small group a
 * file), hooks and services, in its own encapsulated scope. app.ts registers every area the same way.
 */
export type Area<Options extends AreaOptions = AreaOptions> = FastifyPluginAsync<Options>;

/** An area from the function that sets it up (sync or async). */
export function defineArea<Options extends AreaOptions = AreaOptions>(
  setUp: (app: FastifyInstance, options: Options) => void | Promise<void>,
): Area<Options> {
  return async (app, options) => {
    await setUp(app, options);
  };
}

/** Something an area opens for the app's lifetime (a BullMQ queue): closed when the app closes. */
export function closedWithApp<Resource extends { close(): Promise<void> }>(
  app: FastifyInstance,
  resource: Resource,
): Resource {
  app.addHook('onClose', () => resource.close());
  return resource;
}

/** The app's error log in the `(fields, message)` form the areas' use cases take. */
export const errorLog =
  (app: FastifyInstance) =>
  (fields: object, message: string): void =>
    app.log.error(fields, message);
