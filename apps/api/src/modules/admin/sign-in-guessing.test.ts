import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { signedInOperator, type TestOperator } from '../../../../../test/operators';
import { totpCode } from '.';

/**
 * Operator sign-in under attack (issue 26): a stranger guessing from elsewhere, or someone holding an
 * operator's password but not their authenticator, must never keep the operator out, and no answer tells a
 * right password from a wrong code. This context trusts loopback as a proxy, so X-Forwarded-For stands for
 * the callers' addresses.
 */
const ctx = useTestContext({ TRUST_PROXY: 'loopback' });

const FAILED = { type: 'error', message: 'The login, password or two-factor code is incorrect' };
const WAIT = /^Too many attempts on this account, please try again in \d+ seconds$/;
const OPERATOR_ADDRESS = '192.0.2.50';

function signIn(fields: { login: string; password: string; code?: string }, address: string) {
  return supertest(ctx.app.server)
    .post('/api/admin/login')
    .set('X-Forwarded-For', address)
    .type('form')
    .send(fields)
    .then((response) => response.body as { type: string; message: string | { token: string } });
}

/** The operator's authenticator app: the next step's code (the enrolment used the current one). */
const nextCode = (operator: TestOperator) => totpCode(operator.secret ?? '', Date.now() + 30_000);
/** A six-digit code that is none of the three steps the server accepts now. */
function wrongCode(operator: TestOperator): string {
  const accepted = [-30_000, 0, 30_000].map((shift) => totpCode(operator.secret ?? '', Date.now() + shift));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!accepted.includes(code)) return code;
  }
}

describe('operator sign-in under attack', () => {
  it('lets the operator in with password and code while a stranger polls wrong passwords from elsewhere', async () => {
    const operator = await signedInOperator(ctx, 'admin');
    const stranger = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        signIn({ login: operator.login, password: `guess-${index}` }, `203.0.113.${(index % 3) + 1}`),
      ),
    );
    // The stranger's guesses made the account wait: only a few were compared.
    expect(stranger.filter((answer) => WAIT.test(answer.message as string)).length).toBeGreaterThan(10);
    const owner = await signIn(
      { login: operator.login, password: operator.password, code: nextCode(operator) },
      OPERATOR_ADDRESS,
    );
    expect(owner.type, JSON.stringify(owner)).toBe('ok');
  });

  it('gives whoever holds the password but not the code no way to block the two-factor', async () => {
    const operator = await signedInOperator(ctx, 'finance');
    const holder = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        signIn(
          { login: operator.login, password: operator.password, code: wrongCode(operator) },
          `198.51.100.${(index % 12) + 1}`,
        ),
      ),
    );
    expect(holder.every((answer) => answer.type === 'error')).toBe(true);
    const owner = await signIn(
      { login: operator.login, password: operator.password, code: nextCode(operator) },
      OPERATOR_ADDRESS,
    );
    expect(owner.type, JSON.stringify(owner)).toBe('ok');
    const token = (owner.message as { token: string }).token;
    // The code still works on money requests too: the holder's wrong codes were not counted against it.
    const approval = await ctx.post(
      '/api/admin/withdrawals/finish',
      { id: 999_999, decision: 'reject', reason: 'x', totp_code: totpCode(operator.secret ?? '') },
      token,
    );
    expect(approval.body).toEqual({ type: 'error', message: 'No such record' });
  });

  it('still bounds guessing at the code: past ten wrong combinations each waits for the one before', async () => {
    const operator = await signedInOperator(ctx, 'admin');
    const guess = (address: string) =>
      signIn({ login: operator.login, password: operator.password, code: wrongCode(operator) }, address);
    for (let address = 1; address <= 11; address += 1)
      expect(await guess(`198.18.0.${address}`)).toEqual(FAILED);
    // The eleventh started the account's delay: the next guess, from yet another address, must wait.
    expect((await guess('198.18.0.12')).message).toMatch(WAIT);
  });

  it('answers every failed combination alike, so no answer confirms the password alone', async () => {
    const operator = await signedInOperator(ctx, 'admin');
    const attempts = [
      { login: operator.login, password: 'wrong-password-1', code: nextCode(operator) },
      { login: operator.login, password: operator.password, code: wrongCode(operator) },
      { login: operator.login, password: operator.password },
      { login: operator.login, password: 'wrong-password-1' },
      { login: 'nobody-at-all', password: operator.password, code: nextCode(operator) },
    ];
    for (const [index, attempt] of attempts.entries())
      expect(await signIn(attempt, `192.0.2.${100 + index}`), JSON.stringify(attempt)).toEqual(FAILED);
    // An operator without two-factor (a viewer may go without) signs in with an empty code.
    const viewer = await signedInOperator(ctx, 'viewer');
    const plain = await signIn(
      { login: viewer.login, password: viewer.password, code: '' },
      OPERATOR_ADDRESS,
    );
    expect(plain.type).toBe('ok');
  });
});
