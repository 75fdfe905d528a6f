import { indianDate, taxReportMessages as m, type StatementLine, statementFigureLabels } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { notify } from '../../../components/ui/notify';
import { PeriodSelect } from '../../../components/ui/period-select';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDay, formatRupees, formatSignedRupees } from '../../../lib/format';
import { recentMonths } from '../../../lib/periods';
import { downloadStatement, useStatement } from '../api';

/** The month's entries: when (the Indian date, as the month is Indian: decision 0157), what, the order, the signed amount. */
const lineColumns: ColumnDef<StatementLine>[] = [
  {
    id: 'date',
    header: 'Date (IST)',
    size: 170,
    cell: ({ row: { original } }) => <span className="text-slate-500">{formatDay(indianDate(original.date))}</span>,
  },
  { id: 'kind', header: 'Entry', size: 180, meta: { card: 'title' }, cell: ({ row: { original } }) => original.label },
  {
    id: 'order',
    header: 'Order',
    size: 170,
    cell: ({ row: { original } }) => (
      <span className="font-mono text-xs [overflow-wrap:anywhere]">{original.trackingNumber ?? ''}</span>
    ),
  },
  {
    id: 'amount',
    header: 'Amount',
    size: 130,
    meta: { className: 'text-right tabular-nums' },
    cell: ({ row: { original } }) => formatSignedRupees(original.amount),
  },
];

/**
 * The seller's monthly statement (issue 35, "Reports"; on their Earnings screen): a month
 * picker, the month's figures (sales, returns, commission, its GST, TCS, TDS, payouts and
 * the taxable supplies for their own GST returns), its entries on the list kit, and PDF
 * and CSV downloads through the typed client.
 */
export function MonthlyStatement() {
  const months = recentMonths(new Date());
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const statement = useStatement(month);
  const download = (format: 'pdf' | 'csv') =>
    downloadStatement(month, format).catch((error: unknown) =>
      notify.longError(errorMessage(error, 'Could not download the statement. Please try again.')),
    );
  const data = statement.data;
  return (
    <section aria-labelledby="statement-title" className="mt-8">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="statement-title" className="text-lg font-semibold text-slate-900">
          {m.statementHeading}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => download('pdf')}>
            <Download className="h-4 w-4" aria-hidden /> {m.statementPdf}
          </Button>
          <Button variant="secondary" onClick={() => download('csv')}>
            <Download className="h-4 w-4" aria-hidden /> {m.statementCsv}
          </Button>
        </div>
      </div>
      <PeriodSelect label={m.monthLabel} value={month} options={months} onChange={setMonth} />
      {statement.isPending ? (
        <Spinner label="Loading the statement..." />
      ) : statement.isError || !data ? (
        <EmptyState title="Could not load the statement" description={errorMessage(statement.error, '')} />
      ) : (
        <>
          <dl
            aria-label="Statement figures"
            className="grid grid-cols-1 gap-2 text-sm min-[390px]:grid-cols-2 md:grid-cols-4"
          >
            {statementFigureLabels.map(([key, label]) => (
              <div key={key} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium tabular-nums text-slate-900">{formatRupees(data.figures[key])}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-4">
            {data.lines.length === 0 ? (
              <EmptyState title={m.noRows} />
            ) : (
              <DataTable
                label="Statement entries"
                columns={lineColumns}
                data={data.lines}
                getRowId={(line) => `${line.date}-${line.kind}-${line.orderId ?? ''}-${line.amount}`}
                cardLabel={(line) => `${line.label} ${line.trackingNumber ?? ''}`.trim()}
                keyboardScroll
              />
            )}
          </div>
        </>
      )}
    </section>
  );
}
