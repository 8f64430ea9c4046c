import { message } from 'antd';

/**
 * App-wide toasts (doc 1 §8): 4 s each, one at a time. Used by the api client and by pages; always pass
 * translated text.
 */
message.config({ maxCount: 1, duration: 4, top: 64 });

export const notify = {
  success: (text: string) => void message.success(text),
  error: (text: string) => void message.error(text),
  warning: (text: string) => void message.warning(text),
  info: (text: string) => void message.info(text),
};
