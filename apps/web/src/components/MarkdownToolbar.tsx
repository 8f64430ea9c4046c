import {
  CodeOutlined,
  FileImageOutlined,
  LinkOutlined,
  PaperClipOutlined,
  SmileOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Popover, Space } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea.js';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../lib/api.js';
import { notify } from '../lib/notify.js';
import { checkAvatarFile } from './avatar-check.js';
import { EMOJI } from './emoji.js';
import { applyInsert, type Insert } from './markdown-insert.js';
import { UploadProgressBar, useUploadProgress } from './UploadProgress.js';

/**
 * A textarea's inserts: `insert` applies a toolbar action to the current value at the caret (or around the
 * selection), reports the new value through `onChange`, then restores focus and the selection.
 */
export function useMarkdownInserts(value: string, onChange: (v: string) => void) {
  const ref = useRef<TextAreaRef>(null);
  const insert = (ins: Insert) => {
    const el = ref.current?.resizableTextArea?.textArea;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = applyInsert({ value, start, end }, ins);
    onChange(next.value);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.start, next.end);
    });
  };
  return { ref, insert };
}

/**
 * The markdown toolbar of the comment and discussion editors (doc 1 §2.7): an emoji picker and inserts for
 * inline code, a code block, a link and a list; with `onUploadImage`, an image button that checks the file
 * (gif, jpg, jpeg, png, bmp, webp; 2 MB), uploads it and inserts `![name](link)`; with `onUploadFile` (given to
 * those the server lets attach files: admin roles, a group's admins), an attach button that checks the size
 * (32 MB), uploads any file (POST /api/file/upload-md-file) and inserts `[name](link)`. While a file goes out a
 * progress bar shows the percent sent (issue 28); it goes away once the link is inserted.
 */
export function MarkdownToolbar({
  insert,
  onUploadImage,
  onUploadFile,
  testIdPrefix = 'md',
}: {
  insert: (ins: Insert) => void;
  onUploadImage?: (file: File, onProgress?: UploadProgress) => Promise<string>;
  onUploadFile?: (file: File, onProgress?: UploadProgress) => Promise<string>;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation('editor');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [uploading, setUploading] = useState<'image' | 'file' | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const attachInput = useRef<HTMLInputElement>(null);
  const progress = useUploadProgress();

  /** Checks `file` (`bad` answers the refusal's message, or null), uploads it, and inserts what `made` makes. */
  const upload = async (
    kind: 'image' | 'file',
    file: File | undefined,
    send: ((file: File, onProgress?: UploadProgress) => Promise<string>) | undefined,
    bad: (file: File) => string | null,
    made: (file: File, url: string) => Insert,
  ) => {
    if (!file || !send) return;
    const refused = bad(file);
    if (refused) {
      notify.error(refused);
      return;
    }
    setUploading(kind);
    try {
      insert(made(file, await progress.track((onProgress) => send(file, onProgress))));
    } catch {
      // the api client showed the message
    } finally {
      setUploading(null);
    }
  };
  const onImage = (file: File | undefined) =>
    upload(
      'image',
      file,
      onUploadImage,
      (f) => {
        const bad = checkAvatarFile(f);
        if (!bad) return null;
        return bad === 'type'
          ? t('common:File_type_not_supported', { name: f.name })
          : t('common:File_size_exceeds');
      },
      (f, url) => ({ kind: 'image', alt: f.name.replace(/\.[^.]+$/, ''), url }),
    );
  const onAttach = (file: File | undefined) =>
    upload(
      'file',
      file,
      onUploadFile,
      (f) =>
        f.size > LIMITS.mdFileMaxBytes
          ? t('File_too_large', { mb: LIMITS.mdFileMaxBytes / 1024 / 1024 })
          : null,
      (f, url) => ({ kind: 'file', name: f.name, url }),
    );

  /** An upload button (`key`: its test id suffix and `uploading` state) and the hidden file input it opens. */
  const uploadTool = (
    key: 'image' | 'file',
    label: string,
    icon: React.ReactNode,
    ref: React.RefObject<HTMLInputElement | null>,
    accept: string | undefined,
    onPick: (file: File | undefined) => void,
  ) => (
    <>
      <Button
        size="small"
        type="text"
        icon={icon}
        loading={uploading === key}
        aria-label={label}
        title={label}
        data-testid={`${testIdPrefix}-${key}`}
        onClick={() => ref.current?.click()}
      />
      <input
        ref={ref}
        type="file"
        accept={accept}
        style={{ display: 'none' }}
        data-testid={`${testIdPrefix}-${key}-input`}
        onChange={(e) => {
          void onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
    </>
  );

  const tool = (key: string, label: string, icon: React.ReactNode, ins: Insert) => (
    <Button
      key={key}
      size="small"
      type="text"
      icon={icon}
      aria-label={label}
      title={label}
      data-testid={`${testIdPrefix}-${key}`}
      onClick={() => insert(ins)}
    />
  );

  return (
    <>
      <Space size={2} wrap>
        <Popover
          open={emojiOpen}
          onOpenChange={setEmojiOpen}
          trigger="click"
          placement="bottomLeft"
          content={
            <div
              style={{ display: 'grid', gridTemplateColumns: 'repeat(8, 32px)', gap: 2 }}
              data-testid={`${testIdPrefix}-emoji-list`}
            >
              {EMOJI.map((e) => (
                <button
                  key={e}
                  type="button"
                  className="oj-emoji"
                  onClick={() => {
                    insert({ kind: 'text', text: e });
                    setEmojiOpen(false);
                  }}
                  style={{ fontSize: 18, border: 0, background: 'none', cursor: 'pointer', padding: 2 }}
                >
                  {e}
                </button>
              ))}
            </div>
          }
        >
          <Button
            size="small"
            type="text"
            icon={<SmileOutlined />}
            aria-label={t('Emoji')}
            title={t('Emoji')}
            data-testid={`${testIdPrefix}-emoji`}
          />
        </Popover>
        {tool('inline-code', t('Inline_code'), <span style={{ fontFamily: 'monospace' }}>{'</>'}</span>, {
          kind: 'inlineCode',
        })}
        {tool('code-block', t('Code_block'), <CodeOutlined />, { kind: 'codeBlock' })}
        {tool('link', t('Link'), <LinkOutlined />, { kind: 'link', label: t('Link_text') })}
        {tool('list', t('List'), <UnorderedListOutlined />, { kind: 'list' })}
        {onUploadImage &&
          uploadTool(
            'image',
            t('Upload_image'),
            <FileImageOutlined />,
            imageInput,
            LIMITS.avatarTypes.map((x) => `.${x}`).join(','),
            onImage,
          )}
        {onUploadFile &&
          uploadTool('file', t('Attach_file'), <PaperClipOutlined />, attachInput, undefined, onAttach)}
      </Space>
      <UploadProgressBar state={progress.state} hideDone />
    </>
  );
}
