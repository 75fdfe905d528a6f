import { defineTemplate } from '../template.js';

/** The password reset link (issue 36): valid 30 minutes, used once. Essential. */
export const passwordReset = defineTemplate<{ name: string; token: string }>({
  name: 'password-reset',
  essential: true,
  label: 'Password reset',
  subject: () => 'Reset your password',
  render: ({ name, token }) => ({
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${name},`,
      'Someone asked to reset the password of your account. The link below works once, for 30 minutes.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', path: `/reset-password?token=${encodeURIComponent(token)}` },
  }),
});
