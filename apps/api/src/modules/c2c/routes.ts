import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  myShopSchema,
  p2pAdSchema,
  p2pOrderSchema,
  p2pTakeAnswerSchema,
  pageDataSchema,
  sellerRecordSchema,
} from '@exchange/contracts';
import { AppError } from '@exchange/kernel/errors';
import { translate, type MessageKey } from '@exchange/kernel/i18n';
import { Money, parseAmount, roundReceived, toAmountString } from '@exchange/kernel/ledger';
import { userRoom } from '@exchange/kernel/realtime';
import { currentUser } from '../../http/auth';
import { form, int4Id, optionalText, pageField } from '@exchange/contracts';
import { requireTradePassword } from '../wallet';
import { publishAd, toggleShelves, withdrawAd } from './ads';
import { findP2pCurrency, parsePrice, requireCancelsLeft, requireP2pGates } from './gates';
import { pushNotices, type Notice } from './notify';
import { addAppealMessage, appealOrder, takeAd, transition, type Caller } from './orders';
import { FIAT_CODES, FIAT_DECIMALS, isAdType, isWay, type Kind, type OrderAction } from './rules';
import { findActiveSeller } from './sellers';
import {
  adOrders,
  findOrderForParty,
  marketAds,
  myAds,
  orderRows,
  pageData,
  sellerRecord,
  takerOrders,
} from './views';

const actionBody = (key: MessageKey) => form({ id: int4Id(key), password: optionalText(64) });

const sendBody = form({
  type: optionalText(8),
  way: optionalText(16),
  price: optionalText(64),
  total_number: optionalText(64),
  min_number: optionalText(64),
  max_number: optionalText(64),
  currency_id: optionalText(64),
  coin_code: optionalText(8),
  password: optionalText(64),
});

const takeBody = form({
  id: int4Id('p2p_ad_not_found'),
  password: optionalText(64),
  means: optionalText(8),
  value: optionalText(64),
  number: optionalText(64),
});

const appealBody = form({ id: int4Id('p2p_order_not_found'), reason: optionalText(500) });
// Longer than a statement may be so that addAppealMessage answers with its own "at most 500" sentence.
const appealMessageBody = form({ id: int4Id('p2p_order_not_found'), message: optionalText(4000) });

const listQuery = z.object({
  type: optionalText(8),
  page: pageField,
  currency_id: optionalText(64),
});
/** One record (an order, an ad's orders) named by id. */
const idQuery = z.object({ id: optionalText(64), page: pageField });

/** The paths of one kind's calls: the c2c market (document 2) and seller shops (notes section 8). */
interface Paths {
  send: string;
  platform: string;
  take: string;
  pay: string;
  ownerConfirm: string;
  takerConfirm: string;
  cancel: string;
  withdraw: string;
  myAds: string;
  myOrders: string;
  order: string;
  adOrders: string;
  record: string;
  appeal: string;
  appealMessage: string;
}

export const C2C_PATHS: Paths = {
  send: '/api/c2c_send',
  platform: '/api/c2c_deal_platform',
  take: '/api/c2c/do_legal_deal',
  pay: '/api/c2c/user_legal_pay',
  ownerConfirm: '/api/c2c/legal_deal_sure',
  takerConfirm: '/api/c2c/legal_deal_user_sure',
  cancel: '/api/c2c/user_legal_pay_cancel',
  withdraw: '/api/c2c/back_send',
  myAds: '/api/c2c/seller_trade',
  myOrders: '/api/c2c_user_deal',
  order: '/api/c2c_deal',
  adOrders: '/api/c2c/legal_send_deal_list',
  record: '/api/c2c_seller_deal',
  appeal: '/api/c2c/appeal',
  appealMessage: '/api/c2c/appeal_message',
};

