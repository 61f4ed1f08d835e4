import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, sessionExpired } from '@exchange/kernel/errors';
import { checkCodeRequestSchema, sendCodeRequestSchema, sentenceSchema } from '@exchange/contracts';
import { parseAccount, type ParsedAccount } from '../accounts';
import { issueCode, OWN_ACCOUNT_SCENES, SCENES, verifyCode, type Scene } from '../codes';
import { answers, okMessage } from '../../../http/envelope';

function sceneOf(body: { scene: string; type: string }, fallback?: Scene): Scene {
  const scene = z.enum(SCENES).safeParse(body.scene || body.type || fallback);
  if (!scene.success) throw new AppError('scene_invalid');
  return scene.data;
}

/**
 * Where a code for this scene goes. Codes that sign in or reset are sent only to existing accounts, but the
 * answer is the same either way, so the call cannot be used to find out who is registered.
 */
async function destinationFor(
  app: FastifyInstance,
  request: FastifyRequest,
  scene: Scene,
  userString: string,
) {
  if (OWN_ACCOUNT_SCENES.includes(scene)) {
    await app.optionalUser(request);
    if (!request.user) throw sessionExpired();
    return { account: parseAccount(request.user.account_number), deliver: true };
  }
  const account = parseAccount(userString);
  const existing = await app.prisma.user.findFirst({
    where: {
      OR: [
        { account_number: account.account_number },
        account.kind === 'email' ? { email: account.account_number } : { phone: account.account_number },
      ],
    },
    select: { id: true },
  });
  if (scene === 'register' && existing) throw new AppError('account_exists');
  if (scene === 'binding') {
    await app.optionalUser(request);
    if (!request.user) throw sessionExpired();
    if (existing && existing.id !== request.user.id)
      throw new AppError(account.kind === 'email' ? 'email_taken' : 'account_exists');
  }
  return { account, deliver: scene === 'register' || scene === 'binding' || existing !== null };
}

async function sendCode(app: FastifyInstance, request: FastifyRequest, account: ParsedAccount, scene: Scene) {
  await issueCode(
    { prisma: app.prisma, redis: app.redis, messenger: app.messenger, secret: app.config.APP_SECRET },
    {
      destination: account.account_number,
      scene,
      channel: account.kind === 'email' ? 'email' : 'sms',
      ip: request.ip,
    },
  );
}

export function verificationRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const response = answers(sentenceSchema);

  for (const url of ['/api/sms_send', '/api/sms_mail']) {
    typed.post(url, { schema: { body: sendCodeRequestSchema, response } }, async (request) => {
      const scene = sceneOf(request.body);
      if (!OWN_ACCOUNT_SCENES.includes(scene) && !request.body.user_string)
        throw new AppError('account_required');
      const { account, deliver } = await destinationFor(app, request, scene, request.body.user_string);
      if (url === '/api/sms_mail' && account.kind !== 'email') throw new AppError('email_invalid');
      if (deliver) await sendCode(app, request, account, scene);
      return okMessage(request.locale, 'code_sent');
    });
  }

  // Checks a code without using it up (the register and binding forms check before they submit).
  for (const [url, field] of [
    ['/api/user/check_mobile', 'mobile_code'],
    ['/api/user/check_email', 'email_code'],
  ] as const) {
    typed.post(url, { schema: { body: checkCodeRequestSchema, response } }, async (request) => {
      const code = request.body[field];
      if (!code) throw new AppError('code_required');
      const scene = sceneOf({ scene: request.body.scene, type: '' }, 'register');
      let destination = request.body.user_string;
      if (!destination) {
        await app.optionalUser(request);
        if (!request.user) throw new AppError('account_required');
        destination = request.user.account_number;
      }
      await verifyCode(
        { prisma: app.prisma, secret: app.config.APP_SECRET },
        { destination: parseAccount(destination).account_number, scene, code },
      );
      return okMessage(request.locale, 'code_valid');
    });
  }
}
