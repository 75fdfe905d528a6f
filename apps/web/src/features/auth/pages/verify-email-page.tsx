import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useVerifyEmail } from '../api';
import { AuthCard } from './auth-card';

/** A vendor's verification link (`/verify-email?token=...`, issue 36): confirms the address once. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify e-mail');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || token === '') return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);
  return (
    <AuthCard title="Verify e-mail">
      {verify.isSuccess ? (
        <p role="status" className="text-sm text-emerald-800">
          {verify.data.message}
        </p>
      ) : verify.isError || token === '' ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(verify.error, 'This verification link is invalid or has expired.')}
        </p>
      ) : (
        <Spinner label="Verifying..." />
      )}
      <p className="mt-4 text-center text-sm">
        <Link className="font-medium text-pink-600 hover:underline" to={paths.login}>
          Go to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
