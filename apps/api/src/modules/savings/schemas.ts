import { form, int4Id, limitField, optionalText, pageField } from '@exchange/contracts';

/** Request schemas of the savings calls (document 3 section 7); messages are message keys. */
export const submitBody = form({
  set_id: int4Id('savings_plan_not_found'),
  currency_id: int4Id('currency_not_found'),
  balance: optionalText(64),
  password: optionalText(64),
});

/** My deposits: 20 a page (document 3 section 9). */
export const listBody = form({ page: pageField, limit: limitField(20, 100) });
