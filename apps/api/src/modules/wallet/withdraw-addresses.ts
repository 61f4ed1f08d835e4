import type { bindAddressRequestSchema, WithdrawAddress } from '@exchange/contracts';
import type { z } from 'zod';
import type { Db, User } from '@exchange/kernel/db';
import { isUniqueViolation } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAccount } from '../verification';
import { issueCode, withVerifiedCode } from '../verification';
import { canonicalAddress, isValidAddress } from './addresses';
import { findCurrency } from './currencies';

type CodeDeps = Parameters<typeof issueCode>[0];

/** The caller's bound addresses, newest first; of one currency when one is named. */
export async function boundAddresses(
  prisma: Db,
  userId: number,
  currencyName: string,
): Promise<WithdrawAddress[]> {
  const currency = currencyName ? await findCurrency(prisma, currencyName) : undefined;
  const rows = await prisma.withdrawAddress.findMany({
    where: { user_id: userId, currency_id: currency?.id },
    orderBy: { id: 'desc' },
  });
  return rows.map(({ id, currency_id, coin_name, contract_address, address, memo }) => ({
    id,
    currency_id,
    coin_name,
    contract_address,
    address,
    memo,
  }));
}

/** Removes one of the caller's addresses: the owner is part of the condition, so another's is not found. */
export async function deleteOwnAddress(prisma: Db, userId: number, rawId: string): Promise<void> {
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : 0;
  const removed = await prisma.withdrawAddress.deleteMany({ where: { id, user_id: userId } });
  if (removed.count === 0) throw new AppError('address_not_found');
}

/** Sends the code that confirms binding an address, to the account the user signs in with. */
export async function sendAddressCode(deps: CodeDeps, user: User, ip: string): Promise<void> {
  await issueCode(deps, {
    destination: user.account_number,
    scene: 'withdraw_address',
    channel: parseAccount(user.account_number).kind === 'email' ? 'email' : 'sms',
    ip,
  });
}

/** Binds a withdraw address once the code sent to the user's account confirms it; each address once. */
export async function bindAddress(
  deps: Pick<CodeDeps, 'prisma' | 'secret'>,
  user: User,
  form: z.output<typeof bindAddressRequestSchema>,
): Promise<void> {
  const currency = await findCurrency(deps.prisma, form.currency || form.coin_name || '');
  if (!form.address) throw new AppError('address_required');
  if (!isValidAddress(currency, form.address))
    throw new AppError('address_invalid', { currency: currency.name });
  const address = canonicalAddress(currency, form.address);
  const code = form.code || form.verificationCode || '';
  if (!code) throw new AppError('code_required');
  if (!/^\d{6}$/.test(code)) throw new AppError('code_invalid');
  try {
    await withVerifiedCode(
      deps,
      { destination: user.account_number, scene: 'withdraw_address', code },
      (tx) =>
        tx.withdrawAddress.create({
          data: {
            user_id: user.id,
            currency_id: currency.id,
            coin_name: currency.name,
            contract_address: (form.contract_address || currency.chain_type).slice(0, 32),
            address,
            memo: (form.memo ?? '').slice(0, 128),
          },
        }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('address_exists');
    throw error;
  }
}
