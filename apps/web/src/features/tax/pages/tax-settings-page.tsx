import {
  INDIAN_STATES,
  indianDate,
  taxMessages as m,
  type TaxRateKind,
  type TaxSettings,
  taxRateKindLabels,
  taxRateKinds,
  taxSettingsBody,
} from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSaveTaxSettings, useTaxSettings } from '../api';

/** A dated rate as the screen holds it until saved. */
interface RateRow {
  kind: TaxRateKind;
  percentage: number;
  from: string;
  /** Stored with a date of today or earlier: it stays as it is (decision 0138). */
  locked: boolean;
  inForce: boolean;
}

const rateId = (rate: Pick<RateRow, 'kind' | 'from'>) => `${rate.kind}:${rate.from}`;

/** India's date today, `YYYY-MM-DD`: the server judges rates' dates by it (decision 0157). */
const localToday = () => indianDate(new Date());

function statusOf(rate: RateRow): string {
  if (rate.inForce) return m.inForce;
  return rate.locked ? 'Past' : 'Scheduled';
}

/** The rates' columns: kind, rate, from, status and Remove for a rate not yet in force. */
function columnsFor(onRemove: (rate: RateRow) => void): ColumnDef<RateRow>[] {
  return [
    {
      id: 'kind',
      header: m.kindLabel,
      size: 260,
      meta: { card: 'title' },
      cell: ({ row: { original } }) => (
        <span className="font-medium text-slate-900">{taxRateKindLabels[original.kind]}</span>
      ),
    },
    {
      id: 'percentage',
      header: m.percentageLabel,
      size: 110,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row: { original } }) => `${original.percentage}%`,
    },
    { id: 'from', header: m.fromLabel, size: 130, cell: ({ row: { original } }) => original.from },
    {
      id: 'status',
      header: 'Status',
      size: 120,
      cell: ({ row: { original } }) => <span className="text-slate-600">{statusOf(original)}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      size: 80,
      meta: { card: 'actions', label: 'Actions' },
      cell: ({ row: { original } }) =>
        original.locked ? null : (
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="sm"
              aria-label={`${m.removeRate}: ${taxRateKindLabels[original.kind]} from ${original.from}`}
              onClick={() => onRemove(original)}
            >
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
            </Button>
          </div>
        ),
    },
  ];
}

