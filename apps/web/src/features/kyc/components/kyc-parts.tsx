import {
  type KycDocument,
  type KycReviewField,
  type KycStatus,
  kycReviewFieldLabels,
  kycStatusLabels,
} from '@haat/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { openKycDocument } from '../api';

/** The badge colour of each KYC status. */
export const kycStatusTones: Record<KycStatus, BadgeTone> = {
  draft: 'grey',
  submitted: 'blue',
  approved: 'green',
  changes_requested: 'yellow',
  rejected: 'red',
};

/** A KYC's status as a badge, in the screens' words. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  return <Badge tone={kycStatusTones[status]}>{kycStatusLabels[status]}</Badge>;
}

/** The reviewer's reasons, by field, in the order of the form. */
export function KycReasonsList({ reasons, title }: { reasons: Record<string, string>; title: string }) {
  const entries = (Object.keys(kycReviewFieldLabels) as KycReviewField[])
    .filter((field) => reasons[field])
    .map((field) => [field, reasons[field] as string] as const);
  if (entries.length === 0) return null;
  return (
    <section aria-label={title} className="rounded-lg border border-amber-200 bg-amber-50 p-4">
      <h2 className="text-sm font-semibold text-amber-900">{title}</h2>
      <ul className="mt-2 space-y-1 text-sm text-amber-900">
        {entries.map(([field, reason]) => (
          <li key={field}>
            <span className="font-medium">{kycReviewFieldLabels[field]}:</span>{' '}
            <span className="[overflow-wrap:anywhere]">{reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A button opening a private KYC document (fetched with the session's token). */
export function ViewDocumentButton({ document, label }: { document: KycDocument; label: string }) {
  const open = () =>
    openKycDocument(document.uploadId).catch((error: unknown) =>
      notify.longError(errorMessage(error, 'Could not open the document. Please try again.')),
    );
  return (
    <Button size="sm" variant="secondary" onClick={open} aria-label={`View ${label}`}>
      View
    </Button>
  );
}
