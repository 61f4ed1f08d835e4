import { spawn, spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { DEFAULT_REDIS_URL } from '../redis';

export { DEFAULT_REDIS_URL };
const OWN_REDIS_PORT = 6390;

export interface RedisEndpoint {
  url: string;
  stop: () => void;
}

async function answers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Redis for `npm start`: REDIS_URL when given (it must answer), else the local default, else a
 * `redis-server` of our own on port 6390, else a message saying what to install.
 */
export async function resolveRedis(
  configuredUrl: string | undefined,
  log: (line: string) => void,
): Promise<RedisEndpoint> {
  const url = configuredUrl ?? DEFAULT_REDIS_URL;
  if (await answers(url)) return { url, stop: () => undefined };
  if (configuredUrl) throw new Error(`Redis does not answer at REDIS_URL=${configuredUrl}`);

  const installed = spawnSync('redis-server', ['--version']).status === 0;
  if (!installed) {
    throw new Error(
      'The exchange needs Redis. Start one at redis://127.0.0.1:6379, set REDIS_URL, or install redis-server ' +
        '(Debian/Ubuntu: apt-get install redis-server; macOS: brew install redis) and it will be started for you.',
    );
  }
  log(`starting redis-server on port ${OWN_REDIS_PORT}`);
  const child = spawn(
    'redis-server',
    ['--port', String(OWN_REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const ownUrl = `redis://127.0.0.1:${OWN_REDIS_PORT}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await answers(ownUrl)) return { url: ownUrl, stop: () => child.kill() };
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  child.kill();
  throw new Error('redis-server was started but does not answer');
}
