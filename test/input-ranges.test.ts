import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { fundHousePool } from '../apps/api/src/modules/wallet';
import { createTestContext, type TestContext } from './harness';

/**
 * One caller's bad input never hurts another (issue 26): numbers no column can hold, words where ids go,
 * malformed uploads and the same request many times at once all answer an envelope, and none of them can
 * fail a lookup Prisma batched for someone else.
 */
let ctx: TestContext;
let usdt: number;
let btc: number;
beforeAll(async () => {
  ctx = await createTestContext();
  [usdt, btc] = [await ctx.currencyId('USDT'), await ctx.currencyId('BTC')];
});
afterAll(() => ctx.close());

const BEYOND_INT4 = '2147483648';
const BEYOND_INT8 = '9223372036854775808';

const expectRefused = (answer: { status: number; body: { type?: unknown } }) => {
  expect(answer.status).toBe(200);
  expect(answer.body.type).toBe('error');
};

describe('ids and numbers beyond their columns', () => {
  it('are refused at the edge on every route that looks them up', async () => {
    const user = await ctx.signedInUser({ tradePassword: '123456' });
    for (const value of [BEYOND_INT4, '99999999999', BEYOND_INT8]) {
      const answers = await Promise.all([
        ctx.post('/api/news/list', { c_id: value }),
        ctx.post('/api/news/detail', { id: value }),
        ctx.get(`/api/currency/detail?id=${value}`),
        ctx.post('/api/currency/optional', { match_id: value }, user.token),
        ctx.post('/api/market/get_current', { base_currency: value, quote_currency: 'USDT' }),
        ctx.post('/api/market/get_current', { base_currency: 'BTC', quote_currency: value }),
        ctx.post('/api/lever/batch_close', { legal_id: value, currency_id: btc }, user.token),
        ctx.post('/api/lever/batch_close', { legal_id: usdt, currency_id: value }, user.token),
        ctx.post('/api/lever/my_trade', { legal_id: value }, user.token),
        ctx.post('/api/lever/close', { id: BEYOND_INT8 }, user.token),
        ctx.post('/api/coin/trade', { legal_id: value, currency_id: btc, type: 1 }, user.token),
        ctx.get(`/api/coin/list?legal_id=${value}`, user.token),
        ctx.get(`/api/pay/sandbox/${value}?sig=x`),
      ]);
      for (const answer of answers) expectRefused(answer);
    }
  });

  it('refuses words, hex, Infinity and fractions where coin/list takes ids', async () => {
    const user = await ctx.signedInUser();
    for (const value of ['BTC', '0x1f', 'Infinity', '1.5', '1e3'])
      for (const field of ['legal_id', 'currency_id', 'currency'])
        expectRefused(await ctx.get(`/api/coin/list?${field}=${encodeURIComponent(value)}`, user.token));
    // Blank filters still mean "all", and whitespace around an id is not an error.
    const all = await ctx.get(`/api/coin/list?legal_id=&currency_id=%20${btc}%20`, user.token);
    expect(all.body).toMatchObject({ type: 'ok', message: [] });
  });
});

describe('path parameters', () => {
  it('answer the envelope when longer than the router takes or not decodable', async () => {
    for (const path of [`/api/pay/sandbox/${'x'.repeat(5000)}`, '/api/pay/sandbox/%E0%A4%A']) {
      const answer = await ctx.http.get(path).ok(() => true);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ type: 'error', message: 'The request could not be understood' });
    }
  });
});

describe('a shared lookup batch', () => {
  it("is not failed by one caller's id beyond its column: 100 valid lever submissions beside one", async () => {
    for (const pool of ['lever_pool', 'insurance_fund'] as const)
      await fundHousePool(ctx.prisma, { pool, currencyId: usdt, amount: new Money('1000000') });
    const trader = await ctx.signedInUser({ tradePassword: '123456' });
    await ctx.deposit(trader.account, 'USDT', '100000');
    const moved = await ctx.post(
      '/api/wallet/change',
      { currency_id: usdt, number: '50000', from_field: 'change', to_field: 'lever' },
      trader.token,
    );
    expect(moved.body.type).toBe('ok');
    const submit = (legalId: number | string) =>
      ctx.post(
        '/api/lever/submit',
        {
          legal_id: legalId,
          currency_id: btc,
          type: 1,
          share: 1,
          multiple: 10,
          status: 1,
          password: '123456',
        },
        trader.token,
      );

    const answers = await Promise.all([
      ...Array.from({ length: 50 }, () => submit(usdt)),
      submit('99999999999'),
      ...Array.from({ length: 50 }, () => submit(usdt)),
    ]);

    const failedValid = answers.filter((answer, index) => index !== 50 && answer.status >= 500);
    expect(failedValid.map((answer) => answer.body)).toEqual([]);
    expectRefused(answers[50]!);
    expect((await ctx.audit()).problems).toEqual([]);
  });

  it('answers a lookup of an id no column holds with nothing, and the lookups batched with it with their rows', async () => {
    const [found, impossible, tooBig] = await Promise.all([
      ctx.prisma.currency.findUnique({ where: { id: usdt } }),
      ctx.prisma.currency.findUnique({ where: { id: 99_999_999_999 } }),
      ctx.prisma.currencyMatch.findUnique({
        where: { legal_id_currency_id: { legal_id: 2 ** 31, currency_id: btc } },
      }),
    ]);
    expect(found?.name).toBe('USDT');
    expect(impossible).toBeNull();
    expect(tooBig).toBeNull();
    await expect(ctx.prisma.currency.findUniqueOrThrow({ where: { id: -(2 ** 40) } })).rejects.toMatchObject({
      code: 'P2025',
    });
  });
});

describe('the same request many times at once', () => {
  it('toggles a favourite pair 20 times at once without a collision', async () => {
    const user = await ctx.signedInUser();
    const pair = await ctx.prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: usdt, currency_id: btc },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.post('/api/currency/optional', { match_id: pair.id }, user.token)),
    );
    expect(answers.map((answer) => [answer.status, answer.body.type])).toEqual(
      answers.map(() => [200, 'ok']),
    );
    const favourites = await ctx.get('/api/currency/optional', user.token);
    expect(favourites.body.message.filter((id: number) => id === pair.id).length).toBeLessThanOrEqual(1);
  });
});

describe('malformed multipart uploads', () => {
  it('answer the usual envelope, not a 500', async () => {
    const user = await ctx.signedInUser();
    const malformed: [string, string][] = [
      ['multipart/form-data; boundary=xyz', 'not a multipart body'],
      ['multipart/form-data', 'no boundary at all'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ncut off',
      ],
      ['multipart/form-data; boundary=', '--\r\n'],
    ];
    for (const [contentType, body] of malformed) {
      const answer = await ctx.http
        .post('/api/upload')
        .set('Authorization', user.token)
        .set('Content-Type', contentType)
        .send(body)
        .ok(() => true);
      expect(answer.status).toBeLessThan(500);
      expect(answer.body.type).toBe('error');
    }
  });
});
