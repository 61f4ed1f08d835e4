import { Queue } from 'bullmq';
import { bullOptions, type QueueHome } from '@exchange/kernel/redis';

/** The job states monitoring reports for each queue. */
const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Reads the job counts of the instance's BullMQ queues (monitoring); each queue is opened once. */
export class QueueDepths {
  private readonly queues = new Map<string, Queue>();

  constructor(private readonly home: QueueHome) {}

  async counts(names: string[]): Promise<{ queue: string; counts: Record<string, number> }[]> {
    return Promise.all(
      names.map(async (name) => ({ queue: name, counts: await this.queueOf(name).getJobCounts(...STATES) })),
    );
  }

  private queueOf(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, bullOptions(this.home));
      this.queues.set(name, queue);
    }
    return queue;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
