import { Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.js';
import { addStarUser } from '../lib/form-model.js';

/**
 * Star users (doc 3 §5): typed one at a time (Enter adds), trimmed, blank ignored, a duplicate refused with the
 * Add_Star_User_Error warning; tags close to remove. Controlled by antd Form (`value` / `onChange`).
 */
function StarUsersInput({ value = [], onChange }: { value?: string[]; onChange?: (v: string[]) => void }) {
  const { t } = useTranslation('adminContest');
  const [text, setText] = useState('');
  const add = () => {
    const r = addStarUser(value, text);
    if (r.error) notify.warning(t(r.error));
    else onChange?.(r.list);
    setText('');
  };
  return (
    <div>
      <div style={{ marginBottom: 6 }}>
        {value.map((u) => (
          <Tag key={u} closable onClose={() => onChange?.(value.filter((x) => x !== u))}>
            {u}
          </Tag>
        ))}
      </div>
      <Input
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          add();
        }}
        onBlur={() => text.trim() && add()}
        placeholder={t('Star_user_placeholder')}
        style={{ maxWidth: 280 }}
        data-testid="star-user-input"
      />
    </div>
  );
}

/** The star users form item. */
export function StarUsersField() {
  const { t } = useTranslation('adminContest');
  return (
    <Form.Item name="starAccount" label={t('Star_users')} tooltip={t('Star_users_tip')}>
      <StarUsersInput />
    </Form.Item>
  );
}
