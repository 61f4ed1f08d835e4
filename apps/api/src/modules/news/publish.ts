import type { Db, News, Tx } from '@exchange/kernel/db';

/** What an operator writes of a notice; a notice saved without a cover keeps the one it has. */
export interface NewsContent {
  c_id: number;
  lang: string;
  title: string;
  abstract: string;
  content: string;
  sorts: number;
  cover?: string;
}

/**
 * The operator action that publishes a notice (no id) or changes one in place; the client's pages show it at
 * their next read. `onlyIn` names the category the changed notice must already be in (a banner's id names a
 * banner only). `within` writes the caller's record in the same transaction. Answers null when no notice
 * (of that category) has the id.
 */
export async function saveNews(
  prisma: Db,
  input: {
    id?: number | undefined;
    content: NewsContent;
    onlyIn?: number;
    within?: (tx: Tx, before: News | null, after: News) => Promise<unknown>;
  },
): Promise<News | null> {
  return prisma.$transaction(async (tx) => {
    const before = input.id ? await tx.news.findUnique({ where: { id: input.id } }) : null;
    if (input.id && (!before || (input.onlyIn !== undefined && before.c_id !== input.onlyIn))) return null;
    const saved = before
      ? await tx.news.update({ where: { id: before.id }, data: input.content })
      : await tx.news.create({ data: input.content });
    await input.within?.(tx, before, saved);
    return saved;
  });
}

/** The operator action that deletes a notice, with the caller's record in its transaction; false if none. */
export async function deleteNews(
  prisma: Db,
  input: { id: number; within?: (tx: Tx, before: News) => Promise<unknown> },
): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const before = await tx.news.findUnique({ where: { id: input.id } });
    if (!before) return false;
    await tx.news.delete({ where: { id: input.id } });
    await input.within?.(tx, before);
    return true;
  });
}
