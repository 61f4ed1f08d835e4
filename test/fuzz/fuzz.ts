import type supertest from 'supertest';
import { badBody, badQuery, randomFrom, type FuzzShape } from './inputs';
import type { FuzzRoute } from './routes';

/** What a fuzzed route answered that it must not: a 5xx, no envelope, a leak, or no answer at all. */
export interface FuzzFailure {
  route: string;
  shape: FuzzShape | 'query';
  signedIn: boolean;
  status: number;
  problem: string;
  answer: string;
}

export interface FuzzReport {
  routes: number;
  requests: number;
  failures: FuzzFailure[];
}

/** Text that must never reach a client: stack frames, SQL and driver internals. */
const LEAKS: [RegExp, string][] = [
  [/\bat [^\s]+ \(?[^\s]*\.(ts|js|mjs):\d+/, 'a stack trace'],
  [
    /syntax error|duplicate key|violates|relation "|column "|SELECT .+ FROM|INSERT INTO|UPDATE .+ SET/i,
    'SQL text',
  ],
  [/Prisma|PrismaClient|ECONNREFUSED|ioredis|bullmq/i, 'driver internals'],
];

/**
 * The contract's envelopes: `{type, message}` almost everywhere, `{code, msg}` where the spec's client reads
 * that shape (candles, the withdraw-address calls of document 3).
 */
function isEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const fields = body as { type?: unknown; code?: unknown; msg?: unknown };
  return (
    typeof fields.type === 'string' || (typeof fields.code === 'number' && typeof fields.msg === 'string')
  );
}

/** What is wrong with an answer the contract promises (a 5xx, no envelope, a leak); undefined: nothing. */
export function problemOf(status: number, text: string): string | undefined {
  if (status >= 500) return `answered HTTP ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'answered something other than JSON';
  }
  if (!isEnvelope(body)) return 'answered without an envelope of the contract';
  for (const [pattern, what] of LEAKS) if (pattern.test(text)) return `leaked ${what}`;
  return undefined;
}

const REQUEST_TIMEOUT_MS = 10_000;

async function send(
  http: ReturnType<typeof supertest>,
  route: FuzzRoute,
  token: string | undefined,
  random: () => number,
): Promise<{ status: number; text: string; shape: FuzzShape | 'query' }> {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  if (method === 'get') {
    const query = badQuery(route.fields, random);
    let request = http.get(query ? `${route.path}?${query}` : route.path).timeout(REQUEST_TIMEOUT_MS);
    if (token) request = request.set('Authorization', token);
    const answer = await request.ok(() => true);
    return { status: answer.status, text: answer.text, shape: 'query' };
  }
  const body = badBody(route.fields, random);
  let request = http[method](route.path).timeout(REQUEST_TIMEOUT_MS).set('Content-Type', body.contentType);
  if (token) request = request.set('Authorization', token);
  const answer = await request.send(body.payload).ok(() => true);
  return { status: answer.status, text: answer.text, shape: body.shape };
}

/**
 * Sends generated bad input to every route, `perRoute` requests per route and identity (until `deadline`,
 * cycling, when one is given), and collects every answer that breaks the contract's promise.
 */
export async function fuzzRoutes(options: {
  http: ReturnType<typeof supertest>;
  routes: FuzzRoute[];
  /** undefined: a visitor; a token: a signed-in user. */
  identities: (string | undefined)[];
  seed: number;
  perRoute: number;
  deadline?: number;
}): Promise<FuzzReport> {
  const random = randomFrom(options.seed);
  const failures: FuzzFailure[] = [];
  let requests = 0;
  do {
    for (const route of options.routes) {
      for (const token of options.identities) {
        for (let index = 0; index < options.perRoute; index++) {
          const name = `${route.method} ${route.path}`;
          requests++;
          try {
            const { status, text, shape } = await send(options.http, route, token, random);
            const problem = problemOf(status, text);
            if (problem)
              failures.push({
                route: name,
                shape,
                signedIn: !!token,
                status,
                problem,
                answer: text.slice(0, 300),
              });
          } catch (error) {
            const problem =
              error instanceof Error && /timeout/i.test(error.message)
                ? 'did not answer within 10 s'
                : String(error);
            failures.push({ route: name, shape: 'query', signedIn: !!token, status: 0, problem, answer: '' });
          }
        }
      }
      if (options.deadline !== undefined && Date.now() > options.deadline) break;
    }
  } while (options.deadline !== undefined && Date.now() < options.deadline);
  return { routes: options.routes.length, requests, failures };
}
