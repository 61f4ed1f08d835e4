import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { NEWS_CATEGORIES } from '../news';
import { recordTrail, type Actor } from './trail';

/** The categories an operator publishes into: the client's notice list, home strip, banners and latest. */
export const NOTICE_CATEGORIES: number[] = Object.values(NEWS_CATEGORIES);

export interface NoticeInput {
  c_id: number;
  lang: string;
  title: string;
  abstract: string;
  content: string;
  sorts: number;
}

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

/** Publishes a new notice (no id) or changes one; the client's pages show it at their next read. */
export async function saveNotice(prisma: Db, actor: Actor, input: NoticeInput & { id?: number | undefined }) {
  if (!NOTICE_CATEGORIES.includes(input.c_id)) throw new AppError('admin_field_required', { field: 'c_id' });
  const data = {
    c_id: input.c_id,
    lang: input.lang,
    title: input.title,
    abstract: input.abstract,
    content: input.content,
    sorts: input.sorts,
  };
  return prisma.$transaction(async (tx) => {
    const before = input.id ? await tx.news.findUnique({ where: { id: input.id } }) : null;
    if (input.id && !before) throw new AppError('admin_record_not_found');
    const saved = before
      ? await tx.news.update({ where: { id: before.id }, data })
      : await tx.news.create({ data });
    await recordTrail(tx, actor, {
      action: before ? 'notice.update' : 'notice.publish',
      targetType: 'notice',
      targetId: saved.id,
      before,
      after: saved,
    });
    return view(saved);
  });
}

export async function deleteNotice(prisma: Db, actor: Actor, id: number) {
  await prisma.$transaction(async (tx) => {
    const before = await tx.news.findUnique({ where: { id } });
    if (!before) throw new AppError('admin_record_not_found');
    await tx.news.delete({ where: { id } });
    await recordTrail(tx, actor, { action: 'notice.delete', targetType: 'notice', targetId: id, before });
  });
  return { id };
}
