import { isIP } from 'node:net';
import { HDKey } from '@scure/bip32';
import { getAddress, isAddress, parseUnits } from 'viem';
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

/** The chain families a deposit key is configured for, each from `DEPOSIT_XPUB_<FAMILY>`. */
export const DEPOSIT_KEY_FAMILIES = ['EVM', 'BITCOIN', 'LITECOIN', 'DOGECOIN', 'TRON', 'XRP'] as const;
export type DepositKeyFamily = (typeof DEPOSIT_KEY_FAMILIES)[number];

/**
 * PUBLIC test keys, development and tests only: the account xpubs of anvil's published mnemonic "test test
 * test test test test test test test test test junk" (BIP44 m/44'/60'/0' EVM, m/44'/3'/0' Dogecoin,
 * m/44'/195'/0' TRON, m/44'/144'/0' XRP; BIP84 m/84'/0'/0' Bitcoin, m/84'/2'/0' Litecoin), printed by
 * `node scripts/deposit-test-keys.mjs` (@scure/bip39 + @scure/bip32). Anyone can spend what is sent to their
 * addresses; production never falls back to them and refuses to start with one.
 */
export const PUBLIC_TEST_DEPOSIT_XPUBS: Record<DepositKeyFamily, string> = {
  EVM: 'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP',
  BITCOIN:
    'xpub6C4SXHaqSMPK8MGL7bWjvS8WQnhoadsaXv2mnBcjAv142P2TivoC7s7ukNRYxETJZGc3JNzDKHQAGH5N3oQhQgkpwk6WrMtJB4eG2fpRAsV',
  LITECOIN:
    'xpub6C5Bi8NcXLPPwPqkT65jhUNLvZQvfRPun9VVsqCMZptjgyXk4fVCyESt5Jqt8MvtguHbwt8v4pn6JvAi3gBoyrM1ZsWFQ1oN2aubj2RhmhG',
  DOGECOIN:
    'xpub6DEKda2BGfKebpwLtYBrvunPCMUnQqm33X3eyaDqtMvGiRpT2pJofeo4CHfFiwwfc7Zwscg2YKc2ohFJvGwon2FPS3oGGtX3FH6h1Usmrm4',
  TRON: 'xpub6BuRy7ZmkGfP2RWhoor1kWB1w9DvrtmJbFBvnC1bQ4SB5NbCHTyQYCJSXZtxDbFyHTmC7wkU2he3nYYdpZ3Vf6qUAkXSnL6RPif4BDtDEKr',
  XRP: 'xpub6DMWZaFuER3dTT5ep6ZdCeiicysUQ8J1GZTezcvRshMYgzVRTtqf8qgjXabwA6nNxzHqr8Z3PFVTJxzFVwy45PXUjG6N9ssHktJmTiqmKoy',
};

/** SLIP-132's zpub (BIP84 native segwit accounts): the same key as an xpub under other version bytes. */
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };

/** An extended PUBLIC key (xpub, or zpub), parsed; throws with the reason when it is anything else. */
export function parseExtendedPublicKey(text: string): HDKey {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text, text.startsWith('zpub') ? ZPUB_VERSIONS : undefined);
  } catch (error) {
    throw new Error(`not an extended public key (${(error as Error).message})`, { cause: error });
  }
  // Only the operator holds private keys: an xprv in the environment is refused, never used.
  if (key.privateKey) throw new Error('an extended PRIVATE key: configure the public key (xpub) only');
  return key;
}

