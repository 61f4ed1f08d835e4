import type { OperatorTrail, OperatorTrailLine } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { pageWindow } from './users';

/** Who did it: an operator's session, or the command line (`npm run ops`), which has no operator. */
export interface Actor {
  operatorId: number | null;
  requestId: string;
  ip: string;
}

export const COMMAND_LINE: Actor = { operatorId: null, requestId: 'ops-cli', ip: '' };

export type TrailEntry = OperatorTrailLine;

/** JSON-safe copy (bigints and decimals as strings, dates as ISO) of a row for the trail. */
function snapshot(value: unknown): object | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(
    JSON.stringify(value, (_key, field: unknown) => (typeof field === 'bigint' ? field.toString() : field)),
  ) as object;
}

/**
 * Appends one line to the operators' audit trail inside the caller's transaction: the line exists exactly
 * when the change committed. Nothing ever updates or deletes a line (the table's trigger refuses it).
 */
export async function recordTrail(tx: Tx, actor: Actor, entry: TrailEntry): Promise<void> {
  const before = snapshot(entry.before);
  const after = snapshot(entry.after);
  await tx.operatorAuditTrail.create({
    data: {
      operator_id: actor.operatorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId).slice(0, 64),
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
      reason: entry.reason ?? '',
      request_id: actor.requestId.slice(0, 32),
      ip: actor.ip.slice(0, 64),
    },
  });
}

/** The trail writer an area's operator action is handed: each line is this actor's. */
export const trailOf =
  (actor: Actor): OperatorTrail<Tx> =>
  (tx, line) =>
    recordTrail(tx, actor, line);

/** The newest lines of the trail, a page at a time, with the operator's login. */
export async function listTrail(prisma: Db, options: { page: number; limit: number; targetType?: string }) {
  const where = options.targetType ? { target_type: options.targetType } : {};
  const [total, rows] = await Promise.all([
    prisma.operatorAuditTrail.count({ where }),
    prisma.operatorAuditTrail.findMany({
      where,
      orderBy: { id: 'desc' },
      ...pageWindow(options),
      include: { operator: { select: { login: true } } },
    }),
  ]);
  return {
    total,
    list: rows.map((row) => ({
      id: row.id.toString(),
      operator: row.operator?.login ?? 'ops',
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      before: row.before,
      after: row.after,
      reason: row.reason,
      request_id: row.request_id,
      created_at: row.created_at.toISOString(),
    })),
  };
}
