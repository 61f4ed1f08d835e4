import type { Country } from './countries';

/**
 * The client-side checks of document 1, section 5, as pure functions. Each answers the first problem as a
 * field and a translation key of the `auth` namespace (`validation.*`), or null when the form may be sent.
 */
export interface FieldProblem<F extends string = string> {
  field: F;
  key: string;
}

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
export const CODE_LENGTH = 6;

const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/i;

/** An account counts as an e-mail when it matches a standard pattern, else as a phone. */
export function isEmailAccount(account: string): boolean {
  return EMAIL_PATTERN.test(account.trim());
}

/** Phone or e-mail, as the server's `type` field of registration names it. */
export function accountKind(account: string): 'email' | 'mobile' {
  return isEmailAccount(account) ? 'email' : 'mobile';
}

/** The area code without its plus sign; area_code_id is 1 only for a phone with area code 86. */
export function areaCodeParams(
  country: Pick<Country, 'area_code'>,
  account: string,
): { area_code: string; area_code_id: 0 | 1 } {
  const area_code = country.area_code.replace(/^\+/, '');
  const isPhone = !isEmailAccount(account);
  return { area_code, area_code_id: isPhone && area_code === '86' ? 1 : 0 };
}

function problem<F extends string>(field: F, key: string): FieldProblem<F> {
  return { field, key: `validation.${key}` };
}

function passwordLengthOk(password: string): boolean {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}

export type LoginField = 'account' | 'password' | 'smsCode';

/** Login: account non-empty; password at least 6 characters; the code when the server asks for one. */
export function validateLogin(input: {
  account: string;
  password: string;
  smsCode?: string;
  needSmsCode?: boolean;
}): FieldProblem<LoginField> | null {
  if (!input.account.trim()) return problem('account', 'enterAccount');
  if (!input.password) return problem('password', 'enterPassword');
  if (input.password.length < PASSWORD_MIN) return problem('password', 'passwordLength');
  if (input.needSmsCode && !input.smsCode?.trim()) return problem('smsCode', 'enterCode');
  return null;
}

/** Before a code is sent: an account, and a valid address when the code goes by e-mail. */
export function validateSendCode(
  account: string,
  options: { emailOnly?: boolean } = {},
): FieldProblem<'account'> | null {
  const value = account.trim();
  if (!value) return problem('account', 'enterAccount');
  if ((options.emailOnly || value.includes('@')) && !isEmailAccount(value))
    return problem('account', 'emailFalse');
  return null;
}

export type RegisterField = 'invite' | 'account' | 'password' | 'repassword' | 'code' | 'agree';

/**
 * Registration, in the order of section 5: invite code, account, password, its length, the repeat, both
 * equal; then the code the server needs, and the agreement last (the screen only draws attention to it).
 */
export function validateRegister(input: {
  invite: string;
  account: string;
  password: string;
  repassword: string;
  code: string;
  agreed: boolean;
}): FieldProblem<RegisterField> | null {
  if (!input.invite.trim()) return problem('invite', 'enterInvite');
  if (!input.account.trim()) return problem('account', 'enterAccount');
  if (input.account.includes('@') && !isEmailAccount(input.account)) return problem('account', 'emailFalse');
  if (!input.password) return problem('password', 'enterPassword');
  if (!passwordLengthOk(input.password)) return problem('password', 'passwordLength');
  if (!input.repassword) return problem('repassword', 'enterRepassword');
  if (input.password !== input.repassword) return problem('repassword', 'passwordMismatch');
  if (!input.code.trim()) return problem('code', 'enterCode');
  if (!input.agreed) return problem('agree', 'agreeTerms');
  return null;
}

export type PasswordPairField = 'password' | 'repassword';

/** A new password and its repeat: both required, 6 to 16 characters, equal. */
export function validatePasswordPair(
  password: string,
  repassword: string,
): FieldProblem<PasswordPairField> | null {
  if (!password) return problem('password', 'enterPassword');
  if (!passwordLengthOk(password)) return problem('password', 'passwordLength');
  if (!repassword) return problem('repassword', 'enterRepassword');
  if (password !== repassword) return problem('repassword', 'passwordMismatch');
  return null;
}

export type ResetField = 'account' | PasswordPairField | 'code';

/**
 * Password reset. `forSending` checks what must hold before the code is sent: the code goes out only when
 * both password fields are filled and match.
 */
export function validateReset(
  input: { account: string; password: string; repassword: string; code: string },
  forSending = false,
): FieldProblem<ResetField> | null {
  if (!input.account.trim()) return problem('account', 'enterAccount');
  if (input.account.includes('@') && !isEmailAccount(input.account)) return problem('account', 'emailFalse');
  const pair = validatePasswordPair(input.password, input.repassword);
  if (pair) return pair;
  if (!forSending && !input.code.trim()) return problem('code', 'enterCode');
  return null;
}

export type CodeFormField = PasswordPairField | 'code';

/** The trade password form: a password pair plus the code sent to the own account. */
export function validateTradePassword(input: {
  password: string;
  repassword: string;
  code: string;
}): FieldProblem<CodeFormField> | null {
  const pair = validatePasswordPair(input.password, input.repassword);
  if (pair) return pair;
  if (!input.code.trim()) return problem('code', 'enterCode');
  return null;
}

/** Binding an e-mail: a valid address, then the code sent to it. */
export function validateBindEmail(
  input: { email: string; code: string },
  forSending = false,
): FieldProblem<'email' | 'code'> | null {
  if (!input.email.trim()) return problem('email', 'enterEmail');
  if (!isEmailAccount(input.email)) return problem('email', 'emailFalse');
  if (!forSending && !input.code.trim()) return problem('code', 'enterCode');
  return null;
}

/** Codes are six digits: anything else typed into the field is dropped. */
export function cleanCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

const PHONE_PATTERN = /^\d{5,20}$/;

/** Binding a phone: digits only (spaces and dashes ignored), then the code sent to it. */
export function validateBindPhone(
  input: { phone: string; code: string },
  forSending = false,
): FieldProblem<'phone' | 'code'> | null {
  const digits = input.phone.replace(/[\s()-]/g, '');
  if (!digits) return problem('phone', 'enterPhone');
  if (!PHONE_PATTERN.test(digits)) return problem('phone', 'phoneFalse');
  if (!forSending && !input.code.trim()) return problem('code', 'enterCode');
  return null;
}
