import type { NewsList } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { DEFAULT_LOCALE, type Locale } from '@exchange/kernel/i18n';
import { formatDateTime } from '../../http/format';
import { readSettings } from '../system';

/**
 * A page of one category in the reader's language, with the app download links; a category with nothing in
 * that language falls back to English rather than looking empty.
 */
export async function listNews(
  prisma: Db,
  input: { c_id?: number | undefined; page: number; limit: number; lang: Locale },
): Promise<NewsList> {
  const { c_id, page, limit } = input;
  const inRequested = await prisma.news.count({ where: { c_id, lang: input.lang } });
  const where = { c_id, lang: inRequested > 0 ? input.lang : DEFAULT_LOCALE };
  const [count, rows, settings] = await Promise.all([
    prisma.news.count({ where }),
    prisma.news.findMany({
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
    readSettings(prisma),
  ]);
  return {
    version: {
      key: 'version',
      value: [{ ios_url: settings.app_ios_url, android_url: settings.app_android_url }],
    },
    list: rows.map((row) => ({ ...row, update_time: formatDateTime(row.update_time) })),
    count,
    page,
    limit,
  };
}
