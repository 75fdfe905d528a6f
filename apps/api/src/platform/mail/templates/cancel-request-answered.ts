import { defineTemplate } from '../template.js';

/** A vendor's cancellation request answered (issue 36). */
export const cancelRequestAnswered = defineTemplate<{
  orderId: number;
  trackingNumber: string;
  accepted: boolean;
  reason: string | null;
}>({
  name: 'cancel-request-answered',
  essential: false,
  label: 'Cancellation requests answered',
  subject: ({ trackingNumber, accepted }) =>
    `Your cancellation request for order ${trackingNumber} was ${accepted ? 'accepted' : 'declined'}`,
  render: ({ orderId, trackingNumber, accepted, reason }) => ({
    heading: `Cancellation request ${accepted ? 'accepted' : 'declined'}`,
    paragraphs: [
      `Your request to cancel your items of order ${trackingNumber} was ${accepted ? 'accepted' : 'declined'}.`,
      ...(reason ? [`Reason: ${reason}`] : []),
    ],
    // The vendor's view of the order (the admins' `/admin/orders/{id}` is not theirs).
    action: { label: 'Open the order', path: `/admin/my-orders/${orderId}` },
  }),
});