/** `DEPOSIT_XPUB_<FAMILY>`: unset (the default), empty (deposits closed), or an extended public key. */
const depositXpub = z
  .string()
  .trim()
  .optional()
  .superRefine((value, context) => {
    if (!value) return;
    try {
      parseExtendedPublicKey(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

/** A setting given empty (`METRICS_TOKEN=` from a compose file's `${METRICS_TOKEN:-}`) counts as unset. */
const unsetWhenEmpty = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** A deposit is credited after this many blocks on top of its own (its block counts as the first). */
const confirmations = z.coerce.number().int().min(1).max(10_000).default(12);

/** An EVM contract address: all lower case, or EIP-55 mixed case with a correct checksum. */
const evmContract = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isAddress(value), 'not an EVM address (0x + 40 hex digits, EIP-55 checksum)');

/** A secp256k1 private key as hex, the way wallets export one. */
export const HOT_KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** The withdrawal signer's settings (see evmSigner). */
const evmSignerSchema = {
  /** A file holding the hot wallet's private key (0x + 64 hex digits), readable by its owner only. */
  EVM_HOT_WALLET_KEY_FILE: z.string().trim().optional(),
  /** The key itself, for development: a file keeps it out of process listings and `docker inspect`. */
  EVM_HOT_WALLET_KEY: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || HOT_KEY_PATTERN.test(value), 'not a private key (0x + 64 hex digits)'),
  EVM_SIGNER_STUCK_BLOCKS: z.coerce.number().int().min(1).max(100_000).default(40),
  EVM_SIGNER_MAX_FEE_GWEI: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,9})?$/, 'gwei per gas, e.g. 500 or 0.5')
    .default('500'),
};

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
  /**
   * The spot pairs this process's matcher runs (`BTC/USDT,ETH/USDT`); unset: every pair. Each market has a
   * lease of its own: matchers given different pairs run side by side, and one given every pair stands by for
   * the markets whose matcher stops.
   */
  MATCHER_PAIRS: unsetWhenEmpty(
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((symbol) => symbol.trim().toUpperCase())
          .filter(Boolean),
      )
      .optional(),
  ),
  /** Days the market maker's ended orders and their log rows are kept before archival folds them. */
  SPOT_ARCHIVE_DAYS: z.coerce.number().int().min(1).default(7),
  SEED_DEMO: flag.default(true),
  PAYMENT_SANDBOX: flag.optional(),
  /**
   * The points partner (document 3: the points belong to a partner platform the user binds): the address of
   * its API and the key it issued to this exchange, and the name the screens give it. Unset: the built-in
   * sandbox partner (POINTS_SANDBOX, on by default outside production), else the points exchange is closed.
   */
  POINTS_PARTNER_URL: unsetWhenEmpty(z.string().url().optional()),
  POINTS_PARTNER_KEY: unsetWhenEmpty(z.string().min(16, 'needs 16 or more characters').optional()),
  POINTS_PARTNER_NAME: unsetWhenEmpty(z.string().trim().min(1).max(40).optional()),
  POINTS_SANDBOX: flag.optional(),
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Prometheus metrics. METRICS_PORT (unset: none) opens a listener of its own on METRICS_HOST with
   * `/metrics` and `/health`, away from the public port; METRICS_TOKEN (16 or more characters) is then asked
   * of every scrape, and also opens `/metrics` on the public port for requests that carry it
   * (`Authorization: Bearer <token>`). Without a token the public port never serves metrics.
   */
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_PORT: unsetWhenEmpty(z.coerce.number().int().min(1).max(65535).optional()),
  METRICS_TOKEN: unsetWhenEmpty(z.string().min(16, 'needs 16 or more characters').optional()),
  /** Minutes between the workers' ledger audits (its result and age are metrics and alerts). */
  AUDIT_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  DEPOSIT_XPUB_EVM: depositXpub,
  DEPOSIT_XPUB_BITCOIN: depositXpub,
  DEPOSIT_XPUB_LITECOIN: depositXpub,
  DEPOSIT_XPUB_DOGECOIN: depositXpub,
  DEPOSIT_XPUB_TRON: depositXpub,
  DEPOSIT_XPUB_XRP: depositXpub,
  /** The EVM node the chain watcher follows; unset: no watcher (operators book deposits by hand). */
  EVM_RPC_URL: z.string().url().optional(),
  EVM_CHAIN_ID: z.coerce.number().int().positive().optional(),
  EVM_USDT_CONTRACT: evmContract,
  EVM_CONFIRMATIONS_ETH: confirmations,
  EVM_CONFIRMATIONS_USDT: confirmations,
  EVM_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(4_000),
  EVM_START_BLOCK: z.coerce.number().int().min(0).optional(),
  ...evmSignerSchema,
});

type EvmSetting =
  | 'EVM_RPC_URL'
  | 'EVM_CHAIN_ID'
  | 'EVM_USDT_CONTRACT'
  | 'EVM_CONFIRMATIONS_ETH'
  | 'EVM_CONFIRMATIONS_USDT'
  | 'EVM_POLL_MS'
  | 'EVM_START_BLOCK';

/** A currency the EVM watcher credits: the chain's own coin (no contract) or an ERC-20 token. */
export interface EvmAsset {
  currency: string;
  /** Blocks on top of the deposit's own (included) before it is credited. */
  confirmations: number;
  /** The ERC-20 contract, EIP-55 spelled; absent for the chain's native coin. */
  contract?: `0x${string}`;
}

