import type { ProductRevision, RevisionValue } from '@haat/contract';

function Value({ value }: { value: RevisionValue }) {
  if (value === null || value === '') return <span className="italic text-slate-400">None</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="italic text-slate-400">No images</span>;
    return (
      <ul className="space-y-0.5">
        {value.map((url) => (
          <li key={url} className="break-all">
            {url}
          </li>
        ))}
      </ul>
    );
  }
  return <span className="whitespace-pre-line break-words">{value}</span>;
}

/**
 * What a vendor's revision changes (issue 12): per changed field, its label, the live
 * value (Before) and the proposed one (After). A description list, so each field reads
 * as one group; it stacks on narrow screens.
 */
export function RevisionChanges({ revision }: { revision: ProductRevision }) {
  return (
    <section aria-label="Proposed changes">
      <dl className="space-y-2 text-xs">
        {revision.changes.map((change) => (
          <div key={change.field} className="rounded-lg border border-slate-200 bg-white p-2">
            <dt className="font-semibold text-slate-800">{change.label}</dt>
            <dd className="mt-1 grid gap-1 sm:grid-cols-2">
              <div className="min-w-0 rounded bg-red-50 p-1.5 text-red-900">
                <span className="block text-[10px] font-semibold uppercase tracking-wide text-red-700">Before</span>
                <Value value={change.before} />
              </div>
              <div className="min-w-0 rounded bg-emerald-50 p-1.5 text-emerald-900">
                <span className="block text-[10px] font-semibold uppercase tracking-wide text-emerald-700">After</span>
                <Value value={change.after} />
              </div>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
