import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  newsDetailRequestSchema,
  newsDetailSchema,
  newsListRequestSchema,
  newsListSchema,
} from '@exchange/contracts';
import { isLocale } from '@exchange/kernel/i18n';
import { answers, ok } from '../../../http/envelope';
import { listNews } from '../list-news';
import { readNews } from '../read-news';

/** `POST /api/news/list` and `/api/news/detail`: the public notices, banners and pages. */
export function newsRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/api/news/list',
    { schema: { body: newsListRequestSchema, response: answers(newsListSchema) } },
    async (request) => {
      const { lang, ...page } = request.body;
      return ok(await listNews(app.prisma, { ...page, lang: isLocale(lang) ? lang : request.locale }));
    },
  );
  typed.post(
    '/api/news/detail',
    { schema: { body: newsDetailRequestSchema, response: answers(newsDetailSchema) } },
    async (request) => ok(await readNews(app.prisma, request.body.id)),
  );
}
