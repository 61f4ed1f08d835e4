import type { NewsDetail } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { formatDateTime } from '../../http/format';

/** One news item with its body. */
export async function readNews(prisma: Db, id: number): Promise<NewsDetail> {
  const news = await prisma.news.findUnique({ where: { id } });
  if (!news) throw new AppError('news_not_found');
  return {
    ...news,
    create_time: formatDateTime(news.create_time),
    update_time: formatDateTime(news.update_time),
  };
}
