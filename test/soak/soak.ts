import type { Redis } from 'ioredis';
import type { Config } from '@exchange/kernel/config';
import type { Db } from '@exchange/kernel/db';
import type { AuditReport } from '@exchange/kernel/ledger';
import { auditExchange } from '../../apps/api/src/areas';
import { createOpsUser, listOutbox } from '../../apps/api/src/ops/users';
import { opsFundHouse } from '../../apps/api/src/ops/wallet';
import { randomFrom } from '../fuzz/inputs';
import { cashInfoOf } from '../p2p';
import { Secrets, SoakClient, Tally } from './client';
import { startExchange } from './exchange';
import { deposit, operatorLoop, type Operator } from './operator';
import { Acknowledged } from './record';
import { verifyAcknowledged } from './verify';
import { TRADE_PASSWORD, type Market, type Trader, type World } from './traders';
import { traderLoop } from './workload';
import { createAcceptor } from '../../apps/api/src/modules/acceptor';
import { approveSeller } from '../../apps/api/src/modules/c2c';

export interface SoakOptions {
  config: Config;
  prisma: Db;
  redis: Redis;
  redisUrl: string;
  databaseUrl: string;
  users: number;
  durationMs: number;
  seed: number;
}

export interface SoakReport {
  seed: number;
  users: number;
  operations: Map<string, number>;
  answers: Map<string, number>;
  /** Answers and log lines that broke a promise: a 5xx, a leak, a secret, an unexpected error. */
  failures: string[];
  /** Acknowledged actions the database does not show, and totals that do not add up. */
  missing: string[];
  audit: AuditReport;
  /** How many lines the exchange logged (all of them searched for secrets). */
  logLines: number;
  ok: boolean;
}

const PASSWORD = 'Soak12345';
/** The first traders set their trade password with an e-mailed code (the IP's code limit allows 20 an hour). */
const TRADERS_WITH_CODES = 4;
const HOUSE_CAPITAL = '1000000';

async function setUpTrader(world: World, operator: Operator, index: number, runTag: string, seed: number) {
  const { client, market } = world;
  const account = `soak${index}-${runTag}@soak.exchange`;
  const withCode = index < TRADERS_WITH_CODES;
  const user = await createOpsUser(operator.prisma, {
    account,
    password: PASSWORD,
    tradePassword: withCode ? undefined : TRADE_PASSWORD,
    kycApproved: true,
    seller: false,
  });
  const login = await client.call('login', '/api/user/login', {
    form: { user_string: account, password: PASSWORD },
    handsOut: true,
  });
  if (!login.ok || typeof login.message !== 'string')
    throw new Error(`soak login failed: ${JSON.stringify(login.body)}`);
  const token = login.message;
  client.secrets.tokens.add(token);
  if (withCode) {
    await client.call('code send', '/api/sms_mail', { token, form: { scene: 'trade_password' } });
    const [sent] = await listOutbox(operator.prisma, account, 1);
    if (!sent) throw new Error(`no code reached ${account}`);
    client.secrets.codes.add(sent.code);
    const set = await client.call('trade password set', '/api/safe/trade_password', {
      token,
      form: { password: TRADE_PASSWORD, re_password: TRADE_PASSWORD, code: sent.code },
    });
    if (!set.ok) throw new Error(`soak trade password failed: ${JSON.stringify(set.body)}`);
  }
  await client.call('payment account save', '/api/user/cash_save', {
    token,
    form: cashInfoOf(`soak${user.id}`),
  });
  const trader: Trader = {
    id: user.id,
    account,
    token,
    random: randomFrom(seed * 1_000 + index),
    spotOrders: [],
    p2p: { c2c: { taken: [], ads: [] }, shop: { taken: [], ads: [] } },
  };
  await deposit(operator, trader, 'USDT', '20000');
  await deposit(operator, trader, 'BTC', '0.5');
  await deposit(operator, trader, 'HAP', '2000');
  for (const [currencyId, to, amount] of [
    [market.hap, 'micro', '2000'],
    [market.usdt, 'legal', '1500'],
    [market.usdt, 'lever', '3000'],
    [market.usdt, 'micro', '1500'],
  ] as const) {
    const moved = await client.call('transfer', '/api/wallet/change', {
      token,
      form: { currency_id: currencyId, number: amount, from_field: 'change', to_field: to },
    });
    if (moved.ok) world.acks.transfer(user.id, currencyId, 'change', to, amount);
  }
  return trader;
}

