import {
  AppstoreOutlined,
  ClusterOutlined,
  GithubOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from '../../config/api/get-website-config.js';

const FEATURES = [
  { key: 'Distributed', icon: <ClusterOutlined /> },
  { key: 'Customization', icon: <SettingOutlined /> },
  { key: 'Security', icon: <SafetyCertificateOutlined /> },
  { key: 'Diversity', icon: <AppstoreOutlined /> },
] as const;

/** Credits: the people and projects this product stands on (doc 1 §9, doc 3 "About page"). */
const CREDITS = [
  { name: 'HOJ', role: 'Credit_reference', url: 'https://github.com/HimitZH/HOJ' },
  { name: 'OJ Team', role: 'Credit_authors', url: 'https://github.com' },
];

/**
 * /introduction and /developer (doc 1 §9; doc 3 "About page"): product name, two credits with source-hosting
 * links, an open-source badge, and the four feature cards each marked Available.
 */
export default function AboutPage() {
  const { t } = useTranslation('about');
  const config = useWebsiteConfig();
  return (
    <div className="oj-page" style={{ maxWidth: 1000 }}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {config.projectName || config.name}
        </Typography.Title>
        <Space wrap>
          <Tag color="green" icon={<GithubOutlined />} data-testid="open-source-badge">
            {t('Open_source')}
          </Tag>
          <Tag color="blue">TypeScript · React · Fastify</Tag>
        </Space>
        <Typography.Paragraph style={{ marginTop: 16 }}>{t('Summary')}</Typography.Paragraph>
        <Typography.Title level={4}>{t('Credits')}</Typography.Title>
        <ul>
          {CREDITS.map((c) => (
            <li key={c.name}>
              <a href={c.url} target="_blank" rel="noreferrer">
                <GithubOutlined /> {c.name}
              </a>{' '}
              — {t(c.role)}
            </li>
          ))}
        </ul>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {FEATURES.map((f) => (
          <Col xs={24} sm={12} key={f.key}>
            <Card
              title={
                <Space>
                  {f.icon}
                  {t(`feature.${f.key}`)}
                </Space>
              }
              extra={<Tag color="success">{t('Available')}</Tag>}
            >
              {t(`feature.${f.key}_desc`)}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
