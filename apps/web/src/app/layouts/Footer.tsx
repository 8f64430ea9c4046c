import { GlobalOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ThemeSwitch } from '../../components/ThemeSwitch.js';
import { useWebsiteConfig } from '../../features/config/api/get-website-config.js';
import { setLanguage, useLanguage } from '../../lib/i18n.js';

/**
 * Footer of doc 1 §2.3: site name and description, in-app links, external tool links, the language switch,
 * the theme picker (issue 28), and the record and project links. Hidden on problem-detail and focus pages (route meta `hideFooter`).
 */
export function Footer() {
  const { t } = useTranslation();
  const config = useWebsiteConfig();
  const lang = useLanguage();
  return (
    <footer
      style={{
        padding: '24px 16px',
        textAlign: 'center',
        color: 'var(--oj-text-secondary)',
        background: 'var(--oj-bg-container)',
        marginTop: 24,
      }}
    >
      <div style={{ fontWeight: 600, fontSize: 16 }}>{config.name}</div>
      {config.description && <div style={{ margin: '4px 0 12px' }}>{config.description}</div>}
      <Space wrap size={[16, 4]} style={{ justifyContent: 'center' }}>
        <Link to="/status">{t('Status')}</Link>
        <Link to="/message/mine">{t('MineMsg')}</Link>
        <Link to="/introduction">{t('Introduction')}</Link>
        <Link to="/help">{t('Help')}</Link>
        <Link to="/group">{t('Group')}</Link>
        <a href="https://oi-wiki.org" target="_blank" rel="noreferrer">
          OI Wiki
        </a>
        <a href="https://godbolt.org" target="_blank" rel="noreferrer">
          Compiler Explorer
        </a>
        {/* The group is named "Language"; each button by its own language (issue 28: the name was "Language" on one). */}
        <Space size={4} role="group" aria-label={t('Language')}>
          <GlobalOutlined aria-hidden />
          <Button
            type={lang === 'zh-CN' ? 'link' : 'text'}
            size="small"
            onClick={() => setLanguage('zh-CN')}
            data-testid="lang-zh"
            lang="zh-CN"
            aria-pressed={lang === 'zh-CN'}
          >
            简体中文
          </Button>
          <Button
            type={lang === 'en-US' ? 'link' : 'text'}
            size="small"
            onClick={() => setLanguage('en-US')}
            data-testid="lang-en"
            lang="en"
            aria-pressed={lang === 'en-US'}
          >
            English
          </Button>
        </Space>
        <ThemeSwitch />
      </Space>
      <div style={{ marginTop: 12, fontSize: 12 }}>
        <Space wrap size={[16, 4]} style={{ justifyContent: 'center' }}>
          {/* No dividers between the links: on a wrapped line (phones) they stood alone at the line start. */}
          {config.recordName ? (
            config.recordUrl ? (
              <a href={config.recordUrl} target="_blank" rel="noreferrer">
                {config.recordName}
              </a>
            ) : (
              <span>{config.recordName}</span>
            )
          ) : null}
          <span>
            {t('Powered_by')}{' '}
            {config.projectUrl ? (
              <a href={config.projectUrl} target="_blank" rel="noreferrer">
                {config.projectName}
              </a>
            ) : (
              config.projectName
            )}
          </span>
        </Space>
      </div>
    </footer>
  );
}
