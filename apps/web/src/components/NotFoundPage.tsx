import { Button, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The 404 page for any unknown path (doc 1 §2.1): Go Home and Back buttons. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('Page_not_found')}
      extra={
        <Space>
          <Button type="primary" onClick={() => navigate('/home')}>
            {t('Go_Home')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('Back')}</Button>
        </Space>
      }
    />
  );
}
