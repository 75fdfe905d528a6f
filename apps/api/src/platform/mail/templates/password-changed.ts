import { defineTemplate } from '../template.js';

/** The account's password was changed or reset (issue 36). Essential. */
export const passwordChanged = defineTemplate<{ at: string }>({
  name: 'password-changed',
  essential: true,
  label: 'Password changed',
  subject: () => 'Your password was changed',
  render: ({ at }) => ({
    heading: 'Your password was changed',
    paragraphs: [
      `The password of your account was changed at ${at} (UTC), and every session was signed out.`,
      'If it was not you, reset your password now and tell the store.',
    ],
    action: { label: 'Reset my password', path: '/forgot-password' },
  }),
});
