import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { currentUser } from '../../http/auth';
import { AppError } from '@exchange/kernel/errors';
import { formatBytes } from '../../http/format';

const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

export const UPLOAD_URL_PREFIX = '/upload/';

/**
 * Stores an image a signed-in user uploads. The type is read from the file's bytes, never its name; the
 * file is named by its content hash, and the answer is the URL it is served back from.
 */
export function uploadRoutes(app: FastifyInstance): void {
  app.post('/api/upload', { onRequest: app.requireUser }, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw new AppError('upload_missing');
    const file = await request.file();
    if (!file) throw new AppError('upload_missing');
    const content = await file.toBuffer();
    if (file.file.truncated) {
      throw new AppError('upload_too_large', { size: formatBytes(app.config.UPLOAD_MAX_BYTES) });
    }
    if (content.length === 0) throw new AppError('upload_missing');
    const detected = await fileTypeFromBuffer(content);
    const extension = detected && IMAGE_TYPES.get(detected.mime);
    if (!detected || !extension) throw new AppError('upload_not_image');

    const sha256 = createHash('sha256').update(content).digest('hex');
    const file_name = `${user.id}-${sha256.slice(0, 32)}.${extension}`;
    await mkdir(app.config.UPLOAD_DIR, { recursive: true });
    await writeFile(join(app.config.UPLOAD_DIR, file_name), content);
    await app.prisma.upload.upsert({
      where: { file_name },
      create: { user_id: user.id, file_name, sha256, mime: detected.mime, size_bytes: content.length },
      update: {},
    });
    return { type: 'ok', message: `${UPLOAD_URL_PREFIX}${file_name}` };
  });
}
