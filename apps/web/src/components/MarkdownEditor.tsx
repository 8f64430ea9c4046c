import { externalImages } from '@oj/shared/markdown/external-images';
import { Alert, Col, Input, Row, Typography } from 'antd';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from '../lib/api.js';
import { Markdown } from './Markdown.js';
import { MarkdownToolbar, useMarkdownInserts } from './MarkdownToolbar.js';

/**
 * THE markdown editor: a textarea with a live preview beside it (under it on narrow screens). The preview renders
 * through the app's one sanitized renderer (`Markdown`) unless `preview` renders it the way its page does (the
 * problem statement). `toolbar` adds the markdown toolbar (emoji, code, link, list; image upload with
 * `onUploadImage`, attachments with `onUploadFile`). Controlled by antd Form (`value` / `onChange`). Pictures from
 * other sites do not show on this site (its CSP): the author is told so above the preview as soon as one is
 * written, and the preview shows them as links (`external-images.ts`).
 */
export function MarkdownEditor(props: {
  value?: string;
  onChange?: (v: string) => void;
  rows?: number;
  id?: string;
  placeholder?: string;
  preview?: (source: string) => ReactNode;
  toolbar?: boolean;
  onUploadImage?: (file: File, onProgress?: UploadProgress) => Promise<string>;
  onUploadFile?: (file: File, onProgress?: UploadProgress) => Promise<string>;
  maxLength?: number;
  'data-testid'?: string;
}) {
  const { t } = useTranslation('editor');
  const value = props.value ?? '';
  const deferred = useDeferredValue(value);
  const change = (v: string) => props.onChange?.(v);
  const { ref, insert } = useMarkdownInserts(value, change);
  const external = useMemo(() => externalImages(deferred), [deferred]);
  return (
    <Row gutter={[12, 8]}>
      <Col xs={24} lg={12}>
        {props.toolbar && (
          <MarkdownToolbar
            insert={insert}
            onUploadImage={props.onUploadImage}
            onUploadFile={props.onUploadFile}
            testIdPrefix={`${props['data-testid'] ?? 'md'}-tool`}
          />
        )}
        <Input.TextArea
          ref={ref}
          id={props.id}
          data-testid={props['data-testid']}
          value={props.value}
          onChange={(e) => change(e.target.value)}
          autoSize={{ minRows: props.rows ?? 4, maxRows: 18 }}
          placeholder={props.placeholder ?? t('Markdown_hint')}
          maxLength={props.maxLength}
          showCount={props.maxLength != null}
        />
      </Col>
      <Col xs={24} lg={12}>
        {external.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 8 }}
            data-testid={
              props['data-testid'] ? `${props['data-testid']}-external-images` : 'md-external-images'
            }
            message={t('External_images', { count: external.length })}
            description={t('External_images_detail')}
          />
        )}
        <div
          style={{
            border: '1px dashed var(--oj-border-control)',
            borderRadius: 6,
            padding: '4px 11px',
            minHeight: 40,
            maxHeight: 420,
            overflow: 'auto',
          }}
          data-testid={props['data-testid'] ? `${props['data-testid']}-preview` : undefined}
        >
          {deferred.trim() ? (
            (props.preview ?? ((s: string) => <Markdown source={s} />))(deferred)
          ) : (
            <Typography.Text type="secondary">{t('Preview_empty')}</Typography.Text>
          )}
        </div>
      </Col>
    </Row>
  );
}
