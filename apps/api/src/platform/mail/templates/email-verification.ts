import { defineTemplate } from '../template.js';

/** A vendor who signed up confirms their address (issue 36). It holds up nothing. Essential. */
export const emailVerification = defineTemplate<{ name: string; token: string }>({
  name: 'email-verification',
  essential: true,
  label: 'E-mail verification',
  subject: () => 'Confirm your e-mail address',
  render: ({ name, token }) => ({
    heading: 'Confirm your e-mail address',
    paragraphs: [`Hello ${name},`, 'Thank you for registering as a vendor. Please confirm that this address is yours.'],
    action: { label: 'Confirm my address', path: `/verify-email?token=${encodeURIComponent(token)}` },
  }),
});
