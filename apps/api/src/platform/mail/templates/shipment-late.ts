import { defineTemplate } from '../template.js';

/**
 * A vendor's shipments past their ship-by date and not yet on the road (issue 36 "a
 * shipment late"): a digest queued by the `late-shipments` task, each shipment in one
 * mail only. `shipBy` is UTC ISO; `daysLate` whole days past it (0 on the day).
 */
export const shipmentLate = defineTemplate<{
  items: { shipmentId: number; trackingNumber: string; shipBy: string; daysLate: number }[];
}>({
  name: 'shipment-late',
  essential: false,
  label: 'Late shipments',
  subject: ({ items }) => (items.length === 1 ? 'A shipment is late' : `${items.length} shipments are late`),
  render: ({ items }) => ({
    heading: items.length === 1 ? 'A shipment is late' : `${items.length} shipments are late`,
    paragraphs: ['These shipments were due to go on the road and have not yet. Ship them, or tell the store why.'],
    items: items.map(
      (item) =>
        `Order ${item.trackingNumber}: ship by ${item.shipBy.slice(0, 10)}, ${
          item.daysLate < 1 ? 'due today' : `${item.daysLate} day${item.daysLate === 1 ? '' : 's'} late`
        }`,
    ),
    action: { label: 'Open your shipments', path: '/admin/shipments' },
  }),
});
