import { z } from 'zod';
import { blankAsMissing, form, int4Id, limitField, optionalText, pageField, type RequestOf } from './fields';
import { decimal } from './primitives';
import { laravelPageSchema, type LaravelPage } from './paging';

/** A team's performance in one currency: the fees its members paid on seconds and lever trades. */
export const teamPerformanceSchema = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  fees: decimal,
});
export type TeamPerformance = z.infer<typeof teamPerformanceSchema>;

/** A node's team as its counters keep it (`getNode`'s show_message, and each node of a level). */
export const teamSummarySchema = z.object({
  team_number: z.number().int(),
  direct_number: z.number().int(),
  real_teamnumber: z.number().int(),
  today_real_teamnumber: z.number().int(),
  top_upnumber: decimal,
  performance: z.array(teamPerformanceSchema),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamNodeSchema = teamSummarySchema.extend({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  is_verified: z.number().int(),
  has_children: z.number().int(),
  created_at: z.string(),
});
export type TeamNode = z.infer<typeof teamNodeSchema>;

/** `POST /api/getNode`: one level of the caller's team, a page of the node's direct referrals. */
export const teamLevelSchema = z.object({
  show_message: teamSummarySchema,
  node: z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable() }),
  results: z.array(teamNodeSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type TeamLevel = z.infer<typeof teamLevelSchema>;

/** A rebate or interest record (`GET /api/profits/show_profits`). */
export const profitRecordSchema = z.object({
  id: z.number().int(),
  value: decimal,
  info: z.string(),
  type: z.number().int(),
  currency_name: z.string(),
  account: z.string(),
  created_time: z.string(),
});
export type ProfitRecord = z.infer<typeof profitRecordSchema>;

/** The profit records a page at a time, in the Laravel paginator's shape. */
export const profitPageSchema = laravelPageSchema(profitRecordSchema);
export type ProfitPage = LaravelPage<ProfitRecord>;

/** `POST /api/getNode`: one level of the team tree; no user id (or a blank one) means the caller's own node. */
export const teamNodeRequestSchema = form({
  user_id: blankAsMissing(int4Id('team_node_not_found')),
  account_number: optionalText(100),
  page: pageField,
  limit: limitField(50, 200),
});
export type TeamNodeRequest = RequestOf<typeof teamNodeRequestSchema>;

/** `GET /api/profits/show_profits`: a page of the caller's team earnings. */
export const profitsQuerySchema = z.object({ page: pageField, limit: limitField(10, 100) });
export type ProfitsQuery = RequestOf<typeof profitsQuerySchema>;
