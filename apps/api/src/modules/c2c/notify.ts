import type { Tx } from '@exchange/kernel/db';
import type { MessageKey, MessageParams } from '@exchange/kernel/i18n';
import { messageUser } from '../verification';

/** Delivers a socket event to one user's room: the API's socket.io server, or the workers' Redis emitter. */
export type Pusher = (userId: number, event: string, payload: Record<string, unknown>) => void;

export interface Notice {
  userId: number;
  /** The socket event: `p2p_order` for ads' orders, `acceptor_deal` for acceptor deals. */
  event: 'p2p_order' | 'acceptor_deal';
  key: MessageKey;
  params: MessageParams;
  payload: Record<string, unknown>;
}

/**
 * Records a notice for the counterparty in the outbox, inside the transaction of the step it tells of, so a
 * message exists exactly when the step happened (never for a step that rolled back, never twice). The
 * socket push follows after commit (`pushNotices`).
 */
export async function recordNotice(tx: Tx, notice: Notice): Promise<Notice> {
  await messageUser(tx, notice.userId, 'p2p', notice.key, notice.params);
  return notice;
}

export function pushNotices(pusher: Pusher | undefined, notices: Notice[]): void {
  if (!pusher) return;
  for (const notice of notices) {
    try {
      pusher(notice.userId, notice.event, notice.payload);
    } catch {
      // A push is a courtesy on top of the outbox row: a socket failure never undoes a committed step.
    }
  }
}
