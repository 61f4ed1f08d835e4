/**
 * Deadlines of the P2P areas (c2c orders, acceptor deals): the BullMQ queue of delayed jobs, the worker's
 * handler and the sweeper. Each area supplies its own DeadlineSource.
 */
export {
  countDeadlines,
  deadlineJobId,
  P2P_DEADLINES_QUEUE,
  P2pDeadlines,
  runDeadline,
  sweepDeadlines,
  type DeadlineJob,
  type DeadlineSource,
} from './deadlines';
export { p2pServices } from './plugin';
