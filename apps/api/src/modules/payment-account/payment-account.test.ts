import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';

const ctx = useTestContext();

const cashInfo = {
  real_name: 'Wang Wu',
  bank_name: 'Bank of Examples',
  bank_account: '6222020000000000',
  alipay_account: 'wangwu@alipay.test',
  wechat_nickname: 'wangwu',
  wechat_account: 'wx_wangwu',
  wechat_collect: '/upload/1-wechat.png',
  alipay_collect: '/upload/1-alipay.png',
};

describe('payment account', () => {
  it('saves and returns the caller’s own payment account only', async () => {
    const owner = await ctx.signedInUser();
    const other = await ctx.signedInUser();
    expect((await ctx.post('/api/user/cash_info', {}, owner.token)).body).toEqual({
      type: 'ok',
      message: {},
    });
    expect((await ctx.post('/api/user/cash_save', cashInfo, owner.token)).body).toEqual({
      type: 'ok',
      message: 'Saved',
    });
    expect((await ctx.post('/api/user/cash_info', {}, owner.token)).body.message).toMatchObject(cashInfo);
    expect((await ctx.post('/api/user/cash_info', { user_id: owner.id }, other.token)).body.message).toEqual(
      {},
    );
    const changed = await ctx.post(
      '/api/user/cash_save',
      { ...cashInfo, bank_account: '6222029999999999' },
      owner.token,
    );
    expect(changed.body.type).toBe('ok');
    expect(await ctx.prisma.userCashInfo.count({ where: { user_id: owner.id } })).toBe(1);
  });

  it('checks the fields in the screen’s order and saves nothing on bad input', async () => {
    const user = await ctx.signedInUser();
    const cases: [string, string][] = [
      ['real_name', 'Please enter your real name'],
      ['bank_name', 'Please enter the account-opening bank'],
      ['bank_account', 'Please enter the bank card number'],
      ['alipay_account', 'Please enter the Alipay account'],
      ['wechat_nickname', 'Please enter the WeChat nickname'],
      ['wechat_account', 'Please enter the WeChat account'],
      ['wechat_collect', 'Please upload the WeChat collection code'],
      ['alipay_collect', 'Please upload the Alipay collection code'],
    ];
    for (const [field, message] of cases) {
      const answer = await ctx.post('/api/user/cash_save', { ...cashInfo, [field]: '  ' }, user.token);
      expect(answer.body).toEqual({ type: 'error', message });
    }
    expect((await ctx.post('/api/user/cash_save', cashInfo)).body.type).toBe('999');
    expect(await ctx.prisma.userCashInfo.count({ where: { user_id: user.id } })).toBe(0);
  });
});

describe('bank card binding', () => {
  it('lists banks, binds a card with the name derived from its code, and refuses bad input', async () => {
    const banks = await ctx.post('/api/user/get_bank_list');
    const codes = (banks.body.message as { code: string }[]).map((bank) => bank.code);
    expect(codes).toEqual(['BCA', 'BRI', 'CIMB', 'PERMATA', 'DANAMON']);
    const user = await ctx.signedInUser();
    const card = {
      receive_name: 'Budi',
      receive_account: '1234567890',
      bank_code: 'CIMB',
      bank_name: 'Fake Bank',
    };
    expect((await ctx.post('/api/user/add_bank', card, user.token)).body.type).toBe('ok');
    expect((await ctx.post('/api/user/get_user_bank', {}, user.token)).body.message).toEqual({
      receive_name: 'Budi',
      receive_account: '1234567890',
      bank_code: 'CIMB',
      bank_name: 'CIMB Niaga',
    });
    expect(
      (await ctx.post('/api/user/add_bank', { ...card, receive_name: '' }, user.token)).body.message,
    ).toBe('Please enter the payee name');
    expect(
      (await ctx.post('/api/user/add_bank', { ...card, receive_account: 'x'.repeat(51) }, user.token)).body
        .type,
    ).toBe('error');
    expect(
      (await ctx.post('/api/user/add_bank', { ...card, bank_code: 'NOPE' }, user.token)).body.message,
    ).toBe('Please choose a bank from the list');
    expect((await ctx.post('/api/user/get_user_bank', {}, user.token)).body.message.bank_code).toBe('CIMB');
  });
});
