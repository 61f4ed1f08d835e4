import type {
  AccountLog as AccountLogRow,
  AccountLogPage,
  accountLogRequestSchema,
  LaravelPage,
} from '@exchange/contracts';
import type { z } from 'zod';
import type { AccountLog, Currency, Db, Prisma, User } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { formatDateTime } from '../../http/format';
import { laravelPaginator } from '../../http/pagination';
import { translate, type Locale, type MessageKey } from '@exchange/kernel/i18n';
import {
  ACCOUNT_NUMBERS,
  isAccount,
  type Account,
  LOG_TYPES,
  type LogType,
  TRANSFER_LOG_TYPES,
  Money,
  toAmountString,
} from '@exchange/kernel/ledger';
import { isOn, readSetting } from '../system';
import { findCurrency } from './currencies';

/** What a log row says to its reader, by type (transfers excepted: they name their two accounts). */
export const LOG_TEXTS: Partial<Record<number, MessageKey>> = {
  [LOG_TYPES.ADMIN_ADJUST]: 'log_admin_adjust',
  [LOG_TYPES.HOUSE_FUNDING]: 'log_admin_adjust',
  [LOG_TYPES.WITHDRAW_APPLY]: 'log_withdraw_apply',
  [LOG_TYPES.WITHDRAW_DONE]: 'log_withdraw_done',
  [LOG_TYPES.WITHDRAW_FAILED]: 'log_withdraw_failed',
  [LOG_TYPES.WITHDRAW_FEE]: 'log_withdraw_fee',
  [LOG_TYPES.CHAIN_DEPOSIT]: 'log_chain_deposit',
  [LOG_TYPES.PAYMENT_DEPOSIT]: 'log_payment_deposit',
  [LOG_TYPES.SPOT_ORDER_LOCK]: 'log_spot_order',
  [LOG_TYPES.SPOT_TRADE]: 'log_spot_trade',
  [LOG_TYPES.SPOT_ORDER_RELEASE]: 'log_spot_release',
  [LOG_TYPES.SPOT_FEE]: 'log_spot_fee',
  [LOG_TYPES.LEVER_MARGIN]: 'log_lever_margin',
  [LOG_TYPES.LEVER_CLOSE]: 'log_lever_close',
  [LOG_TYPES.LEVER_LIQUIDATION]: 'log_lever_liquidation',
  [LOG_TYPES.LEVER_OVERNIGHT]: 'log_lever_overnight',
  [LOG_TYPES.LEVER_FEE]: 'log_lever_fee',
  [LOG_TYPES.LEVER_CANCEL]: 'log_lever_cancel',
  [LOG_TYPES.MICRO_SUBMIT]: 'log_micro_submit',
  [LOG_TYPES.MICRO_SETTLE]: 'log_micro_settle',
  [LOG_TYPES.MICRO_FEE]: 'log_micro_fee',
  [LOG_TYPES.INSURANCE_BUY]: 'log_insurance_buy',
  [LOG_TYPES.INSURANCE_CLAIM]: 'log_insurance_claim',
  [LOG_TYPES.INSURANCE_EXCHANGE]: 'log_insurance_exchange',
  [LOG_TYPES.INSURANCE_PREMIUM]: 'log_insurance_premium',
  [LOG_TYPES.C2C_SELL_LOCK]: 'log_p2p_escrow',
  [LOG_TYPES.C2C_TAKE_LOCK]: 'log_p2p_escrow',
  [LOG_TYPES.SHOP_SELL_LOCK]: 'log_p2p_escrow',
  [LOG_TYPES.SHOP_TAKE_LOCK]: 'log_p2p_escrow',
  [LOG_TYPES.ACCEPTOR_WITHDRAW_LOCK]: 'log_p2p_escrow',
  [LOG_TYPES.ACCEPTOR_DEPOSIT_LOCK]: 'log_p2p_escrow',
  [LOG_TYPES.C2C_DONE]: 'log_p2p_done',
  [LOG_TYPES.SHOP_DONE]: 'log_p2p_done',
  [LOG_TYPES.ACCEPTOR_DEPOSIT_CREDIT]: 'log_p2p_done',
  [LOG_TYPES.ACCEPTOR_WITHDRAW_PAID]: 'log_p2p_done',
  [LOG_TYPES.ACCEPTOR_WITHDRAW_CREDIT]: 'log_p2p_done',
  [LOG_TYPES.C2C_CANCEL]: 'log_p2p_returned',
  [LOG_TYPES.C2C_RECALL]: 'log_p2p_returned',
  [LOG_TYPES.SHOP_CANCEL]: 'log_p2p_returned',
  [LOG_TYPES.SHOP_RECALL]: 'log_p2p_returned',
  [LOG_TYPES.ACCEPTOR_WITHDRAW_REFUND]: 'log_p2p_returned',
  [LOG_TYPES.ACCEPTOR_DEPOSIT_RELEASE]: 'log_p2p_returned',
  [LOG_TYPES.TEAM_REBATE]: 'log_team_rebate',
  [LOG_TYPES.JC_EXCHANGE]: 'log_points_exchange',
  [LOG_TYPES.SAVINGS_LOCK]: 'log_savings_lock',
  [LOG_TYPES.SAVINGS_INTEREST]: 'log_savings_interest',
  [LOG_TYPES.SAVINGS_RETURN]: 'log_savings_return',
  [LOG_TYPES.CHECKPOINT]: 'log_checkpoint',
};

