import type { Tx } from '@exchange/kernel/db';
import { isLocale, translate, type MessageKey, type MessageParams } from '@exchange/kernel/i18n';

/**
 * Tells a user of an operator's decision: a message in their language in the outbox (scene `notice`),
 * inside the decision's transaction, so it exists exactly when the decision committed.
 */
export async function notifyUser(tx: Tx, userId: number, key: MessageKey, params: MessageParams = {}) {
  const user = await tx.user.findUniqueOrThrow({
    where: { id: userId },
    select: { account_number: true, email: true, locale: true },
  });
  await tx.messageOutbox.create({
    data: {
      channel: user.email ? 'email' : 'sms',
      to: user.account_number,
      scene: 'notice',
      code: '',
      body: translate(isLocale(user.locale) ? user.locale : 'en', key, params),
    },
  });
}
