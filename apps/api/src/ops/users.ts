import type { Db } from '@exchange/kernel/db';
import { normaliseAreaCode, hashSecret, createUser, findInviter, ROOT_INVITE_CODE } from '../modules/user';
import { parseAccount } from '../modules/verification';

export interface OpsUserInput {
  account: string;
  password: string;
  tradePassword?: string | undefined;
  kycApproved: boolean;
  seller: boolean;
}

/** A ready user, as if registered with the root invite code (and optionally verified and a seller). */
export async function createOpsUser(prisma: Db, input: OpsUserInput) {
  const account = parseAccount(input.account);
  if (input.password.length < 6 || input.password.length > 16)
    throw new Error('the password must be 6 to 16 characters');
  const [password_hash, trade_password_hash] = await Promise.all([
    hashSecret(input.password),
    input.tradePassword ? hashSecret(input.tradePassword) : null,
  ]);
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
    if (input.kycApproved) {
      await tx.identityVerification.create({
        data: {
          user_id: created.id,
          name: account.account_number.split('@')[0] ?? account.account_number,
          card_id: `OPS${created.id.toString().padStart(8, '0')}`,
          front_pic: '',
          reverse_pic: '',
          hand_pic: '',
          review_status: 2,
        },
      });
    }
    return created;
  });
  return { id: user.id, account_number: user.account_number, extension_code: user.extension_code };
}

/** The messages sent to an account, newest first: how operators and tests read codes. */
export async function listOutbox(prisma: Db, to: string, limit: number) {
  const rows = await prisma.messageOutbox.findMany({
    where: { to: parseAccount(to).account_number },
    orderBy: { id: 'desc' },
    take: Math.min(Math.max(limit, 1), 200),
  });
  return rows.map((row) => ({
    to: row.to,
    scene: row.scene,
    code: row.code,
    created_at: row.created_at.toISOString(),
  }));
}
