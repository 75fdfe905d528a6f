import { type LoginBody, loginBody } from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Eye, EyeOff, Lock, Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { displayName, sessionStore, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { loginErrors, useLogin, useVerifyTwoFactor } from '../api';

/** Where a user lands after signing in: the page they came from, else their home screen. */
function destination(role: string, from: Location | undefined): string {
  if (from?.pathname.startsWith(paths.admin)) return `${from.pathname}${from.search}`;
  return role === 'admin' ? paths.dashboard : paths.products.list;
}

function LoggedInPanel() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return null;
  return (
    <div className="space-y-5 text-center">
      <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-500" aria-hidden />
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Logged In Successfully</h2>
        <p className="mt-1 text-sm text-slate-500">
          Signed in as {displayName(session.user)} ({session.user.email})
        </p>
      </div>
      <div className="flex flex-col gap-3">
        <Button onClick={() => navigate(destination(session.user.role, undefined))}>Go to Admin Panel</Button>
        <Button variant="secondary" onClick={() => sessionStore.end()}>
          Logout
        </Button>
      </div>
    </div>
  );
}

/** The second step of a two-factor sign-in (issue 36): a code from the app, or a recovery code. */
function TwoFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (role: string) => void;
  onRestart: () => void;
}) {
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    verify.mutate(
      { challenge, code: code.trim() },
      {
        onSuccess: (answer) => {
          sessionStore.start(answer.token, answer.user);
          onSignedIn(answer.user.role);
        },
        onError: (error) => setFailure(errorMessage(error, loginErrors.failed)),
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Two-factor sign-in">
      {failure && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          {failure}
        </p>
      )}
      <p className="text-sm text-slate-600">
        Enter the 6-digit code from your authenticator app, or one of your recovery codes.
      </p>
      <Field label="Authentication code" required>
        {(c) => (
          <Input
            {...c}
            inputMode="text"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="w-full py-2.5" disabled={verify.isPending || code.trim() === ''}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <Button type="button" variant="secondary" className="w-full" onClick={onRestart}>
        Back to sign in
      </Button>
    </form>
  );
}

/** The sign-in screen (spec section 2, Login page; section 5 validation; section 8 errors). */
export function LoginPage() {
  useDocumentTitle('Sign In');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  const login = useLogin();
  const [showPassword, setShowPassword] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<LoginBody>({ resolver: zodResolver(loginBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await login.mutateAsync(values);
      // Two-factor sign-in on (issue 36): the code comes next, on this screen.
      if ('twoFactorRequired' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      if (!answer.token) throw new Error(loginErrors.noToken);
      sessionStore.start(answer.token, answer.user);
      navigate(destination(answer.user.role, from), { replace: true });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.status === 0 || error.status >= 500
            ? loginErrors.unexpected
            : error.message || loginErrors.failed
          : error instanceof Error && error.message === loginErrors.noToken
            ? loginErrors.noToken
            : loginErrors.unexpected;
      setServerError(message);
      toast.error(message, { duration: 4000 });
    }
  });

  /** Errors clear as the user edits the field (spec section 5). */
  const field = (name: keyof LoginBody) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        setServerError(null);
      },
    });

  const inputClass = (invalid: boolean) =>
    `w-full rounded-lg border bg-white py-2.5 pl-10 pr-3 text-sm outline-none transition focus:ring-2 ${
      invalid ? 'border-red-400 focus:ring-red-100' : 'border-slate-300 focus:border-pink-400 focus:ring-pink-100'
    }`;

  return (
    <main className="bg-brand-gradient flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className="mb-6 text-center">
          <p className="bg-brand-gradient bg-clip-text text-3xl font-bold text-transparent">Haat</p>
          <h1 className="mt-2 text-xl font-semibold text-slate-900">Admin Panel Login</h1>
          <p className="text-sm text-slate-500">Sign in to manage your store</p>
        </div>

        {session ? (
          <LoggedInPanel />
        ) : challenge ? (
          <TwoFactorStep
            challenge={challenge}
            onSignedIn={(role) => navigate(destination(role, from), { replace: true })}
            onRestart={() => setChallenge(null)}
          />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {serverError && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
                {serverError}
              </p>
            )}
            <div>
              <label htmlFor="email" className="mb-1 block text-sm font-medium text-slate-700">
                Email
              </label>
              <div className="relative">
                <Mail className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
                <input
                  id="email"
                  type="email"
                  autoComplete="username"
                  placeholder="admin@example.com"
                  aria-invalid={Boolean(errors.email)}
                  aria-describedby={errors.email ? 'email-error' : undefined}
                  className={inputClass(Boolean(errors.email))}
                  {...field('email')}
                />
              </div>
              {errors.email && (
                <p id="email-error" className="mt-1 text-xs text-red-600">
                  {errors.email.message}
                </p>
              )}
            </div>
            <div>
              <label htmlFor="password" className="mb-1 block text-sm font-medium text-slate-700">
                Password
              </label>
              <div className="relative">
                <Lock className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
                <input
                  id="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  placeholder="Enter your password"
                  aria-invalid={Boolean(errors.password)}
                  aria-describedby={errors.password ? 'password-error' : undefined}
                  className={`${inputClass(Boolean(errors.password))} pr-10`}
                  {...field('password')}
                />
                <button
                  type="button"
                  onClick={() => setShowPassword((value) => !value)}
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-700"
                >
                  {showPassword ? <EyeOff className="h-4 w-4" /> : <Eye className="h-4 w-4" />}
                </button>
              </div>
              {errors.password && (
                <p id="password-error" className="mt-1 text-xs text-red-600">
                  {errors.password.message}
                </p>
              )}
            </div>
            <Button type="submit" className="w-full py-2.5" disabled={login.isPending}>
              {login.isPending ? 'Signing you in...' : 'Sign In'}
            </Button>
            <p className="text-center text-sm">
              <Link className="font-medium text-pink-600 hover:underline" to={paths.forgotPassword}>
                Forgot password?
              </Link>
            </p>
            <p className="text-center text-sm text-slate-500">Need access? Contact your administrator</p>
            <p className="text-center text-sm text-slate-500">
              Want to sell here?{' '}
              <Link className="font-medium text-pink-600 hover:underline" to={paths.register}>
                Register as a vendor
              </Link>
            </p>
          </form>
        )}
      </div>
    </main>
  );
}
