import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { deleteNews, NEWS_CATEGORIES, saveNews, type NewsContent } from '../news';
import { recordTrail, type Actor } from './trail';

/** The categories an operator publishes into: the client's notice list, home strip, banners and latest. */
export const NOTICE_CATEGORIES: number[] = Object.values(NEWS_CATEGORIES);

/** A notice as an operator writes it (the cover belongs to banners). */
export type NoticeInput = Omit<NewsContent, 'cover'>;

const view = <Row extends { create_time: Date; update_time: Date }>(row: Row) => ({
  ...row,
  create_time: row.create_time.toISOString(),
  update_time: row.update_time.toISOString(),
});

export async function listNotices(prisma: Db, options: { c_id?: number | undefined; limit: number }) {
  // Without the bodies (long HTML): the editor reads one through the public /api/news/detail.
  const rows = await prisma.news.findMany({
    where: options.c_id ? { c_id: options.c_id } : {},
    orderBy: { id: 'desc' },
    take: options.limit,
    omit: { content: true },
  });
  return rows.map(view);
}

/** Publishes a new notice (no id) or changes one through the news area's own action, with the trail. */
export async function saveNotice(prisma: Db, actor: Actor, input: NoticeInput & { id?: number | undefined }) {
  if (!NOTICE_CATEGORIES.includes(input.c_id)) throw new AppError('admin_field_required', { field: 'c_id' });
  const saved = await saveNews(prisma, {
    id: input.id,
    content: {
      c_id: input.c_id,
      lang: input.lang,
      title: input.title,
      abstract: input.abstract,
      content: input.content,
      sorts: input.sorts,
    },
    within: (tx, before, after) =>
      recordTrail(tx, actor, {
        action: before ? 'notice.update' : 'notice.publish',
        targetType: 'notice',
        targetId: after.id,
        before,
        after,
      }),
  });
  if (!saved) throw new AppError('admin_record_not_found');
  return view(saved);
}

export async function deleteNotice(prisma: Db, actor: Actor, id: number) {
  const deleted = await deleteNews(prisma, {
    id,
    within: (tx, before) =>
      recordTrail(tx, actor, { action: 'notice.delete', targetType: 'notice', targetId: id, before }),
  });
  if (!deleted) throw new AppError('admin_record_not_found');
  return { id };
}
