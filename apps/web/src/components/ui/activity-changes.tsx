import type { ActivityChange } from '@haat/contract';
import { describeChange } from '../../lib/activity';

/**
 * The changed fields of one activity entry: each field with its value before → after
 * (money as rupees; a value set where there was none as `Field: value`); a field recorded
 * unchanged is left out, and nothing renders for an entry without a change.
 */
export function ActivityChanges({ changes }: { changes: Record<string, ActivityChange> }) {
  const lines = Object.entries(changes).flatMap(([field, change]) => {
    const line = describeChange(field, change);
    return line === null ? [] : [{ field, line }];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-xs text-slate-600">
      {lines.map(({ field, line }) => (
        <li key={field} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
}
