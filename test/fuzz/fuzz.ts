import type supertest from 'supertest';
import { BAD_VALUES, BEYOND_COLUMNS, badBody, badQuery, randomFrom, type FuzzShape } from './inputs';
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

/** `/api/health`'s answer while a part is down (here: no worker runs beside the fuzzed API): a 503 naming the parts. */
function isOutageReport(status: number, text: string): boolean {
  if (status !== 503) return false;
  try {
    return Array.isArray((JSON.parse(text) as { parts?: unknown }).parts);
  } catch {
    return false;
  }
}

/** What is wrong with an answer the contract promises (a 5xx, no envelope, a leak); undefined: nothing. */
export function problemOf(status: number, text: string): string | undefined {
  if (status >= 500 && !isOutageReport(status, text)) return `answered HTTP ${status}`;
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

/** One generated request: its path (path parameters filled with bad values) and, but for GET, its body. */
interface FuzzRequest {
  path: string;
  shape: FuzzShape | 'query';
  body?: { contentType: string; payload: string };
}

function generate(route: FuzzRoute, random: () => number): FuzzRequest {
  // Path parameters are ids: half of them get a number no id column can hold.
  const pick = () => {
    const values = random() < 0.5 ? BEYOND_COLUMNS : BAD_VALUES;
    return values[Math.floor(random() * values.length)] ?? '';
  };
  const path = route.pathParams.reduce(
    (filled, name) => filled.replace(`{${name}}`, encodeURIComponent(pick())),
    route.path,
  );
  if (route.method === 'GET') {
    const query = badQuery(route.fields, random);
    return { path: query ? `${path}?${query}` : path, shape: 'query' };
  }
  const { shape, contentType, payload } = badBody(route.fields, random);
  return { path, shape, body: { contentType, payload } };
}

async function send(
  http: ReturnType<typeof supertest>,
  route: FuzzRoute,
  token: string | undefined,
  generated: FuzzRequest,
): Promise<{ status: number; text: string }> {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
  let request = http[method](generated.path).timeout(REQUEST_TIMEOUT_MS);
  if (token) request = request.set('Authorization', token);
  if (generated.body) request = request.set('Content-Type', generated.body.contentType);
  const answer = await (generated.body ? request.send(generated.body.payload) : request).ok(() => true);
  return { status: answer.status, text: answer.text };
}

/** Sends one generated request `copies` times at once; each answer that breaks the promise is a failure. */
async function sendAndJudge(
  http: ReturnType<typeof supertest>,
  route: FuzzRoute,
  token: string | undefined,
  generated: FuzzRequest,
  copies: number,
): Promise<FuzzFailure[]> {
  const failure = (status: number, problem: string, answer: string): FuzzFailure => ({
    route: `${route.method} ${route.path}`,
    shape: generated.shape,
    signedIn: !!token,
    status,
    problem: copies > 1 ? `${problem} (one of ${copies} at once)` : problem,
    answer: answer.slice(0, 300),
  });
  const answers = await Promise.all(
    Array.from({ length: copies }, () =>
      send(http, route, token, generated).then(
        ({ status, text }) => {
          const problem = problemOf(status, text);
          return problem ? failure(status, problem, text) : undefined;
        },
        (error: unknown) =>
          failure(
            0,
            error instanceof Error && /timeout/i.test(error.message)
              ? 'did not answer within 10 s'
              : String(error),
            '',
          ),
      ),
    ),
  );
  return answers.filter((answer) => answer !== undefined);
}

/**
 * Sends generated bad input to every route, `perRoute` requests per route and identity (until `deadline`,
 * cycling, when one is given), then the same request `burst` times at once (races on the refusal paths),
 * and collects every answer that breaks the contract's promise.
 */
export async function fuzzRoutes(options: {
  http: ReturnType<typeof supertest>;
  routes: FuzzRoute[];
  /** undefined: a visitor; a token: a signed-in user. */
  identities: (string | undefined)[];
  seed: number;
  perRoute: number;
  /** How many copies of one request each route gets at once, per identity and round; 0: none. */
  burst: number;
  deadline?: number;
}): Promise<FuzzReport> {
  const random = randomFrom(options.seed);
  const failures: FuzzFailure[] = [];
  let requests = 0;
  do {
    for (const route of options.routes) {
      for (const token of options.identities) {
        for (let index = 0; index < options.perRoute; index++) {
          requests++;
          failures.push(...(await sendAndJudge(options.http, route, token, generate(route, random), 1)));
        }
        if (options.burst > 0) {
          requests += options.burst;
          failures.push(
            ...(await sendAndJudge(options.http, route, token, generate(route, random), options.burst)),
          );
        }
      }
      if (options.deadline !== undefined && Date.now() > options.deadline) break;
    }
  } while (options.deadline !== undefined && Date.now() < options.deadline);
  return { routes: options.routes.length, requests, failures };
}
