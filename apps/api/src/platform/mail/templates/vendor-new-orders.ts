import { defineTemplate } from '../template.js';

/**
 * New orders for a vendor to pack (issue 36): a digest. The first order queues it a few
 * minutes ahead; orders placed meanwhile join it (`queueMail`'s `digest`), the first
 * `MAIL_DIGEST_MAX_ITEMS` listed and the rest counted in `more`.
 */
export const vendorNewOrders = defineTemplate<{
  items: { trackingNumber: string; units: number }[];
  more?: number;
}>({
  name: 'vendor-new-orders',
  essential: false,
  label: 'New orders to pack',
  subject: (data) => newOrdersHeading(data),
  render: (data) => ({
    heading: newOrdersHeading(data),
    paragraphs: ['These orders have your products in them:'],
    items: [
      ...data.items.map((item) => `Order ${item.trackingNumber}: ${item.units} unit${item.units === 1 ? '' : 's'}`),
      ...(data.more ? [`And ${data.more} more order${data.more === 1 ? '' : 's'}`] : []),
    ],
    action: { label: 'See your orders', path: '/admin/orders' },
  }),
});

/** 'A new order to pack', or how many, those counted past the list included. */
function newOrdersHeading({ items, more = 0 }: { items: readonly unknown[]; more?: number }): string {
  const count = items.length + more;
  return count === 1 ? 'A new order to pack' : `${count} new orders to pack`;
}
