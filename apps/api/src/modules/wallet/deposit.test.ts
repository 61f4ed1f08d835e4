import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext, type TestContext } from '../../../../../test/harness';
import { opsDeposit } from '../../ops/wallet';
import { writeSetting } from '../system';
import { isValidAddress, isValidEvmAddress } from './addresses';

const ctx = useTestContext();
let usdt: number;
let eth: number;
let btc: number;
beforeAll(async () => {
  [usdt, eth, btc] = await ctx.currencyIds('USDT', 'ETH', 'BTC');
});

const TRON_ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const NOTIFY_PATH = '/api/pay/notify/sandbox';

type User = Awaited<ReturnType<TestContext['signedInUser']>>;

const spot = async (userId: number, currencyId: number) => (await ctx.balance(userId, currencyId)).available;

/** Runs a scenario with deposits and withdrawals closed, reopening them whatever happens. */
async function whileClosed(scenario: () => Promise<void>) {
  await writeSetting(ctx.prisma, 'is_open_CTbi', '0');
  try {
    await scenario();
  } finally {
    await writeSetting(ctx.prisma, 'is_open_CTbi', '1');
  }
}

describe('chain deposits booked by operators', () => {
  it('credits a txid once: the same txid again changes nothing, with other details it is refused', async () => {
    const user = await ctx.signedInUser();
    const first = await opsDeposit(ctx.prisma, {
      account: user.account,
      currency: 'USDT',
      amount: '12.5',
      txid: '0xfeed01',
    });
    expect(first).toMatchObject({
      account: user.account,
      currency: 'USDT',
      amount: '12.5',
      txid: '0xfeed01',
      created: true,
    });
    const again = await opsDeposit(ctx.prisma, {
      account: user.account,
      currency: 'USDT',
      amount: '12.5',
      txid: '0xfeed01',
    });
    expect(again).toEqual({ ...first, created: false });
    expect(await spot(user.id, usdt)).toBe('12.5');
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(1);
    expect(await ctx.prisma.accountLog.count({ where: { user_id: user.id } })).toBe(1);

    await expect(
      opsDeposit(ctx.prisma, { account: user.account, currency: 'USDT', amount: '13', txid: '0xfeed01' }),
    ).rejects.toThrow(/already booked with other details/);
    const other = await ctx.signedInUser();
    await expect(
      opsDeposit(ctx.prisma, { account: other.account, currency: 'USDT', amount: '12.5', txid: '0xfeed01' }),
    ).rejects.toThrow(/already booked with other details/);
    expect(await spot(user.id, usdt)).toBe('12.5');
    expect(await spot(other.id, usdt)).toBe('0');

    // Without a txid, every booking is a deposit of its own.
    await ctx.deposit(user.account, 'USDT', '1');
    await ctx.deposit(user.account, 'USDT', '1');
    expect(await spot(user.id, usdt)).toBe('14.5');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('credits a txid once even when it is booked many times at once', async () => {
    const user = await ctx.signedInUser();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        opsDeposit(ctx.prisma, { account: user.account, currency: 'ETH', amount: '0.75', txid: '0xfeed02' }),
      ),
    );
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(1);
    expect(await spot(user.id, eth)).toBe('0.75');
    expect((await ctx.audit()).problems).toEqual([]);
  });
});

