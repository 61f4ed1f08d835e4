import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../test/harness';
import { purgeExpired } from './purge-expired';

const ctx = useTestContext();

describe('purgeExpired', () => {
  it('forgets long-ended sessions and old codes, and keeps live ones', async () => {
    const user = await ctx.signedInUser();
    const longAgo = new Date(Date.now() - 30 * 86_400_000);
    await ctx.prisma.session.create({
      data: { user_id: user.id, token_hash: 'a'.repeat(64), expires_at: longAgo },
    });
    await ctx.prisma.verificationCode.create({
      data: {
        destination: user.account,
        scene: 'login',
        code_hash: 'b'.repeat(64),
        expires_at: longAgo,
        created_at: longAgo,
      },
    });
    await ctx.post('/api/sms_mail', { user_string: user.account, scene: 'login' });

    expect(await purgeExpired(ctx.prisma)).toEqual({ sessions: 1, codes: 1 });
    expect((await ctx.get('/api/user/info', user.token)).body.type).toBe('ok');
    expect(await ctx.prisma.verificationCode.count({ where: { destination: user.account } })).toBe(1);
    expect(await purgeExpired(ctx.prisma)).toEqual({ sessions: 0, codes: 0 });
  });
});
