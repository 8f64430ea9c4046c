import { CloudDownloadOutlined, RedoOutlined, SettingOutlined, UploadOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Popconfirm, Popover, Space, Tooltip } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../NativeSelect.js';
import type { EditorLook } from './editor-settings.js';
import { AUTO_THEME, EDITOR_THEME_CHOICES } from './editor-themes.js';

export interface EditorToolbarProps {
  /** Languages the problem allows (names). */
  languages: readonly string[];
  language: string | undefined;
  onLanguage: (name: string) => void;
  look: EditorLook;
  onLook: (look: EditorLook) => void;
  /** Reset to the code template (asked for confirmation first). */
  onReset: () => void;
  /** A chosen file's text (read as UTF-8). */
  /** The uploaded file's text and name (the caller may pick the language from its extension). */
  onUpload: (text: string, fileName: string) => void;
  /** Fetch my last accepted code; absent hides the button (visitors). */
  onLastAc?: () => void;
  disabled?: boolean;
  /** Buttons shown at the end (online test). */
  extra?: React.ReactNode;
}

const FONT_SIZES = Array.from(
  { length: LIMITS.editorFontSizeMax - LIMITS.editorFontSizeMin + 1 },
  (_, i) => LIMITS.editorFontSizeMin + i,
);

/**
 * The editor's controls (doc 2 §2.3): language, theme / font size / tab size (in a settings popover), reset with
 * confirmation, upload a file as UTF-8 text, fetch the recent accepted code, plus caller buttons.
 */
export function EditorToolbar(p: EditorToolbarProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { t } = useTranslation('problem');
  const settings = (
    <Space direction="vertical" style={{ width: 220 }}>
      <span>{t('Theme')}</span>
      <NativeSelect
        value={p.look.theme}
        onChange={(theme) => p.onLook({ ...p.look, theme })}
        options={EDITOR_THEME_CHOICES.map((v) => ({
          value: v,
          label: v === AUTO_THEME ? t('Theme_auto') : v,
        }))}
        style={{ width: '100%' }}
        data-testid="editor-theme"
        aria-label={t('Theme')}
      />
      <span>{t('Font_Size')}</span>
      <NativeSelect
        value={p.look.fontSize}
        onChange={(fontSize) => p.onLook({ ...p.look, fontSize })}
        options={FONT_SIZES.map((v) => ({ value: v, label: `${v}px` }))}
        style={{ width: '100%' }}
        aria-label={t('Font_Size')}
      />
      <span>{t('Tab_Size')}</span>
      <NativeSelect
        value={p.look.tabSize}
        onChange={(tabSize) => p.onLook({ ...p.look, tabSize })}
        options={LIMITS.editorTabSizes.map((v) => ({ value: v, label: String(v) }))}
        style={{ width: '100%' }}
        aria-label={t('Tab_Size')}
      />
    </Space>
  );
  return (
    <Space wrap style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        <span>{t('Lang')}</span>
        <NativeSelect
          value={p.language}
          onChange={p.onLanguage}
          options={p.languages.map((l) => ({ value: l, label: l }))}
          style={{ minWidth: 140 }}
          disabled={p.disabled}
          data-testid="editor-language"
          aria-label={t('Lang')}
        />
      </Space>
      <Space wrap size={4}>
        <Popover content={settings} trigger="click" title={t('Editor_Settings')} placement="bottomRight">
          <Tooltip title={t('Editor_Settings')}>
            <Button icon={<SettingOutlined />} aria-label={t('Editor_Settings')} />
          </Tooltip>
        </Popover>
        <Popconfirm
          title={t('Reset_code_confirm')}
          onConfirm={p.onReset}
          okText={t('OK')}
          cancelText={t('Cancel')}
        >
          <Tooltip title={t('Reset_Code')}>
            <Button icon={<RedoOutlined />} aria-label={t('Reset_Code')} disabled={p.disabled} />
          </Tooltip>
        </Popconfirm>
        {/* A plain file input (antd's Upload and rc-upload are not needed to read one local file). */}
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".c,.cc,.cpp,.cxx,.h,.hpp,.java,.py,.go,.rs,.js,.php,.rb,.cs,.txt"
          disabled={p.disabled}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void file.text().then((text) => p.onUpload(text, file.name));
          }}
        />
        <Tooltip title={t('Upload_file')}>
          <Button
            icon={<UploadOutlined />}
            aria-label={t('Upload_file')}
            disabled={p.disabled}
            onClick={() => fileInput.current?.click()}
          />
        </Tooltip>
        {p.onLastAc && (
          <Tooltip title={t('Get_recently_passed_code')}>
            <Button
              icon={<CloudDownloadOutlined />}
              onClick={p.onLastAc}
              aria-label={t('Get_recently_passed_code')}
              disabled={p.disabled}
            />
          </Tooltip>
        )}
        {p.extra}
      </Space>
    </Space>
  );
}
