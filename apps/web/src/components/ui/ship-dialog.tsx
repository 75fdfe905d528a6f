import { awbNumber, carrierName } from '@haat/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { queries } from '../../lib/api-client';
import { Button } from './button';
import { Field, Input, Select } from './field';
import { Modal } from './modal';
import { Spinner } from './spinner';

/** A line of the shipment whose units may be dispatched in part. */
export interface ShipLine {
  itemId: string;
  name: string;
  sku?: string | null;
  quantity: number;
}

/** What Mark shipped sends: one carrier, an AWB per shipment, and (one shipment) the units dispatched. */
export interface ShipChoice {
  carrier: string;
  awbs: string[];
  /** The units to dispatch, when fewer than all (partial dispatch); undefined ships every unit. */
  items?: { itemId: string; quantity: number }[];
}

/** The carrier select's choice that opens the free-text field. */
const OTHER = '__other__';

/**
 * Mark shipped (issue 34): the carrier, from the store's list of Indian couriers or typed
 * ("Other carrier"), and the AWB of each parcel; for one shipment, the units of each line
 * to dispatch now (the rest stay behind in a new shipment, Packaging). What the user typed
 * stays in the dialog whatever the server answers: a refusal (`problem`) is shown above
 * the buttons, and a stale version offers "Reload the shipment" (decision 0018), after
 * which the user sends again knowingly.
 */
export function ShipDialog({
  shipments,
  lines,
  bulk = false,
  busy,
  problem,
  onReload,
  onConfirm,
  onCancel,
}: {
  /** The shipments to mark shipped, each with the label its AWB field names it by (the order's tracking number). */
  shipments: { id: string; label: string }[];
  /** The single shipment's lines (units per line); undefined while loading; ignored for many. */
  lines?: ShipLine[] | undefined;
  /** Many at once (the queue's bulk action): an AWB for each, every unit shipped. */
  bulk?: boolean;
  busy: boolean;
  /** The server's refusal of the last try, shown in the dialog. */
  problem: { message: string; stale: boolean } | null;
  /** Reads the shipment again after a 409 (the dialog keeps what was typed). */
  onReload?: () => void;
  onConfirm: (choice: ShipChoice) => void;
  onCancel: () => void;
}) {
  // The store's couriers change rarely: read once in ten minutes.
  const carriers = useQuery({ ...queries.shipments.carriers.queryOptions(), staleTime: 10 * 60_000 });
  const id = useId();
  const single = !bulk && shipments.length === 1;
  const [carrier, setCarrier] = useState('');
  const [other, setOther] = useState('');
  const [awbs, setAwbs] = useState<string[]>(() => shipments.map(() => ''));
  const [units, setUnits] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});

  const unitsOf = (line: ShipLine) => units[line.itemId] ?? String(line.quantity);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    const name = carrier === OTHER ? other : carrier;
    const carrierCheck = carrierName.safeParse(name);
    if (!carrierCheck.success) found.carrier = carrierCheck.error.issues[0]?.message ?? '';
    const cleanAwbs = awbs.map((awb, index) => {
      const check = awbNumber.safeParse(awb);
      if (!check.success) found[`awb-${index}`] = check.error.issues[0]?.message ?? '';
      return check.success ? check.data : awb;
    });
    let items: ShipChoice['items'];
    if (single && lines) {
      const chosen = lines.map((line) => ({ itemId: line.itemId, quantity: Number(unitsOf(line)) }));
      for (const [index, line] of chosen.entries()) {
        const max = lines[index]?.quantity ?? 0;
        if (!Number.isInteger(line.quantity) || line.quantity < 0 || line.quantity > max)
          found[`units-${line.itemId}`] = `Enter a whole number from 0 to ${max}`;
      }
      const shipped = chosen.reduce((sum, line) => sum + (line.quantity > 0 ? line.quantity : 0), 0);
      if (shipped === 0 && Object.keys(found).every((key) => !key.startsWith('units-')))
        found.units = 'Ship at least one unit';
      const partial = chosen.some((line, index) => line.quantity !== lines[index]?.quantity);
      if (partial) items = chosen.filter((line) => line.quantity > 0);
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onConfirm({ carrier: carrierCheck.data ?? name, awbs: cleanAwbs, items });
  };

  const count = shipments.length;
  return (
    <Modal
      title={single ? 'Mark shipped' : `Mark ${count} ${count === 1 ? 'shipment' : 'shipments'} shipped`}
      onClose={onCancel}
      busy={busy}
      width="max-w-lg"
    >
      <form onSubmit={submit} noValidate className="space-y-4" aria-label="Mark shipped">
        <Field label="Carrier" required error={errors.carrier}>
          {(control) => (
            <Select
              {...control}
              autoFocus
              value={carrier}
              onChange={(event) => {
                setCarrier(event.target.value);
                setErrors(({ carrier: _, ...rest }) => rest);
              }}
            >
              <option value="">Select a carrier</option>
              {(carriers.data?.carriers ?? []).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
              <option value={OTHER}>Other (type its name)</option>
            </Select>
          )}
        </Field>
        {carrier === OTHER && (
          <Field label="Other carrier" required error={errors.carrier}>
            {(control) => (
              <Input {...control} maxLength={60} value={other} onChange={(event) => setOther(event.target.value)} />
            )}
          </Field>
        )}
        {shipments.map((shipment, index) => (
          <Field
            key={shipment.id}
            label={single ? 'AWB' : `AWB for ${shipment.label}`}
            required
            hint={index === 0 ? 'The courier’s tracking number: letters, digits and -, 4 to 40 characters.' : undefined}
            error={errors[`awb-${index}`]}
          >
            {(control) => (
              <Input
                {...control}
                maxLength={40}
                autoComplete="off"
                value={awbs[index] ?? ''}
                onChange={(event) =>
                  setAwbs((current) => current.map((value, at) => (at === index ? event.target.value : value)))
                }
              />
            )}
          </Field>
        ))}
        {single && (
          <fieldset className="rounded-lg border border-slate-200 p-3" aria-describedby={`${id}-units-hint`}>
            <legend className="px-1 text-sm font-medium text-slate-700">Units to ship now</legend>
            <p id={`${id}-units-hint`} className="mb-2 text-xs text-slate-500">
              Ship fewer to send what is in stock today; the rest stay behind in a new shipment, Packaging.
            </p>
            {lines === undefined ? (
              <Spinner label="Loading the shipment's lines..." />
            ) : (
              <ul className="space-y-2">
                {lines.map((line) => (
                  <li key={line.itemId}>
                    <Field
                      label={`${line.name}${line.sku ? ` (SKU ${line.sku})` : ''}: units of ${line.quantity}`}
                      error={errors[`units-${line.itemId}`]}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          max={line.quantity}
                          className="w-28"
                          value={unitsOf(line)}
                          onChange={(event) =>
                            setUnits((current) => ({ ...current, [line.itemId]: event.target.value }))
                          }
                        />
                      )}
                    </Field>
                  </li>
                ))}
              </ul>
            )}
            {errors.units && <p className="mt-2 text-xs text-red-600">{errors.units}</p>}
          </fieldset>
        )}
        {problem && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{problem.message}</p>
            {problem.stale && onReload && (
              <p className="mt-1">
                What you entered is kept.{' '}
                <Button size="sm" variant="secondary" className="mt-2" onClick={onReload} disabled={busy}>
                  Reload the shipment
                </Button>
              </p>
            )}
          </div>
        )}
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || (problem?.stale ?? false)}>
            {busy ? 'Shipping...' : 'Mark shipped'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
