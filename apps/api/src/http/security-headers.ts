import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE, translate } from '@exchange/kernel/i18n';

/** Sent on HTTPS answers only (behind a TLS proxy, with TRUST_PROXY naming it): 180 days. */
export const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * The hashes of the inline scripts of the built client's index.html (the theme is applied before the first
 * paint by one), so the Content-Security-Policy can allow exactly them and no other inline script.
 */
export function inlineScriptHashes(webRoot: string): string[] {
  const indexFile = join(webRoot, 'index.html');
  if (!existsSync(indexFile)) return [];
  const html = readFileSync(indexFile, 'utf8');
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * Security headers on every answer, through helmet: nosniff, no framing anywhere (the trading
 * screen is a clickjacking target), no referrer, and a Content-Security-Policy the client works under: its
 * own scripts and styles (inline style attributes allowed: the sandbox checkout page uses them), images from
 * itself (uploads under /upload/), data: URLs and any HTTPS address (operators' notices may show images
 * hosted elsewhere), socket.io on its own origin. HSTS only over TLS, where a
 * browser honours it; plain-HTTP installs (localhost, docker-compose) would otherwise be pinned to an HTTPS
 * that does not exist.
 */
export function registerSecurityHeaders(app: FastifyInstance, webRoot: string): void {
  // Built once: @fastify/helmet built helmet again for every request (about a tenth of the API's CPU on the
  // order path, measured with the spot bench's profiles).
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webRoot)],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // helmet only sets headers; since its version 8.1 it throws instead of passing an error on.
    applyHeaders(request.raw, reply.raw, () => done());
  });
}

/**
 * Requests Node refuses before Fastify sees them (a URL or headers beyond the server's limit, bytes that are
 * not HTTP) still answer with the envelope, in English since no header was read, and the same nosniff and
 * framing headers as every other answer.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: NodeJS.ErrnoException,
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, key] =
    error.code === 'HPE_HEADER_OVERFLOW' || error.code === 'HPE_URI_TOO_LONG'
      ? [431, 'Request Header Fields Too Large', 'request_too_long' as const]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'bad_request' as const]
        : [400, 'Bad Request', 'bad_request' as const];
  const body = JSON.stringify({ type: 'error', message: translate(DEFAULT_LOCALE, key) });
  this.log.info({ err: error }, 'refused before parsing');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\n' +
        "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
