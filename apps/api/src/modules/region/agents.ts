import type { Db, Tx } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { formatDateTime } from '../../http/format';
import { maskAccount } from '../user';

export const REGION_PAGE_SIZE = 10;

const findUser = async (prisma: Db, account: string) => {
  const user = await prisma.user.findUnique({ where: { account_number: account } });
  if (!user) throw new Error(`no account ${account}`);
  return user;
};

const regionOf = (city: string, district = '') => {
  const city_name = city.trim();
  if (!city_name || city_name.length > 64 || district.trim().length > 64)
    throw new Error('a region needs --city (and optionally --district), at most 64 characters each');
  return { city_name, district_name: district.trim() };
};

/** An operator records which region a user lives in (`npm run ops -- region:set`). */
export async function setUserRegion(prisma: Db, input: { account: string; city: string; district?: string }) {
  const user = await findUser(prisma, input.account);
  const region = regionOf(input.city, input.district);
  await prisma.userRegion.upsert({
    where: { user_id: user.id },
    create: { user_id: user.id, ...region },
    update: region,
  });
  return { account: user.account_number, ...region };
}

/**
 * An operator makes a user the agent of a region (`npm run ops -- agent:assign`): a city, or one district
 * of it. Logged with the operator's reason.
 */
export async function assignAgent(
  prisma: Db,
  input: { account: string; city: string; district?: string; reason?: string },
  /** Runs in the assignment's transaction (the operator console writes its audit trail there). */
  within?: (tx: Tx) => Promise<void>,
) {
  const user = await findUser(prisma, input.account);
  const region = regionOf(input.city, input.district);
  await prisma.$transaction(async (tx) => {
    await tx.regionalAgent.upsert({
      where: { user_id: user.id },
      create: { user_id: user.id, ...region },
      update: region,
    });
    await tx.p2pOperatorLog.create({
      data: {
        action: 'agent:assign',
        target_type: 'user',
        target_id: String(user.id),
        reason: input.reason ?? '',
        detail: JSON.stringify({ account: user.account_number, ...region }),
      },
    });
    if (within) await within(tx);
  });
  return { account: user.account_number, ...region };
}

/**
 * An operator ends a user's role as a regional agent; `within` writes the caller's record in the same
 * transaction. Answers false when the user was no agent.
 */
export async function endAgent(
  prisma: Db,
  input: { userId: number; within?: (tx: Tx) => Promise<unknown> },
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const removed = await tx.regionalAgent.deleteMany({ where: { user_id: input.userId } });
    if (removed.count === 0) return false;
    await input.within?.(tx);
    return true;
  });
}

/**
 * The users of the caller's region, 10 a page (`GET /api/user/region_users`); a district agent sees that
 * district, a city agent the whole city. Anyone else: 'not a regional agent, no permission'.
 */
export async function regionUsers(prisma: Db, agentId: number, page: number) {
  const agent = await prisma.regionalAgent.findUnique({ where: { user_id: agentId } });
  if (!agent) throw new AppError('region_not_agent');
  const where = {
    city_name: agent.city_name,
    ...(agent.district_name ? { district_name: agent.district_name } : {}),
    user_id: { not: agentId },
  };
  const [regions, total] = await Promise.all([
    prisma.userRegion.findMany({
      where,
      orderBy: { user_id: 'asc' },
      skip: (page - 1) * REGION_PAGE_SIZE,
      take: REGION_PAGE_SIZE,
    }),
    prisma.userRegion.count({ where }),
  ]);
  const users = await prisma.user.findMany({
    where: { id: { in: regions.map((region) => region.user_id) } },
    select: { id: true, account_number: true, phone: true, created_at: true },
  });
  const data = regions.flatMap((region) => {
    const user = users.find((candidate) => candidate.id === region.user_id);
    return user
      ? [
          {
            user_id: user.id,
            account_number: maskAccount(user.account_number),
            city_name: region.city_name,
            district_name: region.district_name,
            phone: maskAccount(user.phone ?? user.account_number),
            time: formatDateTime(user.created_at),
          },
        ]
      : [];
  });
  return { data, page, pages: Math.max(1, Math.ceil(total / REGION_PAGE_SIZE)), total };
}
