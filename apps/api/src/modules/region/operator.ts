import type { OperatorTrail } from '@exchange/contracts';
import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { assignAgent, endAgent } from './agents';

async function requireUser(prisma: Db, id: number) {
  const user = await prisma.user.findUnique({ where: { id } });
  if (!user) throw new AppError('admin_record_not_found');
  return user;
}

/**
 * Makes a user a regional agent of a city (or one district of it) through the region area's own function
 * (`ops agent:assign`), or ends it; the trail line is written in the same transaction.
 */
export async function setAgent(
  prisma: Db,
  input: { id: number; on: 0 | 1; city: string; district: string; reason: string },
  trail: OperatorTrail<Tx>,
) {
  if (!input.reason) throw new AppError('admin_reason_required');
  const user = await requireUser(prisma, input.id);
  const before = await prisma.regionalAgent.findUnique({ where: { user_id: user.id } });
  const was = before ? { city_name: before.city_name, district_name: before.district_name } : null;
  if (input.on === 0) {
    const ended = await endAgent(prisma, {
      userId: user.id,
      within: (tx) =>
        trail(tx, {
          action: 'user.agent_end',
          targetType: 'user',
          targetId: user.id,
          before: { agent: was },
          after: { agent: null },
          reason: input.reason,
        }),
    });
    if (!ended) throw new AppError('admin_already_processed');
    return { id: user.id, agent: null };
  }
  if (!input.city) throw new AppError('admin_field_required', { field: 'city' });
  const region = await assignAgent(
    prisma,
    { account: user.account_number, city: input.city, district: input.district, reason: input.reason },
    (tx) =>
      trail(tx, {
        action: 'user.agent_assign',
        targetType: 'user',
        targetId: user.id,
        before: { agent: was },
        after: { agent: { city_name: input.city.trim(), district_name: input.district.trim() } },
        reason: input.reason,
      }),
  );
  return { id: user.id, agent: { city_name: region.city_name, district_name: region.district_name } };
}
