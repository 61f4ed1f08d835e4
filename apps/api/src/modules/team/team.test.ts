import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTransaction, prismaSql } from '@exchange/kernel/db';
import { bookHouse, credit, LOG_TYPES, Money } from '@exchange/kernel/ledger';
import { useTestContext } from '../../../../../test/harness';
import { untilWaitingOnLocks } from '../../../../../test/locks';
import { ROOT_INVITE_CODE } from '../user';
import { activateEntrusts } from '../lever';
import { microFixtures } from '../micro/test-helpers';
import { writeSetting } from '../system';
import { createUser, hashSecret, openSession } from '../user';
import { payRebateBatch, payTeamRebates, rebuildTeamCounters } from './index';

const ctx = useTestContext();
let fx: ReturnType<typeof microFixtures>;
let usdt: number;
let btc: number;
let microPair: number;
let tradeHash: string;
const suffix = randomBytes(3).toString('hex');
let serial = 0;

beforeAll(async () => {
  fx = microFixtures(ctx);
  ({ usdt, btc, pairId: microPair } = await fx.ids());
  await fx.trade(microPair, '100', new Date(Date.now() - 60_000));
  await ctx.fundHouse('micro_pool', 'USDT', '1000000');
  tradeHash = await hashSecret('123456');
});

interface Member {
  id: number;
  account: string;
  parents_path: string;
  extension_code: string;
  token: string;
}

/** A user invited by `parent` (the root when absent), signed in, as registration would make it. */
async function member(parent?: Pick<Member, 'id' | 'parents_path'>): Promise<Member> {
  serial += 1;
  const account = `team${serial}-${suffix}@test.exchange`;
  const inviter =
    parent ??
    (await ctx.prisma.user.findUniqueOrThrow({
      where: { extension_code: ROOT_INVITE_CODE },
      select: { id: true, parents_path: true },
    }));
  const user = await ctx.prisma.$transaction((tx) =>
    createUser(tx, {
      account_number: account,
      kind: 'email',
      area_code: '',
      area_code_id: 0,
      nationality: '',
      password_hash: tradeHash,
      trade_password_hash: tradeHash,
      parent: inviter,
    }),
  );
  const token = await openSession(ctx.prisma, user.id, '127.0.0.1', 1);
  return {
    id: user.id,
    account,
    parents_path: user.parents_path,
    extension_code: user.extension_code,
    token,
  };
}

/** A chain root > first > second > ... : `length` users, each invited by the one before. */
async function chain(length: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let index = 0; index < length; index += 1) members.push(await member(members.at(-1)));
  return members;
}

/** Registers through the contract with an e-mailed code and the given invite code. */
async function register(inviteCode: string): Promise<{ id: number; account: string }> {
  serial += 1;
  const account = `reg${serial}-${suffix}@test.exchange`;
  const sent = await ctx.post('/api/sms_mail', { user_string: account, scene: 'register' });
  expect(sent.body.type).toBe('ok');
  const answer = await ctx.post('/api/user/register', {
    type: '2',
    user_string: account,
    code: await ctx.latestCode(account),
    password: 'Secret123',
    re_password: 'Secret123',
    extension_code: inviteCode,
  });
  expect(answer.body).toMatchObject({ type: 'ok' });
  const user = await ctx.prisma.user.findUniqueOrThrow({ where: { account_number: account } });
  return { id: user.id, account };
}

const node = (token: string, fields: Record<string, string | number> = {}) =>
  ctx.post('/api/getNode', fields, token);

async function stats(userId: number) {
  const row = await ctx.prisma.teamStats.findUniqueOrThrow({ where: { user_id: userId } });
  return { team: row.team_count, direct: row.direct_count, verified: row.verified_count };
}

async function balance(userId: number, account: 'micro' | 'lever') {
  return new Money((await ctx.balance(userId, usdt, account)).available);
}

async function houseFees() {
  const [row] = await ctx.prisma.$queryRawUnsafe<{ total: string }[]>(
    "SELECT COALESCE(SUM(delta), 0)::text AS total FROM house_entries WHERE currency_id = $1 AND account = 'fees'",
    usdt,
  );
  return new Money(row?.total ?? '0');
}

