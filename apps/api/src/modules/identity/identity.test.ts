import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';

const ctx = useTestContext({ UPLOAD_MAX_BYTES: String(64 * 1024) });

// A real 1x1 PNG; bytes after IEND make distinct files that are still PNGs by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const png = (variant: string) => Buffer.concat([PNG, Buffer.from(variant)]);

async function upload(token: string, content: Buffer, filename = 'photo.png') {
  return ctx.http.post('/api/upload').set('Authorization', token).attach('file', content, filename);
}

async function threePhotos(token: string, tag: string) {
  const urls = [];
  for (const side of ['front', 'reverse', 'hand']) {
    const answer = await upload(token, png(`${tag}-${side}`));
    expect(answer.body.type).toBe('ok');
    urls.push(answer.body.message as string);
  }
  const [front_pic = '', reverse_pic = '', hand_pic = ''] = urls;
  return { front_pic, reverse_pic, hand_pic };
}

describe('uploads', () => {
  it('stores an image and serves it back from the URL it answers', async () => {
    const user = await ctx.signedInUser();
    const answer = await upload(user.token, png('served'));
    expect(answer.body.type).toBe('ok');
    expect(answer.body.message).toMatch(/^\/upload\/\d+-[0-9a-f]{32}\.png$/);
    const served = await ctx.http.get(answer.body.message as string);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('judges by content, not name, and refuses what is not an image, too large, or missing', async () => {
    const user = await ctx.signedInUser();
    expect((await upload(user.token, Buffer.from('<?php echo 1; ?>'), 'shell.png')).body).toEqual({
      type: 'error',
      message: 'Only JPEG, PNG, GIF or WebP images can be uploaded',
    });
    const tooLarge = await upload(user.token, Buffer.concat([PNG, Buffer.alloc(70 * 1024)]));
    expect(tooLarge.body).toEqual({ type: 'error', message: 'The image is too large (at most 64 KB)' });
    const none = await ctx.http.post('/api/upload').set('Authorization', user.token).type('form').send({});
    expect(none.body.message).toBe('Please choose an image file');
    const visitor = await ctx.http.post('/api/upload').attach('file', png('visitor'), 'a.png');
    expect(visitor.body.type).toBe('999');
    expect(await ctx.prisma.upload.count({ where: { user_id: user.id } })).toBe(0);
  });
});

describe('POST /api/user/real_name', () => {
  it('submits an application that the centre then reports as auditing', async () => {
    const user = await ctx.signedInUser();
    const photos = await threePhotos(user.token, 'first');
    const answer = await ctx.post(
      '/api/user/real_name',
      { name: 'Li Lei', card_id: '110101199001011234', ...photos },
      user.token,
    );
    expect(answer.body).toEqual({ type: 'ok', message: 'Submitted, awaiting review' });
    const center = await ctx.get('/api/user/center', user.token);
    expect(center.body.message).toMatchObject({ review_status: 1, name: 'Li Lei' });
    const again = await ctx.post(
      '/api/user/real_name',
      { name: 'Li Lei', card_id: '110101199001019999', ...photos },
      user.token,
    );
    expect(again.body.message).toBe('An identity application has already been submitted');
  });

  it('replaces a submission an operator rejected (review_status 0), never one waiting or approved', async () => {
    const user = await ctx.signedInUser();
    const first = {
      name: 'Han Meimei',
      card_id: '110101199202021111',
      ...(await threePhotos(user.token, 'r1')),
    };
    expect((await ctx.post('/api/user/real_name', first, user.token)).body.type).toBe('ok');
    await ctx.prisma.identityVerification.updateMany({
      where: { user_id: user.id },
      data: { review_status: 0 },
    });
    const second = {
      name: 'Han Meimei',
      card_id: '110101199202022222',
      ...(await threePhotos(user.token, 'r2')),
    };
    expect((await ctx.post('/api/user/real_name', second, user.token)).body).toEqual({
      type: 'ok',
      message: 'Submitted, awaiting review',
    });
    const row = await ctx.prisma.identityVerification.findUniqueOrThrow({ where: { user_id: user.id } });
    expect([row.review_status, row.card_id, row.front_pic]).toEqual([
      1,
      '110101199202022222',
      second.front_pic,
    ]);
    expect((await ctx.post('/api/user/real_name', second, user.token)).body.message).toBe(
      'An identity application has already been submitted',
    );
  });

  it('refuses missing fields, repeated photos, someone else’s photos and a used ID number', async () => {
    const owner = await ctx.signedInUser();
    const ownerPhotos = await threePhotos(owner.token, 'owner');
    await ctx.post(
      '/api/user/real_name',
      { name: 'Han Meimei', card_id: 'ID-OWNER-1', ...ownerPhotos },
      owner.token,
    );

    const user = await ctx.signedInUser();
    const photos = await threePhotos(user.token, 'second');
    const base = { name: 'Zhang San', card_id: 'ID-USER-2', ...photos };
    const cases: [Record<string, string>, string][] = [
      [{ name: '' }, 'Please enter your name'],
      [{ card_id: '' }, 'Please enter your ID number'],
      [{ hand_pic: '' }, 'The photo was not found, please upload it again'],
      [{ hand_pic: photos.front_pic }, 'Please upload three different photos'],
      [{ hand_pic: ownerPhotos.hand_pic }, 'The photo was not found, please upload it again'],
      [{ hand_pic: 'http://[broken' }, 'The photo was not found, please upload it again'],
      [{ card_id: 'id-owner-1' }, 'This ID number is already used by another account'],
    ];
    for (const [change, message] of cases) {
      const answer = await ctx.post('/api/user/real_name', { ...base, ...change }, user.token);
      expect(answer.body, JSON.stringify(change)).toEqual({ type: 'error', message });
    }
    expect(await ctx.prisma.identityVerification.count({ where: { user_id: user.id } })).toBe(0);
  });

  it('accepts exactly one of two simultaneous applications', async () => {
    const user = await ctx.signedInUser();
    const photos = await threePhotos(user.token, 'race');
    const answers = await Promise.all([
      ctx.post('/api/user/real_name', { name: 'Race One', card_id: 'RACE-1', ...photos }, user.token),
      ctx.post('/api/user/real_name', { name: 'Race Two', card_id: 'RACE-2', ...photos }, user.token),
    ]);
    expect(answers.map((answer) => answer.body.type).sort()).toEqual(['error', 'ok']);
    expect(await ctx.prisma.identityVerification.count({ where: { user_id: user.id } })).toBe(1);
  });
});
