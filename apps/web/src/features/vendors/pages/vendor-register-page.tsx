import { vendorMessages } from '@haat/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { VendorForm } from '../components/vendor-form';

/**
 * The public vendor sign-up (`/register`, issue 8): anyone registers through
 * `POST /api/vendor/register`; the account waits for an admin's approval and cannot
 * sign in until then.
 */
export function VendorRegisterPage() {
  useDocumentTitle('Vendor Registration');
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Sell on Haat</h1>
      {done ? (
        <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
          <p>{vendorMessages.registered}</p>
          <Link className="mt-3 inline-block font-medium text-pink-600 hover:underline" to={paths.login}>
            Go to sign in
          </Link>
        </div>
      ) : (
        <VendorForm
          vendor={null}
          selfRegistration
          onDone={() => setDone(true)}
          onCancel={() => navigate(paths.login)}
        />
      )}
    </main>
  );
}
