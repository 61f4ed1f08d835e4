import { openSigner, signerRound, type SignerContext, type SignerDeps } from '@exchange/api/modules/wallet';

export interface ChainSignerDeps extends SignerDeps {
  /** Pause between rounds (the network's EVM_POLL_MS). */
  pollMs: number;
}

/**
 * The withdrawal signer's loop: opens the hot wallet, then runs the wallet area's signer round again and
 * again, one at a time. A round that fails (the node unreachable) is logged and the next one tries again:
 * everything a round needs is in Postgres, so nothing is lost between rounds or across a restart.
 */
export class ChainSigner {
  private context?: SignerContext;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private lastGoodRoundAt = Date.now();

  constructor(private readonly deps: ChainSignerDeps) {}

  async start(): Promise<void> {
    this.context = await openSigner(this.deps);
    this.deps.log({ address: this.context.account.address }, 'withdrawal signer started');
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => {
        this.running = undefined;
        this.schedule(this.deps.pollMs);
      });
    }, delayMs);
  }

  private async round(): Promise<void> {
    try {
      await signerRound(this.context!);
      this.lastGoodRoundAt = Date.now();
    } catch (error) {
      this.deps.log({ err: error }, 'withdrawal signer round failed');
    }
  }

  /** Alive while its rounds succeed: a node away for a few polls is news for the heartbeat, not at once. */
  alive(): boolean {
    return Date.now() - this.lastGoodRoundAt < Math.max(5 * this.deps.pollMs, 30_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
