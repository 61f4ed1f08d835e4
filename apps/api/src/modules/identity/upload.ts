import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '@exchange/kernel/errors';
import { formatBytes } from '../../http/format';

const IMAGE_TYPES = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);

export const UPLOAD_URL_PREFIX = '/upload/';

export interface StoredImage {
  file_name: string;
  sha256: string;
  mime: string;
  size_bytes: number;
  /** Where it is served back from. */
  url: string;
}

/**
 * Stores the one image of a multipart request under UPLOAD_DIR. The type is read from the file's bytes,
 * never its name; the file is named `<owner>-<content hash>.<type>`, so the same image stored twice is one
 * file. Shared by traders' identity images and the operators' banners.
 */
export async function storeUploadedImage(
  app: FastifyInstance,
  request: FastifyRequest,
  owner: string,
): Promise<StoredImage> {
  if (!request.isMultipart()) throw new AppError('upload_missing');
  const file = await readOneFile(request);
  if (!file) throw new AppError('upload_missing');
  if (file.truncated) {
    throw new AppError('upload_too_large', { size: formatBytes(app.config.UPLOAD_MAX_BYTES) });
  }
  const { content } = file;
  if (content.length === 0) throw new AppError('upload_missing');
  const detected = await fileTypeFromBuffer(content);
  const extension = detected && IMAGE_TYPES.get(detected.mime);
  if (!detected || !extension) throw new AppError('upload_not_image');

  const sha256 = createHash('sha256').update(content).digest('hex');
  const file_name = `${owner}-${sha256.slice(0, 32)}.${extension}`;
  await mkdir(app.config.UPLOAD_DIR, { recursive: true });
  await writeFile(join(app.config.UPLOAD_DIR, file_name), content);
  return {
    file_name,
    sha256,
    mime: detected.mime,
    size_bytes: content.length,
    url: `${UPLOAD_URL_PREFIX}${file_name}`,
  };
}

/**
 * The one file of a multipart request, read whole. The size limits keep their own answer (413); anything
 * else the parser throws (no boundary, a cut-off part, a malformed header) means the body is not multipart.
 */
async function readOneFile(request: FastifyRequest) {
  try {
    const file = await request.file();
    if (!file) return undefined;
    const content = await file.toBuffer();
    return { content, truncated: file.file.truncated };
  } catch (error) {
    if ((error as { statusCode?: unknown }).statusCode === 413) throw error;
    throw new AppError('upload_malformed');
  }
}