describe('deposit addresses', () => {
  it('gives each user a stable address per currency in the network’s format', async () => {
    const alice = await ctx.signedInUser();
    const bob = await ctx.signedInUser();
    const addressOf = async (user: User, currency: string | number) => {
      const answer = await ctx.post('/api/wallet/get_in_address', { currency }, user.token);
      expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
      return answer.body.message as { address: string; currency: number; currency_name: string };
    };

    // Derived from the public test key of the EVM family: EIP-55 spelled, and a valid withdraw address too.
    const ethAddress = await addressOf(alice, eth);
    expect(ethAddress).toEqual({
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      currency: eth,
      currency_name: 'ETH',
      contract_address: 'ERC20',
      deposit_open: 1,
      // No chain watcher in this test's settings: the confirmations are the operators' to judge.
      confirmations: null,
    });
    expect(isValidEvmAddress(ethAddress.address)).toBe(true);
    expect(ethAddress.address).not.toBe(ethAddress.address.toLowerCase());
    expect((await addressOf(alice, eth)).address).toBe(ethAddress.address);
    expect((await addressOf(alice, 'eth')).address).toBe(ethAddress.address);
    expect((await addressOf(bob, eth)).address).not.toBe(ethAddress.address);

    const usdtAddress = (await addressOf(alice, usdt)).address;
    expect(usdtAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(isValidAddress({ name: 'USDT', chain_type: 'TRC20' }, usdtAddress)).toBe(true);
    expect((await addressOf(bob, usdt)).address).not.toBe(usdtAddress);
    const btcAddress = (await addressOf(alice, btc)).address;
    expect(btcAddress).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);
    expect(isValidAddress({ name: 'BTC', chain_type: 'native' }, btcAddress)).toBe(true);
    expect((await addressOf(alice, btc)).address).toBe(btcAddress);
    expect((await addressOf(bob, btc)).address).not.toBe(btcAddress);

    // Stored on the wallet row, so the wallet detail shows it too.
    const row = await ctx.wallet(alice.id, eth);
    expect(row.address).toBe(ethAddress.address);

    // The older deposit page answers the caller's USDT address, whatever user_id says.
    const rechange = await ctx.get(`/api/money/rechange?user_id=${bob.id}`, alice.token);
    expect(rechange.body).toEqual({
      type: 'ok',
      message: { company_eth_address: usdtAddress, deposit_open: 1 },
    });
    expect((await ctx.get('/api/money/rechange?currency=ETH', alice.token)).body.message).toEqual({
      company_eth_address: ethAddress.address,
      deposit_open: 1,
    });

    expect((await ctx.post('/api/wallet/get_in_address', { currency: 'NOPE' }, alice.token)).body).toEqual({
      type: 'error',
      message: 'This currency does not exist',
    });
    expect((await ctx.post('/api/wallet/get_in_address', { currency: eth })).body.type).toBe('999');
    expect((await ctx.get('/api/money/rechange')).body.type).toBe('999');
  });

  it('refuses while deposits and withdrawals are closed', async () => {
    const user = await ctx.signedInUser();
    const closed = { type: 'error', message: 'Deposits and withdrawals are not open yet' };
    await whileClosed(async () => {
      expect((await ctx.post('/api/wallet/get_in_address', { currency: eth }, user.token)).body).toEqual(
        closed,
      );
      expect((await ctx.get('/api/money/rechange', user.token)).body).toEqual(closed);
      const notice = await ctx.post(
        '/api/wallet/charge_req',
        { amount: '100', account: TRON_ADDRESS, currency: usdt },
        user.token,
      );
      expect(notice.body).toEqual(closed);
      const pay = await ctx.post(
        '/api/wallet/charge_req_pay',
        { amount: '100', pay_type: 1, currency: usdt, bank_code: 'BCA' },
        user.token,
      );
      expect(pay.body).toEqual(closed);
      const chinese = await ctx.http
        .post('/api/wallet/get_in_address')
        .set({ Authorization: user.token, lang: 'zh' })
        .type('form')
        .send({ currency: eth });
      expect(chinese.body).toEqual({ type: 'error', message: '充值和提币暂未开放' });
    });
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(0);
    expect(await ctx.prisma.paymentOrder.count({ where: { user_id: user.id } })).toBe(0);
    const row = await ctx.wallet(user.id, eth);
    expect(row.address).toBe('');
    expect((await ctx.post('/api/wallet/get_in_address', { currency: eth }, user.token)).body.type).toBe(
      'ok',
    );
  });
});

