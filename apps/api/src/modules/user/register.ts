import { randomBytes } from 'node:crypto';
import { type Db, type Tx } from '@exchange/kernel/db';

const CODE_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function randomCode(length: number, alphabet = CODE_ALPHABET): string {
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
}

async function uniqueCode(prisma: Db | Tx, field: 'extension_code' | 'authorization_code', length: number) {
  for (;;) {
    const candidate = field === 'authorization_code' ? randomCode(length).toUpperCase() : randomCode(length);
    const taken = await prisma.user.findFirst({ where: { [field]: candidate }, select: { id: true } });
    if (!taken) return candidate;
  }
}

export interface NewUser {
  account_number: string;
  kind: 'email' | 'phone';
  area_code: string;
  area_code_id: number;
  nationality: string;
  password_hash: string;
  trade_password_hash?: string | null;
  parent: { id: number; parents_path: string };
  is_seller?: number;
}

/** Creates the user, its place in the team tree and an empty wallet row per currency, in the given tx. */
export async function createUser(tx: Tx, input: NewUser) {
  const user = await tx.user.create({
    data: {
      account_number: input.account_number,
      email: input.kind === 'email' ? input.account_number : null,
      phone: input.kind === 'phone' ? input.account_number : null,
      area_code: input.area_code,
      area_code_id: input.area_code_id,
      nationality: input.nationality,
      extension_code: await uniqueCode(tx, 'extension_code', 6),
      authorization_code: await uniqueCode(tx, 'authorization_code', 8),
      parent_id: input.parent.id,
      parents_path: [input.parent.parents_path, String(input.parent.id)].filter(Boolean).join(','),
      password_hash: input.password_hash,
      trade_password_hash: input.trade_password_hash ?? null,
      is_seller: input.is_seller ?? 0,
    },
  });
  const currencies = await tx.currency.findMany({ select: { id: true } });
  await tx.wallet.createMany({
    data: currencies.map((currency) => ({ user_id: user.id, currency_id: currency.id })),
  });
  return user;
}
