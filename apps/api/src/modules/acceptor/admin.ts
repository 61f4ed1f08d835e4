import type { Acceptor, Db, Tx } from '@exchange/kernel/db';
import { Money } from '@exchange/kernel/ledger';

export interface NewAcceptor {
  account: string;
  name: string;
  currency?: string;
  rechargeRate: string;
  cashRate: string;
  rechargeAmount: string;
  cashAmount: string;
  wechatNickname?: string;
  wechatAccount?: string;
  aliNickname?: string;
  aliAccount?: string;
  bankName?: string;
  bankAccount?: string;
  bankAddress?: string;
  reason?: string;
}

const positive = (raw: string, what: string, allowZero = false) => {
  if (!/^\d+(\.\d+)?$/.test(raw)) throw new Error(`${what} must be a plain number`);
  const value = new Money(raw);
  if (allowZero ? value.lt(0) : value.lte(0))
    throw new Error(`${what} must be ${allowZero ? 'zero or more' : 'above zero'}`);
  return value.toFixed();
};

/**
 * An operator makes a user an acceptor (`npm run ops -- acceptor:create`). The acceptor's own legal balance
 * of the currency backs the deposits it takes (it funds it like any user: deposit, then transfer to legal);
 * the quotas cap the CNY it handles in each direction; rates are CNY per unit. Logged with the reason.
 */
export async function createAcceptor(
  prisma: Db,
  input: NewAcceptor,
  /** Runs in the creation's transaction (the operator console writes its audit trail there). */
  within?: (tx: Tx, acceptor: Acceptor) => Promise<void>,
) {
  const user = await prisma.user.findUnique({ where: { account_number: input.account } });
  if (!user) throw new Error(`no account ${input.account}`);
  const currency = await prisma.currency.findUnique({
    where: { name: (input.currency ?? 'USDT').toUpperCase() },
  });
  if (currency?.is_legal !== 1)
    throw new Error(`${input.currency ?? 'USDT'} is not a currency of the fiat account`);
  const data = {
    currency_id: currency.id,
    name: input.name.trim() || user.account_number,
    recharge_rate: positive(input.rechargeRate, '--recharge-rate'),
    cash_rate: positive(input.cashRate, '--cash-rate'),
    recharge_amount: positive(input.rechargeAmount, '--recharge-amount', true),
    cash_amount: positive(input.cashAmount, '--cash-amount', true),
    wechat_nickname: input.wechatNickname ?? '',
    wechat_account: input.wechatAccount ?? '',
    ali_nickname: input.aliNickname ?? '',
    ali_account: input.aliAccount ?? '',
    bank_name: input.bankName ?? '',
    bank_account: input.bankAccount ?? '',
    bank_address: input.bankAddress ?? '',
    status: 1,
  };
  return prisma.$transaction(async (tx) => {
    const acceptor = await tx.acceptor.upsert({
      where: { user_id: user.id },
      create: { user_id: user.id, ...data },
      update: data,
    });
    await tx.p2pOperatorLog.create({
      data: {
        action: 'acceptor:create',
        target_type: 'acceptor',
        target_id: String(acceptor.id),
        reason: input.reason ?? '',
        detail: JSON.stringify({ account: user.account_number, ...data }),
      },
    });
    if (within) await within(tx, acceptor);
    return { id: acceptor.id, account: user.account_number, name: acceptor.name, currency: currency.name };
  });
}

/**
 * An operator suspends (0) or resumes (1) an acceptor: a suspended one is not listed and takes no new deal.
 * `within` writes the caller's record in the same transaction. Answers null when it already was as asked.
 */
export async function setAcceptorStatus(
  prisma: Db,
  input: { id: number; status: 0 | 1; within?: (tx: Tx, acceptor: Acceptor) => Promise<unknown> },
): Promise<Acceptor | null> {
  return prisma.$transaction(async (tx) => {
    const [acceptor] = await tx.acceptor.updateManyAndReturn({
      where: { id: input.id, status: input.status === 1 ? 0 : 1 },
      data: { status: input.status },
    });
    if (!acceptor) return null;
    await input.within?.(tx, acceptor);
    return acceptor;
  });
}