describe('deposit notices', () => {
  it('records a pending notice that shows in the deposit records and credits nothing', async () => {
    const user = await ctx.signedInUser();
    const notice = await ctx.post(
      '/api/wallet/charge_req',
      { amount: '100.5', account: TRON_ADDRESS, currency: usdt },
      user.token,
    );
    expect(notice.body).toEqual({ type: 'ok', message: 'Deposit notice submitted' });

    const records = await ctx.post('/api/wallet/out_log', { type: 'buy' }, user.token);
    expect(records.body.type).toBe('ok');
    expect(records.body.message).toMatchObject({ count: 1, page: 1, limit: 10 });
    expect(records.body.message.list).toEqual([
      expect.objectContaining({ currency_name: 'USDT', number: '100.5', address: TRON_ADDRESS, status: 1 }),
    ]);
    expect(await spot(user.id, usdt)).toBe('0');
    expect(await ctx.prisma.accountLog.count({ where: { user_id: user.id } })).toBe(0);
    const stored = await ctx.prisma.deposit.findFirstOrThrow({ where: { user_id: user.id } });
    expect({ source: stored.source, status: stored.status, amount: stored.amount.toFixed() }).toEqual({
      source: 'notice',
      status: 0,
      amount: '100.5',
    });

    // A confirmed chain deposit shows beside it as credited (status 2).
    await ctx.deposit(user.account, 'USDT', '100.5');
    const after = await ctx.post('/api/wallet/out_log', { type: 'buy' }, user.token);
    expect((after.body.message.list as { status: number }[]).map((row) => row.status)).toEqual([2, 1]);
    expect(await spot(user.id, usdt)).toBe('100.5');

    const other = await ctx.signedInUser();
    expect((await ctx.post('/api/wallet/out_log', { type: 'buy' }, other.token)).body.message).toMatchObject({
      list: [],
      count: 0,
    });
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('gives each bad amount its clear message and records nothing', async () => {
    const user = await ctx.signedInUser();
    const cases: [string, string][] = [
      ['-1', 'The amount must be greater than 0'],
      ['0', 'The amount must be greater than 0'],
      ['abc', 'The amount must be a plain number'],
      ['1e3', 'The amount must be a plain number'],
      ['1.1234567', 'The amount can have at most 6 decimal places'],
      ['', 'Please enter an amount'],
      ['99999999999999999999', 'The amount is too large'],
    ];
    for (const [amount, message] of cases) {
      const answer = await ctx.post(
        '/api/wallet/charge_req',
        { amount, account: TRON_ADDRESS, currency: usdt },
        user.token,
      );
      expect(answer.body, amount).toEqual({ type: 'error', message });
    }
    expect(
      (await ctx.post('/api/wallet/charge_req', { amount: '10', currency: usdt }, user.token)).body,
    ).toEqual({ type: 'error', message: 'Please enter the address' });
    expect(
      (
        await ctx.post(
          '/api/wallet/charge_req',
          { amount: '10', account: TRON_ADDRESS, currency: 'NOPE' },
          user.token,
        )
      ).body,
    ).toEqual({ type: 'error', message: 'This currency does not exist' });
    expect(
      (await ctx.post('/api/wallet/charge_req', { amount: '10', account: TRON_ADDRESS, currency: usdt })).body
        .type,
    ).toBe('999');
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(0);
    expect((await ctx.post('/api/wallet/out_log', { type: 'buy' }, user.token)).body.message.count).toBe(0);
  });
});

describe('third-party payment sandbox', () => {
  interface CheckoutForm {
    action: string;
    label: string;
    fields: Record<string, string>;
  }

  const decodeHtml = (text: string) =>
    text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

  /** The forms of a checkout page, with their hidden inputs. */
  function formsOf(html: string): CheckoutForm[] {
    return [
      ...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<button>([^<]*)<\/button><\/form>/g),
    ].map(([, action = '', inputs = '', label = '']) => ({
      action,
      label,
      fields: Object.fromEntries(
        [...inputs.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
          ([, name = '', value = '']) => [name, decodeHtml(value)],
        ),
      ),
    }));
  }

  async function startPayment(user: User, amount: string) {
    const answer = await ctx.post(
      '/api/wallet/charge_req_pay',
      { amount, pay_type: 1, currency: usdt, bank_code: 'BCA' },
      user.token,
    );
    expect(answer.body.type, JSON.stringify(answer.body)).toBe('ok');
    const url = answer.body.message as string;
    const match = /^\/api\/pay\/sandbox\/(\d+)\?sig=[0-9a-f]{64}$/.exec(url);
    expect(match, url).not.toBeNull();
    const orderId = Number(match?.[1]);
    const page = await ctx.http.get(url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const forms = formsOf(page.text);
    const pay = forms.find((form) => form.label === 'Pay now');
    const cancel = forms.find((form) => form.label === 'Cancel payment');
    if (!pay || !cancel) throw new Error(`checkout page without its two forms: ${page.text}`);
    return { url, orderId, page, forms, pay, cancel };
  }

  const notify = (fields: Record<string, string>) => ctx.http.post(NOTIFY_PATH).type('form').send(fields);

  async function orderStatus(orderId: number) {
    return (await ctx.prisma.paymentOrder.findUniqueOrThrow({ where: { id: orderId } })).status;
  }

  it('pays through the checkout page: credited once, replays and tampering change nothing', async () => {
    const user = await ctx.signedInUser();
    const { url, orderId, page, forms, pay } = await startPayment(user, '150.25');
    expect(forms).toHaveLength(2);
    for (const form of forms) expect(form.action).toBe(NOTIFY_PATH);
    expect(page.text).toContain('150.25 USDT');
    expect(pay.fields).toMatchObject({ order_id: String(orderId), amount: '150.25', status: 'paid' });
    expect(pay.fields.sign).toMatch(/^[0-9a-f]{64}$/);
    const order = await ctx.prisma.paymentOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect({
      user: order.user_id,
      amount: order.amount.toFixed(),
      status: order.status,
      bank: order.bank_code,
    }).toEqual({ user: user.id, amount: '150.25', status: 0, bank: 'BCA' });
    expect(await spot(user.id, usdt)).toBe('0');

    // A tampered amount is refused before anything else happens.
    const tampered = await notify({ ...pay.fields, amount: '15025' });
    expect(tampered.status).toBe(400);
    expect(tampered.text).toBe('invalid signature');
    expect((await notify({ ...pay.fields, sign: '0'.repeat(64) })).text).toBe('invalid signature');
    expect(await orderStatus(orderId)).toBe(0);

    const paid = await notify(pay.fields);
    expect(paid.status).toBe(200);
    expect(paid.text).toBe('success');
    expect(await spot(user.id, usdt)).toBe('150.25');
    expect(await orderStatus(orderId)).toBe(1);
    const detail = await ctx.post('/api/wallet/detail', { currency: usdt, type: 'change' }, user.token);
    expect(detail.body.message.change_balance).toBe('150.25000000');
    const log = await ctx.post('/api/wallet/legal_log', { type: 2 }, user.token);
    expect(log.body.message.list[0]).toMatchObject({ value: '150.25', info: 'Online payment deposit' });

    const replay = await notify(pay.fields);
    expect(replay.status).toBe(200);
    expect(replay.text).toBe('already processed');
    expect(await spot(user.id, usdt)).toBe('150.25');
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(1);

    // A settled order's page offers nothing more to post.
    const settledPage = await ctx.http.get(url);
    expect(settledPage.text).toContain('Status: paid');
    expect(formsOf(settledPage.text)).toEqual([]);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('cancels through the checkout page without credit; paying afterwards changes nothing', async () => {
    const user = await ctx.signedInUser();
    const { url, orderId, pay, cancel } = await startPayment(user, '80');
    expect(cancel.fields).toMatchObject({ order_id: String(orderId), amount: '80', status: 'failed' });
    const cancelled = await notify(cancel.fields);
    expect(cancelled.text).toBe('success');
    expect(await orderStatus(orderId)).toBe(2);
    expect(await spot(user.id, usdt)).toBe('0');
    expect((await ctx.http.get(url)).text).toContain('Status: failed');

    expect((await notify(pay.fields)).text).toBe('already processed');
    expect(await orderStatus(orderId)).toBe(2);
    expect(await spot(user.id, usdt)).toBe('0');
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(0);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('credits once when the same paid notification arrives twice at once', async () => {
    const user = await ctx.signedInUser();
    const { orderId, pay } = await startPayment(user, '42');
    const answers = await Promise.all([notify(pay.fields), notify(pay.fields)]);
    expect(answers.map((answer) => answer.text).sort()).toEqual(['already processed', 'success']);
    expect(await spot(user.id, usdt)).toBe('42');
    expect(await orderStatus(orderId)).toBe(1);
    expect(await ctx.prisma.deposit.count({ where: { user_id: user.id } })).toBe(1);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('credits once when paying and cancelling race', async () => {
    const user = await ctx.signedInUser();
    const { orderId, pay, cancel } = await startPayment(user, '17');
    const answers = await Promise.all([notify(pay.fields), notify(cancel.fields), notify(pay.fields)]);
    expect(answers.filter((answer) => answer.text === 'success')).toHaveLength(1);
    const status = await orderStatus(orderId);
    expect(await spot(user.id, usdt)).toBe(status === 1 ? '17' : '0');
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('shows the checkout page only with the link it issued', async () => {
    const user = await ctx.signedInUser();
    const { orderId, url } = await startPayment(user, '10');
    const notFound = { type: 'error', message: 'Payment order not found' };
    expect((await ctx.http.get(`/api/pay/sandbox/${orderId}?sig=${'0'.repeat(64)}`)).body).toEqual(notFound);
    expect((await ctx.http.get(`/api/pay/sandbox/${orderId}`)).body).toEqual(notFound);
    const signature = url.split('sig=')[1] ?? '';
    expect((await ctx.http.get(`/api/pay/sandbox/${orderId + 1000}?sig=${signature}`)).body).toEqual(
      notFound,
    );
    const other = await startPayment(user, '11');
    expect((await ctx.http.get(`/api/pay/sandbox/${other.orderId}?sig=${signature}`)).body).toEqual(notFound);
  });

  it('refuses an unknown payment method, a bad amount and an unknown bank, creating no order', async () => {
    const user = await ctx.signedInUser();
    const charge = (body: Record<string, string | number>) =>
      ctx.post(
        '/api/wallet/charge_req_pay',
        { amount: '100', pay_type: 1, currency: usdt, bank_code: 'BCA', ...body },
        user.token,
      );
    expect((await charge({ pay_type: 3 })).body).toEqual({
      type: 'error',
      message: 'Please choose a payment method',
    });
    expect((await charge({ pay_type: '' })).body).toEqual({
      type: 'error',
      message: 'Please choose a payment method',
    });
    expect((await charge({ amount: '0' })).body).toEqual({
      type: 'error',
      message: 'The amount must be greater than 0',
    });
    expect((await charge({ amount: '1.1234567' })).body).toEqual({
      type: 'error',
      message: 'The amount can have at most 6 decimal places',
    });
    expect((await charge({ amount: '9.99' })).body).toEqual({
      type: 'error',
      message: 'The amount must be between 10 and 1000000',
    });
    expect((await charge({ amount: '1000000.000001' })).body.message).toBe(
      'The amount must be between 10 and 1000000',
    );
    expect((await charge({ bank_code: 'NOPE' })).body).toEqual({
      type: 'error',
      message: 'Please choose a bank from the list',
    });
    expect(
      (await ctx.post('/api/wallet/charge_req_pay', { amount: '100', pay_type: 1, currency: usdt })).body
        .type,
    ).toBe('999');
    expect(await ctx.prisma.paymentOrder.count({ where: { user_id: user.id } })).toBe(0);
    expect((await ctx.audit()).problems).toEqual([]);
  });
});
