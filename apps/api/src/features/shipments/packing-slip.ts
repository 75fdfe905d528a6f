import { formatPdfTime, type PdfColumn, type PdfWriter } from '../../platform/pdf/pdf-writer.js';

/**
 * A shipment's packing slip (issue 34 'Screens': "a packing slip per shipment (PDF:
 * store and seller, ship-to, lines, SKUs, quantities, order tracking number) and one PDF
 * for many"): what goes in the parcel and where it goes, for the person packing it. No
 * prices (a slip travels in the box; the invoice carries the money) and no e-mail.
 */

/** What one slip shows, read before the PDF is begun. Times UTC ISO 8601. */
export interface PackingSlip {
  shipmentId: string;
  orderTrackingNumber: string;
  orderPlacedAt: string;
  shipBy: string;
  /** The seller's business name; null for the store's own products. */
  seller: string | null;
  /** Set once the shipment is on the road. */
  carrier: string | null;
  awb: string | null;
  shipTo: {
    fullName: string;
    phone: string;
    fullAddress: string;
    city: string;
    province: string;
    note: string | null;
  };
  /** The shipment's units, line by line (units cancelled left out). */
  lines: ReadonlyArray<{ productName: string; sku: string | null; quantity: number }>;
}

/** The slip's lines table: number, product, SKU, quantity, and a box to tick when packed. */
const lineColumns: PdfColumn<{ index: number; productName: string; sku: string | null; quantity: number }>[] = [
  { header: '#', width: 0.06, cell: (line) => String(line.index) },
  { header: 'Product', width: 0.5, cell: (line) => line.productName },
  { header: 'SKU', width: 0.26, cell: (line) => line.sku ?? '—' },
  { header: 'Qty', width: 0.1, align: 'right', weight: 'bold', cell: (line) => String(line.quantity) },
  { header: 'Packed', width: 0.08, align: 'right', cell: () => '[   ]' },
];

/**
 * Draws `slip` on a new page of `pdf` (and as many continuation pages as its lines need):
 * the letterhead, the order's tracking number, the shipment's id, its ship-by time (in
 * the store's `timeZone`), carrier and AWB once shipped, "Sold by" and "Ship to", the
 * lines with SKUs and quantities and the total of units.
 */
export async function drawPackingSlip(pdf: PdfWriter, slip: PackingSlip, timeZone: string): Promise<void> {
  await pdf.page(`Packing slip · ${slip.orderTrackingNumber}`);
  const fields: [string, string][] = [
    ['Order tracking number', slip.orderTrackingNumber],
    ['Shipment', `#${slip.shipmentId}`],
    ['Ship by', formatPdfTime(slip.shipBy, timeZone)],
    ['Order placed', formatPdfTime(slip.orderPlacedAt, timeZone)],
  ];
  if (slip.carrier) fields.push(['Carrier', slip.carrier]);
  if (slip.awb) fields.push(['AWB', slip.awb]);
  pdf.fields(fields, 3);
  const { shipTo } = slip;
  pdf.blocks([
    { title: 'SOLD BY', lines: [slip.seller ?? 'Sold and shipped by the store'] },
    {
      title: 'SHIP TO',
      lines: [shipTo.fullName, shipTo.fullAddress, `${shipTo.city}, ${shipTo.province}`, `Phone: ${shipTo.phone}`],
    },
  ]);
  if (shipTo.note) pdf.text(`Customer's note: ${shipTo.note}`, { size: 8.5 });
  pdf.space(4);
  await pdf.table(
    lineColumns,
    slip.lines.map((line, index) => ({ ...line, index: index + 1 })),
  );
  const units = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  pdf.text(
    `${units} ${units === 1 ? 'unit' : 'units'} in ${slip.lines.length} ${slip.lines.length === 1 ? 'line' : 'lines'}`,
    {
      weight: 'bold',
    },
  );
}
