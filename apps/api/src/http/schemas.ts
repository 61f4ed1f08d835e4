import { z } from 'zod';
import type { MessageKey } from '@exchange/kernel/i18n';

/**
 * Building blocks for request schemas. Messages are message keys, so the error handler answers in the
 * caller's language; form-encoded bodies arrive as strings, JSON bodies may carry numbers.
 */
const asString = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** A form body: a missing body counts as an empty form, so every missing field gets its own message. */
export const form = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess((value) => value ?? {}, z.object(shape));

/**
 * Control characters (NUL above all, which Postgres refuses in text) have no place in any field of the
 * contract; tab and line breaks stay allowed for free text.
 */
const ALLOWED_CONTROLS = new Set(['\t', '\n', '\r']);
const hasControlCharacter = (value: string) => {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !ALLOWED_CONTROLS.has(character)) return true;
  }
  return false;
};
const withoutControls = { error: 'bad_request' as MessageKey };
const text = (error?: MessageKey) =>
  z.string(error ? { error } : undefined).refine((value) => !hasControlCharacter(value), withoutControls);

export const requiredText = (key: MessageKey, maxLength = 200) =>
  z.preprocess(asString, text(key).trim().min(1, { error: key }).max(maxLength));

export const optionalText = (maxLength = 200) =>
  z.preprocess(asString, text().trim().max(maxLength).optional().default(''));

export const passwordField = (requiredKey: MessageKey = 'password_required') =>
  z.preprocess(
    asString,
    text(requiredKey)
      .min(1, { error: requiredKey })
      .min(6, { error: 'password_length' })
      .max(16, { error: 'password_length' }),
  );

export const codeField = z.preprocess(
  asString,
  z
    .string({ error: 'code_required' })
    .trim()
    .min(1, { error: 'code_required' })
    .regex(/^\d{6}$/, { error: 'code_invalid' }),
);

export const positiveId = z.coerce
  .number({ error: 'bad_request' })
  .int({ error: 'bad_request' })
  .positive({ error: 'bad_request' });

/** The id of a record a route names; anything but a positive 32-bit integer answers `key`. */
export const recordIdField = (key: MessageKey) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    z.coerce
      .number({ error: key })
      .int({ error: key })
      .positive({ error: key })
      .max(2_147_483_647, { error: key }),
  );

export const pageField = z.coerce.number().int().min(1).max(10_000).optional().default(1);

export const limitField = (defaultLimit: number, maxLimit = 100) =>
  z.coerce.number().int().min(1).max(maxLimit).optional().default(defaultLimit);