/** The kind of movement of each log type, named in a row's `type_info`. */
export const LOG_KINDS = {
  transfer: TRANSFER_LOG_TYPES,
  deposit: [LOG_TYPES.CHAIN_DEPOSIT, LOG_TYPES.PAYMENT_DEPOSIT],
  withdrawal: [
    LOG_TYPES.WITHDRAW_APPLY,
    LOG_TYPES.WITHDRAW_DONE,
    LOG_TYPES.WITHDRAW_FAILED,
    LOG_TYPES.WITHDRAW_FEE,
  ],
  spot: [LOG_TYPES.SPOT_ORDER_LOCK, LOG_TYPES.SPOT_TRADE, LOG_TYPES.SPOT_ORDER_RELEASE, LOG_TYPES.SPOT_FEE],
  lever: [
    LOG_TYPES.LEVER_MARGIN,
    LOG_TYPES.LEVER_CLOSE,
    LOG_TYPES.LEVER_LIQUIDATION,
    LOG_TYPES.LEVER_OVERNIGHT,
    LOG_TYPES.LEVER_FEE,
    LOG_TYPES.LEVER_CANCEL,
  ],
  micro: [LOG_TYPES.MICRO_SUBMIT, LOG_TYPES.MICRO_SETTLE, LOG_TYPES.MICRO_FEE],
  insurance: [
    LOG_TYPES.INSURANCE_BUY,
    LOG_TYPES.INSURANCE_CLAIM,
    LOG_TYPES.INSURANCE_EXCHANGE,
    LOG_TYPES.INSURANCE_PREMIUM,
  ],
  p2p: [
    LOG_TYPES.C2C_SELL_LOCK,
    LOG_TYPES.C2C_TAKE_LOCK,
    LOG_TYPES.C2C_DONE,
    LOG_TYPES.C2C_CANCEL,
    LOG_TYPES.C2C_RECALL,
    LOG_TYPES.SHOP_SELL_LOCK,
    LOG_TYPES.SHOP_TAKE_LOCK,
    LOG_TYPES.SHOP_DONE,
    LOG_TYPES.SHOP_CANCEL,
    LOG_TYPES.SHOP_RECALL,
    LOG_TYPES.ACCEPTOR_WITHDRAW_LOCK,
    LOG_TYPES.ACCEPTOR_DEPOSIT_CREDIT,
    LOG_TYPES.ACCEPTOR_DEPOSIT_LOCK,
    LOG_TYPES.ACCEPTOR_WITHDRAW_PAID,
    LOG_TYPES.ACCEPTOR_WITHDRAW_CREDIT,
    LOG_TYPES.ACCEPTOR_WITHDRAW_REFUND,
    LOG_TYPES.ACCEPTOR_DEPOSIT_RELEASE,
  ],
  team: [LOG_TYPES.TEAM_REBATE],
  points: [LOG_TYPES.JC_EXCHANGE],
  savings: [LOG_TYPES.SAVINGS_LOCK, LOG_TYPES.SAVINGS_INTEREST, LOG_TYPES.SAVINGS_RETURN],
  adjustment: [LOG_TYPES.ADMIN_ADJUST, LOG_TYPES.HOUSE_FUNDING, LOG_TYPES.CHECKPOINT],
} satisfies Record<string, LogType[]>;
type LogKind = keyof typeof LOG_KINDS | 'other';

