import type { FastifyInstance } from 'fastify';
import { AppError } from '@exchange/kernel/errors';
import type { OperatorIdentity } from './sessions';
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpEnrolment, totpStep } from './totp';
import { recordTrail, type Actor } from './trail';

/** A new secret waits in totp_pending until a code from it is confirmed; asking again replaces it. */
export async function startTotpEnrolment(app: FastifyInstance, operator: OperatorIdentity) {
  if (operator.totpEnrolled) throw new AppError('admin_already_processed');
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(app.config.OPERATOR_TOTP_KEY, operator.id, secret);
  await app.prisma.operator.update({ where: { id: operator.id }, data: { totp_pending: sealed } });
  return totpEnrolment(operator.login, secret);
}

/** A right code from the pending secret turns two-factor on, and proves it for this session. */
export async function confirmTotpEnrolment(
  app: FastifyInstance,
  operator: OperatorIdentity,
  actor: Actor,
  code: string,
) {
  const row = await app.prisma.operator.findUniqueOrThrow({ where: { id: operator.id } });
  if (row.totp_enabled_at || !row.totp_pending) throw new AppError('admin_already_processed');
  const pending = openTotpSecret(app.config.OPERATOR_TOTP_KEY, operator.id, row.totp_pending);
  const step = totpStep(pending, code);
  if (step === null) throw new AppError('admin_totp_invalid');
  await app.prisma.$transaction(async (tx) => {
    const enabled = await tx.operator.updateMany({
      where: { id: operator.id, totp_enabled_at: null, totp_pending: row.totp_pending },
      data: {
        totp_secret: row.totp_pending,
        totp_pending: null,
        totp_enabled_at: new Date(),
        totp_last_counter: step,
      },
    });
    if (enabled.count === 0) throw new AppError('admin_already_processed');
    await tx.operatorSession.update({ where: { id: operator.sessionId }, data: { totp_passed: true } });
    await recordTrail(tx, actor, {
      action: 'operator.totp_enrol',
      targetType: 'operator',
      targetId: operator.id,
    });
  });
}
