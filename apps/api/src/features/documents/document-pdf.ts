import { formatRupees, type PdfSpec, type PdfWriter } from '../../platform/pdf/pdf-writer.js';
import type { DocumentLine, DocumentParty, TaxDocumentBody } from './document-body.js';

/**
 * A GST document's PDF (issue 35; decision 0144), drawn from its frozen body alone with
 * the shared writer (decision 0142): the supplier as letterhead, then what rule 46 CGST
 * Rules asks of a tax invoice (and rule 53 of a credit note): number and date, supplier
 * and recipient with GSTIN and state, place of supply, reverse charge, and per line the
 * description, HSN, quantity, taxable value, rate, CGST/SGST or IGST, with the totals.
 * The spec fixes the PDF's creation date to the issue time, so the same body always
 * gives the same bytes: the admin and the seller download identical files.
 */

const percent = (rateBp: number) => `${(rateBp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

/** The document's date as printed: its Indian date, `27 Nov 2026`. */
function printedDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(iso));
}

const partyLines = (party: DocumentParty) => [
  party.name,
  party.address,
  `GSTIN: ${party.gstin ?? 'Unregistered'}`,
  `State: ${party.stateName} (${party.stateCode})`,
];

/** The PDF spec of a document: title, supplier letterhead, file name, creation date. */
export function documentPdfSpec(body: TaxDocumentBody): PdfSpec {
  return {
    title: body.title,
    subject: `${body.title} ${body.number}`,
    letterhead: {
      name: body.supplier.name,
      lines: [body.supplier.address, body.supplier.gstin ? `GSTIN ${body.supplier.gstin}` : ''],
    },
    fileName: `${body.number.replace(/\//g, '-')}.pdf`,
    createdAt: new Date(body.issuedAt),
  };
}

/** Draws the document on `pdf`. */
export async function drawTaxDocument(pdf: PdfWriter, body: TaxDocumentBody): Promise<void> {
  // The store's commission to a vendor: an invoice, or a credit note of a month (decision 0153).
  const commission = body.kind === 'commission_invoice' || (body.kind === 'credit_note' && body.period !== null);
  await pdf.page(body.title);
  pdf.fields([
    [body.kind === 'credit_note' ? 'Credit note number' : 'Invoice number', body.number],
    ['Date of issue', printedDate(body.issuedAt)],
    ['Place of supply', `${body.placeOfSupply.name} (${body.placeOfSupply.code})`],
    ...(body.order ? ([['Order', body.order.trackingNumber]] as const) : []),
    ...(body.refersTo
      ? ([['Against invoice', `${body.refersTo.number} of ${printedDate(body.refersTo.issuedAt)}`]] as const)
      : []),
    ...(body.period ? ([['Month', body.period]] as const) : []),
    ['Tax payable on reverse charge', body.reverseCharge ? 'Yes' : 'No'],
  ]);
  if (body.reason) pdf.text(`Reason: ${body.reason}`);
  pdf.space(4);
  pdf.blocks([
    { title: 'Supplier', lines: partyLines(body.supplier) },
    { title: commission ? 'Recipient' : 'Buyer', lines: partyLines(body.recipient) },
  ]);
  const interState = body.totals.igstPaise > 0 || body.supplier.stateCode !== body.placeOfSupply.code;
  const taxColumns = interState
    ? [
        {
          header: 'IGST',
          width: 0.12,
          align: 'right' as const,
          cell: (line: DocumentLine) => formatRupees(line.igstPaise),
        },
      ]
    : [
        {
          header: 'CGST',
          width: 0.1,
          align: 'right' as const,
          cell: (line: DocumentLine) => formatRupees(line.cgstPaise),
        },
        {
          header: 'SGST',
          width: 0.1,
          align: 'right' as const,
          cell: (line: DocumentLine) => formatRupees(line.sgstPaise),
        },
      ];
  const describe = interState ? 0.3 : 0.22;
  await pdf.table<DocumentLine>(
    [
      { header: 'Description', width: describe, cell: (line) => line.description },
      { header: commission ? 'SAC' : 'HSN', width: 0.1, cell: (line) => line.hsnCode ?? '' },
      { header: 'Qty', width: 0.06, align: 'right', cell: (line) => String(line.quantity) },
      { header: 'Taxable value', width: 0.16, align: 'right', cell: (line) => formatRupees(line.taxablePaise) },
      { header: 'Rate', width: 0.08, align: 'right', cell: (line) => percent(line.rateBp) },
      ...taxColumns,
      {
        header: 'Total',
        width: interState ? 0.18 : 0.18,
        align: 'right',
        weight: 'bold',
        cell: (line) => formatRupees(line.totalPaise),
      },
    ],
    body.lines,
  );
  pdf.space(6);
  const totals = body.totals;
  pdf.fields(
    [
      ['Taxable value', formatRupees(totals.taxablePaise)],
      ...(interState
        ? ([['IGST', formatRupees(totals.igstPaise)]] as const)
        : ([
            ['CGST', formatRupees(totals.cgstPaise)],
            ['SGST', formatRupees(totals.sgstPaise)],
          ] as const)),
      [body.kind === 'credit_note' ? 'Total credited' : 'Total', formatRupees(totals.totalPaise)],
    ],
    4,
  );
  pdf.space(8);
  pdf.text(`Issued by ${body.supplier.name}. This is a computer-generated document and needs no signature.`, {
    size: 7.5,
    color: '#6b7280',
  });
}
