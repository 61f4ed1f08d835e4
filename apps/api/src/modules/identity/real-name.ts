import { AppError } from '@exchange/kernel/errors';
import { isUniqueViolation, type Db } from '@exchange/kernel/db';
import { UPLOAD_URL_PREFIX } from './upload';

type RealNameInput = Record<'name' | 'card_id' | 'front_pic' | 'reverse_pic' | 'hand_pic', string>;

/** The file name behind an upload URL, whether the client sends it absolute or relative. */
function uploadedFileName(url: string): string {
  let path = url;
  if (url.includes('://')) {
    try {
      path = new URL(url).pathname;
    } catch {
      return '';
    }
  }
  return path.startsWith(UPLOAD_URL_PREFIX) ? path.slice(UPLOAD_URL_PREFIX.length) : '';
}

/**
 * Submits the caller's identity with three distinct photos of their own uploads; a submission an operator
 * rejected may be replaced, any other stands, and an ID number belongs to one user only.
 */
export async function submitIdentity(prisma: Db, userId: number, body: RealNameInput): Promise<void> {
  const pictures = [body.front_pic, body.reverse_pic, body.hand_pic];
  const uploads = await prisma.upload.findMany({
    where: { user_id: userId, file_name: { in: pictures.map(uploadedFileName) } },
  });
  const byName = new Map(uploads.map((upload) => [upload.file_name, upload]));
  const photos = pictures.map((url) => byName.get(uploadedFileName(url)));
  if (photos.some((photo) => !photo)) throw new AppError('image_not_found');
  if (new Set(photos.map((photo) => photo?.sha256)).size !== 3)
    throw new AppError('identity_images_distinct');

  // A submission an operator rejected (review_status 0) may be replaced; any other stands.
  const existing = await prisma.identityVerification.findUnique({ where: { user_id: userId } });
  if (existing && existing.review_status !== 0) throw new AppError('identity_exists');
  const card_id = body.card_id.toUpperCase();
  const submission = {
    name: body.name,
    card_id,
    front_pic: `${UPLOAD_URL_PREFIX}${uploadedFileName(body.front_pic)}`,
    reverse_pic: `${UPLOAD_URL_PREFIX}${uploadedFileName(body.reverse_pic)}`,
    hand_pic: `${UPLOAD_URL_PREFIX}${uploadedFileName(body.hand_pic)}`,
    review_status: 1,
  };
  try {
    if (existing) {
      const replaced = await prisma.identityVerification.updateMany({
        where: { id: existing.id, review_status: 0 },
        data: submission,
      });
      if (replaced.count === 0) throw new AppError('identity_exists');
    } else {
      await prisma.identityVerification.create({ data: { user_id: userId, ...submission } });
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const sameUser = await prisma.identityVerification.findUnique({ where: { user_id: userId } });
    throw new AppError(sameUser ? 'identity_exists' : 'card_id_taken');
  }
}
