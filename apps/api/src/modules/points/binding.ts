import type { Sql } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import type { PointsPartner } from './partner';

export interface Binding {
  user_name: string;
  /** The partner's id of the bound account. */
  partner_account: string;
}

/** The partner account a user bound (`/api/jc/bind`); null when none. */
export async function findBinding(sql: Sql, userId: number): Promise<Binding | null> {
  const [row] = await sql.query<Binding>(
    'SELECT user_name, partner_account FROM jc_bindings WHERE user_id = $1',
    [userId],
  );
  return row ?? null;
}

/** The points exchange is open only while a partner is configured. */
export function openPartner(partner: PointsPartner | null): PointsPartner {
  if (!partner) throw new AppError('jc_closed');
  return partner;
}

/**
 * Binds (or re-binds) the caller's partner account once the partner accepted its login. The password goes to
 * the partner only; a partner account another user bound is refused.
 */
export async function bindPartner(
  sql: Sql,
  partner: PointsPartner,
  userId: number,
  login: { userName: string; password: string },
): Promise<void> {
  const account = await partner.signIn(login.userName, login.password);
  const bound = await sql
    .execute(
      `INSERT INTO jc_bindings (user_id, user_name, partner_account) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET user_name = EXCLUDED.user_name,
       partner_account = EXCLUDED.partner_account, updated_at = now()
     WHERE NOT EXISTS (SELECT 1 FROM jc_bindings WHERE partner_account = $3 AND user_id <> $1)`,
      [userId, login.userName, account],
    )
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === '23505') return 0;
      throw error;
    });
  if (bound === 0) throw new AppError('jc_partner_taken');
}

/** The caller's binding; the points exchange is for bound users only (the client sends others to bind). */
export async function requireBinding(sql: Sql, userId: number): Promise<Binding> {
  const binding = await findBinding(sql, userId);
  if (!binding) throw new AppError('jc_not_bound');
  return binding;
}
