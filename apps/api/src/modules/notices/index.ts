/**
 * Notices: what one user's step tells the other party (P2P orders, acceptor deals, the console's decisions
 * on them), recorded in the outbox inside the step's transaction and pushed to the user's room after commit.
 */
export { pushNotices, recordNotice, recordNotices, roomPusher, type Notice, type Pusher } from './notices';
