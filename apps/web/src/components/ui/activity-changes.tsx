import type { ActivityChange } from '@haat/contract';
import { fieldLabel, formatChangeValue } from '../../lib/activity';

/**
 * The changed fields of one activity entry: each field with its value before → after
 * (money in rupees, as recorded). Nothing renders for an entry without fields.
 */
export function ActivityChanges({ changes }: { changes: Record<string, ActivityChange> }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-xs text-slate-600">
      {fields.map(([field, change]) => (
        <li key={field} className="break-words">
          <span className="font-medium text-slate-700">{fieldLabel(field)}</span>: {formatChangeValue(change.before)} →{' '}
          {formatChangeValue(change.after)}
        </li>
      ))}
    </ul>
  );
}
