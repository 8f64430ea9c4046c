import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { AwardType, LIMITS } from '@oj/shared';
import { Button, ColorPicker, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultAwards } from '../lib/form-model.js';

const hex = (c: unknown): string =>
  typeof c === 'string' ? c : ((c as { toHexString?: () => string })?.toHexString?.() ?? '');

/**
 * Award type (none, by proportion, by number) and the award list (name, background and text colours, percent or
 * count). Choosing a type other than none fills the default medals when the list is empty (doc 3 §4).
 */
export function AwardFields() {
  const { t } = useTranslation('adminContest');
  const form = Form.useFormInstance();
  const type = Form.useWatch('awardType', form) as number | undefined;
  const onType = (v: number) => {
    const list = form.getFieldValue('awardConfigList') as unknown[] | undefined;
    if (v !== AwardType.NONE && !list?.length) form.setFieldValue('awardConfigList', defaultAwards());
  };
  return (
    <>
      <Form.Item name="awardType" label={t('Award_type')}>
        <Radio.Group onChange={(e) => onType(e.target.value)} data-testid="award-type">
          <Radio value={AwardType.NONE}>{t('award.none')}</Radio>
          <Radio value={AwardType.PROPORTION}>{t('award.proportion')}</Radio>
          <Radio value={AwardType.NUMBER}>{t('award.number')}</Radio>
        </Radio.Group>
      </Form.Item>
      {type != null && type !== AwardType.NONE && (
        <Form.List name="awardConfigList">
          {(fields, { add, remove }) => (
            <div data-testid="award-list">
              {fields.map((f, i) => (
                <div
                  key={f.key}
                  style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 8 }}
                >
                  <Form.Item
                    name={[f.name, 'name']}
                    rules={[{ required: true, message: t('Award_name_required') }]}
                    noStyle
                  >
                    <Input
                      placeholder={t('Award_name')}
                      style={{ width: 140 }}
                      aria-label={t('Award_name')}
                    />
                  </Form.Item>
                  <span>{t('Background')}</span>
                  <Form.Item name={[f.name, 'background']} getValueFromEvent={hex} noStyle>
                    <ColorPicker size="small" />
                  </Form.Item>
                  <span>{t('Text_colour')}</span>
                  <Form.Item name={[f.name, 'color']} getValueFromEvent={hex} noStyle>
                    <ColorPicker size="small" />
                  </Form.Item>
                  <Form.Item
                    name={[f.name, 'num']}
                    rules={[{ required: true, message: t('Award_num_required') }]}
                    noStyle
                  >
                    <InputNumber
                      min={0}
                      max={type === AwardType.PROPORTION ? 100 : LIMITS.rankOrderMax}
                      addonAfter={type === AwardType.PROPORTION ? '%' : t('people')}
                      style={{ width: 130 }}
                      aria-label={t('Award_num')}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('common:Delete')}
                    onClick={() => remove(f.name)}
                    disabled={fields.length === 1 && i === 0}
                  />
                </div>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() =>
                  add({
                    priority: fields.length + 1,
                    name: '',
                    background: '#e6bf25',
                    color: '#ffffff',
                    num: 1,
                  })
                }
              >
                {t('Add_award')}
              </Button>
            </div>
          )}
        </Form.List>
      )}
    </>
  );
}
