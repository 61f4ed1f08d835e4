import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { freePort, redisAnswers } from '../probes';

/**
 * The services a drill may break: a Redis and (when the machine allows) a Postgres cluster of the drill's
 * own. The machine's shared Redis and Postgres serve other engineers and CI at the same time, so a drill
 * never flushes or restarts those.
 */

export const pause = (ms: number) => new Promise<void>((wake) => setTimeout(wake, ms));

export async function until(what: string, test: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await pause(100);
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

/** A redis-server without persistence on a port of its own: what FLUSHALL and restarts are done to. */
export class PrivateRedis {
  private child: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(port?: number): Promise<PrivateRedis> {
    if (spawnSync('redis-server', ['--version']).status !== 0)
      throw new Error('the drills need redis-server (Debian/Ubuntu: apt-get install redis-server)');
    const redis = new PrivateRedis(port ?? (await freePort()));
    await redis.launch();
    return redis;
  }

  private async launch(): Promise<void> {
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await until(`redis-server on port ${this.port}`, () => redisAnswers(this.url), 10_000);
  }

  async flushAll(): Promise<void> {
    const client = new Redis(this.url, { maxRetriesPerRequest: 1 });
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  /** Stops the server the hard way (no persistence: everything in it is gone) and starts it again. */
  async restart(downMs: number): Promise<void> {
    await this.stop();
    await pause(downMs);
    await this.launch();
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
  }
}

/** The Postgres binaries of the machine's newest installed major version, when there are any. */
function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

/**
 * A throwaway Postgres cluster under the temporary folder, on a port of its own, run as the `postgres`
 * user when this process is root (Postgres refuses to run as root). Stopped with `-m immediate`, which is
 * how a crash looks to Postgres: the next start replays the write-ahead log.
 */
export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    private readonly dataDir: string,
    readonly port: number,
  ) {}

  get adminUrl(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** A running private cluster, or the reason one cannot be made here. */
  static async create(): Promise<PrivatePostgres | { unavailable: string }> {
    const bin = postgresBinaries();
    if (!bin) return { unavailable: 'no Postgres server binaries under /usr/lib/postgresql' };
    const asRoot = process.getuid?.() === 0;
    if (asRoot && spawnSync('id', ['postgres']).status !== 0)
      return { unavailable: 'running as root and there is no postgres user to run a cluster as' };
    const dataDir = mkdtempSync(join(tmpdir(), 'exchange-drill-pg-'));
    if (asRoot) {
      chmodSync(dataDir, 0o777);
      spawnSync('chown', ['postgres', dataDir]);
    }
    const cluster = new PrivatePostgres(bin, dataDir, await freePort());
    const init = cluster.run('initdb', ['-D', join(dataDir, 'data'), '-U', 'postgres', '-A', 'trust']);
    if (init.status !== 0) {
      rmSync(dataDir, { recursive: true, force: true });
      return { unavailable: `initdb failed: ${init.stderr.toString().trim().split('\n').at(-1) ?? ''}` };
    }
    await cluster.start();
    return cluster;
  }

  private run(tool: string, args: string[]) {
    const command = join(this.bin, tool);
    const asRoot = process.getuid?.() === 0;
    return asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: '/tmp' })
      : spawnSync(command, args, { cwd: '/tmp' });
  }

  async start(): Promise<void> {
    const started = this.run('pg_ctl', [
      '-D',
      join(this.dataDir, 'data'),
      '-l',
      join(this.dataDir, 'postgres.log'),
      '-o',
      `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      '-w',
      'start',
    ]);
    if (started.status !== 0) throw new Error(`pg_ctl start failed: ${started.stderr.toString()}`);
    await until(`Postgres on port ${this.port}`, () => this.answers(), 30_000);
  }

  private async answers(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.adminUrl, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  /** Every connection is cut at once and nothing is flushed, as when the server crashes. */
  stopImmediately(): void {
    this.run('pg_ctl', ['-D', join(this.dataDir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }

  async restart(downMs: number): Promise<void> {
    this.stopImmediately();
    await pause(downMs);
    await this.start();
  }

  remove(): void {
    this.stopImmediately();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
