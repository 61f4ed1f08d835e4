import type { Server as SocketServer } from 'socket.io';
import type { Tx } from '@exchange/kernel/db';
import type { MessageKey, MessageParams } from '@exchange/kernel/i18n';
import { pushToUser, type PushTarget, type UserPush } from '@exchange/kernel/realtime';
import { messageUser } from '../verification';

/** Delivers a socket push to one user's room: the API's socket.io server, or the workers' Redis emitter. */
export type Pusher = (userId: number, push: UserPush) => void;

/** The pusher of a socket.io server (the API's) or of the workers' emitter. */
export const roomPusher =
  (target: PushTarget | SocketServer): Pusher =>
  (userId, push) =>
    pushToUser(target, userId, push);

/**
 * A notice to one user, and the socket push that goes with it: `p2p_order` for ads' orders,
 * `acceptor_deal` for acceptor deals.
 */
export type Notice = { userId: number } & NoticeContent;
type NoticeContent = { key: MessageKey; params: MessageParams } & Extract<
  UserPush,
  { event: 'p2p_order' | 'acceptor_deal' }
>;

/**
 * Records a notice for the counterparty in the outbox, inside the transaction of the step it tells of, so a
 * message exists exactly when the step happened (never for a step that rolled back, never twice). The
 * socket push follows after commit (`pushNotices`).
 */
export async function recordNotice(tx: Tx, notice: Notice): Promise<Notice> {
  await messageUser(tx, notice.userId, 'p2p', notice.key, notice.params);
  return notice;
}

/** Records the same notice for several users (both parties, when the clock or an operator acted). */
export async function recordNotices(tx: Tx, userIds: number[], notice: NoticeContent): Promise<Notice[]> {
  const notices: Notice[] = [];
  for (const userId of userIds) notices.push(await recordNotice(tx, { ...notice, userId }));
  return notices;
}

export function pushNotices(pusher: Pusher | undefined, notices: Notice[]): void {
  if (!pusher) return;
  for (const notice of notices) {
    try {
      pusher(notice.userId, notice);
    } catch {
      // A push is a courtesy on top of the outbox row: a socket failure never undoes a committed step.
    }
  }
}
