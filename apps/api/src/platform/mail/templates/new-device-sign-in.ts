import { defineTemplate } from '../template.js';

/** A sign-in from a device the account never used (issue 36). Essential. */
export const newDeviceSignIn = defineTemplate<{ device: string; ip: string; at: string }>({
  name: 'new-device-sign-in',
  essential: true,
  label: 'Sign-in from a new device',
  subject: () => 'A new sign-in to your account',
  render: ({ device, ip, at }) => ({
    heading: 'A new sign-in to your account',
    paragraphs: [
      `Your account was signed in to at ${at} (UTC) from a device it had not used before.`,
      `Device: ${device}`,
      `Address: ${ip}`,
      'If it was not you, reset your password now.',
    ],
    action: { label: 'Reset my password', path: '/forgot-password' },
  }),
});
