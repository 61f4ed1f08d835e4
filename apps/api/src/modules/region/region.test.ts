import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { assignAgent, setUserRegion } from './agents';

const ctx = useTestContext();

describe('regional agents', () => {
  it('lists the agent’s region’s users, 10 a page, and refuses everyone else', async () => {
    const agent = await ctx.signedInUser();
    const outsider = await ctx.signedInUser();
    expect((await ctx.get('/api/user/region_users?page=1', outsider.token)).body).toEqual({
      type: 'error',
      message: 'Not a regional agent, no permission',
    });
    await assignAgent(ctx.prisma, {
      account: agent.account,
      city: 'Hangzhou',
      district: 'Xihu',
      reason: 'test',
    });
    const residents = [];
    for (let n = 0; n < 11; n += 1) {
      const user = await ctx.signedInUser();
      await setUserRegion(ctx.prisma, { account: user.account, city: 'Hangzhou', district: 'Xihu' });
      residents.push(user);
    }
    await setUserRegion(ctx.prisma, { account: outsider.account, city: 'Hangzhou', district: 'Binjiang' });
    const first = await ctx.get('/api/user/region_users?page=1', agent.token);
    expect(first.body.message).toMatchObject({ page: 1, pages: 2, total: 11 });
    expect(first.body.message.data).toHaveLength(10);
    expect(first.body.message.data[0]).toMatchObject({ city_name: 'Hangzhou', district_name: 'Xihu' });
    expect(Object.keys(first.body.message.data[0]).sort()).toEqual(
      ['account_number', 'city_name', 'district_name', 'phone', 'time', 'user_id'].sort(),
    );
    expect((await ctx.get('/api/user/region_users?page=2', agent.token)).body.message.data).toHaveLength(1);
    expect((await ctx.get('/api/user/region_users?page=abc', agent.token)).body.type).toBe('error');
    // A city agent sees every district of the city.
    await assignAgent(ctx.prisma, { account: agent.account, city: 'Hangzhou' });
    expect((await ctx.get('/api/user/region_users', agent.token)).body.message.total).toBe(12);
    const log = await ctx.prisma.p2pOperatorLog.findFirstOrThrow({ where: { action: 'agent:assign' } });
    expect(log.reason).toBe('test');
  });
});
