import { useEffect } from 'react';

/**
 * The keyboard shortcuts of the site (issue 28), listed on /help and in the `?` dialog: `keys` are the keys to
 * press (shown as <kbd>) joined by `join` (together, one after the other, or either), `label` a key of the
 * `shortcuts` namespace, `where` where it works.
 */
export interface Shortcut {
  keys: string[];
  join?: 'plus' | 'then' | 'or';
  label: string;
  where: string;
}

/** Every shortcut, in the order the list shows them (global ones first). */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['?'], label: 'Open_list', where: 'Everywhere' },
  { keys: ['/'], label: 'Focus_search', where: 'Lists_with_search' },
  { keys: ['Tab'], label: 'Next_control', where: 'Everywhere' },
  { keys: ['Enter'], label: 'Activate', where: 'Everywhere' },
  { keys: ['Esc'], label: 'Close_dialog', where: 'Everywhere' },
  { keys: ['Ctrl', 'Enter'], label: 'Submit_code', where: 'Code_editor' },
  { keys: ['Esc', 'Tab'], join: 'then', label: 'Leave_editor', where: 'Code_editor' },
  { keys: ['Ctrl', 'M'], label: 'Tab_moves_focus', where: 'Code_editor' },
  { keys: ['Esc'], label: 'Leave_focus_mode', where: 'Problem_page' },
  { keys: ['←', '→'], join: 'or', label: 'Move_slider', where: 'Slide_verify' },
];

/** Whether a key press belongs to a place that takes text (input, text area, select, code editor). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    !!target.closest('.cm-editor')
  );
}

/**
 * The page's search box for `/`: the first visible search field (antd `Input.Search`, or marked `data-search`).
 * antd's Select types its own input `search` too, with the combobox role: a select is not the page's search box.
 */
export function findSearchBox(root: ParentNode = document): HTMLInputElement | null {
  const boxes = root.querySelectorAll<HTMLInputElement>(
    '.ant-input-search input, input[type="search"]:not([role="combobox"]), input[data-search]',
  );
  for (const box of boxes) if (box.getClientRects().length > 0 && !box.disabled) return box;
  return null;
}

/**
 * Site-wide shortcuts while mounted: `/` focuses the page's search box (when it has one), `?` calls `openList`.
 * Neither fires while typing, with Ctrl/Alt/Meta held, or when a handler already took the key.
 */
export function useGlobalShortcuts(openList: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (e.key === '/') {
        const box = findSearchBox();
        if (!box) return;
        e.preventDefault();
        box.focus();
        box.select();
      } else if (e.key === '?') {
        e.preventDefault();
        openList();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [openList]);
}
