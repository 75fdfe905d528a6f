import {
  type AcceptInvitationBody,
  type AcceptInvitationBodyInput,
  acceptInvitationBody,
  staffMessages,
} from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { sessionStore } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAcceptInvitation } from '../api';

/**
 * Where an invitation's link leads (`/accept-invitation?token=...`, issue 36): the
 * invitee chooses a password (and may correct their name), and is signed in. A link
 * unknown, used or expired is told so by the server (400).
 */
export function AcceptInvitationPage() {
  useDocumentTitle('Accept invitation');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const token = params.get('token') ?? '';
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AcceptInvitationBodyInput, unknown, AcceptInvitationBody>({
    resolver: zodResolver(acceptInvitationBody),
    defaultValues: { token, password: '' },
  });
  const onValid = (body: AcceptInvitationBody) =>
    accept.mutate(body, {
      onSuccess: (answer) => {
        sessionStore.start(answer.token, answer.user);
        navigate(paths.dashboard, { replace: true });
      },
    });
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow">
        <h1 className="mb-1 text-2xl font-semibold text-slate-900">Accept invitation</h1>
        <p className="mb-6 text-sm text-slate-500">Choose a password to join the back office.</p>
        {!token ? (
          <p role="alert" className="text-sm text-red-700">
            {staffMessages.invitationInvalid}
          </p>
        ) : (
          <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Accept invitation" className="space-y-4">
            <Field
              label="Your name"
              error={errors.name?.message}
              hint="Leave empty to keep the name you were invited with"
            >
              {(c) => <Input {...c} autoComplete="name" {...register('name')} />}
            </Field>
            <Field label="Password" required error={errors.password?.message}>
              {(c) => <Input {...c} type="password" autoComplete="new-password" {...register('password')} />}
            </Field>
            {accept.isError && (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(accept.error, staffMessages.invitationInvalid)}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={accept.isPending}>
              {accept.isPending ? 'Joining...' : 'Join'}
            </Button>
          </form>
        )}
        <p className="mt-6 text-center text-sm">
          <Link to={paths.login} className="text-brand-600 hover:underline">
            Back to sign in
          </Link>
        </p>
      </div>
    </main>
  );
}
