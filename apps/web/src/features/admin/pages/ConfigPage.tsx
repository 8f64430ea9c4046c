import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DiscussionConfigForm } from '../../admin-discussion/components/DiscussionConfigForm.js';
import { RemoteAccountsCard } from '../../remote-judge/components/RemoteAccountsCard.js';
import { CarouselManager } from '../components/CarouselManager.js';
import { DeploymentConfigCards } from '../components/DeploymentConfigCards.js';
import { EmailConfigForm } from '../components/EmailConfigForm.js';
import { WebsiteConfigForm } from '../components/WebsiteConfigForm.js';

/**
 * /admin/conf, System Config (doc 3; super admin): website, discussion limits, email (SMTP) with test mail, carousel
 * images, the remote judges' accounts (issue 27), and the read-only sections the deployment fixes: datasource, judge, mobile SMS.
 */
export default function ConfigPage() {
  const { t } = useTranslation('admin');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('Website_config')}>
        <WebsiteConfigForm />
      </Card>
      <Card title={t('Discussion_config')}>
        <DiscussionConfigForm />
      </Card>
      <Card title={t('Email_config')}>
        <EmailConfigForm />
      </Card>
      <Card title={t('Carousel_images')}>
        <CarouselManager />
      </Card>
      <RemoteAccountsCard />
      <DeploymentConfigCards />
    </Space>
  );
}
