import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdminBanner, OperatorTrail } from '@exchange/contracts';
import type { Db, News, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { storeUploadedImage, UPLOAD_URL_PREFIX } from '../identity';
import { deleteNews, saveNews, type NewsContent } from './publish';
import { NEWS_CATEGORIES } from './categories';

/** The categories an operator publishes into: the client's notice list, home strip, banners and latest. */
const NOTICE_CATEGORIES: number[] = Object.values(NEWS_CATEGORIES);

/** A notice as an operator writes it (the cover belongs to banners). */
type NoticeInput = Omit<NewsContent, 'cover'>;

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

/** Publishes a new notice (no id) or changes one through the area's own action, with the trail. */
export async function saveNotice(
  prisma: Db,
  input: NoticeInput & { id?: number | undefined },
  trail: OperatorTrail<Tx>,
) {
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
      trail(tx, {
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

export async function deleteNotice(prisma: Db, id: number, trail: OperatorTrail<Tx>) {
  const deleted = await deleteNews(prisma, {
    id,
    within: (tx, before) =>
      trail(tx, { action: 'notice.delete', targetType: 'notice', targetId: id, before }),
  });
  if (!deleted) throw new AppError('admin_record_not_found');
  return { id };
}

/** Home-page banners are notices of this category with a cover image; the carousel shows them per language. */
const BANNERS = NEWS_CATEGORIES.banners;

/** Images a banner may show: one an operator uploaded, or one the client ships (the seeded banners). */
const COVER = new RegExp(`^(${UPLOAD_URL_PREFIX}[\\w.-]{1,120}|/banners/[\\w.-]{1,120})$`);
const isBannerCover = (value: string) => COVER.test(value) && !value.includes('..');

const bannerView = (row: News): AdminBanner => ({
  id: row.id,
  lang: row.lang,
  title: row.title,
  abstract: row.abstract,
  cover: row.cover,
  sorts: row.sorts,
  update_time: row.update_time.toISOString(),
});

export async function listBanners(
  prisma: Db,
  options: { lang?: string | undefined },
): Promise<AdminBanner[]> {
  const rows = await prisma.news.findMany({
    where: { c_id: BANNERS, ...(options.lang ? { lang: options.lang } : {}) },
    orderBy: [{ lang: 'asc' }, { sorts: 'asc' }, { id: 'desc' }],
  });
  return rows.map(bannerView);
}

/**
 * Stores a banner image with the identity area's upload code (type read from the bytes, size limit, named by
 * content hash); the file carries the operator's id instead of a user's. The trail notes who stored what.
 */
export async function uploadBannerImage(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { operatorId: number | null },
  trail: OperatorTrail<Tx>,
) {
  const stored = await storeUploadedImage(app, request, `op${input.operatorId ?? 0}`);
  await app.prisma.$transaction((tx) =>
    trail(tx, {
      action: 'banner.image',
      targetType: 'banner_image',
      targetId: stored.file_name,
      after: { url: stored.url, sha256: stored.sha256, mime: stored.mime, size_bytes: stored.size_bytes },
    }),
  );
  return { url: stored.url };
}

export interface BannerInput {
  id?: number | undefined;
  lang: string;
  title: string;
  abstract: string;
  content: string;
  cover: string;
  sorts: number;
}

/**
 * Publishes a banner (no id) or changes one through the area's own action, with the trail; a banner's
 * id names a notice of the banner category only.
 */
export async function saveBanner(prisma: Db, input: BannerInput, trail: OperatorTrail<Tx>) {
  if (!isBannerCover(input.cover)) throw new AppError('admin_field_required', { field: 'cover' });
  const saved = await saveNews(prisma, {
    id: input.id,
    content: {
      c_id: BANNERS,
      lang: input.lang,
      title: input.title,
      abstract: input.abstract,
      content: input.content,
      cover: input.cover,
      sorts: input.sorts,
    },
    onlyIn: BANNERS,
    within: (tx, before, after) =>
      trail(tx, {
        action: before ? 'banner.update' : 'banner.publish',
        targetType: 'notice',
        targetId: after.id,
        before: before ? bannerView(before) : undefined,
        after: bannerView(after),
      }),
  });
  if (!saved) throw new AppError('admin_record_not_found');
  return bannerView(saved);
}
