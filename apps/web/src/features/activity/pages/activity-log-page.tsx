import {
  type ActivityEntry,
  activityActionLabels,
  activityKindLabels,
  activityKinds,
  activityMessages,
} from '@haat/contract';
import { Link } from 'react-router';
import { ActivityChanges } from '../../../components/ui/activity-changes';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { EmptyState } from '../../../components/ui/empty-state';
import { ExportButton } from '../../../components/ui/export-button';
import { Field, Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
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
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
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

function ActivityTable({ entries, timeZone }: { entries: ActivityEntry[]; timeZone: string | undefined }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{activityMessages.title}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-500">
          <tr>
            <th className="px-4 py-3">When</th>
            <th className="px-4 py-3">Who</th>
            <th className="px-4 py-3">Action</th>
            <th className="px-4 py-3">Record</th>
            <th className="px-4 py-3">Changes</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <tr key={entry._id} className="align-top">
              <td className="px-4 py-3 whitespace-nowrap text-slate-500">
                <time dateTime={entry.createdAt}>{formatInZone(entry.createdAt, timeZone)}</time>
              </td>
              <td className="px-4 py-3">
                <Who entry={entry} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{activityActionLabels[entry.action]}</td>
              <td className="px-4 py-3">
                <RecordLink entry={entry} />
              </td>
              <td className="max-w-md px-4 py-3">
                <ActivityChanges changes={entry.changes} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ActivityCards({ entries, timeZone }: { entries: ActivityEntry[]; timeZone: string | undefined }) {
  return (
    <ul aria-label={activityMessages.title} className="space-y-3">
      {entries.map((entry) => (
        <li key={entry._id} className="rounded-xl border border-slate-200 bg-white p-4">
          <p className="text-sm">
            <span className="font-medium">{activityActionLabels[entry.action]}</span> · <RecordLink entry={entry} />
          </p>
          <p className="mt-1 text-sm">
            <Who entry={entry} />
          </p>
          <p className="text-xs text-slate-500">
            <time dateTime={entry.createdAt}>{formatInZone(entry.createdAt, timeZone)}</time>
          </p>
          <div className="mt-2">
            <ActivityChanges changes={entry.changes} />
          </div>
        </li>
      ))}
    </ul>
  );
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
      <Field label="From">
        {(control) => (
          <DateInput
            {...control}
            pickerLabel="Open a calendar for the first day"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(day) => setFilter('from', day)}
          />
        )}
      </Field>
      <Field label="To">
        {(control) => (
          <DateInput
            {...control}
            pickerLabel="Open a calendar for the last day"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(day) => setFilter('to', day)}
          />
        )}
      </Field>
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
 * UTC date range live in the address; the next page loads as the user scrolls; cards
 * under 768 px.
 */
export function ActivityLogPage() {
  const { filters, setFilter, clearAll } = useActivityFilters();
  const reversed = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  const { query, items, total, hasMore, loadingMore, loadMore, timeZone } = useActivityLog(filters, !reversed);
  const narrow = useMediaQuery(NARROW_SCREEN);
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
        <>
          {narrow ? (
            <ActivityCards entries={items} timeZone={timeZone} />
          ) : (
            <ActivityTable entries={items} timeZone={timeZone} />
          )}
          <LoadMore hasMore={hasMore} loading={loadingMore} onLoadMore={loadMore} />
        </>
      )}
    </div>
  );
}
