import { z } from 'zod';
import type { MessageKey } from '@exchange/kernel/i18n';
import { form, optionalText, pageField } from '@exchange/contracts';

/** Request schemas of the points calls (document 3 section 7); messages are message keys. */

const hasControlCharacter = (value: string) =>
  [...value].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
/** A partner-account field: required, at most 20 characters (the spec's binding form), no control characters. */
const partnerField = (required: MessageKey, trim: boolean) =>
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

export const bindBody = form({
  user_name: partnerField('jc_account_required', true),
  password: partnerField('jc_password_required', false),
});

export const exchangeBody = form({ use_number: optionalText(64), password: optionalText(64) });

export const historyQuery = z.object({ page: pageField });

/** The exchange history treats more than 9 rows as another page (document 3 section 9). */
export const HISTORY_PAGE_SIZE = 10;