async function fund(user: Member, amount: string, to: 'micro' | 'lever') {
  await ctx.deposit(user.account, 'USDT', amount);
  const moved = await ctx.post(
    '/api/wallet/change',
    { currency_id: usdt, number: amount, from_field: 'change', to_field: to },
    user.token,
  );
  expect(moved.body.type).toBe('ok');
}

/** A seconds order of `stake` USDT (the fee is 1% of it), through the contract. */
async function secondsOrder(user: Member, stake: string) {
  const placed = await ctx.post(
    '/api/microtrade/submit',
    { match_id: microPair, currency_id: usdt, type: 1, seconds: 30, number: stake },
    user.token,
  );
  expect(placed.body.type).toBe('ok');
  return placed.body.message as { id: string; fee: string };
}

async function setRates(generations: string, rates: string) {
  await writeSetting(ctx.prisma, 'team_rebate_generations', generations);
  await writeSetting(ctx.prisma, 'team_rebate_rates', rates);
}

async function expectCleanAudit() {
  expect((await ctx.audit()).problems).toEqual([]);
}

describe('team counters', () => {
  it('counts registrations through the contract into every ancestor, in the registration transaction', async () => {
    const alice = await member();
    const root = await ctx.prisma.user.findUniqueOrThrow({ where: { extension_code: ROOT_INVITE_CODE } });
    const rootBefore = await stats(root.id);
    const bob = await register(alice.extension_code);
    const bobUser = await ctx.prisma.user.findUniqueOrThrow({ where: { id: bob.id } });
    const carol = await register(bobUser.extension_code);

    expect(await stats(alice.id)).toEqual({ team: 2, direct: 1, verified: 0 });
    expect(await stats(bob.id)).toEqual({ team: 1, direct: 1, verified: 0 });
    expect(await stats(carol.id)).toEqual({ team: 0, direct: 0, verified: 0 });
    expect(await stats(root.id)).toEqual({ ...rootBefore, team: rootBefore.team + 2 });

    const level = await node(alice.token);
    expect(level.body.type).toBe('ok');
    expect(level.body.message.show_message).toMatchObject({
      team_number: 2,
      direct_number: 1,
      real_teamnumber: 0,
      top_upnumber: '0',
    });
    expect(level.body.message.total).toBe(1);
    expect(level.body.message.results).toEqual([
      expect.objectContaining({
        id: bob.id,
        name: `${bob.account.slice(0, 2)}***@test.exchange`,
        parent_id: alice.id,
        team_number: 1,
        direct_number: 1,
        has_children: 1,
        is_verified: 0,
      }),
    ]);
    // One level at a time: expanding Bob shows Carol.
    const below = await node(alice.token, { user_id: bob.id });
    expect(below.body.message.results.map((row: { id: number }) => row.id)).toEqual([carol.id]);
    expect(below.body.message.results[0]).toMatchObject({ has_children: 0, team_number: 0 });
    await expectCleanAudit();
  });

  it('counts an approved identity into every ancestor once, and takes it back when withdrawn', async () => {
    const [alice, bob] = await chain(2);
    if (!alice || !bob) throw new Error('no chain');
    const carol = await member(bob);
    const identity = await ctx.prisma.identityVerification.create({
      data: {
        user_id: carol.id,
        name: 'Carol',
        card_id: `TEAM${carol.id}`,
        front_pic: '',
        reverse_pic: '',
        hand_pic: '',
        review_status: 1,
      },
    });
    expect((await stats(alice.id)).verified).toBe(0);

    await ctx.prisma.identityVerification.update({ where: { id: identity.id }, data: { review_status: 2 } });
    expect(await stats(alice.id)).toEqual({ team: 2, direct: 1, verified: 1 });
    expect((await stats(bob.id)).verified).toBe(1);
    const level = await node(alice.token);
    expect(level.body.message.show_message).toMatchObject({ real_teamnumber: 1, today_real_teamnumber: 1 });
    const below = await node(alice.token, { user_id: bob.id });
    expect(below.body.message.results[0]).toMatchObject({ id: carol.id, is_verified: 1 });

    // The same status again changes nothing; a withdrawn approval counts out.
    await ctx.prisma.identityVerification.update({ where: { id: identity.id }, data: { review_status: 2 } });
    expect((await stats(alice.id)).verified).toBe(1);
    await ctx.prisma.identityVerification.update({ where: { id: identity.id }, data: { review_status: 0 } });
    expect((await stats(alice.id)).verified).toBe(0);
    expect((await stats(bob.id)).verified).toBe(0);
    await ctx.prisma.identityVerification.delete({ where: { id: identity.id } });
    expect((await stats(bob.id)).verified).toBe(0);
    await expectCleanAudit();
  });

  it('keeps the counters right under concurrent registrations below one inviter', async () => {
    const alice = await member();
    await Promise.all(Array.from({ length: 6 }, () => member(alice)));
    expect(await stats(alice.id)).toEqual({ team: 6, direct: 6, verified: 0 });
    await expectCleanAudit();
  });

  it('has the audit report a counter that drifted from the tree, and team:rebuild repair it', async () => {
    const [alice] = await chain(2);
    if (!alice) throw new Error('no chain');
    await ctx.prisma.teamStats.update({ where: { user_id: alice.id }, data: { team_count: 7 } });
    expect((await ctx.audit()).problems).toEqual([
      `team of user ${alice.id}: counters (members/direct/verified) 7/1/0 but the tree has 1/1/0`,
    ]);
    await rebuildTeamCounters(prismaSql(ctx.prisma));
    expect(await stats(alice.id)).toEqual({ team: 1, direct: 1, verified: 0 });
    await expectCleanAudit();
  });
});

