import {
  type ActivityEntry,
  activityActionLabels,
  activityKindLabels,
  activityKinds,
  activityMessages,
} from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ActivityChanges } from '../../../components/ui/activity-changes';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { DayRange } from '../../../components/ui/day-range';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { Field, Select } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import {
  type ActivityFilters,
  activityExport,
  formatInZone,
  recordPath,
  useActivityLog,
  useActivityPeople,
} from '../../../lib/activity';
import { formatNumber } from '../../../lib/format';
import { useActivityFilters } from '../hooks/use-activity-filters';

function RecordLink({ entry }: { entry: ActivityEntry }) {
  const to = recordPath(entry.kind, entry.recordId, entry.action);
  const text = `${activityKindLabels[entry.kind]}: ${entry.label}`;
  return to ? (
    <Link to={to} className="font-medium text-pink-700 underline-offset-2 hover:underline">
      {text}
    </Link>
  ) : (
    <span className="font-medium text-slate-800">{text}</span>
  );
}

function Who({ entry }: { entry: ActivityEntry }) {
  return (
    <span>
      <span className="font-medium text-slate-900">{entry.actor.name}</span>{' '}
      <span className="text-xs text-slate-500">({entry.actor.role === 'admin' ? 'Admin' : 'Vendor'})</span>
    </span>
  );
}

/** The log's columns: when (the store's time), who, the action, the record (linked) and the changes. */
function columnsFor(timeZone: string | undefined): ColumnDef<ActivityEntry>[] {
  return [
    {
      id: 'when',
      header: 'When',
      size: 160,
      cell: ({ row: { original } }) => (
        <time dateTime={original.createdAt} className="text-slate-500">
          {formatInZone(original.createdAt, timeZone)}
        </time>
      ),
    },
    { id: 'who', header: 'Who', size: 170, cell: ({ row: { original } }) => <Who entry={original} /> },
    {
      id: 'action',
      header: 'Action',
      size: 120,
      cell: ({ row: { original } }) => activityActionLabels[original.action],
    },
    {
      id: 'record',
      header: 'Record',
      size: 210,
      meta: { card: 'title' },
      cell: ({ row: { original } }) => <RecordLink entry={original} />,
    },
    {
      id: 'changes',
      header: 'Changes',
      size: 300,
      cell: ({ row: { original } }) => <ActivityChanges changes={original.changes} />,
    },
  ];
}

function FilterBar({
  filters,
  setFilter,
  clearAll,
}: {
  filters: ActivityFilters;
  setFilter: <K extends keyof ActivityFilters>(key: K, value: ActivityFilters[K]) => void;
  clearAll: () => void;
}) {
  const people = useActivityPeople();
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="mb-5 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
      <Field label="Person">
        {(control) => (
          <Select {...control} value={filters.person} onChange={(event) => setFilter('person', event.target.value)}>
            <option value="">Everyone</option>
            {(people.data ?? []).map((person) => (
              <option key={person._id} value={person._id}>
                {person.name} ({person.role === 'admin' ? 'Admin' : 'Vendor'})
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Record">
        {(control) => (
          <Select
            {...control}
            value={filters.kind}
            onChange={(event) => setFilter('kind', event.target.value as ActivityFilters['kind'])}
          >
            <option value="">All records</option>
            {activityKinds.map((kind) => (
              <option key={kind} value={kind}>
                {activityKindLabels[kind]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <DayRange
        from={filters.from}
        to={filters.to}
        onFromChange={(day) => setFilter('from', day)}
        onToChange={(day) => setFilter('to', day)}
      />
      <div>
        <Button variant="secondary" disabled={!filtered} onClick={clearAll}>
          Clear filters
        </Button>
      </div>
    </div>
  );
}

/**
 * Activity log (issue 10; /admin/activity, admins): every change made through the API,
 * newest first: who, when (the store's time), the action, the record (linked to its
 * screen) and the changed fields before → after. Filters by person, kind of record and
 * UTC date range live in the address; the next page loads as the user scrolls; on the
 * list kit, cards under 768 px.
 */
export function ActivityLogPage() {
  const { filters, setFilter, clearAll } = useActivityFilters();
  const reversed = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const { query, items, total, hasMore, loadingMore, loadMore, timeZone } = useActivityLog(filters, !reversed);
  const columns = useMemo(() => columnsFor(timeZone), [timeZone]);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <div>
      <PageHeader
        title={activityMessages.title}
        subtitle={
          query.isPending ? 'Loading activity...' : `${formatNumber(total)} ${total === 1 ? 'change' : 'changes'}`
        }
        actions={<ExportButton request={activityExport(filters)} fallbackName="activity-log.csv" disabled={reversed} />}
      />
      <FilterBar filters={filters} setFilter={setFilter} clearAll={clearAll} />
      {reversed ? (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {activityMessages.dateRange}
        </p>
      ) : query.isPending ? (
        <Spinner label="Loading activity..." />
      ) : query.isError && items.length === 0 ? (
        <EmptyState title={activityMessages.loadFailed} />
      ) : items.length === 0 ? (
        <EmptyState
          title={activityMessages.emptyTitle}
          description={filtered ? activityMessages.emptyFiltered : activityMessages.emptyNone}
        />
      ) : (
        <DataTable
          label={activityMessages.title}
          columns={columns}
          data={items}
          getRowId={(entry) => entry._id}
          totalRows={total}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onEndReached={loadMore}
          loadingMoreLabel="Loading more activity..."
          estimateRowHeight={72}
          cardLabel={(entry) => `${activityKindLabels[entry.kind]}: ${entry.label}`}
        />
      )}
    </div>
  );
}
