import { Field, Select } from './field';

/**
 * A labelled select of periods (months `YYYY-MM` or quarters `YYYY-Qn`, from
 * `lib/periods`), as the Tax reports screen and the seller's monthly statement pick
 * theirs (issue 35): a native select, so the keyboard and a phone's picker work as usual.
 */
export function PeriodSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="mb-4 max-w-xs">
      <Field label={label}>
        {(c) => (
          <Select {...c} value={value} onChange={(event) => onChange(event.target.value)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
