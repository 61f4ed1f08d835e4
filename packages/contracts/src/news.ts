import { z } from 'zod';
import { form, int4Id, limitField, optionalText, pageField } from './fields';
import type { RequestOf } from './fields';

/** A notice or banner of `POST /api/news/list` (document 1, section 2.4); times as `Y-m-d H:i:s`. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  c_id: z.number().int(),
  lang: z.string(),
  title: z.string(),
  abstract: z.string(),
  thumbnail: z.string(),
  cover: z.string(),
  sorts: z.number().int(),
  update_time: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** A page of one category in the reader's language, with the app download links the footer shows. */
export const newsListSchema = z.object({
  version: z.object({
    key: z.string(),
    value: z.array(z.object({ ios_url: z.string(), android_url: z.string() })),
  }),
  list: z.array(newsItemSchema),
  count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type NewsList = z.infer<typeof newsListSchema>;

/** `POST /api/news/detail`: the item with its HTML content. */
export const newsDetailSchema = newsItemSchema.extend({ content: z.string(), create_time: z.string() });
export type NewsDetail = z.infer<typeof newsDetailSchema>;

/** `POST /api/news/list`: a page of one category, in the language asked for (else the caller's). */
export const newsListRequestSchema = form({
  c_id: int4Id().optional(),
  page: pageField,
  limit: limitField(15, 50),
  lang: optionalText(8),
});
export type NewsListRequest = RequestOf<typeof newsListRequestSchema>;

/** `POST /api/news/detail`. */
export const newsDetailRequestSchema = form({ id: int4Id() });
export type NewsDetailRequest = RequestOf<typeof newsDetailRequestSchema>;
