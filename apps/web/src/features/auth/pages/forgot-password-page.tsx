import { type PasswordResetRequestBody, passwordResetRequestBody } from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRequestPasswordReset } from '../api';
import { AuthCard } from './auth-card';

/** "Forgot password?" (issue 36): asks for a reset link; the answer is the same for any address. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<PasswordResetRequestBody>({
    resolver: zodResolver(passwordResetRequestBody),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    request.mutate(values.email, {
      onSuccess: (answer) => setSent(answer.message),
      onError: (error) => setFailure(errorMessage(error, 'Something went wrong. Please try again.')),
    });
  });
  return (
    <AuthCard title="Forgot password?" subtitle="We will mail you a link to choose a new one">
      {sent ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          {sent}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              {failure}
            </p>
          )}
          <Field label="Email" required error={errors.email?.message}>
            {(c) => <Input {...c} {...register('email')} type="email" autoComplete="username" />}
          </Field>
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send reset link'}
          </Button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link className="font-medium text-pink-600 hover:underline" to={paths.login}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
