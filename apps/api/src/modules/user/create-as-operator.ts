import type { OperatorTrail } from '@exchange/contracts';
import { isUniqueViolation, type Db, type Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { parseAccount } from '../verification';
import { normaliseAreaCode } from './account';
import { findInviter, ROOT_INVITE_CODE } from './invites';
import { hashSecret } from './passwords';
import { createUser } from './register';

export interface UserByOperator {
  account: string;
  password: string;
  tradePassword?: string | undefined;
  /** Identity verification approved already (support onboarding a known customer; the demo's users). */
  kycApproved: boolean;
  seller: boolean;
}

/**
 * A ready user, as if registered with the exchange's own invitation (optionally verified and a seller), made
 * by support in the console or by `npm run ops -- user:create`; the console's trail line is written in the
 * same transaction. An account already registered is refused.
 */
export async function createUserAsOperator(
  prisma: Db,
  input: UserByOperator,
  audit?: { trail: OperatorTrail<Tx>; reason: string },
) {
  const account = parseAccount(input.account);
  if (input.password.length < 6 || input.password.length > 16) throw new AppError('password_length');
  const [password_hash, trade_password_hash] = await Promise.all([
    hashSecret(input.password),
    input.tradePassword ? hashSecret(input.tradePassword) : null,
  ]);
  try {
    const user = await prisma.$transaction(async (tx) => {
      const created = await createUser(tx, {
        ...account,
        ...normaliseAreaCode(account.kind, ''),
        nationality: '',
        password_hash,
        trade_password_hash,
        parent: await findInviter(tx, ROOT_INVITE_CODE),
        is_seller: input.seller ? 1 : 0,
      });
      if (input.kycApproved) await approvedIdentity(tx, created.id, account.account_number);
      await audit?.trail(tx, {
        action: 'user.create',
        targetType: 'user',
        targetId: created.id,
        after: { account: created.account_number, kyc: input.kycApproved, seller: input.seller },
        reason: audit.reason,
      });
      return created;
    });
    return { id: user.id, account_number: user.account_number, extension_code: user.extension_code };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('account_exists');
    throw error;
  }
}

/** The identity an operator vouches for: named after the account, with a card id that says who made it. */
function approvedIdentity(tx: Tx, userId: number, accountNumber: string) {
  return tx.identityVerification.create({
    data: {
      user_id: userId,
      name: accountNumber.split('@')[0] ?? accountNumber,
      card_id: `OPS${userId.toString().padStart(8, '0')}`,
      front_pic: '',
      reverse_pic: '',
      hand_pic: '',
      review_status: 2,
    },
  });
}
