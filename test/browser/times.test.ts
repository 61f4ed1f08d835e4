import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOperator, totpCode } from '../../apps/api/src/modules/admin';
import { opsDeposit } from '../../apps/api/src/ops/wallet';
import { byId, readNumber, screenshot } from './browser';
import { appealedOrder, clientCall } from './admin';
import { LIGHT_CHINESE, useBrowser, useDatabase } from './fixtures';

/**
 * Issue #28: one rule for every time on screen — the viewer's own zone, named in the time column's header.
 * The same records (a spot entrust, a transfer in the account log, a P2P order, the console's user list) are
 * opened by two viewers, in New York and in Tokyo, and each sees the moment the database recorded written
 * in their own zone; the recent trades on the exchange screen read the same clock as its entrusts.
 */
const ZONES = ['America/New_York', 'Asia/Tokyo'] as const;
const suffix = randomBytes(3).toString('hex');

/** `YYYY-MM-DD HH:mm:ss` of an instant in a zone, as the viewer there reads it. */
function wallClock(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** The zone's offset as the headers name it: `UTC-5`, `UTC+9`. */
function offsetLabel(timeZone: string, at = new Date()): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  return name.replace('GMT', 'UTC');
}

/** The time a row shows, and the header of its table. */
async function rowTime(row: Locator): Promise<{ shown: string; header: string }> {
  await row.waitFor();
  const shown = (await row.locator('time').first().innerText()).trim();
  const header = await row.locator('xpath=ancestor::table[1]/thead').innerText();
  return { shown, header };
}

describe('times in the viewer’s zone', () => {
  const browser = useBrowser();
  const prisma = useDatabase();
  let buyer: { id: number; account: string; token: string };
  let orderId = 0;
  let entrustId = '';
  let operatorToken = '';

  beforeAll(async () => {
    ({ buyer, orderId } = await appealedOrder(prisma, {
      seller: 'tz-seller',
      buyer: 'tz-buyer',
      suffix,
      amount: '20',
      reason: 'Paid, waiting for the coins',
    }));
    await opsDeposit(prisma, { account: buyer.account, currency: 'USDT', amount: '1000' });
    const moved = await clientCall(
      '/api/wallet/change',
      { currency_id: '1', number: '10', from_field: 'change', to_field: 'lever' },
      buyer.token,
    );
    expect(moved.type, JSON.stringify(moved)).toBe('ok');
    const order = await clientCall(
      '/api/coin/trade',
      { legal_id: '1', currency_id: '2', type: '1', target_price: '1000', amount: '0.1' },
      buyer.token,
    );
    expect(order.type, JSON.stringify(order)).toBe('ok');
    const placed = await prisma.spotOrder.findFirstOrThrow({ where: { user_id: buyer.id } });
    entrustId = placed.id.toString();

    const login = `tz-${suffix}`;
    await createOperator(prisma, { login, role: 'admin', password: 'Zone-pass-2026' });
    const signIn = await clientCall('/api/admin/login', { login, password: 'Zone-pass-2026' }, '');
    operatorToken = (signIn.message as { token: string }).token;
    const setup = await clientCall('/api/admin/totp/setup', {}, operatorToken);
    const secret = (setup.message as { secret: string }).secret;
    await clientCall('/api/admin/totp/confirm', { code: totpCode(secret) }, operatorToken);
  });

  const signedIn = () => ({ token: buyer.token, user_id: String(buyer.id), accountNum: buyer.account });

  for (const zone of ZONES) {
    it(`shows every record in ${zone}'s own time`, async () => {
      const label = offsetLabel(zone);
      const session = await browser.open({ storage: signedIn(), context: { timezoneId: zone } });
      const { page } = session;
      try {
        const entrust = await prisma.spotOrder.findFirstOrThrow({ where: { id: BigInt(entrustId) } });
        await session.open('/dealCenter?legal_id=1&currency_id=2');
        const entrustRow = page.locator(`[data-testid="entrust-row"][data-id="${entrustId}"]`);
        const spot = await rowTime(entrustRow);
        expect(spot.shown).toBe(wallClock(entrust.created_at, zone));
        expect(spot.header).toContain(`(${label})`);
        await expectTradesOnTheSameClock(page, zone);

        const log = await prisma.accountLog.findFirstOrThrow({
          where: { user_id: buyer.id, account: 'lever' },
          orderBy: { id: 'desc' },
        });
        await session.open('/transferRecord');
        const transfer = await rowTime(byId(page, 'transfer-record-page').locator('tbody tr').first());
        expect(transfer.shown).toBe(wallClock(log.created_at, zone));
        expect(transfer.header).toContain(`(${label})`);

        const p2p = await prisma.p2pOrder.findUniqueOrThrow({ where: { id: orderId } });
        await session.open('/c2cOrder');
        const p2pRow = page.locator(`[data-testid="c2c-order-row"][data-id="${orderId}"]`);
        const listed = await rowTime(p2pRow);
        expect(listed.shown).toBe(wallClock(p2p.created_at, zone));
        expect(listed.header).toContain(`(${label})`);
        await p2pRow.locator('[data-testid="c2c-order-open"]').click();
        await expect
          .poll(() => byId(page, 'c2c-order-detail').innerText())
          .toContain(`${wallClock(p2p.created_at, zone)} ${label}`);
      } finally {
        await session.close();
      }
    });

    it(`shows the console's times in ${zone}'s own time`, async () => {
      const session = await browser.open({
        storage: { admin_token: operatorToken },
        context: { timezoneId: zone },
      });
      try {
        const user = await prisma.user.findUniqueOrThrow({ where: { id: buyer.id } });
        await session.open('/admin/users');
        await byId(session.page, 'admin-user-search').fill(buyer.account);
        const row = session.page.locator('tbody tr', { hasText: buyer.account });
        const listed = await rowTime(row);
        expect(listed.shown).toBe(wallClock(user.created_at, zone));
        expect(listed.header).toContain(`(${offsetLabel(zone)})`);
      } finally {
        await session.close();
      }
    });
  }

  it('pictures the order list with its zone in Chinese, both themes, on a phone', async () => {
    for (const theme of ['light', 'dark']) {
      const session = await browser.open({
        storage: { ...signedIn(), ...LIGHT_CHINESE, theme },
        context: { timezoneId: ZONES[1], viewport: { width: 390, height: 844 } },
      });
      try {
        await session.open('/c2cOrder');
        await session.page.locator(`[data-testid="c2c-order-row"][data-id="${orderId}"]`).waitFor();
        await screenshot(session.page, `times-c2c-orders-${theme}-zh-390`);
      } finally {
        await session.close();
      }
    }
  });
});

/** The newest trade's clock is the viewer's now (a live market trades every few seconds). */
async function expectTradesOnTheSameClock(page: Page, zone: string): Promise<void> {
  const newest = byId(page, 'trade-row').first();
  await newest.waitFor();
  const shown = (await newest.locator('span').last().innerText()).trim();
  const [hours, minutes] = shown.split(':').map(readNumber);
  const [nowHours, nowMinutes] = wallClock(new Date(), zone).slice(11).split(':').map(readNumber);
  const apart = Math.abs(
    ((hours ?? 0) * 60 + (minutes ?? 0) - ((nowHours ?? 0) * 60 + (nowMinutes ?? 0))) % 1440,
  );
  expect(Math.min(apart, 1440 - apart), `newest trade at ${shown}`).toBeLessThanOrEqual(10);
}
