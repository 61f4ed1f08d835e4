import { z } from 'zod';
import { errorEnvelopeSchema } from './envelope';
import { pageDataSchema } from './paging';

/** `GET /api/user/info` (document 1, section 3): the caller's own profile; secrets never leave the server. */
export const userInfoSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  /** The account, masked for display. */
  account: z.string(),
  email: z.string(),
  phone: z.string(),
  area_code: z.string(),
  area_code_id: z.number().int(),
  nationality: z.string(),
  /** The user's own invite code. */
  extension_code: z.string(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string(),
  type: z.number().int(),
  is_seller: z.number().int(),
  locale: z.string(),
  status: z.number().int(),
  has_trade_password: z.union([z.literal(0), z.literal(1)]),
  /** 0 not submitted (or rejected), 1 under review, 2 verified. */
  review_status: z.number().int(),
  /** The verified name, once verified. */
  name: z.string(),
  create_date: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** `GET /api/user/center`: the profile with the identity summary (the id number masked). */
export const userCenterSchema = userInfoSchema.extend({ card_id: z.string() });
export type UserCenter = z.infer<typeof userCenterSchema>;

/** `GET /api/env.json`, bare JSON without the envelope: what the client needs before anything else. */
export const envConfigSchema = z.object({
  socket_io_port: z.number().int(),
  is_demo: z.boolean(),
  login_need_smscode: z.boolean(),
});
export type EnvConfig = z.infer<typeof envConfigSchema>;

/** A user of a regional agent's region (`GET /api/user/region_users`, document 2 section 3), masked. */
export const regionUserSchema = z.object({
  user_id: z.number().int(),
  account_number: z.string(),
  city_name: z.string(),
  district_name: z.string(),
  phone: z.string(),
  time: z.string(),
});
export type RegionUser = z.infer<typeof regionUserSchema>;
export const regionUsersSchema = pageDataSchema(regionUserSchema);

/**
 * `POST /api/user/login` (and the points variant): the token is the envelope's `message`, with the user's id
 * and account beside it, the one answer of the contract that carries fields outside `message`.
 */
export const loginAnswerSchema = z.union([
  z.object({
    type: z.literal('ok'),
    message: z.string(),
    id: z.number().int(),
    account_number: z.string(),
  }),
  errorEnvelopeSchema,
]);
export type LoginEnvelope = z.infer<typeof loginAnswerSchema>;

/** The payout bank card of `POST /api/user/get_user_bank` (answered `{}` until one is saved). */
export const bankCardSchema = z.object({
  receive_name: z.string(),
  receive_account: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
});
export type BankCard = z.infer<typeof bankCardSchema>;

/** A bank of the third-party payout channel (`POST /api/user/get_bank_list`). */
export const payoutBankSchema = z.object({ code: z.string(), name: z.string() });
export type PayoutBank = z.infer<typeof payoutBankSchema>;

/** The message of an ok answer that is one sentence in the caller's language ("saved", "code sent", ...). */
export const sentenceSchema = z.string();

/** `POST /api/safe/judge_password`: whether a trade password is set (no password sent), or a sentence. */
export const judgePasswordAnswerSchema = z.union([
  z.object({ is_set: z.union([z.literal(0), z.literal(1)]) }),
  sentenceSchema,
]);

/** `GET /api/user/authorization_code`: the user's own authorization code. */
export const authorizationCodeSchema = z.string();

/** `POST /api/upload`: the URL the stored image is served back from. */
export const uploadAnswerSchema = z.string();

/** `GET /api/health?scope=`: every part (the default), or only what the API itself needs (Postgres, Redis). */
// A probe's query is not worth refusing (the answer's shape is the health answer whatever is asked): an unknown
// scope asks for everything.
export const healthQuerySchema = z.object({ scope: z.enum(['all', 'api']).catch('all') });

/** One part of the exchange in `GET /api/health`: a service (Postgres, Redis) or a worker (by heartbeat). */
export const healthPartSchema = z.object({
  name: z.string(),
  kind: z.enum(['service', 'worker']),
  up: z.boolean(),
  seconds_since_beat: z.number().optional(),
});

/**
 * `GET /api/health`: `ok` and 'healthy' (HTTP 200) when every part is up, else `error`, the parts that are
 * down in the message ('down: matcher, redis') and HTTP 503; the state of each part either way.
 */
export const healthAnswerSchema = z.object({
  type: z.enum(['ok', 'error']),
  message: z.string(),
  parts: z.array(healthPartSchema),
});
