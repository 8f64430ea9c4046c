/**
 * App-wide toasts (doc 1 §8): 4 s each, one at a time. Used by the api client and by pages; always pass
 * translated text. antd's `message` (with its styles) is loaded on the first toast, not with the entry.
 */
let loading: Promise<typeof import('antd/es/message').default> | null = null;

function show(kind: 'success' | 'error' | 'warning' | 'info', text: string): void {
  loading ??= import('antd/es/message').then(({ default: message }) => {
    message.config({ maxCount: 1, duration: 4, top: 64 });
    return message;
  });
  void loading.then((message) => message[kind](text));
}

export const notify = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  warning: (text: string) => show('warning', text),
  info: (text: string) => show('info', text),
};
