import type { InsurancePosition } from '@exchange/contracts';
import type { Db } from '@exchange/kernel/db';
import type pg from 'pg';
import { POSITION_COLUMNS, positionView, type PositionRow } from './positions';

/** A position with its currency's and type's names, as the insurance screens show it. */
export async function shownPosition(prisma: Db, position: PositionRow): Promise<InsurancePosition> {
  const [currency, type] = await Promise.all([
    prisma.currency.findUniqueOrThrow({ where: { id: position.currency_id } }),
    prisma.insuranceType.findUniqueOrThrow({ where: { id: position.insurance_type_id } }),
  ]);
  return positionView(position, { currency: currency.name, type: type.name });
}

/** GET /api/insurance/my: the user's latest hundred positions, newest first. */
export async function myPositions(deps: { prisma: Db; pool: pg.Pool }, userId: number) {
  const rows = await deps.pool.query<PositionRow>(
    `SELECT ${POSITION_COLUMNS} FROM user_insurances WHERE user_id = $1 ORDER BY id DESC LIMIT 100`,
    [userId],
  );
  return Promise.all(rows.rows.map((row) => shownPosition(deps.prisma, row)));
}