describe('POST /api/getNode', () => {
  it("answers only the caller's own subtree, whatever user_id or account_number names", async () => {
    const [alice, bob, carol] = await chain(3);
    if (!alice || !bob || !carol) throw new Error('no chain');
    const dave = await member();

    const attempts: Record<string, string | number>[] = [
      { user_id: bob.id },
      { user_id: alice.id },
      { account_number: bob.account },
      { user_id: alice.parents_path.split(',').map(Number).at(-1) ?? 1 },
    ];
    for (const fields of attempts) {
      const answer = await node(dave.token, fields);
      expect(answer.body).toEqual({ type: 'error', message: 'This member is not in your team' });
      expect(JSON.stringify(answer.body)).not.toContain(carol.account.slice(0, 6));
    }
    // Bob may look below himself, never above.
    expect((await node(bob.token, { user_id: carol.id })).body.type).toBe('ok');
    expect((await node(bob.token, { user_id: alice.id })).body.type).toBe('error');
    expect((await node(alice.token, { account_number: bob.account })).body.message.results[0].id).toBe(
      carol.id,
    );
    // An id that does not exist, in the caller's language.
    const missing = await ctx.http
      .post('/api/getNode')
      .set('Authorization', alice.token)
      .set('lang', 'zh')
      .type('form')
      .send({ user_id: '2147483000' });
    expect(missing.body).toEqual({ type: 'error', message: '该用户不在您的团队中' });
    expect((await ctx.post('/api/getNode', { user_id: alice.id })).body.type).toBe('999');
  });

  it('refuses ids that are not ids with a clear envelope', async () => {
    const alice = await member();
    for (const user_id of ['-1', '0', '1.5', 'abc', '99999999999']) {
      const answer = await node(alice.token, { user_id });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ type: 'error', message: 'This member is not in your team' });
    }
    expect((await node(alice.token, { page: '0' })).body.type).toBe('error');
  });

  it('pages a wide level: total from the counter, children in registration order', async () => {
    const alice = await member();
    const children = [];
    for (let index = 0; index < 5; index += 1) children.push(await member(alice));
    const first = await node(alice.token, { limit: 2 });
    expect(first.body.message).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.body.message.results.map((row: { id: number }) => row.id)).toEqual(
      children.slice(0, 2).map((child) => child.id),
    );
    const last = await node(alice.token, { limit: 2, page: 3 });
    expect(last.body.message.results.map((row: { id: number }) => row.id)).toEqual([children[4]?.id]);
  });
});

