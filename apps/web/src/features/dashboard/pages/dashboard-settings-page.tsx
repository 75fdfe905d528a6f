import {
  adminDashboardWidgets,
  adminWidgetLabels,
  type DashboardPeriod,
  type DashboardSettingsResponse,
  type DashboardWidget,
  dashboardPeriodLabels,
  dashboardPeriods,
  dashboardSettings,
  dashboardSettingsMessages as m,
  vendorDashboardWidgets,
  vendorWidgetLabels,
} from '@haat/contract';
import { useRef } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, Select } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDashboardSettings, useSaveDashboardSettings } from '../../../lib/dashboard-settings';
import { useSession } from '../../../lib/session';

interface SettingsFormValues {
  /** The widgets ticked 'shown'. */
  shown: DashboardWidget[];
  months: string;
}

/** The body's settings from the form: every widget not ticked is hidden. */
function toSettings(values: SettingsFormValues, widgets: readonly DashboardWidget[]) {
  return {
    hidden: widgets.filter((widget) => !values.shown.includes(widget)),
    months: Number(values.months) as DashboardPeriod,
  };
}

function SettingsForm({ loaded, isVendor }: { loaded: DashboardSettingsResponse; isVendor: boolean }) {
  const save = useSaveDashboardSettings();
  const version = useRef(loaded.updatedAt);
  const widgets: readonly DashboardWidget[] = isVendor ? vendorDashboardWidgets : adminDashboardWidgets;
  const labels: Partial<Record<DashboardWidget, string>> = isVendor ? vendorWidgetLabels : adminWidgetLabels;
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
    reset,
  } = useForm<SettingsFormValues>({
    defaultValues: {
      shown: widgets.filter((widget) => !loaded.settings.hidden.includes(widget)),
      months: String(loaded.settings.months),
    },
    resolver: (values) => {
      const parsed = dashboardSettings.safeParse(toSettings(values, widgets));
      if (parsed.success) return { values, errors: {} };
      const errors: FieldErrors<SettingsFormValues> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'months' ? 'months' : 'shown';
        errors[key] ??= { type: 'validation', message: issue.message };
      }
      return { values: {}, errors };
    },
  });

  const onValid = (values: SettingsFormValues) => {
    // Widgets of the other role's dashboard stay as they were.
    const others = loaded.settings.hidden.filter((widget) => !widgets.includes(widget));
    const settings = toSettings(values, widgets);
    save.mutate(
      { hidden: [...others, ...settings.hidden], months: settings.months, updatedAt: version.current },
      {
        onSuccess: (answer) => {
          version.current = answer.updatedAt;
          reset(values);
          notify.success(m.saved);
        },
        onError: (error) =>
          notify.error(
            error instanceof ApiError && error.status === 409
              ? m.stale
              : errorMessage(error, 'Failed to save settings'),
          ),
      },
    );
  };

  return (
    <form
      onSubmit={handleSubmit(onValid)}
      noValidate
      aria-label={m.heading}
      className="max-w-2xl space-y-6 rounded-xl border border-slate-200 bg-white p-6"
    >
      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">{m.cardsHeading}</legend>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {widgets.map((widget) => (
            <label
              key={widget}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700 hover:bg-slate-50"
            >
              <input type="checkbox" value={widget} {...register('shown')} className="h-4 w-4 accent-pink-600" />
              {labels[widget]}
            </label>
          ))}
        </div>
        {errors.shown?.message && <p className="mt-2 text-sm text-red-600">{errors.shown.message}</p>}
      </fieldset>

      {!isVendor && (
        <fieldset>
          <legend className="text-lg font-semibold text-slate-900">{m.periodHeading}</legend>
          <Field label={m.periodLabel} error={errors.months?.message} className="mt-4 max-w-xs">
            {(c) => (
              <Select {...c} {...register('months')}>
                {dashboardPeriods.map((period) => (
                  <option key={period} value={String(period)}>
                    {dashboardPeriodLabels[period]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </fieldset>
      )}

      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !isDirty}>
          {save.isPending ? 'Saving...' : m.save}
        </Button>
      </div>
    </form>
  );
}

/**
 * Dashboard Settings (issue 10, `/admin/dashboard-settings`, from the user menu): the
 * signed-in user ticks the cards and charts their dashboard shows and, for an admin, the
 * months the monthly chart covers. Kept on the server for that user, saved with the
 * version the form loaded (a save from another tab since answers 409 and says so).
 */
export function DashboardSettingsPage() {
  const session = useSession();
  const settings = useDashboardSettings();
  const isVendor = session?.user.role === 'vendor';
  return (
    <div>
      <PageHeader title={m.heading} subtitle={m.subtitle} />
      {settings.isPending ? (
        <Spinner label={m.loading} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(settings.error, 'Failed to load settings')}
        </p>
      ) : (
        <SettingsForm loaded={settings.data} isVendor={isVendor} />
      )}
    </div>
  );
}