/** The EVM network the watcher (and the signer) speak to. */
export interface EvmNetwork {
  rpcUrl: string;
  /** The node must answer this id (`eth_chainId`): a watcher pointed at the wrong chain refuses to start. */
  chainId: number;
  native: EvmAsset;
  tokens: EvmAsset[];
  pollMs: number;
  /** Where a watcher without a stored height begins; unset: the head when it first starts. */
  startBlock?: number;
}

type DepositXpubSetting = `DEPOSIT_XPUB_${DepositKeyFamily}`;
type PointsSetting = 'POINTS_PARTNER_URL' | 'POINTS_PARTNER_KEY' | 'POINTS_PARTNER_NAME' | 'POINTS_SANDBOX';

/** Where the points exchange takes points from: a partner's API, or the built-in sandbox partner. */
export type PointsPartnerSetting =
  { kind: 'http'; name: string; url: string; key: string } | { kind: 'sandbox'; name: string };
type EvmSignerSetting = keyof typeof evmSignerSchema;

export type Config = Omit<
  z.infer<typeof configSchema>,
  'PAYMENT_SANDBOX' | 'OPERATOR_TOTP_KEY' | DepositXpubSetting | EvmSetting | EvmSignerSetting | PointsSetting
> & {
  PAYMENT_SANDBOX: boolean;
  /** The points partner; null: the points exchange is closed. */
  POINTS_PARTNER: PointsPartnerSetting | null;
  OPERATOR_TOTP_KEY: string;
  /** The extended public key deposit addresses of each family derive from; '' = deposits closed there. */
  DEPOSIT_XPUBS: Record<DepositKeyFamily, string>;
  /** The EVM chain deposits are watched on; null without `EVM_RPC_URL` (no watcher). */
  EVM: EvmNetwork | null;
  /** The withdrawal signer's hot wallet on that chain; null without a hot key (withdrawals paid by hand). */
  EVM_SIGNER: EvmSigner | null;
};

/** The EVM settings as one network, or null; a half-configured network is refused, naming what is missing. */
function evmNetwork(settings: z.infer<typeof configSchema>): EvmNetwork | null {
  if (!settings.EVM_RPC_URL) {
    const stray = (['EVM_CHAIN_ID', 'EVM_USDT_CONTRACT', 'EVM_START_BLOCK'] as const).filter(
      (name) => settings[name] !== undefined && settings[name] !== '',
    );
    if (stray.length > 0)
      throw new Error(`${stray.join(', ')} set without EVM_RPC_URL: set the node's URL too`);
    return null;
  }
  if (!settings.EVM_CHAIN_ID)
    throw new Error('EVM_CHAIN_ID must be set with EVM_RPC_URL (1 mainnet, 31337 anvil)');
  const usdt = settings.EVM_USDT_CONTRACT;
  return {
    rpcUrl: settings.EVM_RPC_URL,
    chainId: settings.EVM_CHAIN_ID,
    native: { currency: 'ETH', confirmations: settings.EVM_CONFIRMATIONS_ETH },
    tokens: usdt
      ? [{ currency: 'USDT', confirmations: settings.EVM_CONFIRMATIONS_USDT, contract: getAddress(usdt) }]
      : [],
    pollMs: settings.EVM_POLL_MS,
    ...(settings.EVM_START_BLOCK === undefined ? {} : { startBlock: settings.EVM_START_BLOCK }),
  };
}

/**
 * Where the hot wallet's key comes from. The key itself never sits in the configuration as a value: a file
 * is read when the signer starts, and an environment key is behind a function, so logging or inspecting the
 * configuration shows neither.
 */
export type HotKeySource = { file: string } | { fromEnvironment: () => `0x${string}` };

/** The withdrawal signer of the EVM network: its hot key and when it calls a transaction stuck. */
export interface EvmSigner {
  key: HotKeySource;
  /** Blocks after signing with none of a withdrawal's transactions mined before it is shown as stuck. */
  stuckBlocks: number;
  /** The most it ever offers per unit of gas, in wei: a fee spike makes withdrawals wait, never pay it. */
  maxFeePerGasWei: bigint;
}

