/**
 * Gathers the jobs that arrive while a commit is in flight and hands them over together: one flush at a
 * time per market, so commands keep their order and each commit carries as many as have queued up. At most
 * `maxPending` wait: a submit beyond that waits for room, which holds back the stream reader and the queue
 * worker feeding it instead of growing memory without bound.
 */
export class MicroBatcher<T> {
  private pending: { item: T; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private waitingForRoom: (() => void)[] = [];
  private flushing = false;

  constructor(
    private readonly flush: (items: T[]) => Promise<void>,
    private readonly maxBatch = 2_000,
    private readonly maxPending = 20_000,
  ) {}

  async submit(item: T): Promise<void> {
    while (this.pending.length >= this.maxPending)
      await new Promise<void>((resolve) => this.waitingForRoom.push(resolve));
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (!this.flushing) setImmediate(() => void this.drain());
    });
  }

  /** How many items wait for a flush (never more than maxPending). */
  get waiting(): number {
    return this.pending.length;
  }

  private async drain(): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.pending.splice(0, this.maxBatch);
        for (const wake of this.waitingForRoom.splice(0)) wake();
        try {
          await this.flush(batch.map((entry) => entry.item));
          for (const entry of batch) entry.resolve();
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
