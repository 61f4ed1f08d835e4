import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 with the parameters every authenticator app expects: SHA-1, six digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const ISSUER = 'Exchange operators';

const totpOf = (secret: string, login = '') =>
  new TOTP({
    issuer: ISSUER,
    label: login,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });

/** A new 160-bit secret in base32, as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What an authenticator app scans: the otpauth:// URI, and the same as a QR code image (PNG data URL). */
export async function totpEnrolment(login: string, secret: string) {
  const uri = totpOf(secret, login).toString();
  return { secret, uri, qr: await QRCode.toDataURL(uri, { margin: 1, width: 220 }) };
}

/**
 * The time step a code belongs to, if it is right for the step before, now or after (clock drift), else
 * null. Callers that must use a code once compare the step with the last one used.
 */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** The code of a moment: for tests and the browser test, which play the operator's authenticator app. */
export const totpCode = (secret: string, timestamp = Date.now()) => totpOf(secret).generate({ timestamp });

/**
 * Two-factor secrets at rest: sealed with AES-256-GCM under the SHA-256 of `OPERATOR_TOTP_KEY`, bound to the
 * operator's id (additional data), stored as `v1:` + base64url(iv | tag | ciphertext). A database copy alone
 * yields no codes, and a sealed secret moved to another operator's row does not open.
 */
const SEALED_PREFIX = 'v1:';
const keyOf = (key: string) => createHash('sha256').update(key).digest();
const boundTo = (operatorId: number) => Buffer.from(`operator:${operatorId}`);

export function sealTotpSecret(key: string, operatorId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key), iv);
  cipher.setAAD(boundTo(operatorId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/**
 * The base32 secret of a stored value. Rows enrolled before sealing existed hold the plain base32 secret and
 * are read as they are (the next enrolment seals); a sealed value that does not open (another key, another
 * row) is refused rather than guessed at.
 */
export function openTotpSecret(key: string, operatorId: number, stored: string): string {
  if (!stored.startsWith(SEALED_PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(key), raw.subarray(0, 12));
  decipher.setAAD(boundTo(operatorId));
  decipher.setAuthTag(raw.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new Error(`the two-factor secret of operator ${operatorId} does not open with OPERATOR_TOTP_KEY`);
  }
}
