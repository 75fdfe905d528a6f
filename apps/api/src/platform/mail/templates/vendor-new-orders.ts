import { defineTemplate } from '../template.js';

/**
 * New orders for a vendor to pack (issue 36): a digest. The first order queues it a few
 * minutes ahead; orders placed meanwhile join it (`queueMail`'s `digest`).
 */
export const vendorNewOrders = defineTemplate<{ items: { trackingNumber: string; units: number }[] }>({
  name: 'vendor-new-orders',
  essential: false,
  label: 'New orders to pack',
  subject: ({ items }) => (items.length === 1 ? 'A new order to pack' : `${items.length} new orders to pack`),
  render: ({ items }) => ({
    heading: items.length === 1 ? 'A new order to pack' : `${items.length} new orders to pack`,
    paragraphs: ['These orders have your products in them:'],
    items: items.map((item) => `Order ${item.trackingNumber}: ${item.units} unit${item.units === 1 ? '' : 's'}`),
    action: { label: 'See your orders', path: '/admin/orders' },
  }),
});
