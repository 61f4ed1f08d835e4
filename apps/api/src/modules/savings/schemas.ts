import { z } from 'zod';
import type { MessageKey } from '@exchange/kernel/i18n';
import { form, limitField, optionalText, pageField } from '../../http/schemas';

/** Request schemas of the savings calls (document 3 section 7); messages are message keys. */
const idOf = (key: MessageKey) =>
  z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : value),
    z.coerce
      .number({ error: key })
      .int({ error: key })
      .positive({ error: key })
      .max(2_147_483_647, { error: key }),
  );

export const submitBody = form({
  set_id: idOf('savings_plan_not_found'),
  currency_id: idOf('currency_not_found'),
  balance: optionalText(64),
  password: optionalText(64),
});

/** My deposits: 20 a page (document 3 section 9). */
export const listBody = form({ page: pageField, limit: limitField(20, 100) });