describe('referral rebates', () => {
  it('pays seconds fees up the chain for the configured generations and rates, from the fee income', async () => {
    await setRates('3', '20,10,5');
    // root > g4 > g3 > g2 > g1 > payer: three generations are paid, g4 is beyond them.
    const [g4, g3, g2, g1, payer] = await chain(5);
    if (!g4 || !g3 || !g2 || !g1 || !payer) throw new Error('no chain');
    await fund(payer, '1000', 'micro');
    await payTeamRebates(ctx.app.pg);
    const fees = await houseFees();

    const order = await secondsOrder(payer, '100');
    expect(order.fee).toBe('1');
    // Recorded with the order, paid by the job.
    expect(await ctx.prisma.teamFee.count({ where: { source_id: BigInt(order.id), status: 0 } })).toBe(1);
    expect(await payTeamRebates(ctx.app.pg)).toBe(1);

    expect((await balance(g1.id, 'micro')).toFixed()).toBe('0.2');
    expect((await balance(g2.id, 'micro')).toFixed()).toBe('0.1');
    expect((await balance(g3.id, 'micro')).toFixed()).toBe('0.05');
    expect((await balance(g4.id, 'micro')).toFixed()).toBe('0');
    // The fee came in (1) and the rebates went out of it (0.35).
    expect((await houseFees()).minus(fees).toFixed()).toBe('0.65');
    const logs = await ctx.prisma.accountLog.findMany({
      where: { type: LOG_TYPES.TEAM_REBATE, user_id: { in: [g1.id, g2.id, g3.id] } },
    });
    expect(logs.map((log) => log.memo).sort()).toEqual(['1', '2', '3']);
    // Each credit and its house entry name the fee they come from.
    const [fee] = await ctx.prisma.teamFee.findMany({ where: { source_id: BigInt(order.id) } });
    expect(logs.map((log) => [log.ref_type, log.ref_id])).toEqual(
      logs.map(() => ['team_fee', String(fee?.id)]),
    );
    expect(
      await ctx.prisma.houseEntry.count({
        where: { type: LOG_TYPES.TEAM_REBATE, ref_type: 'team_fee', ref_id: String(fee?.id) },
      }),
    ).toBe(3);

    // Team performance: every ancestor's team paid the fee.
    const level = await node(g4.token);
    expect(level.body.message.show_message).toMatchObject({ top_upnumber: '1' });
    expect(level.body.message.results[0]).toMatchObject({ id: g3.id, top_upnumber: '1' });
    expect(level.body.message.show_message.performance).toEqual([
      { currency_id: usdt, currency_name: 'USDT', fees: '1' },
    ]);
    await expectCleanAudit();
  });

  it('pays 1..N generations as the settings say, and stops at the tree anchor', async () => {
    const [g3, g2, g1, payer] = await chain(4);
    if (!g3 || !g2 || !g1 || !payer) throw new Error('no chain');
    await fund(payer, '10000', 'micro');
    const expected: Record<number, string[]> = {
      1: ['1.25', '0', '0'],
      2: ['1.25', '0.5', '0'],
      // Four generations configured, three inviters below the anchor: the root account earns nothing.
      4: ['1.25', '0.5', '0.25'],
    };
    for (const [generations, shares] of Object.entries(expected)) {
      await setRates(generations, '12.5,5,2.5,1');
      const before = await Promise.all([g1, g2, g3].map((user) => balance(user.id, 'micro')));
      const rootBefore = await ctx.prisma.accountLog.count({ where: { type: LOG_TYPES.TEAM_REBATE } });
      await secondsOrder(payer, '1000');
      await payTeamRebates(ctx.app.pg);
      const after = await Promise.all([g1, g2, g3].map((user) => balance(user.id, 'micro')));
      expect(after.map((value, index) => value.minus(before[index] ?? 0).toFixed())).toEqual(shares);
      const paid = shares.filter((share) => share !== '0').length;
      expect(await ctx.prisma.accountLog.count({ where: { type: LOG_TYPES.TEAM_REBATE } })).toBe(
        rootBefore + paid,
      );
    }
    await expectCleanAudit();
  });

  it('rounds each share down at the currency precision and skips shares that round to nothing', async () => {
    await setRates('2', '33.3333,0.0001');
    const [g2, g1, payer] = await chain(3);
    if (!g2 || !g1 || !payer) throw new Error('no chain');
    await fund(payer, '1000', 'micro');
    // A fee of 0.11 USDT (6 places): 33.3333% is 0.03666663, received as 0.036666; 0.0001% is 0.00000011.
    await secondsOrder(payer, '11');
    await payTeamRebates(ctx.app.pg);
    expect((await balance(g1.id, 'micro')).toFixed()).toBe('0.036666');
    expect((await balance(g2.id, 'micro')).toFixed()).toBe('0');
    expect(await ctx.prisma.teamRebate.count({ where: { user_id: g2.id } })).toBe(0);
    await expectCleanAudit();
  });

  it('pays lever fees when a position opens, and an entrust only once it is activated', async () => {
    await setRates('2', '20,10');
    const [g2, g1, payer] = await chain(3);
    if (!g2 || !g1 || !payer) throw new Error('no chain');
    await fund(payer, '5000', 'lever');
    const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: btc },
    });
    await ctx.setLeverMark(pair.id, '100000');
    // The house takes open interest only against what its lever pool holds.
    await ctx.fundHouse('lever_pool', 'USDT', '1000000');
    const submit = (fields: Record<string, string | number>) =>
      ctx.post(
        '/api/lever/submit',
        {
          legal_id: usdt,
          currency_id: btc,
          type: 1,
          share: 1,
          multiple: 10,
          password: '123456',
          ...fields,
        },
        payer.token,
      );
    expect((await submit({ status: 1 })).body.type).toBe('ok');
    expect((await submit({ status: 0, target_price: '90000' })).body.type).toBe('ok');
    expect((await submit({ status: 0, target_price: '91000' })).body.type).toBe('ok');
    const [open, entrust, cancelled] = await ctx.prisma.leverTransaction.findMany({
      where: { user_id: payer.id },
      orderBy: { id: 'asc' },
    });
    if (!open || !entrust || !cancelled) throw new Error('positions missing');
    // Only the position in trade pays: an entrust's fee goes back if it is cancelled.
    expect(
      (await ctx.prisma.teamFee.findMany({ where: { user_id: payer.id } })).map((fee) => fee.source_id),
    ).toEqual([open.id]);
    expect((await ctx.post('/api/lever/cancel', { id: String(cancelled.id) }, payer.token)).body.type).toBe(
      'ok',
    );
    await payTeamRebates(ctx.app.pg);
    const fee = new Money(open.trade_fee.toFixed());
    expect((await balance(g1.id, 'lever')).toFixed()).toBe(fee.times('0.2').toFixed());
    expect((await balance(g2.id, 'lever')).toFixed()).toBe(fee.times('0.1').toFixed());

    // The risk worker opens the entrust when the mark reaches it: its fee now pays.
    await inTransaction(ctx.app.pg, (sql) => activateEntrusts(sql, [String(entrust.id)], new Money('89000')));
    await payTeamRebates(ctx.app.pg);
    const both = fee.plus(entrust.trade_fee.toFixed());
    expect((await balance(g1.id, 'lever')).toFixed()).toBe(both.times('0.2').toFixed());
    expect(await ctx.prisma.teamFee.count({ where: { user_id: payer.id } })).toBe(2);
    await expectCleanAudit();
  });

  it('pays each fee exactly once under concurrent and retried jobs', async () => {
    await setRates('2', '20,10');
    const [g2, g1, payer] = await chain(3);
    if (!g2 || !g1 || !payer) throw new Error('no chain');
    await fund(payer, '10000', 'micro');
    for (let index = 0; index < 5; index += 1) await secondsOrder(payer, '100');

    // Three jobs at once, with small batches so they interleave: each fee is paid by one of them.
    const processed = await Promise.all([1, 2, 3].map(() => payTeamRebates(ctx.app.pg, { batchSize: 2 })));
    expect(processed.reduce((sum, count) => sum + count, 0)).toBe(5);
    expect((await balance(g1.id, 'micro')).toFixed()).toBe('1');
    expect((await balance(g2.id, 'micro')).toFixed()).toBe('0.5');

    // A job that dies after paying rolls back with its claim: the next run pays, once.
    await secondsOrder(payer, '100');
    await expect(
      inTransaction(ctx.app.pg, async (sql) => {
        expect(await payRebateBatch(sql)).toBe(1);
        throw new Error('the worker died');
      }),
    ).rejects.toThrow('the worker died');
    expect((await balance(g1.id, 'micro')).toFixed()).toBe('1');
    expect(await payTeamRebates(ctx.app.pg)).toBe(1);
    expect((await balance(g1.id, 'micro')).toFixed()).toBe('1.2');

    // Even fees marked unpaid again (a rerun of committed work) credit nothing twice: (fee, generation) is unique.
    await ctx.prisma.teamFee.updateMany({ where: { user_id: payer.id }, data: { status: 0 } });
    await payTeamRebates(ctx.app.pg);
    expect((await balance(g1.id, 'micro')).toFixed()).toBe('1.2');
    expect((await balance(g2.id, 'micro')).toFixed()).toBe('0.6');
    expect(await ctx.prisma.teamRebate.count({ where: { from_user_id: payer.id } })).toBe(12);
    await expectCleanAudit();
  });

  it('pays nothing while the rate settings are invalid, and leaves the fees for later', async () => {
    const [g1, payer] = await chain(2);
    if (!g1 || !payer) throw new Error('no chain');
    await fund(payer, '1000', 'micro');
    await secondsOrder(payer, '100');
    for (const [generations, rates] of [
      ['2', '80,30'],
      ['x', '10'],
      ['1', '-5'],
      ['1', '10%'],
    ] as const) {
      await setRates(generations, rates);
      await expect(payTeamRebates(ctx.app.pg)).rejects.toThrow(/team_rebate/);
      expect((await balance(g1.id, 'micro')).toFixed()).toBe('0');
    }
    await setRates('1', '10');
    await payTeamRebates(ctx.app.pg);
    expect((await balance(g1.id, 'micro')).toFixed()).toBe('0.1');
    await expectCleanAudit();
  });
});

