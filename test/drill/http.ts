/**
 * The drills talk to the API as a client does: form-encoded bodies, the token in Authorization. Every call
 * ends in one of three outcomes, and the drills keep them apart: `ok` (acknowledged: the exchange promised
 * it), `refused` (an error envelope: nothing may have changed), or `unknown` (no answer: the process died
 * under the request, so it may or may not have happened).
 */
export type Outcome = 'ok' | 'refused' | 'unknown';

export interface Answer {
  outcome: Outcome;
  body: { type?: string; message?: unknown; data?: unknown; order?: { id?: string; state?: string } };
}

const REQUEST_TIMEOUT_MS = 15_000;

export async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  fields: Record<string, string | number> = {},
  token?: string,
): Promise<Answer> {
  const form = new URLSearchParams(
    Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (method !== 'GET') headers['content-type'] = 'application/x-www-form-urlencoded';
  try {
    const response = await fetch(`${baseUrl}${path}${method === 'GET' ? `?${form.toString()}` : ''}`, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body: form.toString() }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (response.status >= 500) return { outcome: 'unknown', body: { message: `HTTP ${response.status}` } };
    const body = (await response.json()) as Answer['body'];
    return { outcome: body.type === 'ok' ? 'ok' : 'refused', body };
  } catch (error) {
    return { outcome: 'unknown', body: { message: (error as Error).message } };
  }
}
