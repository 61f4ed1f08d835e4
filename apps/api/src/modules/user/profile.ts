import type { FastifyInstance } from 'fastify';
import { type UserInfo } from '@exchange/contracts';
import type { User } from '@exchange/kernel/db';
import { formatDateTime } from '../../http/format';
import { maskAccount } from './account';

/** The caller's own profile, whatever user_id a request carries: secrets never leave the server. */
export async function describeUser(app: FastifyInstance, user: User): Promise<UserInfo> {
  const [identity, parent] = await Promise.all([
    app.prisma.identityVerification.findUnique({ where: { user_id: user.id } }),
    user.parent_id
      ? app.prisma.user.findUnique({ where: { id: user.parent_id }, select: { account_number: true } })
      : null,
  ]);
  return {
    id: user.id,
    account_number: user.account_number,
    account: maskAccount(user.account_number),
    email: user.email ?? '',
    phone: user.phone ?? '',
    area_code: user.area_code,
    area_code_id: user.area_code_id,
    nationality: user.nationality,
    extension_code: user.extension_code,
    parent_id: user.parent_id,
    parent_name: parent ? maskAccount(parent.account_number) : '',
    type: user.type,
    is_seller: user.is_seller,
    locale: user.locale,
    status: user.status,
    has_trade_password: user.trade_password_hash ? 1 : 0,
    review_status: identity?.review_status ?? 0,
    name: identity?.review_status === 2 ? identity.name : '',
    create_date: formatDateTime(user.created_at),
  };
}

/** The user centre: the profile with the identity review's state, the name and a masked card number. */
export async function describeUserCenter(app: FastifyInstance, user: User) {
  const identity = await app.prisma.identityVerification.findUnique({ where: { user_id: user.id } });
  return {
    ...(await describeUser(app, user)),
    review_status: identity?.review_status ?? 0,
    name: identity?.name ?? '',
    card_id: identity ? `${identity.card_id.slice(0, 3)}********${identity.card_id.slice(-2)}` : '',
  };
}
