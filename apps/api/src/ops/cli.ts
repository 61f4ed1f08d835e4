import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '@exchange/kernel/config';
import { AppError } from '@exchange/kernel/errors';
import { translate } from '@exchange/kernel/i18n';
import { migrate, createPool, createPrisma, poolSql, prismaSql, type Db } from '@exchange/kernel/db';
import { isSettingKey, readSettings, writeSetting } from '../modules/system';
import { seedDatabase } from '../../../../prisma/seed';
import { createOpsUser, listOutbox } from './users';
import {
  opsCompleteWithdrawal,
  opsDeposit,
  opsFundHouse,
  opsRejectWithdrawal,
  pendingWithdrawals,
} from './wallet';
import { auditExchange } from '../areas';
import { p2pCommands } from './p2p';
import { opsLeverOptions } from './lever';
import { LEVER_RISK_OPTIONS } from '@exchange/contracts/constants';
import { opsMicroOptions } from './micro';
import { verifySettlements } from '../modules/micro';
import { earnCommands } from './earn';
import { rebuildTeamCounters } from '../modules/team';
import { archiveMarketMaker } from '../modules/spot';
import { operatorCommands } from './operators';
import { textOptions } from './options';
import { opsReconcileChain, opsSweepPlan } from './chain';

// The backup commands load the whole API (the drill starts it): loaded only when one of them runs.
const backups = () => import('./backup');

/**
 * `npm run ops -- <command> [options]`: operator commands against the exchange's database. Each prints one
 * JSON document on its last line and exits non-zero on failure.
 */
type Command = (prisma: Db, args: string[], config: Config) => Promise<unknown>;

