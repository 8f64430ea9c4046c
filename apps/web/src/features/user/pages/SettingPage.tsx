import { Card, Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccountSettings } from '../components/AccountSettings.js';
import { UserInfoSettings } from '../components/UserInfoSettings.js';

/** /setting (doc 1 §2.9): collapsible Account and UserInfo sections; needs login (route meta). */
export default function SettingPage() {
  const { t } = useTranslation('user');
  return (
    <div className="oj-page">
      <Card title={t('Settings')}>
        <Collapse
          defaultActiveKey={['account', 'info']}
          items={[
            { key: 'account', label: t('Account'), children: <AccountSettings /> },
            { key: 'info', label: t('UserInfo'), children: <UserInfoSettings /> },
          ]}
        />
      </Card>
    </div>
  );
}
