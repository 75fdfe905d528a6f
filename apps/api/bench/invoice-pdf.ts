import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import type { DocumentLine, TaxDocumentBody } from '../src/features/documents/document-body.js';
import { documentPdfSpec, drawTaxDocument } from '../src/features/documents/document-pdf.js';
import { renderPdf } from '../src/platform/pdf/pdf-writer.js';
import { measure, printTable } from './measure.js';

/**
 * Issue 35 ('Scale': an invoice PDF under 50 ms): a five-line tax invoice drawn from its
 * frozen body (`renderPdf` + `drawTaxDocument`, as the documents' routes do after reading
 * the body's one row), `samples` times in one process after 20 unmeasured renders. Prints
 * p50/p95/max, the CPU time a document (garbage collection included), the load average,
 * and the PDF's size and SHA-256: the same body gives the same bytes, so a change that
 * should not alter what the PDF says keeps the hash.
 * `npx tsx --conditions=source apps/api/bench/invoice-pdf.ts [samples]` (default 200).
 */

const samples = Number(process.argv[2] ?? 200);

const line = (n: number): DocumentLine => ({
  description: `Handwoven cotton kurta, indigo, size ${n} — अनन्या`,
  hsnCode: '6205',
  quantity: n,
  rateBp: 500,
  taxablePaise: 123_456 * n,
  cgstPaise: 3086 * n,
  sgstPaise: 3087 * n,
  igstPaise: 0,
  totalPaise: 129_629 * n,
});
const lines = [1, 2, 3, 4, 5].map(line);
const sum = (pick: (line: DocumentLine) => number) => lines.reduce((total, item) => total + pick(item), 0);
const body: TaxDocumentBody = {
  kind: 'invoice',
  title: 'Tax invoice',
  number: 'INV/2627/0000042',
  financialYear: '2026-27',
  issuedAt: '2026-11-27T10:00:00.000Z',
  supplier: {
    name: 'Ānanda Textiles Pvt Ltd',
    address: '12 MG Road, Bengaluru, Karnataka 560001',
    gstin: '29ABCDE1234F1Z5',
    stateCode: '29',
    stateName: 'Karnataka',
  },
  recipient: {
    name: 'Priya Sharma',
    address: '4 Park Street, Bengaluru 560016',
    gstin: null,
    stateCode: '29',
    stateName: 'Karnataka',
  },
  placeOfSupply: { code: '29', name: 'Karnataka' },
  reverseCharge: false,
  order: { trackingNumber: 'HT-2026-000042', shipmentId: 7 },
  refersTo: null,
  reason: null,
  period: null,
  lines,
  totals: {
    taxablePaise: sum((item) => item.taxablePaise),
    cgstPaise: sum((item) => item.cgstPaise),
    sgstPaise: sum((item) => item.sgstPaise),
    igstPaise: 0,
    totalPaise: sum((item) => item.totalPaise),
  },
};

const render = () => renderPdf(documentPdfSpec(body), (pdf) => drawTaxDocument(pdf, body));
const first = await render();
const cpu = process.cpuUsage();
const result = await measure('a five-line tax invoice, renderPdf + drawTaxDocument', render, { samples, warmup: 20 });
const used = process.cpuUsage(cpu);
const last = await render();
printTable([result]);
console.log(
  `CPU a document ${((used.user + used.system) / 1000 / (samples + 20)).toFixed(2)} ms; ` +
    `${first.length} bytes, SHA-256 ${createHash('sha256').update(first).digest('hex').slice(0, 16)}, ` +
    `the last render ${last.equals(first) ? 'identical' : 'DIFFERENT'}; load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
);
