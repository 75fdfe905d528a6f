import { defineTemplate } from '../template.js';

/**
 * A vendor's KYC reviewed (issue 36): approved, changes requested (a reason per field)
 * or rejected (its reason). Essential: their payouts wait on it.
 */
export const kycDecision = defineTemplate<{
  businessName: string;
  status: 'approved' | 'changes_requested' | 'rejected';
  /** The review's reasons, each with its field's label, in the form's order. */
  reasons: { field: string; reason: string }[];
}>({
  name: 'kyc-decision',
  essential: true,
  label: 'KYC decisions',
  subject: ({ status }) =>
    status === 'approved'
      ? 'Your KYC was approved'
      : status === 'rejected'
        ? 'Your KYC was rejected'
        : 'Changes were requested to your KYC',
  render: ({ businessName, status, reasons }) => ({
    heading:
      status === 'approved'
        ? 'Your KYC was approved'
        : status === 'rejected'
          ? 'Your KYC was rejected'
          : 'Changes were requested to your KYC',
    paragraphs:
      status === 'approved'
        ? [`The KYC of ${businessName} was approved: your earnings can be paid out.`]
        : status === 'rejected'
          ? [`The KYC of ${businessName} was rejected.`, reasons.length > 0 ? 'The reason:' : 'No reason was given.']
          : [`Please change what is listed below in the KYC of ${businessName}, then submit it again.`],
    items: reasons.map(({ field, reason }) => `${field}: ${reason}`),
    action: { label: 'Open your KYC', path: '/admin/kyc' },
  }),
});
