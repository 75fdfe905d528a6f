/**
 * A courier's manifest imported as shipments marked shipped (issue 34; decision 0143):
 * the server's messages, file-wide (400) and per row (the report). The call and its
 * shapes are in `shipments.ts` (`shipmentEndpoints.importManifest`).
 */
export const manifestMessages = {
  // The whole file (400).
  notUtf8: 'The file is not UTF-8 text: save it as “CSV UTF-8” and try again',
  rowTooLong: 'A row of the file is longer than 4 KB: is this a courier manifest?',
  columnMissing:
    'The file needs a column with the order tracking number (or the shipment id), one with the carrier and one with the AWB',
  done: (shipped: number, refused: number) =>
    `${shipped} ${shipped === 1 ? 'shipment' : 'shipments'} marked shipped, ${refused} ${refused === 1 ? 'row' : 'rows'} refused`,
  started: 'The manifest is large: it is being imported. You can keep working; the bell will tell you when it is done.',
  // One row (its line in the report).
  referenceRequired: 'Enter the order tracking number or the shipment id',
  shipmentIdInvalid: 'The shipment id must be a number',
  notFound: 'No shipment of yours has this tracking number or id',
  otherOrder: 'This shipment is not part of the order with this tracking number',
  severalOpen: (count: number) =>
    `This order has ${count} of your shipments not yet shipped: name the shipment id in the file`,
  alreadyShipped: (awb: string | null) => (awb ? `Already shipped (AWB ${awb})` : 'Already shipped'),
  delivered: 'Already delivered',
  cancelled: 'This shipment is cancelled',
  shipmentRepeated: (line: number) => `This shipment is on line ${line} already`,
  awbRepeated: (line: number) => `This AWB is on line ${line} already: each parcel has its own`,
  tooLong: 'This cell is too long',
} as const;
