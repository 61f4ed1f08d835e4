import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminBannerBodySchema,
  adminBannerQuerySchema,
  adminBannerSchema,
  adminIdBodySchema,
  adminIdResultSchema,
  adminNoticeBodySchema,
  adminNoticeQuerySchema,
  adminNoticeSchema,
  adminSavedNoticeSchema,
  adminUploadedImageSchema,
} from '@exchange/contracts';
import { newsOperator } from '../../news';
import type { ConsoleCalls } from './calls';
import { actorOf, trailFor, type OperatorGuards } from '../guard';

/**
 * Notices and home-page banners (notices with a cover image): viewers list them; support publishes,
 * changes and deletes them, and uploads banner images.
 */
export function noticeRoutes(app: FastifyInstance, call: ConsoleCalls, { viewer, support }: OperatorGuards) {
  call.get(
    '/api/admin/notices',
    { role: viewer, input: adminNoticeQuerySchema, answer: z.array(adminNoticeSchema) },
    (query) => newsOperator.listNotices(app.prisma, query),
  );
  call.post(
    '/api/admin/notices/save',
    { role: support, input: adminNoticeBodySchema, answer: adminSavedNoticeSchema },
    (body, request) => newsOperator.saveNotice(app.prisma, body, trailFor(request)),
  );
  call.post(
    '/api/admin/notices/delete',
    { role: support, input: adminIdBodySchema, answer: adminIdResultSchema },
    (body, request) => newsOperator.deleteNotice(app.prisma, body.id, trailFor(request)),
  );
  call.get(
    '/api/admin/products/banners',
    { role: viewer, input: adminBannerQuerySchema, answer: z.array(adminBannerSchema) },
    (query) => newsOperator.listBanners(app.prisma, query),
  );
  call.post(
    '/api/admin/products/banners/upload',
    { role: support, answer: adminUploadedImageSchema },
    (_none, request) =>
      newsOperator.uploadBannerImage(
        app,
        request,
        { operatorId: actorOf(request).operatorId },
        trailFor(request),
      ),
  );
  call.post(
    '/api/admin/products/banners/save',
    { role: support, input: adminBannerBodySchema, answer: adminBannerSchema },
    (body, request) => newsOperator.saveBanner(app.prisma, body, trailFor(request)),
  );
}
