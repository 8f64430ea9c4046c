import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.js';
import { accountKeys } from './keys.js';

/** Captcha of doc 1 §3: an image (SVG markup or data URL) and its key. */
export interface Captcha {
  img: string;
  captchaKey: string;
}

/** GET /api/captcha (doc 1 §7). */
export const getCaptcha = () => apiGet<Captcha>('/captcha');

export const captchaQuery = () =>
  queryOptions({ queryKey: accountKeys.captcha(), queryFn: getCaptcha, staleTime: 0, gcTime: 0 });

/** The current captcha; `refetch` gives a fresh one (click on the image, after each attempt). */
export function useCaptcha() {
  return useQuery(captchaQuery());
}

/** An `<img src>` for the captcha image, whatever form the server sends. */
export function captchaSrc(img: string): string {
  if (img.startsWith('data:') || img.startsWith('http') || img.startsWith('/')) return img;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(img)}`;
}
