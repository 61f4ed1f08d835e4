import { answerSchema } from '@exchange/contracts';
import type { z } from 'zod';
import { translate, type Locale, type MessageKey, type MessageParams } from '@exchange/kernel/i18n';

/** The contract's success answer whose message is one sentence in the caller's language. */
export function okMessage(locale: Locale, key: MessageKey, params?: MessageParams) {
  return { type: 'ok' as const, message: translate(locale, key, params) };
}

/** The contract's success answer around any message. */
export const ok = <Message>(message: Message) => ({ type: 'ok' as const, message });

/** A route's response schemas: its ok message, or a refusal. */
export const answers = <Message extends z.ZodType>(message: Message) => ({ 200: answerSchema(message) });
