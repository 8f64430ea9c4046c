import { useTranslation } from 'react-i18next';
import { type Captcha, captchaSrc } from '../api/captcha.js';

/** The server's captcha image beside its input (click to refresh); nothing until the captcha has loaded. */
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
    <img
      src={captchaSrc(captcha.img)}
      alt={t('Captcha')}
      title={t('Click_to_refresh')}
      onClick={onRefresh}
      className="oj-clickable"
      style={{ height: 40, width: 110, border: '1px solid #d9d9d9', borderLeft: 'none', background: '#fff' }}
    />
  );
}
