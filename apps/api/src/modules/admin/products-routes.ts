import type { FastifyInstance } from 'fastify';
import { LEVER_RISK_OPTIONS } from '@exchange/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { z } from 'zod';
import {
  blankAsMissing,
  decimalText,
  form,
  int4Id,
  optionalText,
  requiredText,
  wholeNumber,
} from '@exchange/contracts';
import { PRECISION_LIMITS } from '../spot';
import { listBanners, saveBanner, uploadBannerImage } from './banners';
import { actorOf, operatorGuard } from './guard';
import { MICRO_PRICE_LIMITS } from '../micro';
import { listPairSettings, savePairLever, savePairMicro, savePairSettings } from './pair-settings';
import { listSavingsPlans, listSecondsOptions, saveSavingsPlan, saveSecondsOption } from './product-options';
import { listSettings, saveSetting } from './settings';

const LANGUAGES = ['en', 'zh', 'hk', 'jp', 'kor', 'th', 'ind'] as const;
const recordId = int4Id();
const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const optionalDecimal = (...args: Parameters<typeof decimalText>) => blankAsMissing(decimalText(...args));
const whole = (min: number, max: number) => wholeNumber(min, max, `${min}-${max}`);
const optionalWhole = (min: number, max: number) => blankAsMissing(whole(min, max));
/** A comma-separated list of whole numbers (lever multiples, preset hands), each 1 to 1000. */
const wholeList = blankAsMissing(
  z.preprocess(
    asText,
    z
      .string()
      .trim()
      .regex(/^\d{1,4}(,\s*\d{1,4}){0,19}$/, { error: 'e.g. 5,10,20 (1-1000)' })
      .transform((value) => value.split(',').map((part) => Number(part.trim())))
      .refine((values) => values.every((value) => value >= 1 && value <= 1000), {
        error: 'e.g. 5,10,20 (1-1000)',
      }),
  ),
);

const pairBody = form({
  id: recordId,
  maker_fee: optionalDecimal(8, { below: 1 }),
  taker_fee: optionalDecimal(8, { below: 1 }),
  min_amount: optionalDecimal(18),
  price_decimals: optionalWhole(0, PRECISION_LIMITS.price),
  amount_decimals: optionalWhole(0, PRECISION_LIMITS.amount),
});
const leverBody = form({
  id: recordId,
  multiples: wholeList,
  shares: wholeList,
  lever_min_share: optionalWhole(1, 1_000_000),
  lever_max_share: optionalWhole(0, 1_000_000),
  lever_share_num: optionalDecimal(8, { positive: true }),
  lever_trade_fee: optionalDecimal(8, { max: 100 }),
  spread: optionalDecimal(8, { max: 100 }),
  overnight: optionalDecimal(8, { max: 100 }),
  mark_impact_notional: optionalDecimal(18, { positive: true }),
  mark_band_percent: optionalDecimal(8, { max: 100 }),
  mark_trade_window_seconds: optionalWhole(1, 86_400),
  mark_min_trade_notional: optionalDecimal(18),
  mark_smoothing_seconds: optionalWhole(1, 3_600),
  mark_max_move_percent: optionalDecimal(8, { positive: true, max: 100 }),
  lever_pair_exposure_percent: optionalDecimal(8, { max: 1000 }),
  lever_user_exposure_percent: optionalDecimal(8, { max: 1000 }),
});
const microBody = form({
  id: recordId,
  micro_price_window_seconds: optionalWhole(1, MICRO_PRICE_LIMITS.windowSeconds),
  micro_price_lookback_seconds: optionalWhole(1, MICRO_PRICE_LIMITS.lookbackSeconds),
  micro_price_min_notional: optionalDecimal(18, { positive: true }),
  micro_pair_exposure_percent: optionalDecimal(8, { max: 100 }),
  micro_user_exposure_percent: optionalDecimal(8, { max: 100 }),
});
const secondsBody = form({
  id: recordId.optional(),
  seconds: whole(5, 86_400),
  profit_ratio: decimalText(4, { positive: true, max: 1000 }),
  min_amount: decimalText(8),
  max_amount: decimalText(8),
  status: z.preprocess((value) => asText(value) ?? '1', z.enum(['0', '1'], { error: '0 | 1' })),
});
const savingsBody = form({
  id: recordId.optional(),
  currency: requiredText('currency_not_found', 16),
  day: whole(1, 3650),
  rate: decimalText(8, { max: 1000 }),
  save_min: decimalText(18, { positive: true }),
  status: z.preprocess((value) => asText(value) ?? '1', z.enum(['0', '1'], { error: '0 | 1' })),
});
const settingBody = form({
  key: requiredText('admin_record_not_found', 64),
  value: z.preprocess(asText, z.string({ error: 'bad_request' }).trim().max(500)),
});
const bannerQuery = z.object({
  lang: blankAsMissing(z.enum(LANGUAGES, { error: 'bad_request' })),
});
const bannerBody = form({
  id: recordId.optional(),
  lang: z.preprocess((value) => value ?? '', z.enum(LANGUAGES, { error: 'bad_request' })),
  title: requiredText('admin_reason_required', 200),
  abstract: optionalText(500),
  content: optionalText(20_000),
  cover: requiredText('upload_missing', 200),
  sorts: wholeNumber(0, 1_000_000, 'bad_request').optional().default(0),
});

