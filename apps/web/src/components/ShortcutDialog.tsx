import { Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ShortcutList } from './ShortcutList.js';

/**
 * The `?` dialog: the shortcut list in a modal (loaded the first time `?` is pressed). Esc or the button closes it.
 * antd's modal hears Esc only with the focus inside it, and `?` is pressed with the focus on the page, so Esc is
 * also heard on the document while the dialog is open.
 */
export default function ShortcutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shortcuts');
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('Title')}
      width={640}
      data-testid="shortcut-dialog"
    >
      <ShortcutList />
    </Modal>
  );
}
