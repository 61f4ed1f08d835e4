import { translate, type Locale, type MessageKey, type MessageParams } from '@exchange/kernel/i18n';

/** The contract's success answer whose message is one sentence in the caller's language. */
export function okMessage(locale: Locale, key: MessageKey, params?: MessageParams) {
  return { type: 'ok' as const, message: translate(locale, key, params) };
}
