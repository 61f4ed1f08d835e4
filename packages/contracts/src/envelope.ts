import { z } from 'zod';

/**
 * A refusal: `type` is 'error', or a code the client acts on (document 3, section 8: 999 sign in again,
 * 998 verify identity, 997 payment settings, 996 trade password), which the server sends as a string ('999', 'not')
 * and older answers as a number.
 */
export const errorEnvelopeSchema = z.object({
  type: z.union([z.literal('error'), z.literal('not'), z.number().int(), z.string().regex(/^\d{3}$/)]),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Every answer of the contract's `{type, message}` calls: ok with its message, or a refusal. */
export const answerSchema = <Message extends z.ZodType>(message: Message) =>
  z.union([z.object({ type: z.literal('ok'), message }), errorEnvelopeSchema]);
