import { PASSWORD_MIN_LENGTH } from '@haat/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useConfirmPasswordReset } from '../api';
import { AuthCard } from './auth-card';

/** The reset link's page (`/reset-password?token=...`, issue 36): a new password, then sign in. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmPasswordReset();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (password.length < PASSWORD_MIN_LENGTH) {
      setError('Password must be at least 6 characters');
      return;
    }
    setError(null);
    confirm.mutate(
      { token, password },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          navigate(paths.login, { replace: true });
        },
        onError: (failed) => setFailure(errorMessage(failed, 'Something went wrong. Please try again.')),
      },
    );
  };
  return (
    <AuthCard title="Choose a new password">
      {token === '' ? (
        <p role="alert" className="text-sm text-red-700">
          This reset link is invalid or has expired. Ask for a new one.
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {failure}
            </p>
          )}
          <Field label="New Password" required error={error ?? undefined} hint="At least 6 characters">
            {(c) => (
              <Input
                {...c}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={confirm.isPending}>
            {confirm.isPending ? 'Saving...' : 'Set new password'}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link className="font-medium text-pink-600 hover:underline" to={paths.forgotPassword}>
          Ask for a new link
        </Link>
      </p>
    </AuthCard>
  );
}
