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
