import { createOperator, totpCode, type OperatorRole } from '../apps/api/src/modules/admin';
import type { TestContext } from './harness';

export interface TestOperator {
  id: number;
  login: string;
  password: string;
  token: string;
  /** The two-factor secret, when enrolled: the test plays the operator's authenticator app with it. */
  secret: string | null;
}

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
