import { isIP } from 'node:net';
import { z } from 'zod';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

/** proxy-addr's names for address ranges (Fastify's trustProxy understands them). */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * The proxies whose X-Forwarded-For (and -Proto, -Host) are believed: off (the default: the client is
 * whoever opened the connection), or a comma-separated list of addresses, CIDR ranges and proxy-addr's
 * names (loopback, linklocal, uniquelocal). Trusting every sender is not offered: any client could then
 * name any address and walk around the limits kept per address.
 */
const trustProxy = z
  .string()
  .default('off')
  .transform((value, context): false | string[] => {
    const text = value.trim();
    if (['', 'off', 'false', '0'].includes(text.toLowerCase())) return false;
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const wrong = entries.filter((entry) => !isProxyAddress(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `not a proxy address, CIDR range, loopback, linklocal or uniquelocal: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /**
   * Starts every Redis key, stream, queue and channel of this exchange (channels add REDIS_URL's database
   * number). No pattern characters: the socket adapter subscribes to `<prefix>...*`, and a `*` or `?` in the
   * prefix would match another exchange's channels.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[^*?[\]\\]*$/, 'no pattern characters (* ? [ ] \\) in the Redis prefix')
    .default('ex:'),
  EMBEDDED_PG_DIR: z.string().default('.data/postgres'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  APP_SECRET: z.string().min(16).default('development-secret-change-me'),
  /** Seals operators' two-factor secrets at rest (AES-256-GCM under its SHA-256); required in production. */
  OPERATOR_TOTP_KEY: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(24),
  UPLOAD_DIR: z.string().default('uploads'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Exchange <no-reply@exchange.local>'),
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  WORKERS: flag.default(true),
  MARKET_MAKER: flag.default(true),
  /** Days the market maker's ended orders and their log rows are kept before archival folds them. */
  SPOT_ARCHIVE_DAYS: z.coerce.number().int().min(1).default(7),
  SEED_DEMO: flag.default(true),
  PAYMENT_SANDBOX: flag.optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'PAYMENT_SANDBOX' | 'OPERATOR_TOTP_KEY'> & {
  PAYMENT_SANDBOX: boolean;
  OPERATOR_TOTP_KEY: string;
};

/** Development and tests only: a stolen database of a real installation must not open with a known key. */
const DEVELOPMENT_TOTP_KEY = 'development-operator-totp-key-change-me';

/** The only place that reads process.env: every setting is validated once, at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.APP_SECRET === 'development-secret-change-me') {
    throw new Error('APP_SECRET must be set to a private value in production');
  }
  if (parsed.data.NODE_ENV === 'production' && !parsed.data.OPERATOR_TOTP_KEY) {
    throw new Error('OPERATOR_TOTP_KEY (32 or more random characters) must be set in production');
  }
  // The sandbox payment provider credits deposits nobody paid for: never on in production unless asked.
  return {
    ...parsed.data,
    PAYMENT_SANDBOX: parsed.data.PAYMENT_SANDBOX ?? parsed.data.NODE_ENV !== 'production',
    OPERATOR_TOTP_KEY: parsed.data.OPERATOR_TOTP_KEY ?? DEVELOPMENT_TOTP_KEY,
  };
}
