import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { ROOT_INVITE_CODE } from './invites';

const ctx = useTestContext();

async function requestRegisterCode(account: string) {
  const sent = await ctx.post('/api/sms_mail', { user_string: account, scene: 'register' });
  expect(sent.body).toMatchObject({ type: 'ok' });
  return ctx.latestCode(account);
}

const form = (account: string, code: string, extra: Record<string, string> = {}) => ({
  type: '2',
  user_string: account,
  code,
  password: 'Secret123',
  re_password: 'Secret123',
  extension_code: ROOT_INVITE_CODE,
  area_code: '+86',
  area_code_id: '1',
  nationality: 'CN',
  ...extra,
});

describe('POST /api/user/register', () => {
  it('registers with an e-mailed code and an invite code, and the new user can sign in', async () => {
    const code = await requestRegisterCode('newcomer@test.exchange');
    const answer = await ctx.post('/api/user/register', form('newcomer@test.exchange', code));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ type: 'ok', message: 'Registration successful' });

    const user = await ctx.prisma.user.findUniqueOrThrow({
      where: { account_number: 'newcomer@test.exchange' },
    });
    const root = await ctx.prisma.user.findUniqueOrThrow({ where: { extension_code: ROOT_INVITE_CODE } });
    expect(user.parent_id).toBe(root.id);
    expect(user.parents_path).toBe(String(root.id));
    expect(user.email).toBe('newcomer@test.exchange');
    expect(user.area_code).toBe('');
    expect(user.area_code_id).toBe(0);
    expect(user.extension_code).toMatch(/^[a-z0-9]{6}$/);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(await ctx.prisma.wallet.count({ where: { user_id: user.id } })).toBe(
      await ctx.prisma.currency.count(),
    );

    const login = await ctx.post('/api/user/login', {
      user_string: 'newcomer@test.exchange',
      password: 'Secret123',
    });
    expect(login.body.type).toBe('ok');
    expect(login.body.id).toBe(user.id);
  });

  it('registers a phone account under another user, who becomes its parent', async () => {
    const inviter = await ctx.signedInUser();
    const inviterRow = await ctx.prisma.user.findUniqueOrThrow({ where: { id: inviter.id } });
    const sent = await ctx.post('/api/sms_send', {
      user_string: '13800138000',
      scene: 'register',
      area_code: '+86',
    });
    expect(sent.body.type).toBe('ok');
    const code = await ctx.latestCode('13800138000');
    const answer = await ctx.post(
      '/api/user/register',
      form('13800138000', code, { extension_code: inviterRow.extension_code.toUpperCase() }),
    );
    expect(answer.body.type).toBe('ok');
    const user = await ctx.prisma.user.findUniqueOrThrow({ where: { account_number: '13800138000' } });
    expect(user).toMatchObject({
      phone: '13800138000',
      area_code: '86',
      area_code_id: 1,
      parent_id: inviter.id,
    });
    expect(user.parents_path).toBe(`${inviterRow.parents_path},${inviter.id}`);
  });

  it('checks the fields in the order the spec gives and changes nothing on bad input', async () => {
    const code = await requestRegisterCode('careful@test.exchange');
    const usersBefore = await ctx.prisma.user.count();
    const cases: [Record<string, string>, string][] = [
      [{ extension_code: '' }, 'Please enter an invite code'],
      [{ extension_code: 'nobody' }, 'The invite code does not exist'],
      [{ user_string: '' }, 'Please enter your account'],
      [{ user_string: 'not an account!' }, 'The phone or e-mail account does not meet the rules'],
      [{ password: '' }, 'Please enter a password'],
      [{ password: '12345', re_password: '12345' }, 'The password must be 6 to 16 characters'],
      [
        { password: '12345678901234567', re_password: '12345678901234567' },
        'The password must be 6 to 16 characters',
      ],
      [{ re_password: '' }, 'Please enter a password'],
      [{ re_password: 'Different1' }, 'The two passwords do not match'],
      [{ code: '' }, 'Please enter the verification code'],
      [{ code: 'abcdef' }, 'The verification code is incorrect or has expired'],
    ];
    for (const [change, message] of cases) {
      const answer = await ctx.post('/api/user/register', form('careful@test.exchange', code, change));
      expect(answer.status, JSON.stringify(change)).toBe(200);
      expect(answer.body, JSON.stringify(change)).toEqual({ type: 'error', message });
    }
    const empty = await ctx.http.post('/api/user/register');
    expect(empty.body).toEqual({ type: 'error', message: 'Please enter an invite code' });
    expect(await ctx.prisma.user.count()).toBe(usersBefore);

    // The code survived every refusal above that never reached it, so the real registration still works.
    const answer = await ctx.post('/api/user/register', form('careful@test.exchange', code));
    expect(answer.body.type).toBe('ok');
  });

  it('refuses a wrong code, a used code and an account that already exists', async () => {
    const code = await requestRegisterCode('once@test.exchange');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await ctx.post('/api/user/register', form('once@test.exchange', wrong))).body.message).toBe(
      'The verification code is incorrect or has expired',
    );
    expect((await ctx.post('/api/user/register', form('once@test.exchange', code))).body.type).toBe('ok');
    expect((await ctx.post('/api/user/register', form('once@test.exchange', code))).body).toEqual({
      type: 'error',
      message: 'This account is already registered',
    });
    expect(await ctx.prisma.user.count({ where: { account_number: 'once@test.exchange' } })).toBe(1);
  });

  it('answers in the language the client asks for', async () => {
    const answer = await ctx.http
      .post('/api/user/register')
      .set('Accept-Language', 'zh-CN,zh;q=0.9')
      .type('form')
      .send({});
    expect(answer.body).toEqual({ type: 'error', message: '请输入邀请码' });
    const japanese = await ctx.http.post('/api/user/register').set('lang', 'jp').type('form').send({});
    expect(japanese.body.type).toBe('error');
    expect(japanese.body.message).not.toBe('Please enter an invite code');
  });

  it('lets exactly one of two concurrent registrations with the same code through', async () => {
    const code = await requestRegisterCode('race@test.exchange');
    const answers = await Promise.all([
      ctx.post('/api/user/register', form('race@test.exchange', code)),
      ctx.post('/api/user/register', form('race@test.exchange', code)),
    ]);
    expect(answers.map((answer) => answer.body.type).sort()).toEqual(['error', 'ok']);
    expect(await ctx.prisma.user.count({ where: { account_number: 'race@test.exchange' } })).toBe(1);
  });
});
