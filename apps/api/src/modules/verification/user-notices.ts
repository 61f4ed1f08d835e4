import type { Tx } from '@exchange/kernel/db';
import { isLocale, translate, type MessageKey, type MessageParams } from '@exchange/kernel/i18n';

/**
 * Writes a message to a user in their language to the outbox (e-mail or SMS by their account), inside the
 * caller's transaction, so it exists exactly when what it tells of committed. `scene` names the kind of
 * message: `notice` for an operator's decision, `p2p` for a P2P or acceptor step. False: no such user.
 */
export async function messageUser(
  tx: Tx,
  userId: number,
  scene: 'notice' | 'p2p',
  key: MessageKey,
  params: MessageParams = {},
): Promise<boolean> {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { account_number: true, email: true, locale: true },
  });
  if (!user) return false;
  await tx.messageOutbox.create({
    data: {
      channel: user.email ? 'email' : 'sms',
      to: user.account_number,
      scene,
      code: '',
      body: translate(isLocale(user.locale) ? user.locale : 'en', key, params),
    },
  });
  return true;
}

/** Tells a user of an operator's decision (scene `notice`); the user must exist. */
export async function notifyUser(tx: Tx, userId: number, key: MessageKey, params: MessageParams = {}) {
  if (!(await messageUser(tx, userId, 'notice', key, params)))
    throw new Error(`user ${userId} to notify does not exist`);
}
