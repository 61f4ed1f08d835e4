import { isUniqueViolation, type Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { normaliseAreaCode } from '../user';
import { isEmail, parseAccount } from '../verification';
import { withVerifiedCode } from '../verification';

type Deps = { prisma: Db; secret: string };

/**
 * Binds a phone or an e-mail proven by a code sent to it (scene binding), unless another account already has
 * it (as its contact or as its account): refused with `taken` then, also when two users race for it.
 */
async function bindContact(
  deps: Deps,
  userId: number,
  contact: { field: 'phone' | 'email'; value: string; code: string; taken: 'account_exists' | 'email_taken' },
  data: Record<string, string | number>,
): Promise<void> {
  const { field, value, taken } = contact;
  try {
    await withVerifiedCode(deps, { destination: value, scene: 'binding', code: contact.code }, async (tx) => {
      const owner = await tx.user.findFirst({
        where: { OR: [{ [field]: value }, { account_number: value }] },
      });
      if (owner && owner.id !== userId) throw new AppError(taken);
      await tx.user.update({ where: { id: userId }, data });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(taken);
    throw error;
  }
}

/** Binds a phone number; the area code comes with it. */
export async function bindPhone(
  deps: Deps,
  userId: number,
  input: { mobile: string; area_code: string; code: string },
): Promise<void> {
  const account = parseAccount(input.mobile);
  if (account.kind !== 'phone') throw new AppError('account_invalid');
  const phone = account.account_number;
  await bindContact(
    deps,
    userId,
    { field: 'phone', value: phone, code: input.code, taken: 'account_exists' },
    {
      phone,
      ...normaliseAreaCode('phone', input.area_code),
    },
  );
}

/** Binds an e-mail address (kept in lower case). */
export async function bindEmail(
  deps: Deps,
  userId: number,
  input: { email: string; code: string },
): Promise<void> {
  if (!isEmail(input.email)) throw new AppError('email_invalid');
  const email = input.email.toLowerCase();
  await bindContact(
    deps,
    userId,
    { field: 'email', value: email, code: input.code, taken: 'email_taken' },
    { email },
  );
}
