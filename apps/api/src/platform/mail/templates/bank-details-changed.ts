import { defineTemplate } from '../template.js';

/** A vendor's bank details changed: a security notice to the vendor (issue 36). Essential. */
export const bankDetailsChanged = defineTemplate<{ businessName: string; holdHours: number; at: string }>({
  name: 'bank-details-changed',
  essential: true,
  label: 'Bank details changed',
  subject: () => 'Your bank details were changed',
  render: ({ businessName, holdHours, at }) => ({
    heading: 'Your bank details were changed',
    paragraphs: [
      `The bank account payouts of ${businessName} go to was changed at ${at} (UTC).`,
      `Payouts are held for ${holdHours} hours.`,
      'If you did not make this change, change your password and tell the store at once.',
    ],
  }),
});
