import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { isLocale, type Locale } from '@exchange/kernel/i18n';

/** Checks the language asked for and remembers it for a signed-in user (their pushes and notices use it). */
export async function setLanguage(prisma: Db, userId: number | undefined, lang: string): Promise<Locale> {
  if (!isLocale(lang)) throw new AppError('language_unsupported');
  if (userId !== undefined) await prisma.user.update({ where: { id: userId }, data: { locale: lang } });
  return lang;
}
