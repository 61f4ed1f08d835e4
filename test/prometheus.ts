import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { freePort } from './probes';

/**
 * Prometheus' own tools, where Debian's `prometheus` package is installed (it ships `promtool` and
 * `prometheus`; .ci/run installs it): the repository's config and rules checked by promtool, and a real
 * Prometheus scraping a running exchange with the repository's rules.
 */
export const PROMETHEUS_DIR = 'ops/monitoring/prometheus';
export const RULES_FILE = `${PROMETHEUS_DIR}/alerts.yml`;
export const CONFIG_FILE = `${PROMETHEUS_DIR}/prometheus.yml`;

const installed = (tool: string) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0;
export const promtoolInstalled = installed('promtool');
export const prometheusInstalled = installed('prometheus');

/** `promtool ARGS`: its exit code and everything it printed. */
export function promtool(...args: string[]): { code: number | null; output: string } {
  const run = spawnSync('promtool', args, { encoding: 'utf8' });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

interface ScrapeJob {
  job_name: string;
  static_configs: { targets: string[] }[];
  authorization?: { type: string; credentials_file: string };
}

export interface RunningPrometheus {
  url: string;
  /** GET on Prometheus' HTTP API (`/api/v1/...`): the `data` of a `success` answer. */
  api: <T>(path: string) => Promise<T>;
  stop: () => Promise<void>;
}

/**
 * Starts Prometheus on the repository's config with the repository's rules (alerts.yml copied beside it, as
 * the compose profile mounts the folder), each job's target moved to an address of this machine, scrapes and
 * rule evaluations every second, and the exchange's jobs sending the metrics token.
 */
export async function startPrometheus(options: {
  targets: Record<string, string>;
  metricsToken: string;
}): Promise<RunningPrometheus> {
  const dir = mkdtempSync(join(tmpdir(), 'exchange-prometheus-'));
  const port = await freePort();
  const config = parse(readFileSync(CONFIG_FILE, 'utf8')) as {
    global: Record<string, string>;
    scrape_configs: ScrapeJob[];
  };
  config.global = { ...config.global, scrape_interval: '1s', evaluation_interval: '1s' };
  const own = { prometheus: `127.0.0.1:${port}`, ...options.targets };
  for (const job of config.scrape_configs) {
    const target = own[job.job_name as keyof typeof own];
    if (!target) throw new Error(`no address for the scrape job ${job.job_name}`);
    job.static_configs = [{ targets: [target] }];
    if (job.job_name !== 'prometheus')
      job.authorization = { type: 'Bearer', credentials_file: 'metrics-token' };
  }
  writeFileSync(join(dir, 'prometheus.yml'), stringify(config));
  copyFileSync(RULES_FILE, join(dir, 'alerts.yml'));
  writeFileSync(join(dir, 'metrics-token'), options.metricsToken);

  const child = spawn(
    'prometheus',
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await until(
    async () => (await fetch(`${url}/-/ready`).catch(() => null))?.ok === true,
    30_000,
    () => log,
  );
  return {
    url,
    async api<T>(path: string) {
      const answer = (await (await fetch(`${url}${path}`)).json()) as {
        status: string;
        data: T;
        error?: string;
      };
      if (answer.status !== 'success')
        throw new Error(`Prometheus ${path}: ${answer.error ?? answer.status}`);
      return answer.data;
    },
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The workers as `npm run workers` runs them, in a process of their own, until `[workers] running`. */
export async function startWorkersProcess(env: NodeJS.ProcessEnv): Promise<{ stop: () => Promise<void> }> {
  // node with tsx's loader, not the tsx command, so SIGTERM reaches the workers themselves.
  const child = spawn(process.execPath, ['--import', 'tsx', 'workers/src/main.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr])
    stream?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until(
    () => {
      if (child.exitCode !== null) throw new Error(`the workers exited: ${output.slice(-2_000)}`);
      return Promise.resolve(output.includes('[workers] running'));
    },
    120_000,
    () => output.slice(-2_000),
  );
  return { stop: () => stopProcess(child) };
}

async function until(check: () => Promise<boolean>, ms: number, log: () => string): Promise<void> {
  const by = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > by) throw new Error(`not ready after ${ms} ms: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
