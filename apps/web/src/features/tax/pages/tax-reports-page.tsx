import { type Gstr8Row, type Gstr8State, taxReportMessages as m, type TdsRow } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { PeriodSelect } from '../../../components/ui/period-select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatRupees } from '../../../lib/format';
import { recentMonths, recentQuarters } from '../../../lib/periods';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { downloadGstr8, useGstr8, useTdsReport } from '../api';

type Figures = Pick<Gstr8Row, 'grossSupplies' | 'suppliesReturned' | 'netAmount' | 'igst' | 'cgst' | 'sgst'>;

/** The six figures of a GSTR-8 row or state, right-aligned rupees. */
function figureColumns<Row extends Figures>(): ColumnDef<Row>[] {
  const money = (header: string, pick: (row: Row) => number, size = 120): ColumnDef<Row> => ({
    id: header,
    header,
    size,
    meta: { className: 'text-right tabular-nums' },
    cell: ({ row: { original } }) => formatRupees(pick(original)),
  });
  return [
    money('Gross value of supplies made', (row) => row.grossSupplies, 150),
    money('Value of supplies returned', (row) => row.suppliesReturned, 150),
    money('Net amount liable for TCS', (row) => row.netAmount, 150),
    money('Integrated tax', (row) => row.igst),
    money('Central tax', (row) => row.cgst),
    money('State/UT tax', (row) => row.sgst),
  ];
}

/** GSTR-8's columns, as the return lays them out. */
const gstr8Columns: ColumnDef<Gstr8Row>[] = [
  {
    id: 'gstin',
    header: 'GSTIN of supplier',
    size: 200,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => (
      <span className="font-mono text-xs [overflow-wrap:anywhere]">{original.gstin ?? m.unregistered}</span>
    ),
  },
  {
    id: 'name',
    header: 'Legal name',
    size: 180,
    cell: ({ row: { original } }) => original.legalName ?? '',
  },
  { id: 'state', header: 'State', size: 130, cell: ({ row: { original } }) => original.state },
  { id: 'pos', header: 'Place of supply', size: 140, cell: ({ row: { original } }) => original.placeOfSupply },
  ...figureColumns<Gstr8Row>(),
];

/** The state-wise summary's columns. */
const stateColumns: ColumnDef<Gstr8State>[] = [
  { id: 'state', header: 'State', size: 160, meta: { card: 'title' }, cell: ({ row: { original } }) => original.state },
  ...figureColumns<Gstr8State>(),
];

/** The TDS report's columns. */
const tdsColumns: ColumnDef<TdsRow>[] = [
  {
    id: 'pan',
    header: 'PAN',
    size: 130,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => <span className="font-mono text-xs">{original.pan ?? m.panNotGiven}</span>,
  },
  { id: 'name', header: 'Legal name', size: 200, cell: ({ row: { original } }) => original.legalName ?? '' },
  {
    id: 'credited',
    header: 'Amount credited',
    size: 140,
    meta: { className: 'text-right tabular-nums' },
    cell: ({ row: { original } }) => formatRupees(original.amountCredited),
  },
  {
    id: 'rate',
    header: 'Rate',
    size: 80,
    meta: { className: 'text-right tabular-nums' },
    cell: ({ row: { original } }) => `${original.rate}%`,
  },
  {
    id: 'tds',
    header: 'TDS deducted',
    size: 130,
    meta: { className: 'text-right tabular-nums' },
    cell: ({ row: { original } }) => formatRupees(original.tdsDeducted),
  },
  {
    id: 'dates',
    header: 'Credited',
    size: 200,
    cell: ({ row: { original } }) =>
      original.firstCredited === original.lastCredited
        ? formatDay(original.firstCredited)
        : `${formatDay(original.firstCredited)} – ${formatDay(original.lastCredited)}`,
  },
];

