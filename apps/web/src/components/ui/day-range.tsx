import { DateInput } from './date-input';
import { Field } from './field';

/**
 * A list filter's "From" and "To" days (`YYYY-MM-DD`, '' for none; the API reads them
 * as UTC days), as the Documents, Activity log and Earnings screens filter theirs: two
 * labelled `DateInput`s, rendered side by side in the screen's own filter grid. When
 * `bounded` (the default), each day's calendar stops at the other day, so the range
 * cannot be picked backwards.
 */
export function DayRange({
  from,
  to,
  onFromChange,
  onToChange,
  bounded = true,
}: {
  from: string;
  to: string;
  onFromChange: (day: string) => void;
  onToChange: (day: string) => void;
  bounded?: boolean;
}) {
  return (
    <>
      <Field label="From">
        {(control) => (
          <DateInput
            {...control}
            pickerLabel="Open a calendar for the first day"
            value={from}
            max={bounded ? to || undefined : undefined}
            onChange={onFromChange}
          />
        )}
      </Field>
      <Field label="To">
        {(control) => (
          <DateInput
            {...control}
            pickerLabel="Open a calendar for the last day"
            value={to}
            min={bounded ? from || undefined : undefined}
            onChange={onToChange}
          />
        )}
      </Field>
    </>
  );
}
