import { LIMITS, type LoginRefusal } from '@oj/shared';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api.js';
import { type Captcha, getCaptcha } from '../api/captcha.js';
import { accountKeys } from '../api/keys.js';
import { CaptchaImage } from './CaptchaImage.js';

/**
 * The server-checked captcha of a login (issue 8 finding 6): after many failed logins to an account from other
 * addresses, the server refuses attempts without one (`data.needCaptcha`). `onResult` reads each attempt's outcome;
 * `body` gives the fields to send with the next attempt; `captcha` is the image to show while `needed`.
 */
export function useLoginCaptcha() {
  const [needed, setNeeded] = useState(false);
  const captcha = useQuery({
    queryKey: accountKeys.loginCaptcha(),
    queryFn: getCaptcha,
    enabled: needed,
    staleTime: 0,
    gcTime: 0,
  });
  return {
    needed,
    captcha: captcha.data,
    refresh: () => void captcha.refetch(),
    /** After an attempt: `error` null on success, else the rejection; a used captcha is replaced. */
    onResult(error: unknown) {
      const need =
        error instanceof ApiError && (error.data as Partial<LoginRefusal> | null)?.needCaptcha === true;
      if (need && needed) void captcha.refetch();
      setNeeded(need);
    },
    /** The captcha fields of the next login body (none while not needed). */
    body(answer: string | undefined): { captcha?: string; captchaKey?: string } {
      if (!needed || !captcha.data) return {};
      return { captcha: (answer ?? '').trim(), captchaKey: captcha.data.captchaKey };
    },
  };
}

/** The captcha input and image (click to refresh) of a login form, as form field `captcha`. */
export function LoginCaptchaItem({
  captcha,
  onRefresh,
}: {
  captcha: Captcha | undefined;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Form.Item>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="captcha"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('Captcha_required') }]}
        >
          <Input placeholder={t('Enter_captcha')} maxLength={LIMITS.captchaMax} data-testid="login-captcha" />
        </Form.Item>
        <CaptchaImage captcha={captcha} onRefresh={onRefresh} />
      </Space.Compact>
    </Form.Item>
  );
}