const commands: Record<string, Command> = {
  'user:create': (prisma, args) => {
    const { values } = parseArgs({
      args,
      options: {
        account: { type: 'string' },
        password: { type: 'string' },
        'trade-password': { type: 'string' },
        kyc: { type: 'string' },
        seller: { type: 'boolean', default: false },
      },
    });
    if (!values.account || !values.password) throw new Error('user:create needs --account and --password');
    if (values.kyc !== undefined && values.kyc !== 'approved')
      throw new Error('--kyc takes the value approved');
    return createOpsUser(prisma, {
      account: values.account,
      password: values.password,
      tradePassword: values['trade-password'],
      kycApproved: values.kyc === 'approved',
      seller: values.seller,
    });
  },
  outbox: (prisma, args) => {
    const { to, limit } = textOptions(args, {
      required: ['to'],
      optional: ['limit'],
      usage: 'outbox needs --to',
    });
    return listOutbox(prisma, to, Number(limit ?? 20));
  },
  'setting:list': (prisma) => readSettings(prisma),
  'setting:set': async (prisma, args) => {
    const [key, value] = args;
    if (!key || value === undefined || !isSettingKey(key))
      throw new Error('setting:set KEY VALUE, KEY one of setting:list');
    await writeSetting(prisma, key, value);
    return { [key]: value };
  },
  seed: (prisma, _args, config) => seedDatabase(prisma, { demoUsers: config.SEED_DEMO }),
  deposit: (prisma, args) =>
    opsDeposit(
      prisma,
      textOptions(args, {
        required: ['account', 'currency', 'amount'],
        optional: ['txid'],
        usage: 'deposit needs --account, --currency and --amount',
      }),
    ),
  withdrawals: (prisma) => pendingWithdrawals(prisma),
  'withdrawal:complete': (prisma, args) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { txid: { type: 'string' } },
    });
    if (!values.txid) throw new Error('withdrawal:complete ID --txid T');
    return opsCompleteWithdrawal(prisma, withdrawalId(positionals[0]), values.txid);
  },
  'withdrawal:reject': (prisma, args) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { reason: { type: 'string' } },
    });
    return opsRejectWithdrawal(
      prisma,
      withdrawalId(positionals[0]),
      values.reason ?? 'rejected by an operator',
    );
  },
  'micro:verify': async (_prisma, _args, config) => {
    const pool = createPool(config.DATABASE_URL ?? embeddedUrl(config), 2);
    try {
      const report = await verifySettlements(poolSql(pool));
      if (!report.ok) process.exitCode = 1;
      return report;
    } finally {
      await pool.end();
    }
  },
  'micro:options': (prisma, args) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        window: { type: 'string' },
        lookback: { type: 'string' },
        'min-notional': { type: 'string' },
        'pair-exposure': { type: 'string' },
        'user-exposure': { type: 'string' },
      },
    });
    if (!positionals[0])
      throw new Error('micro:options PAIR (e.g. BTC/USDT) [--window 10] [--min-notional 1000] ...');
    return opsMicroOptions(prisma, positionals[0], values);
  },
  'spot:archive': (prisma, args, config) => {
    const { values } = parseArgs({ args, options: { days: { type: 'string' } } });
    const days = values.days === undefined ? config.SPOT_ARCHIVE_DAYS : Number(values.days);
    if (!Number.isInteger(days) || days < 1) throw new Error('spot:archive --days takes a whole number >= 1');
    return archiveMarketMaker(prisma, { days });
  },
  'team:rebuild': async (prisma) => ({ users: await rebuildTeamCounters(prismaSql(prisma)) }),
  'lever:options': (prisma, args) => {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        open: { type: 'string' },
        multiples: { type: 'string' },
        shares: { type: 'string' },
        min: { type: 'string' },
        max: { type: 'string' },
        'share-num': { type: 'string' },
        fee: { type: 'string' },
        spread: { type: 'string' },
        overnight: { type: 'string' },
        ...Object.fromEntries(LEVER_RISK_OPTIONS.map((option) => [option, { type: 'string' as const }])),
      },
    });
    if (!positionals[0])
      throw new Error('lever:options PAIR (e.g. BTC/USDT) [--open 1|0] [--multiples 5,10] ...');
    return opsLeverOptions(prisma, positionals[0], values);
  },
  'house:fund': (prisma, args) =>
    opsFundHouse(
      prisma,
      textOptions(args, {
        required: ['pool', 'currency', 'amount'],
        optional: ['ref'],
        usage: 'house:fund needs --pool, --currency and --amount',
      }),
    ),
  ...p2pCommands,
  ...earnCommands,
  ...operatorCommands,
  backup: async (_prisma, args, config) => {
    const { out } = textOptions(args, { required: ['out'], usage: 'backup needs --out FILE' });
    return (await backups()).backupDatabase(config.DATABASE_URL ?? embeddedUrl(config), out);
  },
  restore: async (_prisma, args) => {
    const { from, into } = textOptions(args, {
      required: ['from', 'into'],
      usage: 'restore needs --from FILE and --into DATABASE_URL (a new or empty database)',
    });
    return (await backups()).restoreDatabase(from, into);
  },
  'restore:drill': async (_prisma, args, config) => {
    const { values } = parseArgs({ args, options: { from: { type: 'string' }, keep: { type: 'boolean' } } });
    if (!values.from) throw new Error('restore:drill needs --from FILE');
    const report = await (
      await backups()
    ).restoreDrill(config, {
      file: values.from,
      databaseUrl: config.DATABASE_URL ?? embeddedUrl(config),
      keep: values.keep,
    });
    if (!report.audit.ok || report.api.health !== 'ok') process.exitCode = 1;
    return report;
  },
  audit: async (prisma, _args, config) => {
    const report = await auditExchange(prisma);
    const chain = await opsReconcileChain(prisma, config);
    const chainProblems = (chain?.deposits.problems.length ?? 0) + (chain?.withdrawals.problems.length ?? 0);
    if (!report.ok || chainProblems > 0) process.exitCode = 1;
    return chain ? { ...report, chain } : report;
  },
  'chain:sweep-plan': (prisma, args, config) => opsSweepPlan(prisma, args, config),
};

function withdrawalId(raw: string | undefined): number {
  if (!raw || !/^\d+$/.test(raw)) throw new Error('name the withdrawal by its id');
  return Number(raw);
}

// Without DATABASE_URL, `npm start` runs an embedded Postgres on this address.
const embeddedUrl = (config: Config) =>
  `postgresql://postgres:postgres@127.0.0.1:${config.EMBEDDED_PG_PORT}/exchange`;

async function run(): Promise<void> {
  const [name = 'help', ...args] = process.argv.slice(2);
  const config = loadConfig();
  const databaseUrl = config.DATABASE_URL ?? embeddedUrl(config);
  if (name === 'migrate') {
    console.log(JSON.stringify({ applied: await migrate(databaseUrl) }));
    return;
  }
  const command = commands[name];
  if (!command) {
    console.log(JSON.stringify({ commands: ['migrate', ...Object.keys(commands)] }));
    process.exitCode = name === 'help' ? 0 : 1;
    return;
  }
  const prisma = createPrisma(databaseUrl, 2);
  try {
    console.log(JSON.stringify(await command(prisma, args, config)));
  } finally {
    await prisma.$disconnect();
  }
}

/** An area's refusal in English words (its message key is for translating, not for a reader). */
const errorText = (error: unknown) => {
  if (error instanceof AppError) return translate('en', error.key, error.params);
  return error instanceof Error ? error.message : String(error);
};

run().catch((error: unknown) => {
  console.log(JSON.stringify({ error: errorText(error) }));
  process.exitCode = 1;
});
