import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestContext } from '../../../../../test/harness';
import { Money } from '@exchange/kernel/ledger';
import { writeSetting } from '../system';

const ctx = useTestContext();
let usdt: number;
let btc: number;
let eth: number;
let btcPrice: string;
beforeAll(async () => {
  [usdt, btc, eth] = await ctx.currencyIds('USDT', 'BTC', 'ETH');
  btcPrice = (await ctx.prisma.currency.findUniqueOrThrow({ where: { name: 'BTC' } })).price.toFixed();
});

const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

type User = Awaited<ReturnType<TestContext['signedInUser']>>;

interface BalanceItem {
  currency: number;
  currency_name: string;
  [column: string]: unknown;
}

const names = (items: BalanceItem[]) => items.map((item) => item.currency_name);
const itemOf = (items: BalanceItem[], name: string) => items.find((item) => item.currency_name === name);

/** The currencies of one account in display order, straight from the database. */
async function currencyNames(where: Record<string, number>) {
  const rows = await ctx.prisma.currency.findMany({
    where: { is_display: 1, ...where },
    orderBy: { sort: 'asc' },
  });
  return rows.map((row) => row.name);
}

/** A user holding 250 USDT and 0.5 BTC in the spot account, booked as confirmed chain deposits. */
async function fundedUser(options: { tradePassword?: string } = {}): Promise<User> {
  const user = await ctx.signedInUser(options);
  await ctx.deposit(user.account, 'USDT', '250');
  await ctx.deposit(user.account, 'BTC', '0.5');
  return user;
}

const transfer = (user: User, number: string, from_field: string, to_field: string, currency = usdt) =>
  ctx.post('/api/wallet/change', { currency_id: currency, number, from_field, to_field }, user.token);

