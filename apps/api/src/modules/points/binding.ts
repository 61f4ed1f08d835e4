import type { Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { hashSecret } from '../user';

/** The partner account a user bound (`/api/jc/bind`); null when none. */
export async function findBinding(sql: Sql, userId: number): Promise<{ user_name: string } | null> {
  const [row] = await sql.query<{ user_name: string }>(
    'SELECT user_name FROM jc_bindings WHERE user_id = $1',
    [userId],
  );
  return row ?? null;
}

/** Binds (or re-binds) the caller's partner account; the password is kept only as a memory-hard hash. */
export async function bindPartner(
  sql: Sql,
  userId: number,
  account: { userName: string; password: string },
): Promise<void> {
  const passwordHash = await hashSecret(account.password);
  await sql.execute(
    `INSERT INTO jc_bindings (user_id, user_name, password_hash) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name,
       password_hash = EXCLUDED.password_hash, updated_at = now()`,
    [userId, account.userName, passwordHash],
  );
}

/** The points exchange is for bound users only (the client sends unbound ones to /bindInfo). */
export async function assertBound(sql: Sql, userId: number): Promise<void> {
  if (!(await findBinding(sql, userId))) throw new AppError('jc_not_bound');
}
