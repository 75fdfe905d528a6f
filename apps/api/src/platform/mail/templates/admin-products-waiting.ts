import { defineTemplate } from '../template.js';

/** To every admin, once a day: products waiting for review (issue 36). */
export const adminProductsWaiting = defineTemplate<{ count: number; items: string[] }>({
  name: 'admin-products-waiting',
  essential: false,
  label: 'Daily digest of products waiting for review',
  subject: ({ count }) => `${count} product${count === 1 ? '' : 's'} waiting for review`,
  render: ({ count, items }) => ({
    heading: 'Products waiting for review',
    paragraphs: [`${count} product${count === 1 ? ' is' : 's are'} waiting for approval.`],
    items,
    action: { label: 'Open Product approval', path: '/admin/products/approval' },
  }),
});
