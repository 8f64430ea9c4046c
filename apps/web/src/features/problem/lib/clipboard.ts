import { t } from '../../../lib/i18n.js';
import { notify } from '../../../lib/notify.js';

/**
 * Copies text to the clipboard and shows the spec's toast (doc 2 §8: "Copied successfully", and "Copied failed"
 * also as a success-style toast; keys of `common`, which every page has loaded). Returns whether the copy worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(t('Copied_successfully'));
    return true;
  } catch {
    notify.success(t('Copied_failed'));
    return false;
  }
}
