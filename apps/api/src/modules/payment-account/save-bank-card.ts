import type { Db } from '@exchange/kernel/db';
import { AppError } from '@exchange/kernel/errors';
import { PAYOUT_BANKS } from './banks';

/** Saves the user's payout bank card; the bank's name always derives from its code, whatever the client sends. */
export async function saveBankCard(
  prisma: Db,
  userId: number,
  input: { receive_name: string; receive_account: string; bank_code: string },
): Promise<void> {
  const bank = PAYOUT_BANKS.find((candidate) => candidate.code === (input.bank_code || 'BCA'));
  if (!bank) throw new AppError('bank_unknown');
  const card = {
    receive_name: input.receive_name,
    receive_account: input.receive_account,
    bank_code: bank.code,
    bank_name: bank.name,
  };
  await prisma.userBank.upsert({
    where: { user_id: userId },
    create: { user_id: userId, ...card },
    update: card,
  });
}
