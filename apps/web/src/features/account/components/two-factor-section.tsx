import { securityMessages } from '@haat/contract';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { hasPermission } from '../../../lib/permissions';
import { sessionStore, useSession } from '../../../lib/session';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useSaveSecuritySettings,
  useSecuritySettings,
  useTwoFactorSetup,
  useTwoFactorStatus,
} from '../security-api';

/**
 * The Owner's switch (staff settings, `staff:write`): require two-factor sign-in for
 * staff, saved as it is ticked (decision 0147). A single on/off with no form to go stale,
 * so it carries no version.
 */
function RequireForStaffSwitch() {
  const settings = useSecuritySettings(true);
  const save = useSaveSecuritySettings();
  if (settings.isPending) return <Spinner label="Loading..." />;
  if (settings.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {errorMessage(settings.error, 'Failed to load the security settings')}
      </p>
    );
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="h-4 w-4"
        checked={settings.data.requireTwoFactorForStaff}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate(event.target.checked, {
            onSuccess: () => notify.success(securityMessages.settingsSaved),
            onError: (error) => notify.error(errorMessage(error, 'Failed to save the security settings')),
          })
        }
      />
      Require two-factor sign-in for staff
    </label>
  );
}

/**
 * Profile → Security → Two-factor sign-in (issue 36): set up with a QR code (or the
 * secret typed in), confirm with a code, then the ten recovery codes shown once; turned
 * off with a code.
 */
export function TwoFactorSection() {
  const session = useSession();
  const mustSetUp = session?.user.twoFactorSetupRequired === true;
  const status = useTwoFactorStatus();
  const setup = useTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const onEnable = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code.trim(), {
      onSuccess: (answer) => {
        setRecoveryCodes(answer.recoveryCodes);
        setCode('');
        setup.reset();
        notify.success(answer.message);
        // The rest of the back office opens again (decision 0147).
        if (session && mustSetUp) {
          const { twoFactorSetupRequired: _done, ...user } = session.user;
          sessionStore.start(session.token, user);
        }
      },
      onError: (error) => notify.error(errorMessage(error, 'The code is not valid')),
    });
  };
  const onDisable = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate(code.trim(), {
      onSuccess: (answer) => {
        setCode('');
        notify.success(answer.message);
      },
      onError: (error) => notify.error(errorMessage(error, 'The code is not valid')),
    });
  };

  return (
    <section aria-labelledby="two-factor-heading" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
        Two-factor sign-in
      </h2>
      {mustSetUp && (
        <p role="alert" className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {securityMessages.staffTwoFactorSetupRequired}
        </p>
      )}
      {status.isPending ? (
        <Spinner label="Loading..." />
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(status.error, 'Failed to load two-factor sign-in')}
        </p>
      ) : (
        <div className="mt-3 space-y-4">
          <p className="text-sm text-slate-600">
            {status.data.enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}{' '}
            {status.data.enabled
              ? `Signing in asks for a code from your authenticator app. Recovery codes left: ${status.data.recoveryCodesLeft}.`
              : 'Signing in asks for your password only.'}
            {status.data.requiredForStaff && ' The store requires it for staff.'}
          </p>
          {recoveryCodes && (
            <section aria-label="Recovery codes" className="rounded-lg border border-amber-200 bg-amber-50 p-4">
              <p className="text-sm font-medium text-amber-900">
                Save these recovery codes now: each signs you in once if you lose your phone. They are not shown again.
              </p>
              <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
                {recoveryCodes.map((recovery) => (
                  <li key={recovery}>{recovery}</li>
                ))}
              </ul>
            </section>
          )}
          {status.data.enabled ? (
            <form onSubmit={onDisable} noValidate className="flex flex-wrap items-end gap-3">
              <Field label="Code to turn it off" className="w-56">
                {(c) => (
                  <Input {...c} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
                )}
              </Field>
              <Button type="submit" variant="secondary" disabled={disable.isPending || code.trim() === ''}>
                Turn off two-factor sign-in
              </Button>
            </form>
          ) : setup.data ? (
            <form onSubmit={onEnable} noValidate className="space-y-3">
              <p className="text-sm text-slate-600">Scan this QR code with your authenticator app, or type the key.</p>
              <img
                alt="QR code for your authenticator app"
                className="h-44 w-44"
                src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.data.qrSvg)}`}
              />
              <p className="text-sm">
                Key: <code className="break-all rounded bg-slate-100 px-1">{setup.data.secret}</code>
              </p>
              <div className="flex flex-wrap items-end gap-3">
                <Field label="Code from the app" className="w-56">
                  {(c) => (
                    <Input {...c} autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
                  )}
                </Field>
                <Button type="submit" disabled={enable.isPending || code.trim() === ''}>
                  Turn on
                </Button>
              </div>
            </form>
          ) : (
            <Button
              onClick={() =>
                setup.mutate(undefined, {
                  onError: (error) => notify.error(errorMessage(error, 'Failed to start the set-up')),
                })
              }
              disabled={setup.isPending}
            >
              Set up two-factor sign-in
            </Button>
          )}
          {hasPermission(session?.user, 'staff:write') && <RequireForStaffSwitch />}
        </div>
      )}
    </section>
  );
}
