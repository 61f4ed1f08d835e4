import { z } from 'zod';

/**
 * A refusal: `type` is 'error', or a code the client acts on (document 3, section 8: '999' sign in again,
 * '998' verify identity, '997'/'555' payment settings, '996'/'not' trade password).
 */
export const errorEnvelopeSchema = z.object({
  type: z.union([z.literal('error'), z.enum(['999', '998', '997', '996', '555', 'not']), z.number().int()]),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Every answer of the contract's `{type, message}` calls: ok with its message, or a refusal. */
export const answerSchema = <Message extends z.ZodType>(message: Message) =>
  z.union([z.object({ type: z.literal('ok'), message }), errorEnvelopeSchema]);
