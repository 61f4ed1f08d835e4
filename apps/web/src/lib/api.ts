import i18n from '../i18n';
import { catalogueAction, type Envelope } from './error-catalogue';
import { navigateTo } from './navigate';
import { currentRoute, withReturnPath } from './return-path';
import { confirmDialog, toast } from './notify';
import { endSession, getToken } from './session';

/** A business refusal from the server (`type` other than ok), after the catalogue has been applied. */
export class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  /** Leave the error to the caller: no toast and no redirect except for an expired session. */
  quiet?: boolean;
}

function encode(params: Params): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  return search;
}

function urlOf(path: string, query: Params = {}): string {
  // The spec's client adds a timestamp to every call; the server ignores it, caches do not.
  const search = encode({ ...query, timestamp: Date.now() });
  return `${path}${path.includes('?') ? '&' : '?'}${search.toString()}`;
}

function headers(): Record<string, string> {
  const result: Record<string, string> = { lang: i18n.language };
  const token = getToken();
  if (token) result.Authorization = token;
  return result;
}

async function send(method: 'GET' | 'POST' | 'PUT', path: string, params: Params): Promise<unknown> {
  const init: RequestInit = { method, headers: headers(), credentials: 'same-origin' };
  if (method !== 'GET') init.body = encode(params);
  const response = await fetch(urlOf(path, method === 'GET' ? params : {}), init);
  return (await response.json()) as unknown;
}

let sessionExpiring = false;

/** Applies document 1, section 8 to a refusal: toasts, redirects and the trade-password offer. */
function applyCatalogue(envelope: Envelope, quiet: boolean): void {
  const action = catalogueAction(envelope);
  if (action.kind === 'sessionExpired') {
    if (sessionExpiring) return;
    sessionExpiring = true;
    toast(i18n.t('common:sessionExpired'), 'error');
    endSession();
    navigateTo('/components/login?type=1');
    setTimeout(() => (sessionExpiring = false), 1000);
    return;
  }
  if (quiet) return;
  toast(action.message, 'error');
  if (action.kind === 'message') return;
  // The screen that was refused is where the user comes back to once the missing setting is done.
  const detour = withReturnPath(action.to, currentRoute());
  if (action.kind === 'tradePassword') {
    setTimeout(() => {
      void confirmDialog({ text: i18n.t('common:setTradePasswordPrompt') }).then((yes) => {
        if (yes) navigateTo(detour);
      });
    }, action.delayMs);
  } else {
    setTimeout(() => navigateTo(detour), action.delayMs);
  }
}

async function call<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  params: Params,
  options: RequestOptions,
) {
  return unwrap((await send(method, path, params)) as Envelope<T>, options.quiet ?? false);
}

/** The message of an ok answer; otherwise the catalogue is applied and the refusal thrown. */
function unwrap<T>(body: Envelope<T>, quiet: boolean): T {
  if (body.type === 'ok') return body.message;
  applyCatalogue(body, quiet);
  throw new ApiError(body.type, typeof body.message === 'string' ? body.message : body.type);
}

/** The `/api` client: form-encoded bodies, the stored token, the language, and the error catalogue. */
export const api = {
  get: <T>(path: string, params: Params = {}, options: RequestOptions = {}) =>
    call<T>('GET', path, params, options),
  post: <T>(path: string, params: Params = {}, options: RequestOptions = {}) =>
    call<T>('POST', path, params, options),
  put: <T>(path: string, params: Params = {}, options: RequestOptions = {}) =>
    call<T>('PUT', path, params, options),
  /** An ok answer whole, for the calls that carry fields beside `message` (`/api/coin/list`'s `total`). */
  answer: async <T extends Envelope>(path: string, params: Params = {}, options: RequestOptions = {}) => {
    const body = (await send('GET', path, params)) as T;
    unwrap(body, options.quiet ?? false);
    return body;
  },
  /** For the few calls outside the envelope (candles answer `{code, data}`). */
  raw: <T>(path: string, params: Params = {}) => send('GET', path, params) as Promise<T>,
  /** A form POST whose answer is outside the envelope (the withdraw-address service's `{code, msg}`). */
  rawPost: <T>(path: string, params: Params = {}) => send('POST', path, params) as Promise<T>,
  /** Multipart upload (POST /api/upload): answers the stored image's URL. */
  upload: async (file: File): Promise<string> => {
    const form = new FormData();
    form.append('file', file);
    const init: RequestInit = { method: 'POST', headers: headers(), body: form };
    return unwrap((await (await fetch(urlOf('/api/upload'), init)).json()) as Envelope<string>, false);
  },
};
