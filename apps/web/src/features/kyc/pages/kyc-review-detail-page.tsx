import {
  cleanReasons,
  type KycRecord,
  type KycReviewField,
  kycDocumentKinds,
  kycDocumentLabels,
  kycReviewFieldLabels,
} from '@haat/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, Textarea } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDecideKyc, useKyc } from '../api';
import { KycReasonsList, KycStatusBadge, ViewDocumentButton } from '../components/kyc-parts';

/** The KYC's values as the reviewer reads them, by field. */
function shownValue(kyc: KycRecord, field: KycReviewField): string {
  switch (field) {
    case 'legalName':
      return kyc.legalName;
    case 'pan':
      return kyc.pan;
    case 'gstin':
      return kyc.gstin ?? '—';
    case 'enrolmentNumber':
      return kyc.enrolmentNumber ?? '—';
    case 'state':
      return `${kyc.state.name} (${kyc.state.code})`;
    case 'address':
      return kyc.address;
    default:
      return '';
  }
}

const detailFields: KycReviewField[] = ['legalName', 'pan', 'gstin', 'enrolmentNumber', 'state', 'address'];

/**
 * One vendor's KYC for review (issue 35; /admin/kyc-review/{vendorId}, admins): each field
 * with a reason box beside it, the documents (opened privately), and Approve, Request
 * changes (with a reason per field) or Reject (a reason).
 */
export function KycReviewDetailPage() {
  const { vendorId = '' } = useParams();
  const kyc = useKyc(vendorId);
  const decide = useDecideKyc(vendorId);
  const [reasons, setReasons] = useState<Partial<Record<KycReviewField, string>>>({});
  const record = kyc.data?.kyc;
  useDocumentTitle(record ? `KYC: ${record.businessName}` : 'KYC review');
  if (kyc.isPending) return <Spinner label="Loading KYC..." />;
  if (!record)
    return (
      <div>
        <PageHeader title="KYC review" />
        <p role="alert">{errorMessage(kyc.error, 'Could not load this KYC. Please try again.')}</p>
        <Link className="text-pink-700 underline" to={paths.kycReview.list}>
          Back to KYC review
        </Link>
      </div>
    );
  const awaiting = record.status === 'submitted';
  const reasonBox = (field: KycReviewField) =>
    awaiting ? (
      <Field label={`Reason: ${kycReviewFieldLabels[field]}`} className="mt-2">
        {(c) => (
          <Textarea
            {...c}
            rows={1}
            maxLength={500}
            value={reasons[field] ?? ''}
            onChange={(event) => setReasons((current) => ({ ...current, [field]: event.target.value }))}
          />
        )}
      </Field>
    ) : null;
  const send = (decision: 'approve' | 'request_changes' | 'reject') => {
    const given = cleanReasons(reasons);
    if (decision === 'request_changes' && Object.keys(given).length === 0)
      return notify.longError('Give a reason for at least one field');
    if (decision === 'reject' && Object.keys(given).length === 0) return notify.longError('Give a reason');
    decide.mutate(
      { decision, reasons: decision === 'approve' ? undefined : given, updatedAt: record.updatedAt },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          setReasons({});
        },
        onError: (error) => notify.longError(errorMessage(error, 'Could not save the decision. Please try again.')),
      },
    );
  };
  return (
    <div className="space-y-5">
      <PageHeader
        title={`KYC: ${record.businessName}`}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <KycStatusBadge status={record.status} />
            <span>
              {record.submittedAt ? `Submitted ${formatDateTime(record.submittedAt)}` : 'Not submitted'}
              {record.approvedBefore ? ' · back in review after a change of PAN or GSTIN' : ''}
            </span>
          </span>
        }
        actions={
          <Link className="text-sm text-pink-700 underline" to={paths.kycReview.list}>
            Back to KYC review
          </Link>
        }
      />
      {!awaiting ? <KycReasonsList reasons={record.reasons} title="Reasons given" /> : null}
      <section aria-label="KYC details" className="rounded-xl border border-slate-200 bg-white p-5">
        <dl className="grid gap-4 md:grid-cols-2">
          {detailFields.map((field) => (
            <div key={field} className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {kycReviewFieldLabels[field]}
              </dt>
              <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{shownValue(record, field)}</dd>
              {reasonBox(field)}
            </div>
          ))}
        </dl>
      </section>
      <section aria-label="Documents" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 className="text-lg font-semibold text-slate-900">Documents</h2>
        <ul className="mt-2 divide-y divide-slate-100">
          {kycDocumentKinds.map((kind) => {
            const document = record.documents.find((candidate) => candidate.kind === kind);
            return (
              <li key={kind} className="py-3">
                <div className="flex flex-wrap items-center gap-3">
                  <span className="flex-1 text-sm font-medium text-slate-800">{kycDocumentLabels[kind]}</span>
                  {document ? (
                    <ViewDocumentButton document={document} label={kycDocumentLabels[kind]} />
                  ) : (
                    <span className="text-xs text-slate-500">Not given</span>
                  )}
                </div>
                {reasonBox(kind)}
              </li>
            );
          })}
        </ul>
      </section>
      {awaiting ? (
        <section aria-label="Decision" className="rounded-xl border border-slate-200 bg-white p-5">
          {reasonBox('general')}
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" disabled={decide.isPending} onClick={() => send('reject')}>
              Reject
            </Button>
            <Button variant="secondary" disabled={decide.isPending} onClick={() => send('request_changes')}>
              Request changes
            </Button>
            <Button disabled={decide.isPending} onClick={() => send('approve')}>
              Approve
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
