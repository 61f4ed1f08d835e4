import i18n from '../../i18n';
import { api, ApiError, type Params } from '../../lib/api';
import { toast } from '../../lib/notify';
import type {
  BindEmailRequest,
  BindMobileRequest,
  ForgetPasswordRequest,
  LoginEnvelope,
  LoginRequest,
  PasswordChangeRequest,
  RegisterRequest,
  SendCodeRequest,
} from '@exchange/contracts';
import type { LoginAnswer } from '../../api/user';
import type { Country } from './countries';
import { accountKind, areaCodeParams, isEmailAccount } from './validation';

/**
 * The calls of sign-in, registration, reset, trade password and e-mail binding (document 1, section 7).
 * Everything goes through `lib/api` except the login answer, which carries `id` and `account_number` beside
 * the envelope's `message`.
 */

/**
 * POST a login form and keep the whole answer. A refusal is toasted with the server's message and thrown as
 * an ApiError, as `lib/api` does for every other call (a login refusal is never a catalogue redirect).
 */
async function postLogin(path: string, params: LoginRequest & Params): Promise<LoginAnswer> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) body.set(key, String(value));
  }
  const response = await fetch(`${path}?timestamp=${Date.now()}`, {
    method: 'POST',
    headers: { lang: i18n.language },
    body,
    credentials: 'same-origin',
  });
  const answer = (await response.json()) as LoginEnvelope;
  if (answer.type !== 'ok') {
    const message = answer.message || String(answer.type);
    toast(message, 'error');
    throw new ApiError(String(answer.type), message);
  }
  return { token: answer.message, id: answer.id, account_number: answer.account_number };
}

export interface LoginInput {
  account: string;
  password: string;
  smsCode: string;
  country: Country;
}

/** `POST /api/user/login {user_string, password, sms_code, area_code, area_code_id}`. */
export function login(input: LoginInput): Promise<LoginAnswer> {
  return postLogin('/api/user/login', {
    user_string: input.account.trim(),
    password: input.password,
    sms_code: input.smsCode.trim() || undefined,
    ...areaCodeParams(input.country, input.account),
  });
}

/** The points-exchange variant: `POST /api/Independent/points {user_string, password}`. */
export function pointsLogin(input: { account: string; password: string }): Promise<LoginAnswer> {
  return postLogin('/api/Independent/points', {
    user_string: input.account.trim(),
    password: input.password,
  });
}

export type CodeScene = 'login' | 'register' | 'forget' | 'binding' | 'trade_password';

/**
 * Sends a verification code: `/api/sms_mail` for an e-mail, `/api/sms_send` for a phone. Resolves true when
 * the server accepted, which starts the button's countdown; a refusal has been toasted already.
 */
export async function sendCode(input: {
  account: string;
  scene: CodeScene;
  country?: Country;
}): Promise<boolean> {
  const account = input.account.trim();
  const path = isEmailAccount(account) ? '/api/sms_mail' : '/api/sms_send';
  const area = input.country ? areaCodeParams(input.country, account) : { area_code: '', area_code_id: 0 };
  try {
    const message = await api.post<string>(path, {
      user_string: account || undefined,
      scene: input.scene,
      // Reset's original client names the scene `type`; the server reads either.
      type: input.scene === 'forget' ? 'forget' : undefined,
      country_code: area.area_code || undefined,
      ...area,
    } satisfies SendCodeRequest);
    toast(message, 'success');
    return true;
  } catch {
    return false;
  }
}

export interface RegisterInput {
  account: string;
  code: string;
  password: string;
  repassword: string;
  invite: string;
  country: Country;
}

/** `POST /api/user/register`; nationality is the chosen country's id. */
export function register(input: RegisterInput): Promise<string> {
  return api.post<string>('/api/user/register', {
    type: accountKind(input.account),
    user_string: input.account.trim(),
    code: input.code.trim(),
    password: input.password,
    re_password: input.repassword,
    extension_code: input.invite.trim(),
    ...areaCodeParams(input.country, input.account),
    nationality: input.country.country_id,
  } satisfies RegisterRequest);
}

/** `POST /api/user/forget {account, password, repassword, code, scene}`. */
export function forgetPassword(input: {
  account: string;
  password: string;
  repassword: string;
  code: string;
}): Promise<string> {
  return api.post<string>('/api/user/forget', {
    account: input.account.trim(),
    password: input.password,
    repassword: input.repassword,
    code: input.code.trim(),
    scene: 'forget',
  } satisfies ForgetPasswordRequest);
}

/** Signed in, from settings: `POST /api/safe/update_password {password, re_password, code}`. */
export function updatePassword(input: {
  password: string;
  repassword: string;
  code: string;
}): Promise<string> {
  return api.post<string>('/api/safe/update_password', {
    password: input.password,
    re_password: input.repassword,
    code: input.code.trim(),
  } satisfies PasswordChangeRequest);
}

/** `POST /api/safe/trade_password {password, re_password, code}` (code scene trade_password). */
export function setTradePassword(input: {
  password: string;
  repassword: string;
  code: string;
}): Promise<string> {
  return api.post<string>('/api/safe/trade_password', {
    password: input.password,
    re_password: input.repassword,
    code: input.code.trim(),
  } satisfies PasswordChangeRequest);
}

/** `POST /api/safe/email {email, code}` (code scene binding, sent to the new address). */
export function bindEmail(input: { email: string; code: string }): Promise<string> {
  return api.post<string>('/api/safe/email', {
    email: input.email.trim(),
    code: input.code.trim(),
  } satisfies BindEmailRequest);
}

/** `POST /api/safe/mobile {mobile, area_code, code}` (code scene binding, sent to the new phone). */
export function bindMobile(input: { mobile: string; country: Country; code: string }): Promise<string> {
  return api.post<string>('/api/safe/mobile', {
    mobile: input.mobile.trim(),
    area_code: input.country.area_code,
    code: input.code.trim(),
  } satisfies BindMobileRequest);
}