export const SHOP_PATHS: Paths = {
  send: '/api/legal_send',
  platform: '/api/legal_deal_platform',
  take: '/api/do_legal_deal',
  pay: '/api/user_legal_pay',
  ownerConfirm: '/api/legal_deal_sure',
  takerConfirm: '/api/legal_deal_user_sure',
  cancel: '/api/user_legal_pay_cancel',
  withdraw: '/api/back_send',
  myAds: '/api/seller_trade',
  myOrders: '/api/legal_user_deal',
  order: '/api/legal_deal',
  adOrders: '/api/legal_send_deal_list',
  record: '/api/legal_seller_deal',
  appeal: '/api/legal_deal_appeal',
  appealMessage: '/api/legal_deal/appeal_message',
};

const optionalId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : undefined);

function tradeRoutes(app: FastifyInstance, kind: Kind, paths: Paths): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const push = (notices: Notice[]) =>
    pushNotices((userId, event, payload) => app.io.to(userRoom(userId)).emit(event, payload), notices);
  const ok = (request: FastifyRequest, key: MessageKey, extra: object = {}) => ({
    type: 'ok' as const,
    message: translate(request.locale, key),
    ...extra,
  });

  typed.post(paths.send, { schema: { body: sendBody }, onRequest: app.requireUser }, async (request) => {
    const user = currentUser(request);
    const body = request.body;
    if (!isAdType(body.type)) throw new AppError('p2p_type_invalid');
    const currency = await findP2pCurrency(app.prisma, body.currency_id);
    const total = parseAmount(body.total_number, currency.decimal_scale);
    const price = parsePrice(body.price);
    if (!isWay(body.way)) throw new AppError('p2p_way_invalid');
    const coinCode = body.coin_code.toUpperCase();
    if (!(FIAT_CODES as readonly string[]).includes(coinCode)) throw new AppError('p2p_coin_code_invalid');
    const min =
      kind === 'shop' && body.min_number ? parseAmount(body.min_number, currency.decimal_scale) : total;
    const max =
      kind === 'shop' && body.max_number ? parseAmount(body.max_number, currency.decimal_scale) : total;
    if (kind === 'shop') await findActiveSeller(app.prisma, user.id, currency.id);
    await requireP2pGates(app.prisma, app.redis, user, body.password);
    if (body.type === 'buy') await requireCancelsLeft(app.prisma, user.id);
    const ad = await publishAd(app.prisma, {
      kind,
      userId: user.id,
      currency,
      type: body.type,
      way: body.way,
      coinCode,
      price,
      total,
      min: kind === 'shop' ? min : undefined,
      max: kind === 'shop' ? max : undefined,
    });
    return ok(request, 'p2p_ad_published', { data: { id: ad.id } });
  });

  typed.get(
    paths.platform,
    {
      schema: { querystring: listQuery, response: { 200: answerSchema(pageDataSchema(p2pAdSchema)) } },
      onRequest: app.optionalUser,
    },
    async (request) => ({
      type: 'ok' as const,
      message: await marketAds(app.prisma, request.locale, {
        kind,
        type: request.query.type,
        currencyId: optionalId(request.query.currency_id),
        page: request.query.page,
      }),
    }),
  );

  typed.post(
    paths.take,
    {
      schema: { body: takeBody, response: { 200: answerSchema(p2pTakeAnswerSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      const ad = await app.prisma.p2pAd.findFirst({
        where: { id: body.id, kind, state: 'open', ...(kind === 'shop' ? { is_shelves: 1 } : {}) },
      });
      if (!ad) throw new AppError('p2p_ad_not_found');
      if (ad.user_id === user.id) throw new AppError('p2p_own_ad');
      let number: Money | undefined;
      if (kind === 'shop') {
        const currency = await app.prisma.currency.findUniqueOrThrow({ where: { id: ad.currency_id } });
        const means = body.means || 'number';
        if (means === 'money') {
          const money = parseAmount(body.value, FIAT_DECIMALS);
          number = roundReceived(money.div(ad.price.toFixed()), currency.decimal_scale);
        } else if (means === 'number') {
          number = parseAmount(body.value || body.number, currency.decimal_scale);
        } else {
          throw new AppError('p2p_means_invalid');
        }
        const min = new Money(ad.min_number.toFixed());
        const max = Money.min(ad.max_number.toFixed(), ad.surplus_number.toFixed());
        if (number.lt(min) || number.gt(max))
          throw new AppError('p2p_amount_out_of_range', {
            min: toAmountString(min),
            max: toAmountString(max),
          });
      }
      await requireP2pGates(app.prisma, app.redis, user, body.password);
      await requireCancelsLeft(app.prisma, user.id);
      const { order, notices } = await takeAd(app.prisma, { kind, takerId: user.id, adId: ad.id, number });
      push(notices);
      await app.p2pDeadlines
        .schedule({ kind: 'order-expire', id: order.id }, order.pay_deadline)
        .catch((error: unknown) =>
          request.log.warn({ err: error }, 'p2p deadline not queued; the sweeper will'),
        );
      const [row] = await orderRows(app.prisma, request.locale, user.id, [order]);
      if (!row) throw new Error(`p2p order ${order.id} not found right after it was taken`);
      return {
        type: 'ok' as const,
        message: { msg: translate(request.locale, 'p2p_order_created'), data: row },
      };
    },
  );

  const act = (path: string, action: OrderAction, side: 'owner' | 'taker' | undefined, done: MessageKey) =>
    typed.post(
      path,
      { schema: { body: actionBody('p2p_order_not_found') }, onRequest: app.requireUser },
      async (request) => {
        const user = currentUser(request);
        // Someone else's order is "not found" before any password is asked for.
        const order = await findOrderForParty(app.prisma, user.id, request.body.id, kind);
        if (!order) throw new AppError('p2p_order_not_found');
        await requireTradePassword(app.redis, user, request.body.password);
        const caller: Caller = { by: 'user', userId: user.id, ...(side ? { side } : {}) };
        const result = await transition(app.prisma, { id: order.id, action, caller, kind });
        if (result) push(result.notices);
        return ok(request, done);
      },
    );
  act(paths.pay, 'pay', undefined, 'p2p_marked_paid');
  act(paths.cancel, 'cancel', undefined, 'p2p_cancelled');
  act(paths.ownerConfirm, 'confirm', 'owner', 'p2p_confirmed');
  act(paths.takerConfirm, 'confirm', 'taker', 'p2p_confirmed');

  typed.post(paths.appeal, { schema: { body: appealBody }, onRequest: app.requireUser }, async (request) => {
    const user = currentUser(request);
    const { notices } = await appealOrder(app.prisma, {
      id: request.body.id,
      userId: user.id,
      reason: request.body.reason,
      kind,
    });
    push(notices);
    return ok(request, 'p2p_appeal_submitted');
  });

  typed.post(
    paths.appealMessage,
    { schema: { body: appealMessageBody }, onRequest: app.requireUser },
    async (request) => {
      const { notices } = await addAppealMessage(app.prisma, {
        id: request.body.id,
        userId: currentUser(request).id,
        message: request.body.message,
        kind,
      });
      push(notices);
      return ok(request, 'p2p_appeal_message_sent');
    },
  );

  typed.post(
    paths.withdraw,
    { schema: { body: actionBody('p2p_ad_not_found') }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const mine = await app.prisma.p2pAd.findFirst({
        where: { id: request.body.id, user_id: user.id, kind, state: { not: 'withdrawn' } },
        select: { id: true },
      });
      if (!mine) throw new AppError('p2p_ad_not_found');
      await requireTradePassword(app.redis, user, request.body.password);
      await withdrawAd(app.prisma, { kind, userId: user.id, adId: mine.id });
      return ok(request, 'p2p_ad_withdrawn');
    },
  );

  typed.get(
    paths.myAds,
    {
      schema: { querystring: listQuery, response: { 200: answerSchema(pageDataSchema(p2pAdSchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => ({
      type: 'ok' as const,
      message: await myAds(app.prisma, request.locale, currentUser(request).id, {
        kind,
        type: request.query.type,
        currencyId: optionalId(request.query.currency_id),
        page: request.query.page,
      }),
    }),
  );

  typed.get(
    paths.myOrders,
    {
      schema: { querystring: listQuery, response: { 200: answerSchema(pageDataSchema(p2pOrderSchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { orders, total } = await takerOrders(app.prisma, userId, kind, request.query.page);
      return {
        type: 'ok' as const,
        message: pageData(
          await orderRows(app.prisma, request.locale, userId, orders),
          request.query.page,
          total,
        ),
      };
    },
  );

  typed.get(
    paths.order,
    {
      schema: { querystring: idQuery, response: { 200: answerSchema(p2pOrderSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const id = optionalId(request.query.id);
      const order = id ? await findOrderForParty(app.prisma, userId, id, kind) : null;
      const [row] = order ? await orderRows(app.prisma, request.locale, userId, [order]) : [];
      if (!row) throw new AppError('p2p_order_not_found');
      return { type: 'ok' as const, message: row };
    },
  );

  typed.get(
    paths.adOrders,
    {
      schema: { querystring: idQuery, response: { 200: answerSchema(pageDataSchema(p2pOrderSchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const adId = optionalId(request.query.id);
      const ad = adId
        ? await app.prisma.p2pAd.findFirst({
            where: { id: adId, user_id: userId, kind },
            select: { id: true },
          })
        : null;
      if (!ad) throw new AppError('p2p_ad_not_found');
      const { orders, total } = await adOrders(app.prisma, userId, ad.id, kind, request.query.page);
      return {
        type: 'ok' as const,
        message: pageData(
          await orderRows(app.prisma, request.locale, userId, orders),
          request.query.page,
          total,
        ),
      };
    },
  );

  typed.get(
    paths.record,
    {
      schema: { querystring: listQuery, response: { 200: answerSchema(pageDataSchema(sellerRecordSchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => ({
      type: 'ok' as const,
      message: await sellerRecord(app.prisma, request.locale, currentUser(request).id, {
        kind,
        currencyId: optionalId(request.query.currency_id),
        type: request.query.type,
        page: request.query.page,
      }),
    }),
  );
}

export function c2cRoutes(app: FastifyInstance): void {
  tradeRoutes(app, 'c2c', C2C_PATHS);
}

/** Seller shops (merchant OTC, /myLegalShops): the same machine with min/max and partial fills. */
export function shopRoutes(app: FastifyInstance): void {
  tradeRoutes(app, 'shop', SHOP_PATHS);
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.post(
    '/api/down',
    { schema: { body: actionBody('p2p_ad_not_found') }, onRequest: app.requireUser },
    async (request) => {
      const shelves = await toggleShelves(app.prisma, {
        userId: currentUser(request).id,
        adId: request.body.id,
      });
      return {
        type: 'ok' as const,
        message: translate(request.locale, shelves === 1 ? 'p2p_shelves_on' : 'p2p_shelves_off'),
        is_shelves: shelves,
      };
    },
  );

  typed.get(
    '/api/my_seller',
    { schema: { response: { 200: answerSchema(z.array(myShopSchema)) } }, onRequest: app.requireUser },
    async (request) => {
      const shops = await app.prisma.p2pSeller.findMany({
        where: { user_id: currentUser(request).id },
        orderBy: { id: 'asc' },
      });
      const currencies = await app.prisma.currency.findMany({
        where: { id: { in: shops.map((shop) => shop.currency_id) } },
        select: { id: true, name: true },
      });
      return {
        type: 'ok' as const,
        message: shops.map((shop) => ({
          id: shop.id,
          name: shop.name,
          currency_id: shop.currency_id,
          currency_name: currencies.find((currency) => currency.id === shop.currency_id)?.name ?? '',
          status: shop.status,
        })),
      };
    },
  );
}
