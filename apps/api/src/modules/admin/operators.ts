import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { hashSecret } from '../user';
import { isOperatorRole, type OperatorRole } from './roles';
import { COMMAND_LINE, recordTrail, type Actor } from './trail';

const LOGIN_PATTERN = /^[a-z0-9][a-z0-9._-]{2,63}$/;
export const MIN_OPERATOR_PASSWORD = 10;

function checkLogin(login: string): string {
  const normalised = login.trim().toLowerCase();
  if (!LOGIN_PATTERN.test(normalised)) throw new AppError('admin_login_invalid');
  return normalised;
}

function checkRole(role: string): OperatorRole {
  if (!isOperatorRole(role)) throw new AppError('admin_role_invalid');
  return role;
}

type OperatorRow = { id: number; login: string; role: string; disabled_at: Date | null; created_at: Date };

/** What the trail keeps of an operator: never the password hash or the two-factor secret. */
const publicView = (operator: Pick<OperatorRow, 'id' | 'login' | 'role' | 'disabled_at'>) => ({
  id: operator.id,
  login: operator.login,
  role: operator.role,
  disabled: operator.disabled_at !== null,
});

/** What the console lists of an operator. */
const consoleView = (operator: OperatorRow & { totp_enabled_at: Date | null }) => ({
  ...publicView(operator),
  totp_enrolled: operator.totp_enabled_at !== null,
  created_at: operator.created_at.toISOString(),
});

/** Every operator, oldest first, as the console lists them. */
export async function listOperators(prisma: Db) {
  const operators = await prisma.operator.findMany({ orderBy: { id: 'asc' } });
  return operators.map(consoleView);
}

/** Who asks for a change to operators, and why: the command line, or an admin's console session. */
export interface OperatorChangeBy {
  actor: Actor;
  reason?: string;
}
const BY_COMMAND_LINE: OperatorChangeBy = { actor: COMMAND_LINE };

/**
 * Creates an operator (the command line, or an admin in the console). Without a password, one is made up
 * and answered once; only its hash is kept. Finance and admin must enrol two-factor at their first sign-in.
 */
export async function createOperator(
  prisma: Db,
  input: { login: string; role: string; password?: string | undefined },
  by: OperatorChangeBy = BY_COMMAND_LINE,
) {
  const login = checkLogin(input.login);
  const role = checkRole(input.role);
  const password = input.password ?? randomBytes(12).toString('base64url');
  if (password.length < MIN_OPERATOR_PASSWORD)
    throw new AppError('admin_password_short', { min: MIN_OPERATOR_PASSWORD });
  const passwordHash = await hashSecret(password);
  const operator = await prisma.$transaction(async (tx) => {
    if (await tx.operator.findUnique({ where: { login } }))
      throw new AppError('admin_operator_exists', { login });
    const created = await tx.operator.create({ data: { login, role, password_hash: passwordHash } });
    await recordTrail(tx, by.actor, {
      action: 'operator.create',
      targetType: 'operator',
      targetId: created.id,
      after: publicView(created),
      reason: by.reason ?? '',
    });
    return created;
  });
  return { ...consoleView(operator), password };
}

/**
 * From the console nobody changes their own operator record, and the last active admin stays one: either
 * would leave nobody but the command line able to manage operators (the command line, the way back in,
 * may). The active admins' rows are locked first, so two admins demoting each other at the same moment
 * cannot both pass the count.
 */
async function keepAnAdmin(tx: Tx, target: OperatorRow, by: OperatorChangeBy, staysAdmin: boolean) {
  if (by.actor.operatorId === null) return;
  if (by.actor.operatorId === target.id) throw new AppError('admin_self_change');
  const admins = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM operators WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id FOR UPDATE`;
  const removesAnAdmin = admins.some((admin) => admin.id === target.id) && !staysAdmin;
  if (removesAnAdmin && admins.length <= 1) throw new AppError('admin_last_admin');
}

/**
 * Changes an operator in one transaction with its trail line; `alsoRevokeSessions` ends every session they
 * have in the same transaction.
 */
async function changeOperator(
  prisma: Db,
  loginInput: string,
  change: { action: string; data: { role?: OperatorRole; disabled_at?: Date }; alsoRevokeSessions?: boolean },
  by: OperatorChangeBy,
) {
  const login = checkLogin(loginInput);
  const after = await prisma.$transaction(async (tx) => {
    const before = await tx.operator.findUnique({ where: { login } });
    if (!before) throw new AppError('admin_record_not_found');
    await keepAnAdmin(tx, before, by, change.data.role === 'admin' && !change.data.disabled_at);
    const changed = await tx.operator.update({ where: { id: before.id }, data: change.data });
    if (change.alsoRevokeSessions)
      await tx.operatorSession.updateMany({
        where: { operator_id: before.id, revoked_at: null },
        data: { revoked_at: new Date() },
      });
    await recordTrail(tx, by.actor, {
      action: change.action,
      targetType: 'operator',
      targetId: before.id,
      before: publicView(before),
      after: publicView(changed),
      reason: by.reason ?? '',
    });
    return changed;
  });
  return publicView(after);
}

/** Changes an operator's role; their open sessions see it at their next call. */
export const setOperatorRole = (prisma: Db, login: string, role: string, by = BY_COMMAND_LINE) =>
  changeOperator(prisma, login, { action: 'operator.role', data: { role: checkRole(role) } }, by);

/** Disables an operator and ends every session they have. */
export const disableOperator = (prisma: Db, login: string, by = BY_COMMAND_LINE) =>
  changeOperator(
    prisma,
    login,
    { action: 'operator.disable', data: { disabled_at: new Date() }, alsoRevokeSessions: true },
    by,
  );
