import { customerMessages, idInput } from '@haat/contract';
import { ArrowLeft, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormSection } from '../../../components/ui/form-section';
import { notify } from '../../../components/ui/notify';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatNumber, formatRupees } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAnonymiseCustomer, useCustomer } from '../api';

function BackToCustomers() {
  return (
    <Link
      to={paths.customers.list}
      className="inline-flex items-center gap-2 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to Customers
    </Link>
  );
}

/**
 * A customer's page (issue 26 'Customers', /admin/customers/:id, admins): their details,
 * figures (orders, total spent net of refunds, last order) and newest orders, each linked
 * to its order; and "Anonymise customer", erasure on request, which asks first and says
 * it cannot be undone.
 */
export function CustomerDetailPage() {
  useDocumentTitle('Customer');
  const { id = '' } = useParams();
  const wellFormed = idInput.safeParse(id).success;
  const query = useCustomer(id, wellFormed);
  const anonymise = useAnonymiseCustomer(id);
  const [asking, setAsking] = useState(false);

  if (wellFormed && query.isPending) return <Spinner label="Loading customer..." />;
  if (!wellFormed || query.isError || !query.data) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-2xl font-semibold text-slate-900">{customerMessages.notFound}</h1>
        <p className="mt-2 text-slate-600">
          {wellFormed ? errorMessage(query.error, customerMessages.notFound) : 'This address names no customer.'}
        </p>
        <div className="mt-6">
          <BackToCustomers />
        </div>
      </div>
    );
  }

  const { customer, orders } = query.data;
  const confirm = () =>
    anonymise.mutate(undefined, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.longError(errorMessage(error, 'Could not anonymise the customer. Please try again.')),
      onSettled: () => setAsking(false),
    });

  return (
    <div className="space-y-6">
      <BackToCustomers />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-semibold text-slate-900">{customer.name}</h1>
          <p className="mt-1 text-sm text-slate-500">Customer since {formatDate(customer.createdAt)}</p>
        </div>
        {customer.anonymisedAt ? (
          <Badge tone="grey">Anonymised {formatDate(customer.anonymisedAt)}</Badge>
        ) : (
          <Button variant="danger" onClick={() => setAsking(true)}>
            <UserX className="h-4 w-4" aria-hidden />
            Anonymise customer
          </Button>
        )}
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <FormSection title="Details">
          <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-slate-500">Email</dt>
            <dd className="min-w-0 break-all text-slate-900">{customer.email}</dd>
            <dt className="text-slate-500">Phone</dt>
            <dd className="text-slate-900">{customer.phone || 'N/A'}</dd>
            <dt className="text-slate-500">Orders</dt>
            <dd className="text-slate-900">{formatNumber(customer.ordersCount)}</dd>
            <dt className="text-slate-500">Total spent</dt>
            <dd className="font-medium text-slate-900">{formatRupees(customer.totalSpent)}</dd>
            <dt className="text-slate-500">Last order</dt>
            <dd className="text-slate-900">{customer.lastOrderAt ? formatDateTime(customer.lastOrderAt) : 'None'}</dd>
          </dl>
        </FormSection>
        <div className="lg:col-span-2">
          <FormSection title="Orders">
            {orders.length === 0 ? (
              <p className="text-sm text-slate-600">No orders yet.</p>
            ) : (
              <ul aria-label="Orders" className="divide-y divide-slate-100">
                {orders.map((order) => (
                  <li key={order._id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <Link
                      to={paths.orders.detail(order._id)}
                      className="font-mono font-medium text-pink-700 hover:underline"
                    >
                      {order.trackingNumber}
                    </Link>
                    <span className="text-slate-600">{formatDate(order.createdAt)}</span>
                    <Badge tone="grey">{order.status}</Badge>
                    <span className="font-medium text-slate-900">{formatRupees(order.netTotal)}</span>
                  </li>
                ))}
              </ul>
            )}
            {customer.ordersCount > orders.length && (
              <p className="mt-2 text-xs text-slate-500">
                The newest {formatNumber(orders.length)} of {formatNumber(customer.ordersCount)} orders.
              </p>
            )}
          </FormSection>
        </div>
      </div>

      {asking && (
        <ConfirmDialog
          title="Anonymise this customer?"
          confirmLabel="Anonymise"
          busyLabel="Anonymising..."
          busy={anonymise.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>
            Their name, e-mail, phone and addresses are removed from their account and from every order of theirs, and
            from their contact messages, the notifications and log entries about them and any export file that names
            them. The orders, their lines and every figure stay.
          </p>
          <p className="font-medium text-slate-900">This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
