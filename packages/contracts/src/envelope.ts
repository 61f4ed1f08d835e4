import { z } from 'zod';

/**
 * A refusal: `type` is 'error', or a number the client acts on (document 3, section 8: 999 sign in again,
 * 998 verify identity, 997 payment settings, 996 trade password).
 */
export const errorEnvelopeSchema = z.object({
  type: z.union([z.literal('error'), z.number().int()]),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Every answer of the contract's `{type, message}` calls: ok with its message, or a refusal. */
export const answerSchema = <Message extends z.ZodType>(message: Message) =>
  z.union([z.object({ type: z.literal('ok'), message }), errorEnvelopeSchema]);