const KIND_OF_TYPE = new Map<number, LogKind>(
  Object.entries(LOG_KINDS).flatMap(([kind, types]) => types.map((type) => [type, kind as LogKind])),
);

/** The kind of a log row's movement in the reader's language. */
const typeInfo = (locale: Locale, type: number) =>
  translate(locale, `log_kind_${KIND_OF_TYPE.get(type) ?? 'other'}`);

const accountName = (locale: Locale, account: string) =>
  isAccount(account) ? translate(locale, `account_${account}`) : account;

/** A log row's text in the reader's language; transfers keep "from>to" in their memo. */
export function describeLog(locale: Locale, log: Pick<AccountLog, 'type' | 'memo'>): string {
  if ((TRANSFER_LOG_TYPES as number[]).includes(log.type)) {
    const [from = '', to = ''] = log.memo.split('>');
    return translate(locale, 'log_transfer', {
      from: accountName(locale, from),
      to: accountName(locale, to),
    });
  }
  return translate(locale, LOG_TEXTS[log.type] ?? 'log_other');
}

function logItem(
  locale: Locale,
  log: AccountLog & { currency: Currency },
  accountNumber: string,
): AccountLogRow {
  const after = new Money(log.balance_after.toFixed());
  const value = new Money(log.delta.toFixed());
  return {
    id: Number(log.id),
    account_number: accountNumber,
    currency: log.currency_id,
    currency_name: log.currency.name,
    account: log.account,
    is_lock: log.is_lock ? (1 as const) : (0 as const),
    type: log.type,
    value: toAmountString(value),
    before: toAmountString(after.minus(value)),
    after: toAmountString(after),
    info: describeLog(locale, log),
    type_info: typeInfo(locale, log.type),
    created_time: formatDateTime(log.created_at),
  };
}

/** A page of a user's log rows matching `where`, newest first, in the reader's language, and their count. */
export async function logPage(
  prisma: Db,
  reader: { user: Pick<User, 'id' | 'account_number'>; locale: Locale },
  where: Prisma.AccountLogWhereInput,
  { page, limit }: { page: number; limit: number },
) {
  const mine = { ...where, user_id: reader.user.id };
  const [count, logs] = await Promise.all([
    prisma.accountLog.count({ where: mine }),
    prisma.accountLog.findMany({
      where: mine,
      include: { currency: true },
      orderBy: { id: 'desc' },
      skip: (page - 1) * limit,
      take: limit,
    }),
  ]);
  return { count, rows: logs.map((log) => logItem(reader.locale, log, reader.user.account_number)) };
}

/**
 * A page of the caller's log rows matching `where` in the older paginator (`path` names the call in its
 * links): the transfer record, the account list.
 */
export async function logPaginator(
  prisma: Db,
  reader: { user: Pick<User, 'id' | 'account_number'>; locale: Locale },
  where: Prisma.AccountLogWhereInput,
  paging: { page: number; limit: number; path: string },
): Promise<LaravelPage<AccountLogRow>> {
  const { count, rows } = await logPage(prisma, reader, where, paging);
  return laravelPaginator(rows, count, paging.page, paging.limit, paging.path);
}

/** A page of the caller's log: every account's, or one account's (by name or number), of one currency or all. */
export async function accountLogPage(
  prisma: Db,
  reader: { user: Pick<User, 'id' | 'account_number'>; locale: Locale },
  input: z.output<typeof accountLogRequestSchema>,
): Promise<AccountLogPage> {
  let account: Account | undefined;
  if (input.type) {
    account = ACCOUNT_NUMBERS[Number(input.type)] ?? (isAccount(input.type) ? input.type : undefined);
    if (!account) throw new AppError('account_type_invalid');
  }
  const currency = input.currency ? await findCurrency(prisma, input.currency) : undefined;
  const { count, rows } = await logPage(prisma, reader, { account, currency_id: currency?.id }, input);
  return {
    list: rows,
    count,
    page: input.page,
    limit: input.limit,
    is_open_CTbi: isOn(await readSetting(prisma, 'is_open_CTbi')) ? 1 : 0,
  };
}
