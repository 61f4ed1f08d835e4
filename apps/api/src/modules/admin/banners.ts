import type { AdminBanner } from '@exchange/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, News } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { storeUploadedImage, UPLOAD_URL_PREFIX } from '../identity';
import { NEWS_CATEGORIES, saveNews } from '../news';
import { recordTrail, type Actor } from './trail';

/** Home-page banners are notices of this category with a cover image; the carousel shows them per language. */
const BANNERS = NEWS_CATEGORIES.banners;

/** Images a banner may show: one an operator uploaded, or one the client ships (the seeded banners). */
const COVER = new RegExp(`^(${UPLOAD_URL_PREFIX}[\\w.-]{1,120}|/banners/[\\w.-]{1,120})$`);
export const isBannerCover = (value: string) => COVER.test(value) && !value.includes('..');

const view = (row: News): AdminBanner => ({
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
  return rows.map(view);
}

/**
 * Stores a banner image with the identity area's upload code (type read from the bytes, size limit, named by
 * content hash); the file carries the operator's id instead of a user's. The trail notes who stored what.
 */
export async function uploadBannerImage(app: FastifyInstance, request: FastifyRequest, actor: Actor) {
  const stored = await storeUploadedImage(app, request, `op${actor.operatorId ?? 0}`);
  await app.prisma.$transaction((tx) =>
    recordTrail(tx, actor, {
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
 * Publishes a banner (no id) or changes one through the news area's own action, with the trail; a banner's
 * id names a notice of the banner category only.
 */
export async function saveBanner(prisma: Db, actor: Actor, input: BannerInput) {
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
      recordTrail(tx, actor, {
        action: before ? 'banner.update' : 'banner.publish',
        targetType: 'notice',
        targetId: after.id,
        before: before ? view(before) : undefined,
        after: view(after),
      }),
  });
  if (!saved) throw new AppError('admin_record_not_found');
  return view(saved);
}
