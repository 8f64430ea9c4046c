import { LIMITS } from '@oj/shared';

/**
 * Checks an avatar file before upload (doc 1 §5, doc 3 §5): type gif/jpg/jpeg/png/bmp/webp by extension, at most
 * 2 MB. Returns null when fine, else the error kind (the caller shows the translated message).
 */
export function checkAvatarFile(file: { name: string; size: number }): null | 'type' | 'size' {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(LIMITS.avatarTypes as readonly string[]).includes(ext)) return 'type';
  if (file.size > LIMITS.avatarMaxBytes) return 'size';
  return null;
}

/** The crop box and output of the avatar cropper: 200 x 200 px, PNG, quality 0.8. */
export const AVATAR_CROP = { box: 200, view: 300, quality: 0.8 } as const;
