/** Query keys of the account pages: the captcha images (never cached). */
export const accountKeys = {
  all: ['account'] as const,
  captcha: () => [...accountKeys.all, 'captcha'] as const,
  loginCaptcha: () => [...accountKeys.captcha(), 'login'] as const,
};
