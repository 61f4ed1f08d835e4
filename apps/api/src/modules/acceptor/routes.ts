import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptorDealSchema,
  acceptorInfoSchema,
  acceptorSchema,
  answerSchema,
  type AcceptorDeal as AcceptorDealRow,
} from '@exchange/contracts';
import type { AcceptorDeal, Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { translate, type Locale, type MessageKey } from '@exchange/kernel/i18n';
import { parseAmount, toAmountString, type Money } from '@exchange/kernel/ledger';
import { userRoom } from '@exchange/kernel/realtime';
import { currentUser } from '../../http/auth';
import { formatDateTime } from '../../http/format';
import { form, int4Id, optionalText, pageField } from '@exchange/contracts';
import { pushNotices, WAY_NAMES, isWay, type Notice } from '../c2c';
import { requireTradePassword } from '../wallet';
import { actOnDeal, autoConfirmMinutes, openDeal } from './deals';
import { ACCEPTOR_WAYS, CNY_DECIMALS, DEAL_PAGE_SIZE, type DealAction } from './rules';
import { okMessage } from '../../http/envelope';

// Field order is the order the deal form checks them in (document 2 section 5).
const dealBody = form({
  mobile: optionalText(32),
  deal_account: optionalText(100),
  money: optionalText(64),
  way: optionalText(16),
  acceptor_id: optionalText(64),
  type: optionalText(8),
  address: optionalText(128),
  password: optionalText(64),
});
const actionBody = form({ id: int4Id('acceptor_deal_not_found'), password: optionalText(64) });
const infoQuery = z.object({ id: optionalText(64), address: optionalText(128) });
const listQuery = z.object({
  type: optionalText(8),
  way: optionalText(16),
  page: pageField,
  address: optionalText(128),
});

/** The deal amount: required and above zero ('please enter amount'), at most 2 decimals of CNY. */
function parseMoney(raw: string): Money {
  try {
    return parseAmount(raw, CNY_DECIMALS);
  } catch (error) {
    if (error instanceof AppError && ['amount_required', 'amount_not_positive'].includes(error.key))
      throw new AppError('acceptor_amount_required');
    throw error;
  }
}

const wayName = (locale: Locale, way: string) => (isWay(way) ? translate(locale, WAY_NAMES[way]) : way);

/** Deal rows; `hes_account` is the acceptor's account for the deal's way (what the user pays to). */
async function dealRows(prisma: Db, locale: Locale, deals: AcceptorDeal[]): Promise<AcceptorDealRow[]> {
  const acceptors = await prisma.acceptor.findMany({
    where: { id: { in: [...new Set(deals.map((deal) => deal.acceptor_id))] } },
  });
  return deals.map((deal) => {
    const acceptor = acceptors.find((candidate) => candidate.id === deal.acceptor_id);
    const hesAccount =
      deal.way === 'we_chat'
        ? acceptor?.wechat_account
        : deal.way === 'ali_pay'
          ? acceptor?.ali_account
          : acceptor && `${acceptor.bank_name} ${acceptor.bank_account}`;
    return {
      id: deal.id,
      type: deal.type as AcceptorDealRow['type'],
      acceptor_id: deal.acceptor_id,
      acceptor_name: acceptor?.name ?? '',
      hes_account: hesAccount ?? '',
      deal_account: deal.deal_account,
      mobile: deal.mobile,
      way: deal.way,
      way_name: wayName(locale, deal.way),
      money: toAmountString(deal.money.toFixed()),
      rate: toAmountString(deal.rate.toFixed()),
      number: toAmountString(deal.number.toFixed()),
      is_sure: deal.is_sure,
      transferred: deal.transferred_at ? 1 : 0,
      auto_confirm_time: deal.auto_confirm_at ? formatDateTime(deal.auto_confirm_at) : '',
      create_time: formatDateTime(deal.created_at),
      update_time: deal.is_sure > 0 ? formatDateTime(deal.updated_at) : '',
    };
  });
}

/**
 * Acceptors (document 2 "Acceptor", notes section 9). Unlike the original, every call is tied to the
 * signed-in user's token; an `address` parameter is accepted and ignored. The acceptor's own calls
 * (orders, confirm, reject, transferred) answer only to the acceptor's user.
 */
export function acceptorRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const push = (notices: Notice[]) =>
    pushNotices((userId, event, payload) => app.io.to(userRoom(userId)).emit(event, payload), notices);

  typed.get(
    '/api/acceptor/list',
    { schema: { response: { 200: answerSchema(z.array(acceptorSchema)) } } },
    async () => {
      const acceptors = await app.prisma.acceptor.findMany({ where: { status: 1 }, orderBy: { id: 'asc' } });
      return {
        type: 'ok' as const,
        message: acceptors.map((acceptor) => ({
          id: acceptor.id,
          user_id: acceptor.user_id,
          name: acceptor.name,
          recharge_amount: toAmountString(acceptor.recharge_amount.toFixed()),
          recharge_rate: toAmountString(acceptor.recharge_rate.toFixed()),
          cash_amount: toAmountString(acceptor.cash_amount.toFixed()),
          cash_rate: toAmountString(acceptor.cash_rate.toFixed()),
        })),
      };
    },
  );

  typed.get(
    '/api/acceptor/info',
    {
      schema: { querystring: infoQuery, response: { 200: answerSchema(acceptorInfoSchema) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const id = /^\d{1,9}$/.test(request.query.id) ? Number(request.query.id) : 0;
      const acceptor = await app.prisma.acceptor.findFirst({ where: { id, status: 1 } });
      if (!acceptor) throw new AppError('acceptor_not_found');
      const [currency, wallet] = await Promise.all([
        app.prisma.currency.findUniqueOrThrow({ where: { id: acceptor.currency_id } }),
        app.prisma.wallet.findUnique({
          where: {
            user_id_currency_id: { user_id: currentUser(request).id, currency_id: acceptor.currency_id },
          },
        }),
      ]);
      return {
        type: 'ok' as const,
        message: {
          id: acceptor.id,
          name: acceptor.name,
          currency_id: currency.id,
          currency_name: currency.name,
          user_balance: toAmountString(wallet?.legal_balance.toFixed() ?? '0'),
          recharge_amount: toAmountString(acceptor.recharge_amount.toFixed()),
          recharge_rate: toAmountString(acceptor.recharge_rate.toFixed()),
          cash_amount: toAmountString(acceptor.cash_amount.toFixed()),
          cash_rate: toAmountString(acceptor.cash_rate.toFixed()),
          wechat_nickname: acceptor.wechat_nickname,
          wechat_account: acceptor.wechat_account,
          ali_nickname: acceptor.ali_nickname,
          ali_account: acceptor.ali_account,
          bank_name: acceptor.bank_name,
          bank_account: acceptor.bank_account,
          bank_address: acceptor.bank_address,
        },
      };
    },
  );

  typed.post(
    '/api/acceptor/deal',
    { schema: { body: dealBody }, onRequest: app.requireUser },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if (!body.mobile) throw new AppError('acceptor_mobile_required');
      if (!body.deal_account) throw new AppError('acceptor_account_required');
      const money = parseMoney(body.money);
      if (!(ACCEPTOR_WAYS as readonly string[]).includes(body.way))
        throw new AppError('acceptor_way_required');
      if (body.type !== 'buy' && body.type !== 'sell') throw new AppError('acceptor_type_invalid');
      const acceptorId = /^\d{1,9}$/.test(body.acceptor_id) ? Number(body.acceptor_id) : 0;
      // A withdrawal takes the user's crypto at once: it needs the trade password.
      if (body.type === 'sell') await requireTradePassword(app.redis, user, body.password);
      const { notices } = await openDeal(app.prisma, {
        acceptorId,
        userId: user.id,
        type: body.type,
        way: body.way,
        mobile: body.mobile,
        dealAccount: body.deal_account,
        money,
      });
      push(notices);
      return okMessage(request.locale, 'acceptor_deal_submitted');
    },
  );

  typed.get(
    '/api/acceptor/my_deal',
    {
      schema: { querystring: listQuery, response: { 200: answerSchema(z.array(acceptorDealSchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const kind = request.query.type || request.query.way;
      const deals = await app.prisma.acceptorDeal.findMany({
        where: {
          user_id: currentUser(request).id,
          ...(kind === 'buy' || kind === 'sell' ? { type: kind } : {}),
        },
        orderBy: { id: 'desc' },
        skip: (request.query.page - 1) * DEAL_PAGE_SIZE,
        take: DEAL_PAGE_SIZE,
      });
      return { type: 'ok' as const, message: await dealRows(app.prisma, request.locale, deals) };
    },
  );

  typed.get(
    '/api/acceptor/orders',
    {
      schema: { querystring: listQuery, response: { 200: answerSchema(z.array(acceptorDealSchema)) } },
      onRequest: app.requireUser,
    },
    async (request) => {
      const acceptor = await app.prisma.acceptor.findUnique({ where: { user_id: currentUser(request).id } });
      if (!acceptor) throw new AppError('acceptor_not_acceptor');
      const kind = request.query.type;
      const deals = await app.prisma.acceptorDeal.findMany({
        where: { acceptor_id: acceptor.id, ...(kind === 'buy' || kind === 'sell' ? { type: kind } : {}) },
        orderBy: { id: 'desc' },
        skip: (request.query.page - 1) * DEAL_PAGE_SIZE,
        take: DEAL_PAGE_SIZE,
      });
      return { type: 'ok' as const, message: await dealRows(app.prisma, request.locale, deals) };
    },
  );

  const act = (path: string, action: DealAction, done: MessageKey, asAcceptor: boolean) =>
    typed.post(path, { schema: { body: actionBody }, onRequest: app.requireUser }, async (request) => {
      const user = currentUser(request);
      const deal = await app.prisma.acceptorDeal.findFirst({
        where: {
          id: request.body.id,
          ...(asAcceptor ? { acceptor_user_id: user.id } : { user_id: user.id }),
        },
        select: { id: true },
      });
      if (!deal) throw new AppError('acceptor_deal_not_found');
      await requireTradePassword(app.redis, user, request.body.password);
      const result = await actOnDeal(app.prisma, { id: deal.id, action, userId: user.id });
      if (result) push(result.notices);
      if (action === 'transferred' && result?.deal.auto_confirm_at) {
        await app.p2pDeadlines
          .schedule({ kind: 'acceptor-confirm', id: deal.id }, result.deal.auto_confirm_at)
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'deadline not queued; the sweeper will'),
          );
      }
      const minutes = action === 'transferred' ? await autoConfirmMinutes(app.prisma) : 0;
      return okMessage(request.locale, done, { minutes });
    });
  act('/api/acceptor/confirm', 'confirm', 'acceptor_confirmed', true);
  act('/api/acceptor/reject', 'reject', 'acceptor_rejected', true);
  act('/api/acceptor/transferred', 'transferred', 'acceptor_transferred', true);
  act('/api/acceptor/deal_confirm', 'user_confirm', 'acceptor_confirmed', false);
}