function Gstr8Section() {
  const months = recentMonths(new Date());
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const report = useGstr8(month);
  const download = () =>
    downloadGstr8(month).catch((error: unknown) =>
      notify.longError(errorMessage(error, 'Could not download GSTR-8. Please try again.')),
    );
  const data = report.data;
  return (
    <section aria-labelledby="gstr8-title">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="gstr8-title" className="text-lg font-semibold text-slate-900">
          {m.gstr8Heading}
        </h2>
        <Button variant="secondary" onClick={download}>
          <Download className="h-4 w-4" aria-hidden /> {m.downloadCsv}
        </Button>
      </div>
      <PeriodSelect label={m.monthLabel} value={month} options={months} onChange={setMonth} />
      {report.isPending ? (
        <Spinner label={m.loading} />
      ) : report.isError || !data ? (
        <EmptyState title="Could not load GSTR-8" description={errorMessage(report.error, '')} />
      ) : data.rows.length === 0 ? (
        <EmptyState title={m.noRows} />
      ) : (
        <>
          <DataTable
            label="GSTR-8"
            columns={gstr8Columns}
            data={data.rows}
            getRowId={(row) => `${row.gstin ?? ''}-${row.stateCode}-${row.placeOfSupplyCode}`}
            cardLabel={(row) => `${row.gstin ?? m.unregistered}, to ${row.placeOfSupply}`}
            keyboardScroll
          />
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4" aria-label={m.totals}>
            {(
              [
                ['Net amount liable for TCS', data.totals.netAmount],
                ['Integrated tax', data.totals.igst],
                ['Central tax', data.totals.cgst],
                ['State/UT tax', data.totals.sgst],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium tabular-nums text-slate-900">{formatRupees(value)}</dd>
              </div>
            ))}
          </dl>
          <h3 className="mb-2 mt-6 font-semibold text-slate-900">{m.stateSummary}</h3>
          <DataTable
            label={m.stateSummary}
            columns={stateColumns}
            data={data.states}
            getRowId={(row) => row.stateCode}
            cardLabel={(row) => row.state}
            keyboardScroll
          />
        </>
      )}
    </section>
  );
}

function TdsSection() {
  const quarters = recentQuarters(new Date());
  const [quarter, setQuarter] = useState(quarters[0]?.value ?? '');
  const report = useTdsReport(quarter);
  const data = report.data;
  return (
    <section aria-labelledby="tds-title" className="mt-10">
      <h2 id="tds-title" className="mb-3 text-lg font-semibold text-slate-900">
        {m.tdsHeading}
      </h2>
      <PeriodSelect label={m.quarterLabel} value={quarter} options={quarters} onChange={setQuarter} />
      {report.isPending ? (
        <Spinner label={m.loading} />
      ) : report.isError || !data ? (
        <EmptyState title="Could not load the TDS report" description={errorMessage(report.error, '')} />
      ) : data.rows.length === 0 ? (
        <EmptyState title={m.noRows} />
      ) : (
        <>
          <DataTable
            label="TDS under section 194-O"
            columns={tdsColumns}
            data={data.rows}
            getRowId={(row) => `${row.pan ?? row.vendorId}-${row.rate}`}
            cardLabel={(row) => `${row.pan ?? m.panNotGiven} at ${row.rate}%`}
            keyboardScroll
          />
          <p className="mt-2 text-sm text-slate-600">
            {m.totals}: credited {formatRupees(data.totals.amountCredited)}, TDS {formatRupees(data.totals.tdsDeducted)}
          </p>
        </>
      )}
    </section>
  );
}

/**
 * Tax reports (issue 35; `/admin/tax-reports`, admins with money:read): GSTR-8 of a month
 * (per supplier, a state-wise summary, a CSV for the GST portal's offline tool) and TDS
 * under section 194-O of a financial-year quarter. Periods by native selects (keyboard);
 * the lists on the list kit, cards at 390 px.
 */
export function TaxReportsPage() {
  useDocumentTitle(m.heading);
  return (
    <div>
      <PageHeader title={m.heading} subtitle="What the store collected and deducted, for its returns" />
      <Gstr8Section />
      <TdsSection />
    </div>
  );
}
