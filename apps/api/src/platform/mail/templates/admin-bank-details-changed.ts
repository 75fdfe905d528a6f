import { defineTemplate } from '../template.js';

/** To every admin: a vendor changed their bank details (issue 36). Essential. */
export const adminBankDetailsChanged = defineTemplate<{ vendorId: number; businessName: string; holdHours: number }>({
  name: 'admin-bank-details-changed',
  essential: true,
  label: 'A vendor changed bank details',
  subject: ({ businessName }) => `${businessName} changed their bank details`,
  render: ({ businessName, holdHours }) => ({
    heading: 'Bank details changed',
    paragraphs: [`${businessName} changed their bank details; their payouts are held for ${holdHours} hours.`],
    action: { label: 'Open Payouts', path: '/admin/payouts' },
  }),
});
