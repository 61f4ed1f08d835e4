import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiAnswer,
  byId,
  DEMO,
  expectNoPageErrors,
  inPage,
  readNumber,
  screenshot,
  untilInPage,
  type Visit,
} from './browser';
import { switchTheme, useBrowser } from './fixtures';
import {
  ACCEPTOR,
  act,
  actOnDesk,
  ALICE,
  BOB,
  CAROL,
  dealRow,
  dealState,
  detailState,
  expectCleanAudit,
  legalWallet,
  marketRow,
  moveToLegal,
  openAdOrder,
  openMyOrder,
  ops,
  publish,
  startAcceptorWithdrawal,
  take,
  withdrawSellAd,
  withSettings,
} from './p2p';

/**
 * The rest of issue #12's "Done when" in a real browser: a shop order with a partial fill, an order the
 * clock cancels, an appeal an operator resolves with the CLI, and an acceptor withdrawal that confirms
 * itself. Each step is clicked as a person would; the balances and escrow locks are read from the server
 * after each, relative to what they were when the test began (other files trade with the same users), and
 * the exchange-wide audit must stay clean. Deadlines are shortened through the settings for the test and
 * put back after it.
 */
describe('P2P flows with deadlines and operators', () => {
  const browser = useBrowser();
  const demoUser = (account: string) => browser.open({ as: { account, password: DEMO.password } });
  let alice: Visit;
  let bob: Visit;
  let carol: Visit;

  beforeAll(async () => {
    alice = await demoUser(ALICE);
    bob = await demoUser(BOB);
    carol = await demoUser(CAROL);
    // Alice's coins start in her spot account; her ads sell from the legal one.
    await moveToLegal(alice, '100');
  });

  it("a shop order with a partial fill: bob buys 40 of 100 USDT from carol's shop; 60 stay on offer", async () => {
    const carolBefore = await legalWallet(carol.page);
    const bobBefore = await legalWallet(bob.page);

    const adId = await publish(carol, 'sell', '100', '7.15', { min: '10', max: '60' });
    await screenshot(carol.page, 'shop-dark');
    expect(await legalWallet(carol.page)).toEqual({
      available: expect.closeTo(carolBefore.available - 100, 8),
      locked: expect.closeTo(carolBefore.locked + 100, 8),
    });
    await expectCleanAudit('publishing a shop ad');

    const orderId = await take(bob, 'buy', adId, '40');
    expect(await detailState(bob.page)).toBe('unpaid');
    await expect.poll(() => byId(bob.page, 'c2c-order-total').innerText()).toContain('286.00');
    // The rest of the ad stays on the market for others.
    const row = await marketRow(bob, 'buy', adId, 'shop');
    expect(readNumber(await row.locator('td').nth(1).innerText())).toBe(60);
    await expectCleanAudit('a partial take');

    await openMyOrder(bob, orderId, 'shop');
    await act(bob.page, 'pay', '/api/user_legal_pay');
    await expect.poll(() => detailState(bob.page)).toBe('paid');

    await openAdOrder(carol, adId, orderId, 'shop');
    await expect.poll(() => detailState(carol.page)).toBe('paid');
    await act(carol.page, 'confirmOwner', '/api/legal_deal_sure');
    await expect.poll(() => detailState(carol.page)).toBe('done');
    // Bob's open order follows carol's confirmation through the push.
    await expect.poll(() => detailState(bob.page)).toBe('done');

    expect((await legalWallet(bob.page)).available).toBeCloseTo(bobBefore.available + 40, 8);
    expect(await legalWallet(carol.page)).toEqual({
      available: expect.closeTo(carolBefore.available - 100, 8),
      locked: expect.closeTo(carolBefore.locked + 60, 8),
    });
    await expectCleanAudit('confirming a shop order');

    // Carol takes the rest off the market: the 60 left come back to her.
    await withdrawSellAd(carol, adId, 'shop');
    expect(await legalWallet(carol.page)).toEqual({
      available: expect.closeTo(carolBefore.available - 40, 8),
      locked: expect.closeTo(carolBefore.locked, 8),
    });
    await expectCleanAudit('withdrawing a shop ad');
    expectNoPageErrors(bob);
    expectNoPageErrors(carol);
  });

  it('an auto-cancelled order: bob takes alice’s ad and never pays; the clock cancels it on both screens', async () => {
    const aliceBefore = await legalWallet(alice.page);
    const bobBefore = await legalWallet(bob.page);
    const adId = await publish(alice, 'sell', '25', '7.12');

    const orderId = await withSettings({ userLegalDealCancel_time: '0.25' }, async () => {
      const id = await take(bob, 'buy', adId);
      await openAdOrder(alice, adId, id);
      // Both see the 15 seconds run out, then the order cancelled by the push, with no reload.
      const countdown = byId(bob.page, 'c2c-order-countdown');
      expect(readNumber((await countdown.innerText()).replace(/:/g, ''))).toBeLessThanOrEqual(15);
      await expect.poll(() => detailState(bob.page), { timeout: 60_000 }).toBe('cancelled');
      await expect.poll(() => detailState(alice.page), { timeout: 20_000 }).toBe('cancelled');
      return id;
    });
    expect(await byId(bob.page, 'c2c-order-actions').count()).toBe(0);
    // Nothing is to be paid any more: the receiving account is no longer offered.
    expect(await byId(bob.page, 'c2c-order-cash').count()).toBe(0);
    await expect
      .poll(() => byId(bob.page, 'c2c-order-cancelled-by').getAttribute('data-by'))
      .toBe('deadline');
    await screenshot(bob.page, 'c2c-order-expired-dark');

    // The coins went back on the ad: still locked, the ad open again, bob's balance untouched.
    expect(await legalWallet(alice.page)).toEqual({
      available: expect.closeTo(aliceBefore.available - 25, 8),
      locked: expect.closeTo(aliceBefore.locked + 25, 8),
    });
    expect(await legalWallet(bob.page)).toEqual(bobBefore);
    await marketRow(bob, 'buy', adId);
    await expectCleanAudit('an auto-cancel');

    await withdrawSellAd(alice, adId);
    expect(await legalWallet(alice.page)).toEqual(aliceBefore);
    await openMyOrder(bob, orderId);
    expect(await detailState(bob.page)).toBe('cancelled');
    await expectCleanAudit('withdrawing the ad');
    expectNoPageErrors(alice);
    expectNoPageErrors(bob);
  });

  it('an appeal resolved by an operator: alice never confirms bob’s payment; the operator releases', async () => {
    const aliceBefore = await legalWallet(alice.page);
    const bobBefore = await legalWallet(bob.page);
    const adId = await publish(alice, 'sell', '30', '7.11');
    const orderId = await take(bob, 'buy', adId);
    await act(bob.page, 'pay', '/api/c2c/user_legal_pay');
    await expect.poll(() => detailState(bob.page)).toBe('paid');
    // With the default wait (30 minutes after payment) bob sees when he may appeal, not a button that refuses.
    await expect.poll(() => byId(bob.page, 'c2c-order-appeal-wait').innerText()).toMatch(/(29|30):\d\d$/);
    expect(await byId(bob.page, 'c2c-order-appeal').count()).toBe(0);
    await openAdOrder(alice, adId, orderId);

    await withSettings({ p2pAppealAfter_time: '0' }, async () => {
      // Reloaded: the open order still holds the appeal time it was given under the old setting.
      await bob.page.reload({ waitUntil: 'domcontentloaded' });
      await byId(bob.page, 'c2c-order-appeal').click();
      await bob.page.locator('#c2c-appeal-reason').fill('I paid 213.30 CNY; the seller does not answer');
      const { body } = await apiAnswer(bob.page, '/api/c2c/appeal', 'POST', () =>
        byId(bob.page, 'c2c-appeal-submit').click(),
      );
      expect(body.type, JSON.stringify(body)).toBe('ok');
    });
    await expect.poll(() => byId(bob.page, 'c2c-order-appeal-state').getAttribute('data-state')).toBe('open');
    // Alice's open order learns of the appeal from the push; she could still confirm (that settles it).
    await expect
      .poll(() => byId(alice.page, 'c2c-order-appeal-state').getAttribute('data-state'))
      .toBe('open');
    await expect(byId(alice.page, 'c2c-order-confirmOwner').count()).resolves.toBe(1);
    // Alice answers bob's appeal reason with her own statement; an empty one is refused on the spot.
    expect(await byId(alice.page, 'c2c-appeal-statement').count()).toBe(1);
    await byId(alice.page, 'c2c-statement-send').click();
    await alice.page.getByText('Write a statement first').first().waitFor();
    await byId(alice.page, 'c2c-statement-input').fill('No CNY arrived on my bank account today');
    const said = await apiAnswer(alice.page, '/api/c2c/appeal_message', 'POST', () =>
      byId(alice.page, 'c2c-statement-send').click(),
    );
    expect(said.body.type, JSON.stringify(said.body)).toBe('ok');
    await expect.poll(() => byId(alice.page, 'c2c-appeal-statement').count()).toBe(2);
    expect(await byId(alice.page, 'c2c-statement-input').inputValue()).toBe('');
    // Bob's open order gets her statement from the push, marked as the other party's.
    await expect.poll(() => byId(bob.page, 'c2c-appeal-statement').count()).toBe(2);
    expect(
      await byId(bob.page, 'c2c-appeal-statement').evaluateAll((items) =>
        items.map((item) => item.getAttribute('data-from')),
      ),
    ).toEqual(['me', 'counterparty']);
    await byId(bob.page, 'c2c-appeal-statements').scrollIntoViewIfNeeded();
    await screenshot(bob.page, 'c2c-appeal-statements-dark');
    await screenshot(alice.page, 'c2c-order-appealed-dark');
    await expectCleanAudit('an appeal');

    const appeals = (await ops(['p2p:appeals'])) as unknown as { id: number; appeal_by: number }[];
    expect(appeals.map((appeal) => appeal.id)).toContain(orderId);
    const resolved = await ops([
      'p2p:resolve',
      String(orderId),
      'release',
      '--reason',
      'bank statement seen',
    ]);
    expect(resolved).toMatchObject({ id: orderId, is_sure: 1, resolution: 'release' });

    // Both open screens follow the operator's decision, with no reload.
    await expect.poll(() => detailState(bob.page)).toBe('done');
    await expect.poll(() => detailState(alice.page)).toBe('done');
    await expect
      .poll(() => byId(bob.page, 'c2c-order-appeal-state').getAttribute('data-state'))
      .toBe('release');
    expect(await byId(alice.page, 'c2c-order-actions').count()).toBe(0);
    // The decided appeal keeps its statements readable but takes no more.
    expect(await byId(bob.page, 'c2c-appeal-statement').count()).toBe(2);
    expect(await byId(bob.page, 'c2c-statement-form').count()).toBe(0);
    await screenshot(bob.page, 'c2c-order-released-dark');
    // In Chinese and the light theme, as the user stored them (the modal covers the header's menus).
    await inPage(bob.page, "localStorage.setItem('locale', 'zh'); localStorage.setItem('theme', 'light')");
    await bob.page.reload({ waitUntil: 'domcontentloaded' });
    await untilInPage(bob.page, "document.documentElement.lang === 'zh-CN'");
    await expect
      .poll(() => byId(bob.page, 'c2c-order-appeal-state').innerText())
      .toBe('申诉已由运营人员处理：币已放给买家。');
    await screenshot(bob.page, 'c2c-order-released-zh-light');
    await inPage(bob.page, "localStorage.setItem('locale', 'en'); localStorage.setItem('theme', 'dark')");
    await bob.page.reload({ waitUntil: 'domcontentloaded' });
    await untilInPage(bob.page, "document.documentElement.lang === 'en'");

    expect((await legalWallet(bob.page)).available).toBeCloseTo(bobBefore.available + 30, 8);
    expect(await legalWallet(alice.page)).toEqual({
      available: expect.closeTo(aliceBefore.available - 30, 8),
      locked: expect.closeTo(aliceBefore.locked, 8),
    });
    await expectCleanAudit("the operator's release");
    expectNoPageErrors(alice);
    expectNoPageErrors(bob);
  });

  it('an acceptor withdrawal auto-confirmed: the acceptor marks 142 CNY sent, alice does nothing', async () => {
    const acceptor = await demoUser(ACCEPTOR);
    const aliceBefore = await legalWallet(alice.page);
    const acceptorBefore = await legalWallet(acceptor.page);

    const id = await startAcceptorWithdrawal(alice, '142');
    // 142 CNY at 7.10: 20 USDT leave alice's balance into escrow at once.
    expect(await legalWallet(alice.page)).toEqual({
      available: expect.closeTo(aliceBefore.available - 20, 8),
      locked: expect.closeTo(aliceBefore.locked + 20, 8),
    });
    await expectCleanAudit('a withdrawal');

    await withSettings({ acceptorAutoConfirm_time: '0.25' }, async () => {
      await actOnDesk(acceptor, id, 'transferred');
      // Alice's open record counts the 15 seconds down (the push of "sent" shows it), then confirms itself.
      const countdown = dealRow(alice.page, 'acc-deals-user', id).locator('[data-testid="acc-auto-confirm"]');
      await countdown.waitFor();
      expect(await countdown.innerText()).toMatch(/^00:00:(0\d|1[0-5])$/);
      await expect
        .poll(() => dealState(alice.page, 'acc-deals-user', id), { timeout: 60_000 })
        .toBe('confirmed');
      await expect
        .poll(() => dealState(acceptor.page, 'acc-deals-acceptor', id), { timeout: 20_000 })
        .toBe('confirmed');
    });
    expect(await dealRow(alice.page, 'acc-deals-user', id).locator('button').count()).toBe(0);
    await switchTheme(alice.page, 'light');
    await screenshot(alice.page, 'acceptor-auto-confirmed-light');
    await switchTheme(alice.page, 'dark');

    expect(await legalWallet(alice.page)).toEqual({
      available: expect.closeTo(aliceBefore.available - 20, 8),
      locked: expect.closeTo(aliceBefore.locked, 8),
    });
    expect(await legalWallet(acceptor.page)).toEqual({
      available: expect.closeTo(acceptorBefore.available + 20, 8),
      locked: expect.closeTo(acceptorBefore.locked, 8),
    });
    await expectCleanAudit('an auto-confirmation');
    expectNoPageErrors(alice);
    expectNoPageErrors(acceptor);
    await acceptor.close();
  });
});
