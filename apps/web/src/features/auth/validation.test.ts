import { describe, expect, it } from 'vitest';
import {
  accountKind,
  areaCodeParams,
  cleanCode,
  isEmailAccount,
  validateBindEmail,
  validateBindPhone,
  validateLogin,
  validateRegister,
  validateReset,
  validateSendCode,
  validateTradePassword,
} from './validation';

const china = { area_code: '86' };
const indonesia = { area_code: '62' };

describe('accounts', () => {
  it('counts an account as e-mail only when it matches the pattern, else as a phone', () => {
    expect(isEmailAccount('alice@demo.exchange')).toBe(true);
    expect(isEmailAccount(' Bob.Smith+x@mail.co ')).toBe(true);
    expect(isEmailAccount('alice@demo')).toBe(false);
    expect(isEmailAccount('13800138000')).toBe(false);
    expect(accountKind('alice@demo.exchange')).toBe('email');
    expect(accountKind('13800138000')).toBe('mobile');
  });

  it('sends the area code without its plus sign, and area_code_id 1 only for a phone in +86', () => {
    expect(areaCodeParams(china, '13800138000')).toEqual({ area_code: '86', area_code_id: 1 });
    expect(areaCodeParams({ area_code: '+86' }, '13800138000')).toEqual({ area_code: '86', area_code_id: 1 });
    expect(areaCodeParams(china, 'alice@demo.exchange')).toEqual({ area_code: '86', area_code_id: 0 });
    expect(areaCodeParams(indonesia, '81234567890')).toEqual({ area_code: '62', area_code_id: 0 });
  });

  it('keeps only six digits of a code', () => {
    expect(cleanCode(' 12a34-567 89')).toBe('123456');
  });
});

describe('login', () => {
  const valid = { account: 'alice@demo.exchange', password: 'Demo1234' };

  it('asks for the account, then a password of at least 6, then the code when one is required', () => {
    expect(validateLogin({ ...valid, account: '  ' })).toEqual({
      field: 'account',
      key: 'validation.enterAccount',
    });
    expect(validateLogin({ ...valid, password: '' })?.key).toBe('validation.enterPassword');
    expect(validateLogin({ ...valid, password: '12345' })).toEqual({
      field: 'password',
      key: 'validation.passwordLength',
    });
    expect(validateLogin(valid)).toBeNull();
    expect(validateLogin({ ...valid, needSmsCode: true, smsCode: '' })).toEqual({
      field: 'smsCode',
      key: 'validation.enterCode',
    });
    expect(validateLogin({ ...valid, needSmsCode: true, smsCode: '123456' })).toBeNull();
  });

  it('checks the account before a code is sent, and an e-mail shape for the e-mail variant', () => {
    expect(validateSendCode('')?.key).toBe('validation.enterAccount');
    expect(validateSendCode('alice@demo')?.key).toBe('validation.emailFalse');
    expect(validateSendCode('13800138000', { emailOnly: true })?.key).toBe('validation.emailFalse');
    expect(validateSendCode('13800138000')).toBeNull();
    expect(validateSendCode('alice@demo.exchange', { emailOnly: true })).toBeNull();
  });
});

describe('registration', () => {
  const valid = {
    invite: 'exroot',
    account: 'new@demo.exchange',
    password: 'secret12',
    repassword: 'secret12',
    code: '123456',
    agreed: true,
  };

  it('checks in the order of the spec: invite, account, password, length, repeat, equal, code, agreement', () => {
    const keys = [
      validateRegister({ ...valid, invite: '', account: '', password: '' }),
      validateRegister({ ...valid, account: '', password: '' }),
      validateRegister({ ...valid, password: '', repassword: '' }),
      validateRegister({ ...valid, password: '12345', repassword: '' }),
      validateRegister({ ...valid, password: '12345678901234567', repassword: '' }),
      validateRegister({ ...valid, repassword: '' }),
      validateRegister({ ...valid, repassword: 'secret13', code: '' }),
      validateRegister({ ...valid, code: '', agreed: false }),
      validateRegister({ ...valid, agreed: false }),
    ].map((problem) => problem && `${problem.field}:${problem.key}`);
    expect(keys).toEqual([
      'invite:validation.enterInvite',
      'account:validation.enterAccount',
      'password:validation.enterPassword',
      'password:validation.passwordLength',
      'password:validation.passwordLength',
      'repassword:validation.enterRepassword',
      'repassword:validation.passwordMismatch',
      'code:validation.enterCode',
      'agree:validation.agreeTerms',
    ]);
    expect(validateRegister(valid)).toBeNull();
  });

  it('refuses an account that looks like a broken e-mail', () => {
    expect(validateRegister({ ...valid, account: 'new@demo' })?.key).toBe('validation.emailFalse');
  });
});

describe('password reset, trade password and e-mail binding', () => {
  const reset = { account: '13800138000', password: 'secret12', repassword: 'secret12', code: '654321' };

  it('sends the reset code only when both passwords are filled and match', () => {
    expect(validateReset({ ...reset, repassword: '' }, true)?.key).toBe('validation.enterRepassword');
    expect(validateReset({ ...reset, repassword: 'other123' }, true)?.key).toBe(
      'validation.passwordMismatch',
    );
    expect(validateReset({ ...reset, code: '' }, true)).toBeNull();
    expect(validateReset({ ...reset, code: '' })?.key).toBe('validation.enterCode');
    expect(validateReset({ ...reset, account: '' })?.key).toBe('validation.enterAccount');
    expect(validateReset(reset)).toBeNull();
  });

  it('needs a password pair and the code for the trade password', () => {
    expect(validateTradePassword({ password: '123', repassword: '123', code: '1' })?.key).toBe(
      'validation.passwordLength',
    );
    expect(validateTradePassword({ password: '123456', repassword: '123456', code: '' })?.field).toBe('code');
    expect(validateTradePassword({ password: '123456', repassword: '123456', code: '111111' })).toBeNull();
  });

  it('needs a valid address before the binding code is sent', () => {
    expect(validateBindEmail({ email: '', code: '' }, true)?.key).toBe('validation.enterEmail');
    expect(validateBindEmail({ email: 'x@y', code: '' }, true)?.key).toBe('validation.emailFalse');
    expect(validateBindEmail({ email: 'x@y.io', code: '' }, true)).toBeNull();
    expect(validateBindEmail({ email: 'x@y.io', code: '' })?.key).toBe('validation.enterCode');
  });
});

describe('phone binding', () => {
  it('needs digits before the code is sent, then the code', () => {
    expect(validateBindPhone({ phone: '', code: '' }, true)?.key).toBe('validation.enterPhone');
    expect(validateBindPhone({ phone: 'abc@d.io', code: '' }, true)?.key).toBe('validation.phoneFalse');
    expect(validateBindPhone({ phone: '138 0013-8000', code: '' }, true)).toBeNull();
    expect(validateBindPhone({ phone: '13800138000', code: '' })?.key).toBe('validation.enterCode');
    expect(validateBindPhone({ phone: '13800138000', code: '123456' })).toBeNull();
  });
});