/**
 * The console's markets-and-products, business settings and banner calls (issue #15, part B), all under
 * `/api/admin/products/`: viewers read; admins change pairs, products and settings; support publishes
 * banners. Each change writes its trail line in its own transaction.
 */
export function productsRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const viewer = operatorGuard(app, 'viewer');
  const support = operatorGuard(app, 'support');
  const admin = operatorGuard(app, 'admin');

  typed.get('/api/admin/products/pairs', { onRequest: viewer }, async () =>
    ok(await listPairSettings(app.prisma)),
  );
  typed.post(
    '/api/admin/products/pairs/save',
    { schema: { body: pairBody }, onRequest: admin },
    async (request) =>
      ok(
        await savePairSettings(
          { prisma: app.prisma, redis: app.redis, redisPrefix: app.config.REDIS_PREFIX },
          actorOf(request),
          request.body,
        ),
      ),
  );
  typed.post(
    '/api/admin/products/pairs/lever',
    { schema: { body: leverBody }, onRequest: admin },
    async (request) => {
      const body = request.body;
      return ok(
        await savePairLever(app.prisma, actorOf(request), body.id, {
          multiples: body.multiples,
          shares: body.shares,
          minShare: body.lever_min_share,
          maxShare: body.lever_max_share,
          shareNum: body.lever_share_num,
          feePercent: body.lever_trade_fee,
          spreadPercent: body.spread,
          overnightPercent: body.overnight,
          risk: Object.fromEntries(LEVER_RISK_OPTIONS.map((option) => [option, body[option]?.toString()])),
        }),
      );
    },
  );

  typed.post(
    '/api/admin/products/pairs/micro',
    { schema: { body: microBody }, onRequest: admin },
    async (request) => {
      const { id, ...change } = request.body;
      return ok(await savePairMicro(app.prisma, actorOf(request), id, change));
    },
  );

  typed.get('/api/admin/products/seconds', { onRequest: viewer }, async () =>
    ok(await listSecondsOptions(app.prisma)),
  );
  typed.post(
    '/api/admin/products/seconds/save',
    { schema: { body: secondsBody }, onRequest: admin },
    async (request) =>
      ok(
        await saveSecondsOption(app.prisma, actorOf(request), {
          ...request.body,
          status: request.body.status === '1' ? 1 : 0,
        }),
      ),
  );

  typed.get('/api/admin/products/savings', { onRequest: viewer }, async () =>
    ok(await listSavingsPlans(app.prisma)),
  );
  typed.post(
    '/api/admin/products/savings/save',
    { schema: { body: savingsBody }, onRequest: admin },
    async (request) =>
      ok(
        await saveSavingsPlan(app.prisma, actorOf(request), {
          ...request.body,
          currency: request.body.currency.toUpperCase(),
          open: request.body.status === '1',
        }),
      ),
  );

  typed.get('/api/admin/products/settings', { onRequest: viewer }, async () =>
    ok(await listSettings(app.prisma)),
  );
  typed.post(
    '/api/admin/products/settings/save',
    { schema: { body: settingBody }, onRequest: admin },
    async (request) => ok(await saveSetting(app.prisma, actorOf(request), request.body)),
  );

  typed.get(
    '/api/admin/products/banners',
    { schema: { querystring: bannerQuery }, onRequest: viewer },
    async (request) => ok(await listBanners(app.prisma, request.query)),
  );
  typed.post('/api/admin/products/banners/upload', { onRequest: support }, async (request) =>
    ok(await uploadBannerImage(app, request, actorOf(request))),
  );
  typed.post(
    '/api/admin/products/banners/save',
    { schema: { body: bannerBody }, onRequest: support },
    async (request) => ok(await saveBanner(app.prisma, actorOf(request), request.body)),
  );
}