/** The signer's settings, or null without a hot key; a key without the network, or two keys, are refused. */
function evmSigner(settings: z.infer<typeof configSchema>, network: EvmNetwork | null): EvmSigner | null {
  const { EVM_HOT_WALLET_KEY_FILE: file, EVM_HOT_WALLET_KEY: key } = settings;
  if (!file && !key) return null;
  if (file && key) throw new Error('set EVM_HOT_WALLET_KEY_FILE or EVM_HOT_WALLET_KEY, not both');
  if (!network) throw new Error('a hot wallet key is set without EVM_RPC_URL: set the node the signer uses');
  return {
    key: file ? { file } : { fromEnvironment: () => key as `0x${string}` },
    stuckBlocks: settings.EVM_SIGNER_STUCK_BLOCKS,
    maxFeePerGasWei: parseUnits(settings.EVM_SIGNER_MAX_FEE_GWEI, 9),
  };
}

/**
 * The points partner: its API when an address is given (with its key, both or neither), else the sandbox
 * when it is on, else none. The sandbox hands out points nobody earned, worth real partner tokens: off in
 * production unless asked for.
 */
function pointsPartner(settings: z.infer<typeof configSchema>): PointsPartnerSetting | null {
  const { POINTS_PARTNER_URL: url, POINTS_PARTNER_KEY: key, POINTS_PARTNER_NAME: name } = settings;
  if (url && !key)
    throw new Error('POINTS_PARTNER_URL is set without POINTS_PARTNER_KEY: set the partner key too');
  if (key && !url)
    throw new Error('POINTS_PARTNER_KEY is set without POINTS_PARTNER_URL: set the partner address too');
  if (url && key) {
    if (settings.POINTS_SANDBOX)
      throw new Error('POINTS_SANDBOX is on with POINTS_PARTNER_URL: choose one partner');
    return { kind: 'http', name: name ?? new URL(url).hostname, url, key };
  }
  const sandbox = settings.POINTS_SANDBOX ?? settings.NODE_ENV !== 'production';
  return sandbox ? { kind: 'sandbox', name: name ?? 'Sandbox partner' } : null;
}

/**
 * Each family's deposit key: the configured one; unset in development and tests, the public test key; unset
 * in production or set empty, none (that family's deposits are closed). Production refuses the test keys.
 */
function depositXpubs(
  settings: Partial<Record<DepositXpubSetting, string>>,
  production: boolean,
): Record<DepositKeyFamily, string> {
  const keys = {} as Record<DepositKeyFamily, string>;
  for (const family of DEPOSIT_KEY_FAMILIES) {
    const configured = settings[`DEPOSIT_XPUB_${family}`];
    const key = configured ?? (production ? '' : PUBLIC_TEST_DEPOSIT_XPUBS[family]);
    if (production && key && key === PUBLIC_TEST_DEPOSIT_XPUBS[family]) {
      throw new Error(
        `DEPOSIT_XPUB_${family} is the PUBLIC test key (anyone can spend from it): configure your own in production`,
      );
    }
    keys[family] = key;
  }
  return keys;
}

/** Development and tests only: a stolen database of a real installation must not open with a known key. */
const DEVELOPMENT_TOTP_KEY = 'development-operator-totp-key-change-me';

/** The only place that reads process.env: every setting is validated once, at start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // docker-compose passes `${EVM_RPC_URL:-}` as '' when the operator set nothing: unset, not invalid.
  const given = Object.fromEntries(
    Object.entries(env).filter(([name, value]) => !(name.startsWith('EVM_') && value === '')),
  );
  const parsed = configSchema.safeParse(given);
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
  const production = parsed.data.NODE_ENV === 'production';
  const DEPOSIT_XPUBS = depositXpubs(parsed.data, production);
  const EVM = evmNetwork(parsed.data);
  const EVM_SIGNER = evmSigner(parsed.data, EVM);
  const settings = Object.fromEntries(
    Object.entries(parsed.data).filter(
      ([name]) =>
        !name.startsWith('DEPOSIT_XPUB_') && !name.startsWith('EVM_') && !name.startsWith('POINTS_'),
    ),
  ) as Omit<typeof parsed.data, DepositXpubSetting | EvmSetting | EvmSignerSetting | PointsSetting>;
  // The sandbox payment provider credits deposits nobody paid for: never on in production unless asked.
  return {
    ...settings,
    DEPOSIT_XPUBS,
    EVM,
    EVM_SIGNER,
    PAYMENT_SANDBOX: parsed.data.PAYMENT_SANDBOX ?? parsed.data.NODE_ENV !== 'production',
    POINTS_PARTNER: pointsPartner(parsed.data),
    OPERATOR_TOTP_KEY: parsed.data.OPERATOR_TOTP_KEY ?? DEVELOPMENT_TOTP_KEY,
  };
}
