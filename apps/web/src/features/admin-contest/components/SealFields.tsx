import { Form, Radio, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { defaultSealChoice, durationSeconds, SealChoice, sealChoiceDisabled } from '../lib/form-model.js';

/**
 * Seal rank switch and seal time choice (doc 3 §4): turning the seal on picks the default choice (whole contest
 * for OI or under an hour, else the last hour); the half-hour and one-hour choices are disabled for contests
 * shorter than them; auto real rank after the end.
 */
export function SealFields() {
  const { t } = useTranslation('adminContest');
  const form = Form.useFormInstance();
  const sealRank = Form.useWatch('sealRank', form) as boolean | undefined;
  const start = Form.useWatch('startTime', form);
  const end = Form.useWatch('endTime', form);
  const duration = durationSeconds(start ?? null, end ?? null);
  const onSeal = (on: boolean) => {
    if (on) form.setFieldValue('sealChoice', defaultSealChoice(form.getFieldValue('type'), duration));
  };
  return (
    <>
      <Form.Item name="sealRank" label={t('Seal_rank')} valuePropName="checked">
        <Switch onChange={onSeal} data-testid="seal-rank" />
      </Form.Item>
      {sealRank && (
        <>
          <Form.Item name="sealChoice" label={t('Seal_time')}>
            <Radio.Group data-testid="seal-choice">
              {[SealChoice.HALF_HOUR, SealChoice.ONE_HOUR, SealChoice.WHOLE].map((c) => (
                <Radio key={c} value={c} disabled={sealChoiceDisabled(c, duration)}>
                  {t(`seal_choice.${c}`)}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="autoRealRank"
            label={t('Auto_real_rank')}
            tooltip={t('Auto_real_rank_tip')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </>
      )}
    </>
  );
}
