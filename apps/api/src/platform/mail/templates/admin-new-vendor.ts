import { defineTemplate } from '../template.js';

/** To every admin: a vendor signed up and waits for approval (issue 36). */
export const adminNewVendor = defineTemplate<{ businessName: string }>({
  name: 'admin-new-vendor',
  essential: false,
  label: 'New vendors',
  subject: ({ businessName }) => `New vendor registered: ${businessName}`,
  render: ({ businessName }) => ({
    heading: 'New vendor registered',
    paragraphs: [`${businessName} registered and is waiting for approval.`],
    action: { label: 'Open Vendor management', path: '/admin/vendors' },
  }),
});
