import { defineTemplate } from '../template.js';

/**
 * For admins who review vendors: a vendor's KYC waits for review (issue 36), submitted
 * for the first time (or again after a review), or back in review because its PAN,
 * GSTIN or enrolment number changed (`identityChanged`: their payouts wait). Names the
 * fields changed, never their values.
 */
export const adminKycSubmitted = defineTemplate<{
  vendorId: number;
  businessName: string;
  identityChanged: boolean;
  changedFields: string[];
}>({
  name: 'admin-kyc-submitted',
  essential: false,
  label: 'KYC waiting for review',
  subject: ({ businessName, identityChanged }) =>
    identityChanged ? `${businessName} changed their KYC identity` : `${businessName} submitted their KYC`,
  render: ({ vendorId, businessName, identityChanged }) => ({
    heading: 'A KYC waits for review',
    paragraphs: identityChanged
      ? [
          `${businessName} changed their PAN, GSTIN or enrolment number: their KYC is back in review and their payouts wait.`,
        ]
      : [`${businessName} submitted their KYC for review.`],
    action: { label: 'Review the KYC', path: `/admin/kyc-review/${vendorId}` },
  }),
});
