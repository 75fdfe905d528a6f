import { notify } from '../../../components/ui/notify';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useMailPreferences, useSaveMailPreferences } from '../security-api';

/**
 * Profile → Mails (issue 36): each non-essential mail on or off, saved as it is ticked.
 * Security mails (password reset, new sign-in, bank details changed) always go.
 */
export function MailPreferencesSection() {
  const preferences = useMailPreferences();
  const save = useSaveMailPreferences();
  return (
    <section aria-labelledby="mail-preferences-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="mail-preferences-heading" className="text-lg font-semibold text-slate-900">
        Mails
      </h2>
      <p className="mt-1 text-sm text-slate-500">Security mails always go; choose which of the others you get.</p>
      {preferences.isPending ? (
        <Spinner label="Loading..." />
      ) : preferences.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(preferences.error, 'Failed to load mail preferences')}
        </p>
      ) : (
        <ul className="mt-4 space-y-2">
          {preferences.data.preferences.map((preference) => (
            <li key={preference.template}>
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={preference.enabled}
                  disabled={save.isPending}
                  onChange={(event) =>
                    save.mutate(
                      { preferences: [{ template: preference.template, enabled: event.target.checked }] },
                      {
                        onSuccess: () => notify.success('Mail preferences saved'),
                        onError: (error) => notify.error(errorMessage(error, 'Failed to save mail preferences')),
                      },
                    )
                  }
                />
                {preference.label}
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
