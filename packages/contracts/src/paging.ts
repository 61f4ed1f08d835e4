import { z } from 'zod';

/** The raw Laravel paginator some of the contract's lists answer with (contract notes section 2). */
export const laravelPageSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({
    current_page: z.number().int(),
    data: z.array(row),
    first_page_url: z.string(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    last_page_url: z.string(),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.number().int(),
    prev_page_url: z.string().nullable(),
    to: z.number().int().nullable(),
    total: z.number().int(),
  });
export type LaravelPage<Row> = Omit<z.infer<ReturnType<typeof laravelPageSchema>>, 'data'> & { data: Row[] };

/** `pageData()`: the shape of the P2P and region lists (contract notes section 2). */
export const pageDataSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ data: z.array(row), page: z.number().int(), pages: z.number().int(), total: z.number().int() });
export type PageData<Row> = { data: Row[]; page: number; pages: number; total: number };
