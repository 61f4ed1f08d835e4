import { problemOf } from '../fuzz/fuzz';

/** An answer of the contract: `type` 'ok' when the exchange acknowledged the action. */
export interface Answer {
  ok: boolean;
  type: string;
  message: unknown;
  body: Record<string, unknown>;
}

/** Secrets the exchange handed out: session tokens and verification codes. None may show up anywhere else. */
export class Secrets {
  readonly tokens = new Set<string>();
  readonly codes = new Set<string>();

  /** The secrets inside a text: tokens are 64 hex digits, codes 6 digits standing alone. */
  foundIn(text: string): string[] {
    const found: string[] = [];
    for (const candidate of text.match(/[0-9a-f]{64}/g) ?? []) {
      if (this.tokens.has(candidate)) found.push(`session token ${candidate.slice(0, 6)}…`);
    }
    for (const code of this.codes) {
      if (new RegExp(`(^|[^0-9.])${code}([^0-9.]|$)`).test(text)) found.push(`verification code ${code}`);
    }
    return found;
  }
}

/** What the soak counts: operations sent, answers by kind, and everything that broke the contract. */
export class Tally {
  readonly operations = new Map<string, number>();
  readonly answers = new Map<string, number>();
  readonly failures: string[] = [];

  count(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  fail(problem: string): void {
    // A broken exchange fails the same way thousands of times; the first ones say all.
    if (this.failures.length < 500) this.failures.push(problem);
  }
}

/** "Minimum 10 USDT" and "Minimum 20 USDT" are one kind of refusal. */
const withoutFigures = (message: string) => message.replace(/\d+(\.\d+)?/g, 'N');

const REQUEST_TIMEOUT_MS = 30_000;

/** HTTP to the running exchange, as the spec's client speaks it (form bodies, the token in Authorization). */
export class SoakClient {
  constructor(
    private readonly baseUrl: string,
    readonly tally: Tally,
    readonly secrets: Secrets,
  ) {}

  /**
   * One call of the contract, checked: the answer must be an envelope with no leak and no secret in it
   * (`handsOut` names the one answer allowed to carry a token: the login's). `kind` groups it in the report.
   */
  async call(
    kind: string,
    path: string,
    options: {
      token?: string;
      form?: Record<string, string | number>;
      method?: string;
      handsOut?: boolean;
    } = {},
  ): Promise<Answer> {
    this.tally.count(this.tally.operations, kind);
    const method = options.method ?? (options.form ? 'POST' : 'GET');
    const headers: Record<string, string> = {};
    if (options.token) headers.Authorization = options.token;
    let body: string | undefined;
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(
        Object.entries(options.form).map(([key, value]): [string, string] => [key, String(value)]),
      ).toString();
    }
    let status = 0;
    let text = '';
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      this.tally.fail(`${kind}: ${method} ${path} got no answer (${String(error)})`);
      this.tally.count(this.tally.answers, `${kind} no answer`);
      return { ok: false, type: 'none', message: undefined, body: {} };
    }
    const problem = problemOf(status, text);
    if (problem) this.tally.fail(`${kind}: ${method} ${path} ${problem}: ${text.slice(0, 300)}`);
    if (!options.handsOut) {
      for (const secret of this.secrets.foundIn(text))
        this.tally.fail(`${kind}: ${method} ${path} answered a ${secret}`);
    }
    let parsed: { type?: string | number; code?: string | number; message?: unknown; msg?: unknown } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // problemOf has reported it
    }
    const type = String(parsed.type ?? parsed.code ?? status);
    const ok = type === 'ok' || type === '0';
    const message = parsed.message ?? parsed.msg;
    this.tally.count(
      this.tally.answers,
      ok
        ? `${kind} ok`
        : `${kind} refused (${type}): ${typeof message === 'string' ? withoutFigures(message) : '…'}`,
    );
    return { ok, type, message, body: parsed };
  }
}
