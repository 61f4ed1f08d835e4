import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Money } from '@exchange/kernel/ledger';
import { BTC_USDT, byId, DEMO, expectNoPageErrors, inPage, screenshot, type Visit } from './browser';
import { fundedUser } from './assets';
import { switchTheme, switchToChinese, useBrowser, useDatabase } from './fixtures';
import { moveToLegal, openAdOrder, openMyOrder, publish, savePaymentAccount, take, USDT } from './p2p';

/** The amount a text shows, as an exact decimal ("≈ 96,312.5000 USDT" → 96312.5). */
const amountIn = (text: string) => new Money(text.replace(/[^\d.]/g, ''));

/**
 * Pictures a screen in both themes, in Chinese and 390 px wide; the page is left in Chinese, 1440 px wide.
 * `ready` brings the screen up (again), `leave` closes what covers the header's switches (a dialog).
 */
async function shootEverywhere(
  session: Visit,
  name: string,
  ready: () => Promise<void>,
  leave: () => Promise<void> = () => Promise.resolve(),
) {
  const { page } = session;
  const shoot = async (variant: string) => {
    await ready();
    await screenshot(page, `${name}-${variant}`);
    await leave();
  };
  await shoot('dark');
  await switchTheme(page, 'light');
  await shoot('light');
  await switchTheme(page, 'dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot('390-dark');
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchToChinese(page);
  await shoot('zh');
}

describe('asset values follow the live last price', () => {
  const browser = useBrowser();
  const prisma = useDatabase();

  it('values a BTC holding at the last BTC/USDT trade, and moves when the market trades', async () => {
    const vera = { account: 'vera@values.test', password: DEMO.password, tradePassword: DEMO.tradePassword };
    await fundedUser(prisma, vera, { BTC: '1' });
    const pair = await prisma.currencyMatch.findFirstOrThrow({
      where: { legal_id: BTC_USDT.legalId, currency_id: BTC_USDT.currencyId },
    });
    const reference = (await prisma.currency.findUniqueOrThrow({ where: { id: BTC_USDT.currencyId } })).price;
    /** The prices BTC/USDT traded at since `since`, newest first (the market maker trades every few seconds). */
    const tradedSince = async (since: Date) =>
      (
        await prisma.spotTrade.findMany({
          where: { match_id: pair.id, created_at: { gte: since } },
          orderBy: { id: 'desc' },
        })
      ).map((trade) => trade.price.toFixed());

    const session = await browser.open({ as: vera, route: '/dealFinance' });
    const { page } = session;
    const totalAssets = () => byId(page, 'assets-total-assets').locator('.num').innerText();
    const shown = async () => (await totalAssets()).replace(/[^\d.,]/g, '');
    await expect.poll(shown).not.toBe('');
    const opened = new Date(Date.now() - 5 * 60_000);

    // One BTC is worth what BTC/USDT last traded at: a price the market really traded, not the seed's.
    const first = amountIn(await totalAssets());
    expect(first.eq(reference.toFixed())).toBe(false);
    expect((await tradedSince(opened)).map((price) => new Money(price).toFixed(4))).toContain(
      first.toFixed(4),
    );
    expect(amountIn(await byId(page, 'assets-total-usdt').innerText()).toFixed(4)).toBe(first.toFixed(4));

    // The market trades on; within the balances' refresh the value moves to a newer trade's price.
    const seen = new Date();
    await expect.poll(async () => amountIn(await totalAssets()).eq(first), { timeout: 60_000 }).toBe(false);
    const next = amountIn(await totalAssets());
    expect((await tradedSince(seen)).map((price) => new Money(price).toFixed(4))).toContain(next.toFixed(4));

    await shootEverywhere(session, 'assets-live-value', async () => {
      await byId(page, 'assets-total-assets').waitFor();
      await page.locator('.spinner').first().waitFor({ state: 'detached' });
    });
    expectNoPageErrors(session);
  });
});

describe('P2P: the market by best price, the other party masked', () => {
  const browser = useBrowser();
  const prisma = useDatabase();

  /** Ad ids of a market tab in the order the page lists them, with their prices from the server. */
  async function listedPrices(session: Visit, tab: 'buy' | 'sell'): Promise<string[]> {
    const { page } = session;
    await session.open(`/c2c?type=${tab}&currency_id=${USDT}`);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await byId(page, 'c2c-ad').first().waitFor();
    const ids = await byId(page, 'c2c-ad').evaluateAll((rows) =>
      rows.map((row) => row.getAttribute('data-id')),
    );
    const adType = tab === 'buy' ? 'sell' : 'buy';
    const answer = await inPage<{ message: { data: { id: number; price: string }[] } }>(
      page,
      `fetch('/api/c2c_deal_platform?type=${adType}&currency_id=${USDT}&page=1').then((answer) => answer.json())`,
    );
    const priceOf = new Map(answer.message.data.map((ad) => [String(ad.id), ad.price]));
    return ids.map((id) => priceOf.get(id ?? '') ?? 'missing');
  }

  const counterparty = (page: Page) => byId(page, 'c2c-order-counterparty').innerText();

  it('lists the cheapest sell ad first for a buyer, the dearest buy ad first for a seller', async () => {
    const session = await browser.open({ as: { account: DEMO.account, password: DEMO.password } });
    const ascending = (prices: string[]) =>
      prices.every((price, index) => index === 0 || new Money(prices[index - 1] ?? '0').lte(price));
    const buying = await listedPrices(session, 'buy');
    expect(buying.length).toBeGreaterThan(1);
    expect(buying).not.toContain('missing');
    expect(ascending(buying), buying.join(' ')).toBe(true);
    await screenshot(session.page, 'c2c-market-best-price-buy-dark');
    const selling = await listedPrices(session, 'sell');
    expect(selling.length).toBeGreaterThan(1);
    expect(ascending([...selling].reverse()), selling.join(' ')).toBe(true);
    await screenshot(session.page, 'c2c-market-best-price-sell-dark');
    expectNoPageErrors(session);
    await session.close();
  });

  it('shows each party the other’s masked name and phone, never an e-mail, and the account to pay to only to the payer', async () => {
    const seller = {
      account: 'sam@privacy.test',
      password: DEMO.password,
      tradePassword: DEMO.tradePassword,
    };
    const buyer = { account: 'tia@privacy.test', password: DEMO.password, tradePassword: DEMO.tradePassword };
    const samId = await fundedUser(prisma, seller, { USDT: '100' });
    await fundedUser(prisma, buyer, {});
    await prisma.user.update({ where: { id: samId }, data: { phone: '13812345678' } });
    const sam = await browser.open({ as: seller });
    const tia = await browser.open({ as: buyer });
    await savePaymentAccount(sam, 'Sam');
    await savePaymentAccount(tia, 'Tia');
    await moveToLegal(sam, '50');
    const adId = await publish(sam, 'sell', '20', '7.15');

    // Tia buys: she sees Sam masked as the market names him, his phone masked, and where to pay.
    const orderId = await take(tia, 'buy', adId);
    await expect.poll(() => counterparty(tia.page)).toContain('sa***@privacy.test');
    expect(await counterparty(tia.page)).toContain('138****5678');
    await expect.poll(() => byId(tia.page, 'c2c-order-cash').innerText()).toContain('6222020000000001');
    expect(await tia.page.content()).not.toContain(seller.account);
    expect(await tia.page.content()).not.toContain('13812345678');
    await shootEverywhere(
      tia,
      'c2c-order-counterparty',
      async () => {
        await openMyOrder(tia, orderId);
        await byId(tia.page, 'c2c-order-counterparty').waitFor();
        await byId(tia.page, 'c2c-order-cash').waitFor();
      },
      async () => {
        await byId(tia.page, 'c2c-order-close').click();
        await byId(tia.page, 'c2c-order-detail').waitFor({ state: 'detached' });
      },
    );

    // Sam receives: he sees Tia masked, no phone (she has none: not her e-mail), and no account to pay.
    await openAdOrder(sam, adId, orderId);
    await expect.poll(() => counterparty(sam.page)).toContain('ti***@privacy.test');
    expect(await counterparty(sam.page)).toContain('--');
    expect(await byId(sam.page, 'c2c-order-cash').count()).toBe(0);
    expect(await sam.page.content()).not.toContain(buyer.account);
    await screenshot(sam.page, 'c2c-order-counterparty-owner-dark');
    expectNoPageErrors(sam);
    expectNoPageErrors(tia);
    // Two people's sign-in, payment accounts, publishing and taking, then eight pictures: a few minutes.
  }, 360_000);
});
