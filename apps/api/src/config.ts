import { z } from 'zod';

const flag = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((value) => value === 'on' || value === 'true' || value === '1');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  REDIS_PREFIX: z.string().default('ex:'),
  EMBEDDED_PG_DIR: z.string().default('.data/postgres'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  APP_SECRET: z.string().min(16).default('development-secret-change-me'),
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
  SEED_DEMO: flag.default(true),
  PAYMENT_SANDBOX: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'PAYMENT_SANDBOX'> & { PAYMENT_SANDBOX: boolean };

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
  // The sandbox payment provider credits deposits nobody paid for: never on in production unless asked.
  return {
    ...parsed.data,
    PAYMENT_SANDBOX: parsed.data.PAYMENT_SANDBOX ?? parsed.data.NODE_ENV !== 'production',
  };
}
