import { createOperator, totpCode, type OperatorRole } from '../apps/api/src/modules/admin';
import { expect } from 'vitest';
import type { TestContext } from './harness';

export const SIGN_IN_REQUIRED = { type: '999', message: 'Operator sign-in required' };
export const FORBIDDEN = { type: 'error', message: 'Your role may not do this' };

export interface TestOperator {
  id: number;
  login: string;
  password: string;
  token: string;
  /** The two-factor secret, when enrolled: the test plays the operator's authenticator app with it. */
  secret: string | null;
}

/** The operator's current two-factor code, as its authenticator app shows it (none valid when not enrolled). */
export const freshCode = (operator: TestOperator) => totpCode(operator.secret ?? '');

let operatorCount = 0;

/**
 * An operator made as `npm run ops -- operator:create` makes one, signed in through `/api/admin/login`; with
 * `enrol` (always for finance and admin) two-factor is set up through the console's own calls.
 */
export async function signedInOperator(
  ctx: TestContext,
  role: OperatorRole,
  options: { enrol?: boolean } = {},
): Promise<TestOperator> {
  operatorCount += 1;
  const login = `${role}${operatorCount}-${Math.random().toString(36).slice(2, 8)}`;
  const password = 'Operator-pass-1';
  const created = await createOperator(ctx.prisma, { login, role, password });
  const signIn = await ctx.post('/api/admin/login', { login, password });
  if (signIn.body.type !== 'ok') throw new Error(`operator sign-in failed: ${JSON.stringify(signIn.body)}`);
  const token = signIn.body.message.token as string;
  const enrol = options.enrol ?? (role === 'finance' || role === 'admin');
  if (!enrol) return { id: created.id, login, password, token, secret: null };
  const setup = await ctx.post('/api/admin/totp/setup', {}, token);
  const secret = setup.body.message.secret as string;
  const confirmed = await ctx.post('/api/admin/totp/confirm', { code: totpCode(secret) }, token);
  if (confirmed.body.type !== 'ok') throw new Error(`enrolment failed: ${JSON.stringify(confirmed.body)}`);
  return { id: created.id, login, password, token, secret };
}

export const OPERATOR_ROLES: OperatorRole[] = ['viewer', 'support', 'finance', 'admin'];

/** One signed-in operator of every role, made one after another. */
export async function signedInOperators(
  ctx: TestContext,
  options: { enrol?: boolean } = {},
): Promise<Record<OperatorRole, TestOperator>> {
  const operators = {} as Record<OperatorRole, TestOperator>;
  for (const role of OPERATOR_ROLES) operators[role] = await signedInOperator(ctx, role, options);
  return operators;
}

/** A console call with the least role that may make it; the body passes validation but names nothing. */
export interface RoleRoute {
  method: 'GET' | 'POST';
  path: string;
  minimum: OperatorRole;
  body?: Record<string, string | number>;
  query?: () => string;
}

type Answer = { type: string; message?: unknown };

/**
 * The role gate of one console call: no token, a trader's token (bare and as Bearer) need an operator
 * sign-in, every role under the minimum is refused, every other role gets past the gate; the answers of
 * those roles come back for the caller's own checks.
 */
export async function expectRoleGate(
  ctx: TestContext,
  route: RoleRoute,
  traderToken: string,
  operators: Record<OperatorRole, TestOperator>,
): Promise<{ role: OperatorRole; answer: Answer }[]> {
  const body = route.body ?? {};
  const path = route.path + (route.query?.() ?? '');
  const send = (token?: string) =>
    (route.method === 'GET' ? ctx.get(path, token) : ctx.post(path, body, token)).then(
      (answer) => answer.body as Answer,
    );
  for (const token of [undefined, traderToken, 'Bearer ' + traderToken]) {
    expect(await send(token)).toEqual(SIGN_IN_REQUIRED);
  }
  const rank = (role: OperatorRole) => OPERATOR_ROLES.indexOf(role);
  const allowed: { role: OperatorRole; answer: Answer }[] = [];
  for (const role of OPERATOR_ROLES) {
    const answer = await send(operators[role].token);
    if (rank(role) < rank(route.minimum)) {
      expect(answer, `${role} on ${route.path}`).toEqual(FORBIDDEN);
      continue;
    }
    expect(answer, `${role} on ${route.path}`).not.toEqual(FORBIDDEN);
    expect(answer.type, `${role} on ${route.path}: ${JSON.stringify(answer)}`).not.toBe('999');
    allowed.push({ role, answer });
  }
  return allowed;
}
