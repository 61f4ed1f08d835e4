import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';

/**
 * Keeps one process of the exchange running, as production's process manager does (docker-compose's
 * `restart: unless-stopped` for the api and workers services): whenever the process dies, for whatever
 * reason, a new one is started after a short pause. Output goes to a log file.
 */
export class Supervised {
  private child: ChildProcess | undefined;
  private stopping = false;
  /** How many times the process was started again after it died. */
  restarts = 0;

  constructor(
    readonly name: string,
    private readonly entry: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
    private readonly restartDelayMs = 300,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    const log = openSync(this.logFile, 'a');
    // node with tsx's loader, not the tsx command: the command runs the script in a child of its own, and a
    // SIGKILL would then hit the wrapper and leave the real process behind.
    const child = spawn(process.execPath, ['--import', 'tsx', this.entry], {
      env: this.env,
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    this.child = child;
    child.once('exit', () => {
      if (this.stopping || this.child !== child) return;
      this.restarts += 1;
      setTimeout(() => {
        if (!this.stopping) this.start();
      }, this.restartDelayMs);
    });
  }

  /** kill -9: no chance to finish anything. Answers the pid that was killed. */
  kill(): number {
    const pid = this.child?.pid;
    if (pid === undefined) throw new Error(`${this.name} is not running`);
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  /** Whether a process other than `previousPid` is running now. */
  replaced(previousPid: number): boolean {
    const child = this.child;
    return !!child && child.pid !== previousPid && child.exitCode === null && child.signalCode === null;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
