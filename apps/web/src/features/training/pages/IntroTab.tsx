import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown.js';
import { notify } from '../../../lib/notify.js';
import { useRegisterTraining } from '../api/training.js';
import { useTrainingShell } from '../components/TrainingContext.js';

/**
 * The Training Introduction tab (doc 2 §2.13, §5): the markdown description or, while a private training's password
 * is needed, a notice and the password card; a right password registers the user for good.
 */
export default function IntroTab() {
  const { t } = useTranslation('training');
  const { training: tr, access } = useTrainingShell();
  const register = useRegisterTraining(tr.id);
  const onFinish = ({ password }: { password: string }) =>
    register.mutate(password, { onSuccess: () => notify.success(t('Register_training_successfully')) });
  if (access.access) {
    return (
      <Card data-testid="training-intro">
        <Markdown source={tr.description ?? ''} />
      </Card>
    );
  }
  return (
    <Card data-testid="training-intro">
      <Alert type="warning" showIcon message={t('Verify_password_first')} />
      <div style={{ maxWidth: 420, margin: '24px auto 0' }} data-testid="training-password-form">
        <Form layout="inline" onFinish={onFinish} style={{ rowGap: 8 }}>
          <Form.Item
            name="password"
            rules={[{ required: true, message: t('Enter_the_training_password') }]}
            style={{ flex: 1, minWidth: 180 }}
          >
            <Input.Password placeholder={t('Enter_the_training_password')} data-testid="training-password" />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            loading={register.isPending}
            data-testid="training-register"
          >
            {t('Enter')}
          </Button>
        </Form>
      </div>
    </Card>
  );
}
