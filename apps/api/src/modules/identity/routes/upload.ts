import type { FastifyInstance } from 'fastify';
import { uploadAnswerSchema } from '@exchange/contracts';
import { currentUser } from '../../../http/auth';
import { answers, ok } from '../../../http/envelope';
import { storeUploadedImage } from '../upload';

/** Stores an image a signed-in user uploads; the answer is the URL it is served back from. */
export function uploadRoutes(app: FastifyInstance): void {
  const schema = { response: answers(uploadAnswerSchema) };
  app.post('/api/upload', { schema, onRequest: app.requireUser }, async (request) => {
    const user = currentUser(request);
    const stored = await storeUploadedImage(app, request, String(user.id));
    await app.prisma.upload.upsert({
      where: { file_name: stored.file_name },
      create: {
        user_id: user.id,
        file_name: stored.file_name,
        sha256: stored.sha256,
        mime: stored.mime,
        size_bytes: stored.size_bytes,
      },
      update: {},
    });
    return ok(stored.url);
  });
}
