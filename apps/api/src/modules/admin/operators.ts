import { randomBytes } from 'node:crypto';
import type { Db } from '@exchange/kernel/db';
import { hashSecret } from '../user';
import { isOperatorRole, OPERATOR_ROLES, type OperatorRole } from './roles';
import { COMMAND_LINE, recordTrail } from './trail';

const LOGIN_PATTERN = /^[a-z0-9][a-z0-9._-]{2,63}$/;
export const MIN_OPERATOR_PASSWORD = 10;

function checkLogin(login: string): string {
  const normalised = login.trim().toLowerCase();
  if (!LOGIN_PATTERN.test(normalised))
    throw new Error('an operator login is 3-64 characters: letters, digits, dot, dash, underscore');
  return normalised;
}

function checkRole(role: string): OperatorRole {
  if (!isOperatorRole(role)) throw new Error(`the role is one of ${OPERATOR_ROLES.join(', ')}`);
  return role;
}

/** What the trail keeps of an operator: never the password hash or the two-factor secret. */
const publicView = (operator: { id: number; login: string; role: string; disabled_at: Date | null }) => ({
  id: operator.id,
  login: operator.login,
  role: operator.role,
  disabled: operator.disabled_at !== null,
});

async function findOperator(prisma: Db, login: string) {
  const operator = await prisma.operator.findUnique({ where: { login: checkLogin(login) } });
  if (!operator) throw new Error(`no operator ${login}`);
  return operator;
}

/**
 * Creates an operator (only the command line does: no route creates one). Without a password, one is made up
 * and answered once; only its hash is kept. Finance and admin must enrol two-factor at their first sign-in.
 */
export async function createOperator(
  prisma: Db,
  input: { login: string; role: string; password?: string | undefined },
) {
  const login = checkLogin(input.login);
  const role = checkRole(input.role);
  const password = input.password ?? randomBytes(12).toString('base64url');
  if (password.length < MIN_OPERATOR_PASSWORD)
    throw new Error(`an operator password has at least ${MIN_OPERATOR_PASSWORD} characters`);
  const passwordHash = await hashSecret(password);
  const operator = await prisma.$transaction(async (tx) => {
    if (await tx.operator.findUnique({ where: { login } })) throw new Error(`operator ${login} exists`);
    const created = await tx.operator.create({ data: { login, role, password_hash: passwordHash } });
    await recordTrail(tx, COMMAND_LINE, {
      action: 'operator.create',
      targetType: 'operator',
      targetId: created.id,
      after: publicView(created),
    });
    return created;
  });
  return { ...publicView(operator), password };
}

/**
 * Changes an operator in one transaction with its trail line; `alsoRevokeSessions` ends every session they
 * have in the same transaction.
 */
async function changeOperator(
  prisma: Db,
  loginInput: string,
  change: { action: string; data: { role?: OperatorRole; disabled_at?: Date }; alsoRevokeSessions?: boolean },
) {
  const before = await findOperator(prisma, loginInput);
  const after = await prisma.$transaction(async (tx) => {
    const changed = await tx.operator.update({ where: { id: before.id }, data: change.data });
    if (change.alsoRevokeSessions)
      await tx.operatorSession.updateMany({
        where: { operator_id: before.id, revoked_at: null },
        data: { revoked_at: new Date() },
      });
    await recordTrail(tx, COMMAND_LINE, {
      action: change.action,
      targetType: 'operator',
      targetId: before.id,
      before: publicView(before),
      after: publicView(changed),
    });
    return changed;
  });
  return publicView(after);
}

/** Changes an operator's role; their open sessions see it at their next call. */
export const setOperatorRole = (prisma: Db, login: string, role: string) =>
  changeOperator(prisma, login, { action: 'operator.role', data: { role: checkRole(role) } });

/** Disables an operator and ends every session they have. */
export const disableOperator = (prisma: Db, login: string) =>
  changeOperator(prisma, login, {
    action: 'operator.disable',
    data: { disabled_at: new Date() },
    alsoRevokeSessions: true,
  });
