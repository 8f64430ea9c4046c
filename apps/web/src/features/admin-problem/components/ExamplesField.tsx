import { PlusOutlined } from '@ant-design/icons';
import { LIMITS } from '@oj/shared';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { IoPairCard } from './IoPairCard.js';

/** The problem's examples shown to users (doc 3 §3): input / output pairs, at most 2 (doc 3 §9). */
export function ExamplesField() {
  const { t } = useTranslation('adminProblem');
  return (
    <Form.List name="examples">
      {(fields, { add, remove }) => (
        <>
          {fields.map((f, i) => (
            <IoPairCard
              key={f.key}
              name={f.name}
              title={t('Example_n', { n: i + 1 })}
              inputLabel={t('Example_input')}
              outputLabel={t('Example_output')}
              onRemove={() => remove(f.name)}
            />
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= LIMITS.examplesMax}
            onClick={() => add({ input: '', output: '' })}
            style={{ marginBottom: 16 }}
          >
            {t('Add_example')} ({fields.length}/{LIMITS.examplesMax})
          </Button>
        </>
      )}
    </Form.List>
  );
}
