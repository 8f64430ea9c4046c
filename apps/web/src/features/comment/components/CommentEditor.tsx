import { LIMITS } from '@oj/shared';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownToolbar, useMarkdownInserts } from '../../../components/MarkdownToolbar.js';
import { notify } from '../../../lib/notify.js';
import { requireLogin } from '../../../lib/require-login.js';
import { checkCommentText } from '../lib/rules.js';

/**
 * The comment / reply box of doc 1 §2.7: a textarea with the emoji picker and the inline code, code block, link
 * and list inserts, and a submit button. Checks login and the text (not empty, at most 10,000) before
 * `onSubmit`; clears itself when it resolves.
 */
export function CommentEditor({
  onSubmit,
  placeholder,
  submitLabel,
  autoFocus,
  testId = 'comment-editor',
  onCancel,
}: {
  onSubmit: (content: string) => Promise<void>;
  placeholder?: string;
  submitLabel?: string;
  autoFocus?: boolean;
  testId?: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('comment');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const { ref, insert } = useMarkdownInserts(text, setText);

  const submit = async () => {
    if (!requireLogin()) return;
    const bad = checkCommentText(text);
    if (bad) {
      notify.warning(t(bad));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(text);
      setText('');
    } catch {
      // shown by the api client
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid={testId}>
      <Input.TextArea
        ref={ref}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 12 }}
        placeholder={placeholder ?? t('Comment_placeholder')}
        autoFocus={autoFocus}
        data-testid={`${testId}-text`}
        count={{ show: text.length > LIMITS.commentMax * 0.9, max: LIMITS.commentMax }}
      />
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 8,
          marginTop: 8,
          flexWrap: 'wrap',
        }}
      >
        <MarkdownToolbar insert={insert} testIdPrefix={`${testId}-tool`} />
        <span style={{ display: 'inline-flex', gap: 8 }}>
          {onCancel && <Button onClick={onCancel}>{t('common:Cancel')}</Button>}
          <Button type="primary" loading={busy} onClick={submit} data-testid={`${testId}-submit`}>
            {submitLabel ?? t('Submit_comment')}
          </Button>
        </span>
      </div>
    </div>
  );
}
