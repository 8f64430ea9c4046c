import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/Markdown.js';
import { notify } from '../../../lib/notify.js';
import { useRegisterContest } from '../api/contest.js';
import { useContestShell } from '../components/ContestContext.js';
import { needsPassword } from '../lib/tabs.js';

/**
 * The Overview tab (doc 2 §2.7, §5): the markdown description and, for a non-public contest the viewer has not
 * registered for (and does not administer), the password form; a right password registers them.
 */
export default function OverviewTab() {
  const { t } = useTranslation('contest');
  const { contest: c, access, isContestAdmin } = useContestShell();
  const register = useRegisterContest(c.id);
  const ask = needsPassword(c, { isContestAdmin, registered: access.registered });
  const onFinish = ({ password }: { password: string }) =>
    register.mutate(password, { onSuccess: () => notify.success(t('Register_contest_successfully')) });
  return (
    <Card data-testid="contest-overview">
      <Markdown source={c.description ?? ''} />
      {ask && (
        <div style={{ maxWidth: 420, margin: '24px auto 0' }} data-testid="contest-password-form">
          <Alert type="warning" showIcon message={t('Password_needed')} style={{ marginBottom: 12 }} />
          <Form layout="inline" onFinish={onFinish} style={{ rowGap: 8 }}>
            <Form.Item
              name="password"
              rules={[{ required: true, message: t('Enter_the_contest_password') }]}
              style={{ flex: 1, minWidth: 180 }}
            >
              <Input.Password placeholder={t('Enter_the_contest_password')} data-testid="contest-password" />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={register.isPending}
              data-testid="contest-register"
            >
              {t('Enter')}
            </Button>
          </Form>
        </div>
      )}
    </Card>
  );
}
