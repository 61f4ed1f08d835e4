import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness';
import { HSTS } from './security-headers';

const INLINE_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
let webRoot: string;
let ctx: TestContext;
let behindProxy: TestContext;
let port: number;
beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'exchange-web-'));
  writeFileSync(
    join(webRoot, 'index.html'),
    `<!doctype html><html><head><script>${INLINE_SCRIPT}</script>` +
      '<script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ WEB_DIST_DIR: webRoot });
  behindProxy = await createTestContext({ TRUST_PROXY: 'loopback' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await ctx.close();
  await behindProxy.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function expectSecurityHeaders(response: supertest.Response) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('upgrade-insecure-requests');
  return csp;
}

/** Sends raw bytes and returns the raw answer: for requests Node refuses before Fastify sees them. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.write(request);
  });
}

describe('the web client', () => {
  it('answers /favicon.ico with its icon, which browsers ask for on pages that name none', async () => {
    const icon = await ctx.get('/favicon.ico');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('security headers', () => {
  it('are on the web client, whose CSP allows exactly its own inline script', async () => {
    const page = await ctx.get('/');
    expect(page.status).toBe(200);
    const csp = expectSecurityHeaders(page);
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("connect-src 'self'");
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on API answers, refusals, 404s and uploads', async () => {
    const user = await ctx.signedInUser();
    for (const response of [
      await ctx.get('/api/env.json'),
      await ctx.get('/api/user/info'),
      await ctx.get('/api/user/info', user.token),
      await ctx.get('/api/no/such/route'),
      await ctx.get('/upload/nothing.png'),
      await ctx.post('/api/user/login', { user_string: 'x' }),
    ]) {
      expectSecurityHeaders(response);
    }
  });

  it('include HSTS over TLS only, and only a trusted proxy can say the request came over TLS', async () => {
    const viaProxy = await behindProxy.http.get('/api/env.json').set('X-Forwarded-Proto', 'https');
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS);
    const plain = await behindProxy.http.get('/api/env.json');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await ctx.http.get('/api/env.json').set('X-Forwarded-Proto', 'https');
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('answers to odd requests', () => {
  it('signs out whatever content type the logout body has', async () => {
    for (const [type, body] of [
      ['text/plain', 'bye'],
      ['application/xml', '<logout/>'],
      ['application/json', '{not json'],
      ['application/octet-stream', 'x'],
    ]) {
      const user = await ctx.signedInUser();
      const logout = await ctx.http
        .post('/api/user/logout')
        .set('Authorization', user.token)
        .set('Content-Type', type as string)
        .send(body);
      expect(logout.body).toEqual({ type: 'ok', message: 'Signed out' });
      expect((await ctx.get('/api/user/info', user.token)).body.type).toBe('999');
    }
  });

  it('tells an oversized body it is the body that is too large', async () => {
    const tooBig = await ctx.http
      .post('/api/user/login')
      .type('form')
      .send({ user_string: 'a@b.cd', password: 'x'.repeat(1_100_000) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ type: 'error', message: 'The request body is too large (at most 1 MB)' });
    const json = await ctx.http
      .post('/api/user/login')
      .set('Content-Type', 'application/json')
      .set('lang', 'zh')
      .send(JSON.stringify({ pad: 'x'.repeat(1_100_000) }));
    expect(json.body).toEqual({ type: 'error', message: '请求内容过大（最多 1 MB）' });
  });

  it('answers over-long URLs and headers, and bytes that are not HTTP, with the envelope', async () => {
    const longUrl = await raw(`GET /api/news?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(longUrl).toMatch(/^HTTP\/1\.1 431 /);
    expect(longUrl).toContain('X-Content-Type-Options: nosniff');
    expect(longUrl.slice(longUrl.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ type: 'error', message: 'The request address or headers are too long' }),
    );
    const longHeader = await raw(
      `GET /api/news HTTP/1.1\r\nHost: localhost\r\nX-Pad: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(longHeader).toMatch(/^HTTP\/1\.1 431 /);
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(garbage).toContain('{"type":"error","message":"The request could not be understood"}');
  });

  it('puts nosniff and no-framing on the socket.io handshake too', async () => {
    const handshake = await ctx.get('/wss/?EIO=4&transport=polling');
    expect(handshake.status).toBe(200);
    expect(handshake.headers['x-content-type-options']).toBe('nosniff');
    expect(handshake.headers['x-frame-options']).toBe('DENY');
  });
});