async function readMarket(prisma: Db): Promise<Market> {
  const usdt = (await prisma.currency.findUniqueOrThrow({ where: { name: 'USDT' } })).id;
  const btc = (await prisma.currency.findUniqueOrThrow({ where: { name: 'BTC' } })).id;
  const pair = await prisma.currencyMatch.findUniqueOrThrow({
    where: { legal_id_currency_id: { legal_id: usdt, currency_id: btc } },
  });
  const multiples = await prisma.leverMultiple.findMany({ where: { match_id: pair.id } });
  const seconds = await prisma.microSecond.findMany({ orderBy: { seconds: 'asc' }, take: 1 });
  const hap = (await prisma.currency.findUniqueOrThrow({ where: { name: 'HAP' } })).id;
  const insurance = await prisma.insuranceType.findFirstOrThrow({ where: { currency_id: hap, status: 1 } });
  return {
    usdt,
    btc,
    pairId: pair.id,
    leverMultiples: multiples.filter((row) => row.type === 1).map((row) => row.value),
    leverShares: multiples.filter((row) => row.type === 2).map((row) => row.value),
    microSeconds: seconds[0]?.seconds ?? 30,
    hap,
    insuranceTypeId: insurance.id,
  };
}

/** The market maker needs a moment to make the first prices, which lever and market orders need. */
async function waitForPrice(world: World, trader: Trader, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const deal = await world.client.call('market read', '/api/transaction/deal', {
      form: { legal_id: world.market.usdt, currency_id: world.market.btc },
      token: trader.token,
    });
    if (Number((deal.message as { last_price?: string } | undefined)?.last_price ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the market maker made no price within a minute');
}

/** The operator makes a trader an acceptor, who then deals from its legal (fiat) account's USDT. */
async function makeAcceptor(prisma: Db, trader: Trader): Promise<number> {
  const acceptor = await createAcceptor(prisma, {
    account: trader.account,
    name: `Soak acceptor ${trader.id}`,
    rechargeRate: '7.20',
    cashRate: '7.00',
    rechargeAmount: '1000000',
    cashAmount: '1000000',
    bankName: 'Bank of Examples',
    bankAccount: '6222000011112222',
    reason: 'soak',
  });
  return acceptor.id;
}

/**
 * What the operator and the traders do before the clock starts: the house pools funded, the traders made,
 * two of them approved as shop sellers and the first made an acceptor, and a first price on the market.
 */
async function prepare(world: World, operator: Operator, options: SoakOptions): Promise<void> {
  const { prisma } = options;
  for (const [pool, currency, currencyId] of [
    ['lever_pool', 'USDT', world.market.usdt],
    ['micro_pool', 'USDT', world.market.usdt],
    ['insurance_fund', 'USDT', world.market.usdt],
    ['micro_pool', 'HAP', world.market.hap],
  ] as const) {
    const funded = await opsFundHouse(prisma, { pool, currency, amount: HOUSE_CAPITAL });
    if (funded.funded) world.acks.fundedHouse(currencyId, HOUSE_CAPITAL);
  }
  const runTag = `${options.seed}-${Date.now().toString(36)}`;
  for (let index = 0; index < options.users; index++)
    operator.traders.push(await setUpTrader(world, operator, index, runTag, options.seed));
  for (const seller of operator.traders.slice(1, 3)) {
    await approveSeller(prisma, {
      account: seller.account,
      currency: 'USDT',
      name: `Soak shop ${seller.id}`,
      reason: 'soak',
    });
    world.shopSellers.add(seller.id);
  }
  const [first] = operator.traders;
  if (!first) return;
  world.acceptor = { id: await makeAcceptor(prisma, first), userId: first.id };
  await waitForPrice(world, first, Date.now() + 60_000);
}

/** Pino's numbered levels: 50 is error, 60 fatal. */
const ERROR_LEVEL = 50;

/**
 * The money soak: the whole exchange started on the given database and Redis prefix, `users` traders
 * and an operator acting on it at once for `durationMs`, then everything acknowledged checked against the
 * database, the ledger audited, and the exchange's log searched for the secrets it handed out.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { prisma } = options;
  const exchange = await startExchange({ ...options, marketMaker: true });
  const tally = new Tally();
  const secrets = new Secrets();
  const acks = new Acknowledged();
  const world: World = {
    client: new SoakClient(exchange.baseUrl, tally, secrets),
    acks,
    market: await readMarket(prisma),
    paidForOwner: new Map(),
    shopSellers: new Set(),
  };
  const operator: Operator = { prisma, tally, acks, traders: [], random: randomFrom(options.seed + 7) };
  // A promise of the exchange's rejected with nobody listening would end `npm start`; here it is a failure.
  let phase = 'setup';
  const unhandled = (reason: unknown) =>
    tally.fail(
      `unhandled rejection in the exchange during ${phase}: ${reason instanceof Error ? reason.stack : String(reason)}`,
    );
  process.on('unhandledRejection', unhandled);
  let logLines = 0;
  try {
    await prepare(world, operator, options);
    phase = 'the workload';
    const deadline = Date.now() + options.durationMs;
    await Promise.all([
      ...operator.traders.map((trader) => traderLoop(world, trader, deadline)),
      operatorLoop(operator, deadline),
    ]);
  } finally {
    phase = 'shutdown';
    await exchange.stop((line) => {
      logLines += 1;
      for (const secret of secrets.foundIn(line)) tally.fail(`the exchange logged a ${secret}`);
      if (Number((/"level":(\d+)/.exec(line) ?? [])[1]) >= ERROR_LEVEL)
        tally.fail(`the exchange logged an error: ${line.slice(0, 400)}`);
    });
    process.off('unhandledRejection', unhandled);
  }
  const audit = await auditExchange(prisma);
  const missing = await verifyAcknowledged(prisma, acks, audit);
  return {
    seed: options.seed,
    users: options.users,
    operations: tally.operations,
    answers: tally.answers,
    failures: tally.failures,
    missing,
    audit,
    logLines,
    ok: tally.failures.length === 0 && missing.length === 0 && audit.ok,
  };
}

/** The report as the soak prints it. */
export function describeReport(report: SoakReport): string[] {
  const sorted = (map: Map<string, number>) =>
    [...map.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `  ${count}\t${key}`);
  const total = [...report.operations.values()].reduce((sum, count) => sum + count, 0);
  return [
    `seed ${report.seed}, ${report.users} users, ${total} operations`,
    'operations by kind:',
    ...sorted(report.operations),
    'answers by kind:',
    ...sorted(report.answers),
    `log lines searched for tokens and codes: ${report.logLines}`,
    `errors: ${report.failures.length}`,
    ...report.failures.map((failure) => `  ${failure}`),
    `acknowledged but missing, or not adding up: ${report.missing.length}`,
    ...report.missing.map((problem) => `  ${problem}`),
    'audit (users + house = deposits - withdrawals, per currency):',
    ...report.audit.currencies
      .filter((row) => row.deposits !== '0' || row.users !== '0' || row.house !== '0')
      .map(
        (row) =>
          `  ${row.currency}: users ${row.users} house ${row.house} deposits ${row.deposits} withdrawals ${row.withdrawals}`,
      ),
    `audit ${report.audit.ok ? 'clean' : report.audit.problems.join('; ')}`,
    report.ok ? 'soak passed' : 'soak FAILED',
  ];
}