describe('POST /api/wallet/list', () => {
  it('answers the four accounts, each listing only the currencies it may hold', async () => {
    const user = await ctx.signedInUser();
    const answer = await ctx.post('/api/wallet/list', {}, user.token);
    expect(answer.body.type).toBe('ok');
    const message = answer.body.message;
    expect(Object.keys(message).sort()).toEqual(
      [
        'ExRate',
        'change_wallet',
        'is_open_CTbi',
        'legal_wallet',
        'lever_wallet',
        'micro_wallet',
        'total_assets',
      ].sort(),
    );
    expect(message.total_assets).toBe('0.0000');
    expect(message.ExRate).toBe('7.20');
    expect(message.is_open_CTbi).toBe(1);

    expect(names(message.change_wallet.balance)).toEqual(await currencyNames({ is_match: 1 }));
    expect(names(message.legal_wallet.balance)).toEqual(await currencyNames({ is_legal: 1 }));
    expect(names(message.legal_wallet.balance)).toContain('USDT');
    expect(names(message.legal_wallet.balance)).not.toContain('ETH');
    expect(names(message.lever_wallet.balance)).toEqual(await currencyNames({ is_lever: 1 }));
    expect(names(message.micro_wallet.balance)).toEqual(await currencyNames({ is_micro: 1 }));
    for (const item of message.legal_wallet.balance as BalanceItem[]) expect(item.is_legal).toBe(1);

    // Each group carries its own account's columns, zero for a new user.
    expect(itemOf(message.change_wallet.balance, 'USDT')).toMatchObject({
      currency: usdt,
      change_balance: '0.00000000',
      lock_change_balance: '0.00000000',
      usdt_price: '1',
      is_charge: true,
    });
    expect(itemOf(message.legal_wallet.balance, 'USDT')).toMatchObject({
      legal_balance: '0.00000000',
      lock_legal_balance: '0.00000000',
    });
    expect(itemOf(message.legal_wallet.balance, 'USDT')).not.toHaveProperty('change_balance');
    expect(itemOf(message.lever_wallet.balance, 'USDT')).toMatchObject({ lever_balance: '0.00000000' });
    expect(itemOf(message.micro_wallet.balance, 'USDT')).toMatchObject({ micro_balance: '0.00000000' });
    for (const group of ['change_wallet', 'legal_wallet', 'lever_wallet', 'micro_wallet']) {
      expect(message[group]).toMatchObject({ totle: '0.0000', usdt_totle: '0.0000', CNY: '0.00' });
    }
  });

  it('follows the currency flags: a currency taken out of the contract account disappears from it', async () => {
    const user = await ctx.signedInUser();
    await ctx.prisma.currency.update({ where: { id: eth }, data: { is_lever: 0, is_micro: 0 } });
    try {
      const message = (await ctx.post('/api/wallet/list', {}, user.token)).body.message;
      expect(names(message.lever_wallet.balance)).not.toContain('ETH');
      expect(names(message.micro_wallet.balance)).not.toContain('ETH');
      expect(names(message.change_wallet.balance)).toContain('ETH');
      expect(names(message.lever_wallet.balance)).toEqual(await currencyNames({ is_lever: 1 }));
    } finally {
      await ctx.prisma.currency.update({ where: { id: eth }, data: { is_lever: 1, is_micro: 1 } });
    }
  });

  it('shows balances and USDT totals after deposits and a transfer', async () => {
    const user = await fundedUser();
    const expectedTotal = new Money(250).plus(new Money('0.5').times(btcPrice));
    const before = (await ctx.post('/api/wallet/list', {}, user.token)).body.message;
    expect(itemOf(before.change_wallet.balance, 'USDT')).toMatchObject({
      change_balance: '250.00000000',
      lock_change_balance: '0.00000000',
    });
    expect(itemOf(before.change_wallet.balance, 'BTC')).toMatchObject({
      currency: btc,
      change_balance: '0.50000000',
      usdt_price: btcPrice,
      cny_price: new Money(btcPrice).times('7.20').toFixed(2),
    });
    expect(before.change_wallet.usdt_totle).toBe(expectedTotal.toFixed(4));
    expect(before.change_wallet.usdt_totle).toBe('48750.0000');
    expect(before.change_wallet.totle).toBe(expectedTotal.toFixed(4));
    expect(before.change_wallet.CNY).toBe(expectedTotal.times('7.20').toFixed(2));
    expect(before.legal_wallet.usdt_totle).toBe('0.0000');

    expect((await transfer(user, '100', 'change', 'legal')).body).toEqual({
      type: 'ok',
      message: 'Transfer successful',
    });
    const after = (await ctx.post('/api/wallet/list', {}, user.token)).body.message;
    expect(itemOf(after.change_wallet.balance, 'USDT')?.change_balance).toBe('150.00000000');
    expect(itemOf(after.legal_wallet.balance, 'USDT')?.legal_balance).toBe('100.00000000');
    expect(after.change_wallet.usdt_totle).toBe(expectedTotal.minus(100).toFixed(4));
    expect(after.legal_wallet.usdt_totle).toBe('100.0000');
    expect(after.legal_wallet.CNY).toBe('720.00');

    // currency_name narrows every group to that currency, whatever its case.
    const narrowed = (await ctx.post('/api/wallet/list', { currency_name: 'btc' }, user.token)).body.message;
    expect(names(narrowed.change_wallet.balance)).toEqual(['BTC']);
    expect(narrowed.change_wallet.usdt_totle).toBe(new Money('0.5').times(btcPrice).toFixed(4));
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('counts locked funds (a pending withdrawal) in the totals', async () => {
    const user = await fundedUser({ tradePassword: '246810' });
    const out = await ctx.post(
      '/api/wallet/out',
      { currency: usdt, number: '40', address: TRON_ADDRESS, rate: '0', pay_password: '246810' },
      user.token,
    );
    expect(out.body).toEqual({ type: 'ok', message: 'Withdrawal submitted, awaiting processing' });
    const message = (await ctx.post('/api/wallet/list', {}, user.token)).body.message;
    expect(itemOf(message.change_wallet.balance, 'USDT')).toMatchObject({
      change_balance: '210.00000000',
      lock_change_balance: '40.00000000',
    });
    expect(message.change_wallet.usdt_totle).toBe('48750.0000');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('reports is_open_CTbi as the setting says', async () => {
    const user = await ctx.signedInUser();
    await writeSetting(ctx.prisma, 'is_open_CTbi', '0');
    try {
      const closed = (await ctx.post('/api/wallet/list', {}, user.token)).body.message;
      expect(closed.is_open_CTbi).toBe(0);
      expect(itemOf(closed.change_wallet.balance, 'USDT')?.is_charge).toBe(false);
    } finally {
      await writeSetting(ctx.prisma, 'is_open_CTbi', '1');
    }
    const open = (await ctx.post('/api/wallet/list', {}, user.token)).body.message;
    expect(open.is_open_CTbi).toBe(1);
    expect(itemOf(open.change_wallet.balance, 'USDT')?.is_charge).toBe(true);
  });
});

describe('GET /api/wallet/list', () => {
  it('shows only the caller’s own wallets, whatever user_id names', async () => {
    const owner = await fundedUser();
    const other = await ctx.signedInUser();
    const own = await ctx.get(`/api/wallet/list?user_id=${other.id}`, owner.token);
    expect(own.body.type).toBe('ok');
    expect(itemOf(own.body.message.list, 'USDT')?.change_balance).toBe('250.00000000');
    expect(own.body.message.list).toEqual(own.body.message.change_wallet.balance);
    expect(own.body.message.change_wallet.usdt_totle).toBe('48750.0000');

    const snooped = await ctx.get(`/api/wallet/list?user_id=${owner.id}`, other.token);
    expect(snooped.body.type).toBe('ok');
    for (const item of snooped.body.message.list as BalanceItem[]) {
      expect(item.change_balance).toBe('0.00000000');
    }
    expect(snooped.body.message.change_wallet.usdt_totle).toBe('0.0000');
    const ownerWalletIds = (await ctx.prisma.wallet.findMany({ where: { user_id: owner.id } })).map(
      (w) => w.id,
    );
    for (const item of snooped.body.message.list as { id: number }[])
      expect(ownerWalletIds).not.toContain(item.id);

    // The POST variant ignores a user_id just the same.
    const posted = await ctx.post('/api/wallet/list', { user_id: owner.id }, other.token);
    expect(posted.body.message.change_wallet.usdt_totle).toBe('0.0000');
  });
});

describe('POST /api/wallet/detail', () => {
  it('answers one currency in each of the four accounts', async () => {
    const user = await fundedUser();
    expect((await transfer(user, '100', 'change', 'legal')).body.type).toBe('ok');
    expect((await transfer(user, '30', 'change', 'lever')).body.type).toBe('ok');
    expect((await transfer(user, '20', 'change', 'micro')).body.type).toBe('ok');
    const detail = (type?: string) =>
      ctx.post('/api/wallet/detail', { currency: usdt, ...(type ? { type } : {}) }, user.token);

    const change = await detail('change');
    expect(change.body.type).toBe('ok');
    expect(change.body.message).toMatchObject({
      currency: usdt,
      currency_name: 'USDT',
      change_balance: '100.00000000',
      lock_change_balance: '0.00000000',
      usdt_price: '1',
      ExRate: '7.20',
      address: '',
    });
    expect((await detail()).body.message.change_balance).toBe('100.00000000');
    expect((await detail('legal')).body.message).toMatchObject({
      legal_balance: '100.00000000',
      lock_legal_balance: '0.00000000',
    });
    expect((await detail('lever')).body.message).toMatchObject({ lever_balance: '30.00000000' });
    expect((await detail('micro')).body.message).toMatchObject({ micro_balance: '20.00000000' });
    expect((await detail('legal')).body.message).not.toHaveProperty('change_balance');

    // By name too, and for BTC.
    const byName = await ctx.post('/api/wallet/detail', { currency: 'btc', type: 'change' }, user.token);
    expect(byName.body.message).toMatchObject({
      currency: btc,
      currency_name: 'BTC',
      change_balance: '0.50000000',
    });

    // The deposit address shows once the user has asked for one.
    const address = await ctx.post('/api/wallet/get_in_address', { currency: usdt }, user.token);
    expect(address.body.type).toBe('ok');
    expect((await detail('change')).body.message.address).toBe(address.body.message.address);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('refuses an unknown account type in the caller’s language, and an unknown currency', async () => {
    const user = await ctx.signedInUser();
    const bad = await ctx.post('/api/wallet/detail', { currency: usdt, type: 'savings' }, user.token);
    expect(bad.body).toEqual({ type: 'error', message: 'Unknown account type' });
    const chinese = await ctx.http
      .post('/api/wallet/detail')
      .set({ Authorization: user.token, lang: 'zh' })
      .type('form')
      .send({ currency: usdt, type: 'savings' });
    expect(chinese.body).toEqual({ type: 'error', message: '类型错误' });

    for (const currency of ['NOPE', '99999']) {
      const unknown = await ctx.post('/api/wallet/detail', { currency, type: 'change' }, user.token);
      expect(unknown.body, currency).toEqual({ type: 'error', message: 'This currency does not exist' });
    }
    expect((await ctx.post('/api/wallet/detail', { type: 'change' }, user.token)).body).toEqual({
      type: 'error',
      message: 'This currency does not exist',
    });
  });
});

describe('POST /api/wallet/get_info', () => {
  it('answers the currency’s withdrawal terms, the caller’s balances and deposit address', async () => {
    const user = await fundedUser();
    expect((await transfer(user, '50', 'change', 'legal')).body.type).toBe('ok');
    const info = await ctx.post('/api/wallet/get_info', { currency: usdt }, user.token);
    expect(info.body.type).toBe('ok');
    expect(info.body.message).toMatchObject({
      name: 'USDT',
      rate: '1',
      min_number: '10',
      change_balance: '200.00000000',
      legal_balance: '50.00000000',
      type: 'TRC20',
      decimal_scale: 6,
      exchange_ate: '7.20',
    });
    // The caller's own code, which also tags a deposit that needs a memo.
    const { extension_code } = await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(info.body.message.extension_code).toBe(extension_code);
    expect(extension_code).toMatch(/^[a-z0-9]{4,}$/);
    expect(info.body.message.type_data).toEqual([
      expect.objectContaining({ id: usdt, type: 'TRC20', min_number: '10', rate: '1' }),
    ]);
    const address = (await ctx.post('/api/wallet/get_in_address', { currency: usdt }, user.token)).body
      .message.address;
    expect(info.body.message.wallet_data).toEqual({ currency: usdt, label: address });

    const ethInfo = await ctx.post('/api/wallet/get_info', { currency: 'ETH' }, user.token);
    expect(ethInfo.body.message).toMatchObject({
      name: 'ETH',
      rate: '0.003',
      min_number: '0.01',
      decimal_scale: 8,
    });
    expect(ethInfo.body.message.change_balance).toBe('0.00000000');

    expect((await ctx.post('/api/wallet/get_info', { currency: 'NOPE' }, user.token)).body).toEqual({
      type: 'error',
      message: 'This currency does not exist',
    });
  });
});

describe('POST /api/account/list', () => {
  it('pages the caller’s whole account log, every account and currency, newest first (document 3, §7)', async () => {
    const user = await fundedUser({ tradePassword: '246810' });
    expect((await transfer(user, '100', 'change', 'legal')).body.type).toBe('ok');
    expect((await transfer(user, '0.2', 'change', 'lever', btc)).body.type).toBe('ok');
    const out = await ctx.post(
      '/api/wallet/out',
      { currency: usdt, number: '40', address: TRON_ADDRESS, rate: '0', pay_password: '246810' },
      user.token,
    );
    expect(out.body.type).toBe('ok');

    const answer = await ctx.post('/api/account/list', {}, user.token);
    expect(answer.body.type).toBe('ok');
    const { data, ...paging } = answer.body.message;
    // Two deposits, then two transfers and the withdrawal's lock of two rows each: 8 rows, 20 a page.
    expect(paging).toEqual({
      current_page: 1,
      first_page_url: '/api/account/list?page=1',
      from: 1,
      last_page: 1,
      last_page_url: '/api/account/list?page=1',
      next_page_url: null,
      path: '/api/account/list',
      per_page: 20,
      prev_page_url: null,
      to: 8,
      total: 8,
    });
    interface Row {
      created_time: string;
      info: string;
      type_info: string;
      value: string;
      currency_name: string;
    }
    const rows = data as Row[];
    expect(rows.map((row) => [row.currency_name, row.value, row.info, row.type_info])).toEqual([
      ['USDT', '40', 'Withdrawal submitted', 'Withdrawal'],
      ['USDT', '-40', 'Withdrawal submitted', 'Withdrawal'],
      ['BTC', '0.2', 'Transfer from the spot account to the contract account', 'Transfer'],
      ['BTC', '-0.2', 'Transfer from the spot account to the contract account', 'Transfer'],
      ['USDT', '100', 'Transfer from the spot account to the fiat account', 'Transfer'],
      ['USDT', '-100', 'Transfer from the spot account to the fiat account', 'Transfer'],
      ['BTC', '0.5', 'Deposit', 'Deposit'],
      ['USDT', '250', 'Deposit', 'Deposit'],
    ]);
    // In the reader's language, as legal_log answers it.
    const chinese = await ctx.http
      .post('/api/wallet/legal_log')
      .set({ Authorization: user.token, lang: 'zh' })
      .type('form')
      .send({ limit: 3 });
    expect((chinese.body.message.list as Row[]).map((row) => row.type_info)).toEqual([
      '提币',
      '提币',
      '划转',
    ]);
    for (const row of rows) expect(row.created_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // limit and page, as the client sends them (form-encoded).
    const second = await ctx.post('/api/account/list', { limit: 3, page: 2 }, user.token);
    expect(second.body.message).toMatchObject({ current_page: 2, per_page: 3, from: 4, to: 6, last_page: 3 });
    expect(second.body.message.data.map((row: { value: string }) => row.value)).toEqual([
      '-0.2',
      '100',
      '-100',
    ]);
    expect(
      (await ctx.post('/api/account/list', { limit: 3, page: 4 }, user.token)).body.message.data,
    ).toEqual([]);
    const refusals: Record<string, string | number>[] = [
      { limit: 0 },
      { limit: 101 },
      { page: -1 },
      { limit: 'ten' },
      { page: '1.5' },
    ];
    for (const bad of refusals) {
      const refused = await ctx.post('/api/account/list', bad, user.token);
      expect(refused.body.type, JSON.stringify(bad)).toBe('error');
      expect(typeof refused.body.message).toBe('string');
    }

    // Another user sees only their own (empty) log, whatever user_id names.
    const other = await ctx.signedInUser();
    expect(
      (await ctx.post('/api/account/list', { user_id: user.id }, other.token)).body.message,
    ).toMatchObject({ data: [], total: 0 });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('wallet logs', () => {
  interface LogRow {
    account: string;
    type: number;
    value: string;
    before: string;
    after: string;
    info: string;
    currency_name: string;
  }
  /** The rows with only the named fields: what a log says, without its ids and times. */
  const fieldsOf = (rows: unknown, keys: (keyof LogRow)[]) =>
    (rows as LogRow[]).map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])));

  it('lists the fiat and spot logs with texts, before/after values and paging', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '250');
    expect((await transfer(user, '100', 'change', 'legal')).body.type).toBe('ok');

    const legal = await ctx.post('/api/wallet/legal_log', { type: 1 }, user.token);
    expect(legal.body.type).toBe('ok');
    expect(legal.body.message).toMatchObject({ count: 1, page: 1, limit: 10, is_open_CTbi: 1 });
    expect(legal.body.message.list).toEqual([
      expect.objectContaining({
        account_number: user.account,
        currency: usdt,
        currency_name: 'USDT',
        account: 'legal',
        is_lock: 0,
        type: 10,
        value: '100',
        before: '0',
        after: '100',
        info: 'Transfer from the spot account to the fiat account',
        type_info: 'Transfer',
      }),
    ]);
    expect(legal.body.message.list[0].created_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const change = await ctx.post('/api/wallet/legal_log', { type: 2 }, user.token);
    expect(change.body.message.count).toBe(2);
    expect(
      fieldsOf(change.body.message.list, ['account', 'type', 'value', 'before', 'after', 'info']),
    ).toEqual([
      {
        account: 'change',
        type: 12,
        value: '-100',
        before: '250',
        after: '150',
        info: 'Transfer from the spot account to the fiat account',
      },
      { account: 'change', type: 200, value: '250', before: '0', after: '250', info: 'Deposit' },
    ]);

    // Paging: one row a page, newest first.
    const page2 = await ctx.post('/api/wallet/legal_log', { type: 2, page: 2, limit: 1 }, user.token);
    expect(page2.body.message).toMatchObject({ count: 2, page: 2, limit: 1 });
    expect((page2.body.message.list as LogRow[]).map((row) => row.info)).toEqual(['Deposit']);
    const page3 = await ctx.post('/api/wallet/legal_log', { type: 2, page: 3, limit: 1 }, user.token);
    expect(page3.body.message.list).toEqual([]);

    // The GET variant reads the same from the query; no type lists every account.
    const viaGet = await ctx.get('/api/wallet/legal_log?type=2&page=1&limit=1', user.token);
    expect(viaGet.body.message).toMatchObject({ count: 2, page: 1, limit: 1 });
    expect(viaGet.body.message.list[0]).toMatchObject({ type: 12, value: '-100' });
    const all = await ctx.get('/api/wallet/legal_log', user.token);
    expect(all.body.message.count).toBe(3);
    expect((await ctx.post('/api/wallet/legal_log', { type: 'legal' }, user.token)).body.message.count).toBe(
      1,
    );

    expect((await ctx.post('/api/wallet/legal_log', { type: 9 }, user.token)).body).toEqual({
      type: 'error',
      message: 'Unknown account type',
    });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('filters logs by currency and never shows another user’s logs', async () => {
    const user = await fundedUser();
    const other = await ctx.signedInUser();
    const btcOnly = await ctx.post('/api/wallet/legal_log', { currency: 'BTC' }, user.token);
    expect(btcOnly.body.message.count).toBe(1);
    expect(btcOnly.body.message.list[0]).toMatchObject({
      currency: btc,
      value: '0.5',
      before: '0',
      after: '0.5',
      info: 'Deposit',
    });
    const snooped = await ctx.post('/api/wallet/legal_log', { user_id: user.id }, other.token);
    expect(snooped.body.message).toMatchObject({ list: [], count: 0 });
    expect((await ctx.get(`/api/wallet/legal_log?user_id=${user.id}`, other.token)).body.message.count).toBe(
      0,
    );
  });

  it('answers the transfer history as a Laravel paginator', async () => {
    const user = await ctx.signedInUser();
    await ctx.deposit(user.account, 'USDT', '250');
    expect((await transfer(user, '100', 'change', 'legal')).body.type).toBe('ok');
    expect((await transfer(user, '30', 'legal', 'change')).body.type).toBe('ok');

    const first = await ctx.get('/api/wallet/hzhistory', user.token);
    expect(first.body.type).toBe('ok');
    const { data, ...paging } = first.body.message;
    expect(paging).toEqual({
      current_page: 1,
      first_page_url: '/api/wallet/hzhistory?page=1',
      from: 1,
      last_page: 1,
      last_page_url: '/api/wallet/hzhistory?page=1',
      next_page_url: null,
      path: '/api/wallet/hzhistory',
      per_page: 10,
      prev_page_url: null,
      to: 2,
      total: 2,
    });
    expect(fieldsOf(data, ['account', 'value', 'before', 'after', 'info'])).toEqual([
      {
        account: 'change',
        value: '30',
        before: '150',
        after: '180',
        info: 'Transfer from the fiat account to the spot account',
      },
      {
        account: 'legal',
        value: '100',
        before: '0',
        after: '100',
        info: 'Transfer from the spot account to the fiat account',
      },
    ]);

    const second = await ctx.get('/api/wallet/hzhistory?page=2&limit=1', user.token);
    expect(second.body.message).toMatchObject({
      current_page: 2,
      from: 2,
      to: 2,
      last_page: 2,
      per_page: 1,
      total: 2,
      prev_page_url: '/api/wallet/hzhistory?page=1',
      next_page_url: null,
    });
    expect(second.body.message.data).toHaveLength(1);
    expect(second.body.message.data[0].account).toBe('legal');

    const other = await ctx.signedInUser();
    expect((await ctx.get('/api/wallet/hzhistory', other.token)).body.message).toMatchObject({
      data: [],
      total: 0,
      from: null,
      to: null,
      last_page: 1,
    });
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('currency lists', () => {
  it('answers the caller’s balances per currency', async () => {
    const user = await fundedUser();
    expect((await transfer(user, '100', 'change', 'legal')).body.type).toBe('ok');
    const answer = await ctx.get('/api/currency/user_currency_list', user.token);
    expect(answer.body.type).toBe('ok');
    const rows = answer.body.message as { id: number; name: string }[];
    expect(rows.map((row) => row.name)).toEqual(await currencyNames({}));
    expect(rows.find((row) => row.name === 'USDT')).toEqual({
      id: usdt,
      name: 'USDT',
      change_balance: '150.00000000',
      lock_change_balance: '0.00000000',
      legal_balance: '100.00000000',
      lock_legal_balance: '0.00000000',
      lever_balance: '0.00000000',
      lock_lever_balance: '0.00000000',
      micro_balance: '0.00000000',
      lock_micro_balance: '0.00000000',
    });
    expect(rows.find((row) => row.name === 'BTC')).toMatchObject({ id: btc, change_balance: '0.50000000' });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('lists the currencies, with the fiat-account ones apart, to visitors too', async () => {
    const answer = await ctx.get('/api/currency/list');
    expect(answer.body.type).toBe('ok');
    const legal = (answer.body.message.legal as { name: string }[]).map((row) => row.name);
    const all = (answer.body.message.all as { name: string }[]).map((row) => row.name);
    expect(legal).toContain('USDT');
    expect(legal).not.toContain('ETH');
    expect(legal).toEqual(await currencyNames({ is_legal: 1 }));
    expect(all).toEqual(await currencyNames({}));
    expect(all).toContain('ETH');
    expect(answer.body.message.legal[0]).toEqual({ id: usdt, name: 'USDT', full_name: 'Tether USD' });
  });
});

describe('authorisation', () => {
  it('answers 999 on every authorised wallet call without a token', async () => {
    const posts: [string, Record<string, string | number>][] = [
      ['/api/wallet/list', {}],
      ['/api/wallet/detail', { currency: usdt, type: 'change' }],
      ['/api/wallet/get_info', { currency: usdt }],
      ['/api/account/list', {}],
      ['/api/wallet/legal_log', { type: 1 }],
      ['/api/wallet/change', { currency_id: usdt, number: '1', from_field: 'change', to_field: 'legal' }],
    ];
    for (const [path, body] of posts) {
      expect((await ctx.post(path, body)).body, path).toEqual({ type: '999', message: 'Please sign in' });
      expect((await ctx.post(path, body, 'f'.repeat(64))).body.type, path).toBe('999');
    }
    const gets = [
      '/api/wallet/list',
      '/api/wallet/legal_log',
      '/api/wallet/hzhistory',
      '/api/currency/user_currency_list',
    ];
    for (const path of gets) {
      expect((await ctx.get(path)).body, path).toEqual({ type: '999', message: 'Please sign in' });
      expect((await ctx.get(path, 'f'.repeat(64))).body.type, path).toBe('999');
    }
  });
});
