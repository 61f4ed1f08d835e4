import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSchema, newsDetailSchema, newsListSchema } from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { formatDateTime } from '../../http/format';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@exchange/kernel/i18n';
import { form, int4Id, limitField, optionalText, pageField } from '@exchange/contracts';
import { readSettings } from '../system';

export const NEWS_CATEGORIES = {
  latest: 10,
  notices: 4,
  banners: 5,
  header: 11,
  about: 29,
  support: 30,
} as const;

const listBody = form({
  c_id: int4Id().optional(),
  page: pageField,
  limit: limitField(15, 50),
  lang: optionalText(8),
});

const detailBody = form({ id: int4Id() });

export function newsRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/news/list',
    { schema: { body: listBody, response: { 200: answerSchema(newsListSchema) } } },
    async (request) => {
      const { c_id, page, limit } = request.body;
      const requested: Locale = isLocale(request.body.lang) ? request.body.lang : request.locale;
      // A category with nothing in the reader's language falls back to English rather than looking empty.
      const inRequested = await app.prisma.news.count({ where: { c_id, lang: requested } });
      const lang = inRequested > 0 ? requested : DEFAULT_LOCALE;
      const where = { c_id, lang };
      const [count, rows, settings] = await Promise.all([
        app.prisma.news.count({ where }),
        app.prisma.news.findMany({
          where,
          orderBy: [{ sorts: 'asc' }, { update_time: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * limit,
          take: limit,
          select: {
            id: true,
            c_id: true,
            lang: true,
            title: true,
            abstract: true,
            thumbnail: true,
            cover: true,
            sorts: true,
            update_time: true,
          },
        }),
        readSettings(app.prisma),
      ]);
      return {
        type: 'ok' as const,
        message: {
          version: {
            key: 'version',
            value: [{ ios_url: settings.app_ios_url, android_url: settings.app_android_url }],
          },
          list: rows.map((row) => ({ ...row, update_time: formatDateTime(row.update_time) })),
          count,
          page,
          limit,
        },
      };
    },
  );

  typed.post(
    '/api/news/detail',
    { schema: { body: detailBody, response: { 200: answerSchema(newsDetailSchema) } } },
    async (request) => {
      const news = await app.prisma.news.findUnique({ where: { id: request.body.id } });
      if (!news) throw new AppError('news_not_found');
      return {
        type: 'ok' as const,
        message: {
          ...news,
          create_time: formatDateTime(news.create_time),
          update_time: formatDateTime(news.update_time),
        },
      };
    },
  );
}
