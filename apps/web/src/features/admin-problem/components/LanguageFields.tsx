import { Button, Checkbox, Collapse, Form, Input, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LanguageItem } from '../api/languages.js';
import { useProblemRules } from '../lib/field-rules.js';

/**
 * Languages of the problem (checkbox group, at least one) and a code template per chosen language (doc 3 §3
 * code templates: enabled flag + code; an enabled template must not be empty, doc 3 §5). `languages` are the
 * available ones; a template panel shows for each chosen language among them.
 */
export function LanguageFields({ languages }: { languages: LanguageItem[] }) {
  const { t } = useTranslation('adminProblem');
  const rules = useProblemRules();
  const form = Form.useFormInstance();
  const names = languages.map((l) => l.name);
  // Template panels only for chosen languages that are offered: a saved language now marked unavailable (no
  // judgehost runs it) has no checkbox, so no template panel either (issue 25 cosmetic).
  const chosen: string[] = (Form.useWatch('languages', form) ?? []).filter((l: string) => names.includes(l));
  return (
    <>
      <Form.Item
        label={t('Languages')}
        required
        extra={
          <Space size={4}>
            <Button size="small" type="link" onClick={() => form.setFieldValue('languages', names)}>
              {t('Select_all')}
            </Button>
            <Button size="small" type="link" onClick={() => form.setFieldValue('languages', [])}>
              {t('Select_none')}
            </Button>
          </Space>
        }
      >
        <Form.Item name="languages" noStyle rules={rules('languages', t('Languages'))}>
          <Checkbox.Group
            options={names.map((n) => ({ label: n, value: n }))}
            data-testid="problem-languages"
          />
        </Form.Item>
      </Form.Item>
      <Form.Item label={t('Code_templates')}>
        {chosen.length === 0 ? (
          <Typography.Text type="secondary">{t('Choose_language_first')}</Typography.Text>
        ) : (
          <Collapse
            size="small"
            items={chosen.map((lang) => ({
              key: lang,
              label: lang,
              children: (
                <>
                  <Form.Item
                    name={['templates', lang, 'status']}
                    valuePropName="checked"
                    label={t('Template_enabled')}
                    initialValue={false}
                    style={{ marginBottom: 8 }}
                  >
                    <Switch size="small" />
                  </Form.Item>
                  <Form.Item name={['templates', lang, 'code']} initialValue="" noStyle>
                    <Input.TextArea
                      autoSize={{ minRows: 4, maxRows: 16 }}
                      style={{ fontFamily: 'monospace' }}
                      placeholder={t('Template_hint')}
                    />
                  </Form.Item>
                </>
              ),
            }))}
          />
        )}
      </Form.Item>
    </>
  );
}