describe('the rebate job', () => {
  /** A fee recorded for `payer` (as an order would), waiting for the job. */
  async function recordFee(payer: Member, currencyId: number, amount: string) {
    serial += 1;
    await ctx.prisma.$executeRawUnsafe(
      `INSERT INTO team_fees (source_type, source_id, user_id, currency_id, account, amount)
       VALUES ('test', $1, $2, $3, 'micro', $4::numeric)`,
      serial,
      payer.id,
      currencyId,
      amount,
    );
  }

  it('works in batches of the given size, at most the given number of batches a call', async () => {
    await setRates('1', '10');
    const [g1, payer] = await chain(2);
    if (!g1 || !payer) throw new Error('no chain');
    await payTeamRebates(ctx.app.pg);
    for (let index = 0; index < 5; index += 1) await recordFee(payer, usdt, '1');
    await ctx.fundHouse('fees', 'USDT', '1');
    // Two batches of two: the fifth fee waits for the next call, which finds it in a short batch and stops.
    expect(await payTeamRebates(ctx.app.pg, { batchSize: 2, maxBatches: 2 })).toBe(4);
    expect(await ctx.prisma.teamFee.count({ where: { user_id: payer.id, status: 0 } })).toBe(1);
    expect(await payTeamRebates(ctx.app.pg, { batchSize: 2 })).toBe(1);
    expect((await balance(g1.id, 'micro')).toFixed()).toBe('0.5');
    await expectCleanAudit();
  });

  it('adds performance to the rows in key order (user, then currency), so concurrent jobs cannot deadlock', async () => {
    await setRates('0', '');
    const [inviter, payer] = await chain(2);
    if (!inviter || !payer) throw new Error('no chain');
    const root = Number(payer.parents_path.split(',')[0]);
    const [low, high] = [usdt, btc].sort((a, b) => a - b) as [number, number];
    // The performance rows exist (a first fee in each currency), so the job's upsert locks each of them.
    await recordFee(payer, low, '1');
    await recordFee(payer, high, '1');
    await payTeamRebates(ctx.app.pg);
    // Read in the order least like key order: the payer's inviter before the root, the higher currency first.
    await recordFee(payer, high, '1');
    await recordFee(payer, low, '1');
    const holder = new pg.Client({ connectionString: ctx.databaseUrl });
    const prober = new pg.Client({ connectionString: ctx.databaseUrl });
    holder.on('error', () => undefined);
    prober.on('error', () => undefined);
    await Promise.all([holder.connect(), prober.connect()]);
    try {
      await holder.query('BEGIN');
      await holder.query(
        'SELECT 1 FROM team_performance WHERE user_id = $1 AND currency_id = $2 FOR UPDATE',
        [root, low],
      );
      const job = payTeamRebates(ctx.app.pg);
      await untilWaitingOnLocks(ctx.prisma, 1);
      // Waiting for the first row in key order, the job holds none of the others.
      const held = [];
      for (const [userId, currencyId] of [
        [root, high],
        [inviter.id, low],
        [inviter.id, high],
      ]) {
        await prober.query('BEGIN');
        const free = await prober
          .query('SELECT 1 FROM team_performance WHERE user_id = $1 AND currency_id = $2 FOR UPDATE NOWAIT', [
            userId,
            currencyId,
          ])
          .then(() => true)
          .catch(() => false);
        await prober.query('ROLLBACK');
        if (!free) held.push([userId, currencyId]);
      }
      expect(held).toEqual([]);
      await holder.query('COMMIT');
      expect(await job).toBe(2);
    } finally {
      await Promise.all([holder.end(), prober.end()]);
    }
    const performance = await ctx.prisma.teamPerformance.findMany({
      where: { user_id: { in: [root, inviter.id] }, currency_id: { in: [low, high] } },
    });
    expect(performance.filter((row) => row.user_id === inviter.id).map((row) => row.fees.toFixed())).toEqual([
      '2',
      '2',
    ]);
  });
});

