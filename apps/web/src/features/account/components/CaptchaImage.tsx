import { useTranslation } from 'react-i18next';
import { type Captcha, captchaSrc } from '../api/captcha.js';

/** The server's captcha image beside its input (a button: click or Enter refreshes it); nothing until the captcha has loaded. */
export function CaptchaImage({
  captcha,
  onRefresh,
}: {
  captcha: Captcha | undefined;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('account');
  if (!captcha) return null;
  return (
    <button
      type="button"
      className="oj-plain-button"
      onClick={onRefresh}
      title={t('Click_to_refresh')}
      aria-label={`${t('Captcha')} · ${t('Click_to_refresh')}`}
      style={{ display: 'inline-flex', flex: 'none' }}
    >
      <img
        src={captchaSrc(captcha.img)}
        alt={t('Captcha')}
        style={{
          height: 40,
          width: 110,
          border: '1px solid var(--oj-border-control)',
          borderLeft: 'none',
          background: 'var(--oj-bg-container)',
        }}
      />
    </button>
  );
}
