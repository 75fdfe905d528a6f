import {
  INDIAN_STATES,
  type KycBodyInput,
  type KycDocument,
  type KycDocumentKind,
  type KycRecord,
  kycBody,
  kycDocumentKinds,
  kycDocumentLabels,
} from '@haat/contract';
import { type ChangeEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { uploadKycDocument, useMyKyc, useSaveKyc } from '../api';
import { KycReasonsList, KycStatusBadge, ViewDocumentButton } from '../components/kyc-parts';

type FormValues = {
  legalName: string;
  pan: string;
  gstin: string;
  enrolmentNumber: string;
  state: string;
  address: string;
};
const fieldOrder = ['legalName', 'pan', 'gstin', 'enrolmentNumber', 'state', 'address'] as const;

/** What the vendor reads of where their KYC stands. */
function statusText(kyc: KycRecord | null): string {
  if (!kyc) return 'Not started. Payouts wait until your KYC is approved.';
  switch (kyc.status) {
    case 'draft':
      return 'Draft: not yet submitted. Payouts wait until your KYC is approved.';
    case 'submitted':
      return kyc.approvedBefore
        ? 'Back in review after a change of PAN or GSTIN. Payouts wait until it is approved again.'
        : 'Submitted: an admin is reviewing it. Payouts wait until it is approved.';
    case 'approved':
      return 'Approved: your earnings can be paid out. A change of PAN or GSTIN sends it back to review.';
    case 'changes_requested':
      return 'Changes requested: fix what the reviewer asked below, then submit again.';
    case 'rejected':
      return 'Rejected: read the reason below. You may correct it and submit again.';
  }
}

const valuesOf = (kyc: KycRecord | null): FormValues => ({
  legalName: kyc?.legalName ?? '',
  pan: kyc?.pan ?? '',
  gstin: kyc?.gstin ?? '',
  enrolmentNumber: kyc?.enrolmentNumber ?? '',
  state: kyc?.state.code ?? '',
  address: kyc?.address ?? '',
});

/**
 * KYC (issue 35; /admin/kyc, vendors): the vendor's legal name, PAN, GSTIN or enrolment
 * number, the state they ship from, their registered address and documents (PAN card, GST
 * certificate, cancelled cheque), saved as a draft or submitted for review; where it
 * stands, and the reviewer's reasons to fix, field by field.
 */
export function KycPage() {
  useDocumentTitle('KYC');
  const mine = useMyKyc();
  const save = useSaveKyc();
  const kyc = mine.data?.kyc ?? null;
  const [documents, setDocuments] = useState<Partial<Record<KycDocumentKind, KycDocument>>>({});
  const [uploading, setUploading] = useState<KycDocumentKind | null>(null);
  useEffect(() => {
    setDocuments(Object.fromEntries((kyc?.documents ?? []).map((document) => [document.kind, document])));
  }, [kyc]);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<FormValues>({ values: valuesOf(kyc) });
  if (mine.isPending) return <Spinner label="Loading your KYC..." />;
  if (mine.isError) return <p role="alert">{errorMessage(mine.error, 'Could not load your KYC. Please try again.')}</p>;

  const reasons = kyc && (kyc.status === 'changes_requested' || kyc.status === 'rejected') ? kyc.reasons : {};

  const upload = (kind: KycDocumentKind) => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(kind);
    try {
      const stored = await uploadKycDocument(file);
      setDocuments((current) => ({
        ...current,
        [kind]: { kind, uploadId: stored._id, contentType: stored.contentType, size: stored.size, url: stored.url },
      }));
      notify.success(`${kycDocumentLabels[kind]} uploaded. Save or submit to attach it.`);
    } catch (error) {
      notify.longError(errorMessage(error, 'Could not upload the document. Please try again.'));
    } finally {
      setUploading(null);
    }
  };

  const send = (submit: boolean) =>
    handleSubmit((values) => {
      clearErrors();
      const body: KycBodyInput = {
        ...values,
        gstin: values.gstin.trim() || null,
        enrolmentNumber: values.enrolmentNumber.trim() || null,
        documents: Object.values(documents).map((document) => ({
          kind: document.kind,
          uploadId: document.uploadId,
        })),
        submit,
        updatedAt: kyc?.updatedAt ?? null,
      };
      // The contract's own checks first: each wrong field says why, under itself.
      const checked = kycBody.safeParse(body);
      if (!checked.success) {
        let first = true;
        for (const issue of checked.error.issues) {
          const field = fieldOrder.find((name) => name === issue.path[0]);
          if (field) {
            setError(field, { type: 'client', message: issue.message }, { shouldFocus: first });
            first = false;
          }
        }
        notify.longError([...new Set(checked.error.issues.map((issue) => issue.message))].join(', '));
        return;
      }
      save.mutate(body, {
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => {
          showServerFieldErrors(error, setError, [...fieldOrder]);
          notify.longError(errorMessage(error, 'Could not save your KYC. Please try again.'));
        },
      });
    })();

  return (
    <div className="space-y-5">
      <PageHeader title="KYC" subtitle="Your legal identity for GST and payouts" />
      <section aria-label="KYC status" className="rounded-xl border border-slate-200 bg-white p-5">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold text-slate-900">Status</h2>
          {kyc ? <KycStatusBadge status={kyc.status} /> : null}
        </div>
        <p className="mt-1 text-sm text-slate-600">{statusText(kyc)}</p>
        {kyc?.updatedAt ? (
          <p className="mt-1 text-xs text-slate-500">Last saved {formatDateTime(kyc.updatedAt)}</p>
        ) : null}
      </section>
      <KycReasonsList reasons={reasons} title="Reasons to fix" />
      <form
        noValidate
        aria-label="KYC details"
        onSubmit={(event) => {
          event.preventDefault();
          send(true);
        }}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-5"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Legal name" required error={errors.legalName?.message} hint={reasons.legalName}>
            {(c) => <Input {...c} autoComplete="organization" {...register('legalName')} />}
          </Field>
          <Field label="PAN" required error={errors.pan?.message} hint={reasons.pan ?? 'e.g. AAACR5055K'}>
            {(c) => <Input {...c} autoCapitalize="characters" autoComplete="off" {...register('pan')} />}
          </Field>
          <Field label="GSTIN" error={errors.gstin?.message} hint={reasons.gstin ?? 'e.g. 27AAACR5055K1Z7'}>
            {(c) => <Input {...c} autoCapitalize="characters" autoComplete="off" {...register('gstin')} />}
          </Field>
          <Field
            label="Enrolment number"
            error={errors.enrolmentNumber?.message}
            hint={
              reasons.enrolmentNumber ??
              'Only for a seller without GSTIN selling within one state (Notification 34/2023-Central Tax)'
            }
          >
            {(c) => <Input {...c} autoCapitalize="characters" autoComplete="off" {...register('enrolmentNumber')} />}
          </Field>
          <Field label="State you ship from" required error={errors.state?.message} hint={reasons.state}>
            {(c) => (
              <Select {...c} {...register('state')}>
                <option value="">Choose a state</option>
                {INDIAN_STATES.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.name} ({state.code})
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Registered address" required error={errors.address?.message} hint={reasons.address}>
            {(c) => <Textarea {...c} rows={3} autoComplete="street-address" {...register('address')} />}
          </Field>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">Documents</legend>
          <p className="text-xs text-slate-500">PDF, PNG, JPEG or WebP, at most 2 MB each.</p>
          <ul aria-label="Documents" className="mt-2 divide-y divide-slate-100">
            {kycDocumentKinds.map((kind) => {
              const document = documents[kind];
              const label = kycDocumentLabels[kind];
              return (
                <li key={kind} className="flex flex-wrap items-center gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-slate-800">{label}</p>
                    <p className="text-xs text-slate-500">
                      {document ? `Attached (${Math.max(1, Math.round(document.size / 1024))} KB)` : 'Not uploaded'}
                    </p>
                    {reasons[kind] ? <p className="text-xs text-amber-800">{reasons[kind]}</p> : null}
                  </div>
                  {document ? <ViewDocumentButton document={document} label={label} /> : null}
                  <label className="inline-flex cursor-pointer items-center rounded-lg border border-slate-300 px-3 py-1.5 text-sm text-slate-700 focus-within:ring-2 focus-within:ring-pink-300">
                    {uploading === kind ? 'Uploading...' : `Upload ${label}`}
                    <input
                      type="file"
                      className="sr-only"
                      accept="application/pdf,image/png,image/jpeg,image/webp"
                      aria-label={`Upload ${label}`}
                      disabled={uploading !== null}
                      onChange={upload(kind)}
                    />
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" disabled={save.isPending} onClick={() => send(false)}>
            Save draft
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Submit for review'}
          </Button>
        </div>
      </form>
    </div>
  );
}