describe('GET /api/profits/show_profits', () => {
  it("lists only the caller's rebates and interest, newest first, paged", async () => {
    await setRates('1', '10');
    const [alice, payer] = await chain(2);
    const bob = await member();
    if (!alice || !payer) throw new Error('no chain');
    await fund(payer, '10000', 'micro');
    for (const stake of ['100', '200', '300']) {
      await secondsOrder(payer, stake);
      await payTeamRebates(ctx.app.pg);
    }
    // Savings interest arrives the way the savings area pays it: credited from a house account.
    await inTransaction(ctx.app.pg, async (sql) => {
      await credit(sql, {
        userId: alice.id,
        currencyId: usdt,
        account: 'change',
        amount: new Money('0.5'),
        type: LOG_TYPES.SAVINGS_INTEREST,
      });
      await bookHouse(sql, {
        currencyId: usdt,
        account: 'fees',
        amount: new Money('-0.5'),
        type: LOG_TYPES.SAVINGS_INTEREST,
      });
    });

    const first = await ctx.get('/api/profits/show_profits?page=1&limit=2', alice.token);
    expect(first.body.type).toBe('ok');
    expect(first.body.message).toMatchObject({ total: 4, current_page: 1, per_page: 2, last_page: 2 });
    expect(first.body.message.data).toEqual([
      expect.objectContaining({ value: '0.5', info: 'Savings interest', currency_name: 'USDT' }),
      expect.objectContaining({ value: '0.3', info: 'Team rebate, generation 1', account: 'micro' }),
    ]);
    const second = await ctx.get('/api/profits/show_profits?page=2&limit=2', alice.token);
    expect(second.body.message.data.map((row: { value: string }) => row.value)).toEqual(['0.2', '0.1']);

    // Bob sees none of Alice's, whatever he names.
    const bobs = await ctx.get(`/api/profits/show_profits?user_id=${alice.id}`, bob.token);
    expect(bobs.body.message).toMatchObject({ total: 0, data: [] });
    const chinese = await ctx.http
      .get('/api/profits/show_profits')
      .set('Authorization', alice.token)
      .set('lang', 'zh');
    expect(chinese.body.message.data[1].info).toBe('团队返佣（第1代）');
    for (const page of ['0', '-1', 'abc']) {
      const bad = await ctx.get(`/api/profits/show_profits?page=${page}`, alice.token);
      expect(bad.status).toBe(200);
      expect(bad.body.type).toBe('error');
    }
    expect((await ctx.get('/api/profits/show_profits')).body.type).toBe('999');
    await expectCleanAudit();
  });
});
