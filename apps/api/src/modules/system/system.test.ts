import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../../../../test/harness';
import { buildApp } from '../../app';
import { createMessenger } from '../verification';

const ctx = useTestContext();

describe('env.json, language and the envelope', () => {
  it('serves env.json for the client', async () => {
    const answer = await ctx.get('/api/env.json?timestamp=1700000000');
    expect(answer.body).toEqual({
      socket_io_port: ctx.config.PORT,
      is_demo: true,
      login_need_smscode: false,
    });
  });

  it('switches the language of a signed-in user for later answers', async () => {
    const user = await ctx.signedInUser();
    expect((await ctx.post('/api/set/lang', { lang: 'kor' }, user.token)).body.type).toBe('ok');
    expect((await ctx.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).locale).toBe('kor');
    const answer = await ctx.post('/api/safe/judge_password', { password: '123456' }, user.token);
    expect(answer.body.type).toBe('not');
    expect(answer.body.message).not.toBe('Please set a trade password first');
    expect((await ctx.post('/api/set/lang', { lang: 'fr' })).body).toEqual({
      type: 'error',
      message: 'Unsupported language',
    });
    const visitor = await ctx.post('/api/set/lang', { lang: 'zh' });
    expect(visitor.body).toEqual({ type: 'ok', message: '语言已切换' });
    const cookie = visitor.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
    expect(cookie).toBe('lang=zh');
    const later = await ctx.http.post('/api/user/register').set('Cookie', cookie).type('form').send({});
    expect(later.body.message).toBe('请输入邀请码');
  });

  it('accepts JSON bodies as well as forms', async () => {
    const answer = await ctx.http.post('/api/news/list').send({ c_id: 4, limit: 2 });
    expect(answer.body.type).toBe('ok');
    expect(answer.body.message.list).toHaveLength(2);
  });

  it('answers unknown paths, broken bodies and unexpected failures with a clean envelope', async () => {
    const missing = await ctx.get('/api/no/such/call');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ type: 'error', message: 'Not found' });

    const broken = await ctx.http
      .post('/api/news/list')
      .set('Content-Type', 'application/json')
      .send('{"c_id":');
    expect(broken.body).toEqual({ type: 'error', message: 'The request could not be understood' });

    const app = await buildApp({ ...ctx, messenger: createMessenger(ctx.prisma, { from: 'test' }) });
    app.get('/api/explode', () => {
      throw new Error('secret internals');
    });
    const exploded = await app.inject({ method: 'GET', url: '/api/explode' });
    expect(exploded.statusCode).toBe(500);
    const body = exploded.json<{ type: string; message: string }>();
    expect(body.type).toBe('error');
    expect(body.message).toMatch(/^The server could not complete the request, please try again \(ref \w+\)$/);
    expect(exploded.body).not.toContain('secret internals');
    await app.close();
  });

  it('reports health of Postgres and Redis', async () => {
    const answer = await ctx.get('/api/health?scope=api');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      type: 'ok',
      message: 'healthy',
      parts: [
        { name: 'postgres', kind: 'service', up: true },
        { name: 'redis', kind: 'service', up: true },
      ],
    });
  });
});

describe('OpenAPI', () => {
  it('documents the routes with the zod schemas that validate them', async () => {
    const answer = await ctx.get('/api/openapi.json');
    expect(answer.body.openapi).toMatch(/^3\./);
    const register = answer.body.paths['/api/user/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['extension_code', 'user_string', 'password', 're_password', 'code']),
    );
  });
});