/** The add-rate form: kind, percentage and the date it applies from (after today). */
function AddRateForm({ onAdd, onCancel }: { onAdd: (rate: RateRow) => void; onCancel: () => void }) {
  const [kind, setKind] = useState<TaxRateKind>('tcs');
  const [percentage, setPercentage] = useState('');
  const [from, setFrom] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const value = Number(percentage);
    if (percentage.trim() === '' || !Number.isFinite(value) || value < 0 || value > 100) {
      setError(m.percentageInvalid);
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || from <= localToday()) {
      setError(m.newRateInPast(kind, from || '—'));
      return;
    }
    onAdd({ kind, percentage: value, from, locked: false, inForce: false });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={m.addRate} className="space-y-4">
      <Field label={m.kindLabel} required>
        {(c) => (
          <Select {...c} value={kind} onChange={(event) => setKind(event.target.value as TaxRateKind)}>
            {taxRateKinds.map((option) => (
              <option key={option} value={option}>
                {taxRateKindLabels[option]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={m.percentageLabel} required error={error ?? undefined}>
        {(c) => (
          <Input
            {...c}
            inputMode="decimal"
            value={percentage}
            onChange={(event) => setPercentage(event.target.value)}
          />
        )}
      </Field>
      <Field label={m.fromLabel} required hint="A new rate applies from a later date than today">
        {(c) => <Input {...c} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{m.addRate}</Button>
      </div>
    </form>
  );
}

function TaxSettingsForm({ loaded }: { loaded: TaxSettings }) {
  const save = useSaveTaxSettings();
  const version = useRef(loaded.updatedAt);
  const [legalName, setLegalName] = useState(loaded.legalName);
  const [gstin, setGstin] = useState(loaded.gstin ?? '');
  const [state, setState] = useState(loaded.stateCode);
  const [slabs, setSlabs] = useState(loaded.gstSlabs.join(', '));
  const [defaultRate, setDefaultRate] = useState(String(loaded.defaultGstRate));
  const [rates, setRates] = useState<RateRow[]>(() =>
    loaded.rates.map((rate) => ({ ...rate, locked: rate.from <= localToday() || rate.inForce })),
  );
  const [adding, setAdding] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const columns = useMemo(
    () => columnsFor((rate) => setRates((list) => list.filter((row) => rateId(row) !== rateId(rate)))),
    [],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const slabList = slabs
      .split(/[,\s]+/)
      .filter(Boolean)
      .map((value) => Number(value.replace('%', '')));
    const body = {
      legalName,
      gstin: gstin.trim() === '' ? null : gstin,
      state,
      defaultGstRate: Number(defaultRate),
      gstSlabs: slabList,
      rates: rates.map(({ kind, percentage, from }) => ({ kind, percentage, from })),
      updatedAt: version.current,
    };
    const parsed = taxSettingsBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      notify.longError(Object.values(found).join(', '));
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: (answer) => {
        version.current = answer.settings.updatedAt;
        setRates(answer.settings.rates.map((rate) => ({ ...rate, locked: rate.from <= localToday() || rate.inForce })));
        notify.success(m.saved);
      },
      onError: (error) =>
        notify.longError(
          error instanceof ApiError && error.status === 409 ? m.stale : errorMessage(error, 'Failed to save settings'),
        ),
    });
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={m.heading} className="space-y-6">
        <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold text-slate-900">{m.identityHeading}</legend>
          <Field label={m.legalNameLabel} required error={errors.legalName}>
            {(c) => <Input {...c} value={legalName} onChange={(event) => setLegalName(event.target.value)} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={m.gstinLabel} error={errors.gstin} hint="15 characters, e.g. 29AAGCB7383J1Z4">
              {(c) => (
                <Input
                  {...c}
                  autoCapitalize="characters"
                  value={gstin}
                  onChange={(event) => setGstin(event.target.value)}
                />
              )}
            </Field>
            <Field label={m.stateLabel} required error={errors.state}>
              {(c) => (
                <Select {...c} value={state} onChange={(event) => setState(event.target.value)}>
                  {INDIAN_STATES.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name} ({option.code})
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </fieldset>

        <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
          <legend className="px-1 text-lg font-semibold text-slate-900">{m.slabsHeading}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={m.slabsLabel} required error={errors.gstSlabs} hint={m.slabsHint}>
              {(c) => <Input {...c} value={slabs} onChange={(event) => setSlabs(event.target.value)} />}
            </Field>
            <Field label={m.defaultGstRateLabel} required error={errors.defaultGstRate}>
              {(c) => (
                <Input
                  {...c}
                  inputMode="decimal"
                  value={defaultRate}
                  onChange={(event) => setDefaultRate(event.target.value)}
                />
              )}
            </Field>
          </div>
        </fieldset>

        <section aria-labelledby="tax-rates-heading" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="tax-rates-heading" className="text-lg font-semibold text-slate-900">
              {m.ratesHeading}
            </h2>
            <Button variant="secondary" onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden /> {m.addRate}
            </Button>
          </div>
          <p className="text-sm text-slate-600">
            A rate applies from its date until the next of its kind, so a past sale keeps the rate of its day. A rate in
            force or past stays as it is; add a new one from a later date.
          </p>
          {errors.rates && (
            <p role="alert" className="text-sm text-red-600">
              {errors.rates}
            </p>
          )}
          <DataTable
            label={m.ratesHeading}
            columns={columns}
            data={rates}
            getRowId={rateId}
            estimateRowHeight={52}
            cardLabel={(rate) => `${taxRateKindLabels[rate.kind]} from ${rate.from}`}
          />
        </section>

        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : m.save}
          </Button>
        </div>
      </form>
      {adding && (
        <Modal title={m.addRate} onClose={() => setAdding(false)}>
          <AddRateForm
            onCancel={() => setAdding(false)}
            onAdd={(rate) => {
              setRates((list) => [...list.filter((row) => rateId(row) !== rateId(rate)), rate]);
              setAdding(false);
            }}
          />
        </Modal>
      )}
    </>
  );
}

/**
 * Tax settings (issue 35; `/admin/tax-settings`, admins): the store's legal name, GSTIN
 * and state, the GST slabs products may take with the default rate, and the dated rates
 * (TCS, TDS under 194-O, TDS without PAN, GST on commission) on the list kit (cards
 * under 768 px). One save, version-checked (a save from elsewhere since answers 409).
 */
export function TaxSettingsPage() {
  useDocumentTitle(m.heading);
  const query = useTaxSettings();
  return (
    <div>
      <PageHeader
        title={m.heading}
        subtitle="The store's GST identity, the GST slabs and the dated TCS and TDS rates"
      />
      {query.isPending ? (
        <Spinner label={m.loading} />
      ) : query.isError ? (
        <EmptyState title="Could not load the tax settings" description={errorMessage(query.error, '')} />
      ) : (
        <TaxSettingsForm key={query.data.settings.updatedAt} loaded={query.data.settings} />
      )}
    </div>
  );
}
