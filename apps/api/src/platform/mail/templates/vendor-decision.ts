import { defineTemplate } from '../template.js';

/** A vendor's account approved or rejected by an admin (issue 36). */
export const vendorDecision = defineTemplate<{ businessName: string; approved: boolean; reason: string | null }>({
  name: 'vendor-decision',
  essential: true,
  label: 'Vendor account approved or rejected',
  subject: ({ approved }) => (approved ? 'Your vendor account was approved' : 'Your vendor account was rejected'),
  render: ({ businessName, approved, reason }) => ({
    heading: approved ? 'Your vendor account was approved' : 'Your vendor account was rejected',
    paragraphs: approved
      ? [`${businessName} can now sign in, add products and see its orders and earnings.`]
      : [
          `The application of ${businessName} was rejected.`,
          reason ? `Reason: ${reason}` : 'Contact your administrator to know more.',
        ],
    action: approved ? { label: 'Sign in', path: '/login' } : undefined,
  }),
});
