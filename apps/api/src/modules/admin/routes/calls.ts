import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { answers, ok } from '../../../http/envelope';
import type { OperatorGuards } from '../guard';

type Guard = (request: FastifyRequest) => Promise<void>;

/** What a console call declares: its minimum role, its request's schema and its answer's schema. */
interface CallSpec<Input extends z.ZodType | undefined, Answer extends z.ZodType> {
  role: Guard;
  input?: Input;
  answer: Answer;
  /** A money call: the body's `totp_code` must be the operator's fresh second factor. */
  totp?: true;
}

type Parsed<Input> = Input extends z.ZodType ? z.output<Input> : undefined;
type Run<Input, Answer extends z.ZodType> = (
  input: Parsed<Input>,
  request: FastifyRequest,
) => Promise<z.input<Answer>> | z.input<Answer>;

/**
 * The console's way of declaring a call: the guard checks the role on the server before anything is parsed,
 * the request is validated with its contract schema (a GET's query, a POST's body), the use case runs with
 * the parsed input, and its result is answered through the envelope and checked against the answer schema.
 */
export function consoleCalls(app: FastifyInstance, guards: OperatorGuards) {
  const declare =
    (method: 'GET' | 'POST') =>
    <Input extends z.ZodType | undefined, Answer extends z.ZodType>(
      url: string,
      spec: CallSpec<Input, Answer>,
      run: Run<Input, Answer>,
    ) => {
      const where = method === 'GET' ? 'querystring' : 'body';
      app.route({
        method,
        url,
        schema: { ...(spec.input ? { [where]: spec.input } : {}), response: answers(spec.answer) },
        onRequest: spec.role,
        ...(spec.totp ? { preHandler: guards.freshTotp } : {}),
        handler: async (request) => {
          const input = (method === 'GET' ? request.query : request.body) as Parsed<Input>;
          return ok(await run(input, request));
        },
      });
    };
  return { get: declare('GET'), post: declare('POST') };
}
export type ConsoleCalls = ReturnType<typeof consoleCalls>;
