import { defineTemplate } from '../template.js';

/** A vendor's product approved or rejected, with the reasons (issue 36). */
export const productDecision = defineTemplate<{
  productId: number;
  productName: string;
  approved: boolean;
  reasons: string | null;
}>({
  name: 'product-decision',
  essential: false,
  label: 'Product approved or rejected',
  subject: ({ productName, approved }) => `${productName} was ${approved ? 'approved' : 'rejected'}`,
  render: ({ productId, productName, approved, reasons }) => ({
    heading: approved ? 'Your product was approved' : 'Your product was rejected',
    paragraphs: approved
      ? [`${productName} is approved and can be shown to customers.`]
      : [`${productName} was rejected.`, reasons ? `Reasons: ${reasons}` : 'No reason was given.'],
    action: { label: 'Open the product', path: `/admin/products/${productId}` },
  }),
});
