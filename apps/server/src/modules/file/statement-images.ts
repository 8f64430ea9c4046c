import { LIMITS } from '@oj/shared';
import type { AppContext } from '../../context.js';
import { MD_IMAGE, MD_IMAGE_URL } from './markdown/markdown.service.js';
import { detectImage, storeFile } from './storage.js';

/** Why a picture of an imported statement was not stored, or the URL it is served at. */
export type StoredPicture = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Stores a picture that comes with an imported problem (an FPS `<img><base64>`, a Kattis `\includegraphics` file)
 * the way the statement editor stores an uploaded image: same size limit (LIMITS.avatarMaxBytes, 2 MB), type by
 * magic bytes only (gif, jpg, png, bmp, webp; SVG, HTML or anything else is refused, so nothing stored can run
 * script), served at `/api/public/md-img/<sha256>.<ext>` with its content type and nosniff. Takes the bytes, a
 * name for messages and the importing user's id (null when the importer is unknown). Never throws for bad bytes.
 */
export async function storeStatementPicture(
  ctx: AppContext,
  data: Buffer,
  name: string,
  uid: string | null,
): Promise<StoredPicture> {
  if (!data.length) return { ok: false, reason: `${name}: empty` };
  if (data.length > LIMITS.avatarMaxBytes)
    return { ok: false, reason: `${name}: larger than ${LIMITS.avatarMaxBytes} bytes` };
  let type: { ext: string; mime: string };
  try {
    type = await detectImage(data, name);
  } catch {
    return { ok: false, reason: `${name}: not a gif, jpg, png, bmp or webp picture` };
  }
  const stored = await storeFile(ctx, { data, ...type, type: MD_IMAGE, name, uid });
  return { ok: true, url: `${MD_IMAGE_URL}${stored.storageKey}` };
}
