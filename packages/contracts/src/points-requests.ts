import { z } from 'zod';
import { form, optionalText, pageField } from './fields';
import type { RequestOf } from './fields';

/** Request schemas of the points calls (document 3 section 7); messages are message keys. */

const hasControlCharacter = (value: string) =>
  [...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
/** A partner-account field: required, at most 20 characters (the spec's binding form), no control characters. */
const partnerField = (required: string, trim: boolean) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: required })
      .transform((value) => (trim ? value.trim() : value))
      .pipe(
        z
          .string()
          .min(1, { error: required })
          .max(20, { error: 'jc_field_too_long' })
          .refine((value) => !hasControlCharacter(value), { error: 'bad_request' }),
      ),
  );

/** `POST /api/jc/bind`: the partner account's name and password. */
export const jcBindRequestSchema = form({
  user_name: partnerField('jc_account_required', true),
  password: partnerField('jc_password_required', false),
});
export type JcBindRequest = RequestOf<typeof jcBindRequestSchema>;

/** `POST /api/jc/exchange`: how many points, and the trade password. */
export const jcExchangeRequestSchema = form({ use_number: optionalText(64), password: optionalText(64) });
export type JcExchangeRequest = RequestOf<typeof jcExchangeRequestSchema>;

/** `GET /api/jc/exchange`: a page of the exchange history. */
export const jcHistoryQuerySchema = z.object({ page: pageField });
