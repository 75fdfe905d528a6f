import { type Vendor, vendorMessages } from '@haat/contract';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { HistoryPanel } from '../../../components/ui/history-panel';
import { Modal } from '../../../components/ui/modal';
import { SellerPerformance } from '../../../components/ui/seller-performance';
import { formatDate } from '../../../lib/format';
import { useVendorPerformance } from '../api';
import { VendorMoney } from './vendor-money';
import { VendorStatusBadge } from './vendor-status-badge';

/**
 * 'Vendor Details' (spec section 2): name, email, business name, phone number, business
 * address, status and registered date; Edit Vendor, and Reject and Approve while pending.
 */
export function VendorDetailsModal({
  vendor,
  busy,
  onClose,
  onEdit,
  onReview,
}: {
  vendor: Vendor;
  busy: boolean;
  onClose: () => void;
  onEdit: () => void;
  onReview: (status: 'approved' | 'rejected') => void;
}) {
  const rows: [string, ReactNode][] = [
    ['Name', vendor.name],
    ['Email', vendor.email],
    // Issue 36: whether the vendor confirmed the address; it holds up nothing.
    ...(vendor.emailVerified === undefined
      ? []
      : ([['Email verified', vendor.emailVerified ? 'Yes' : 'Not yet']] as [string, ReactNode][])),
    ['Business Name', vendor.businessName],
    ['Phone Number', vendor.phoneNumber],
    ['Business Address', vendor.address || vendorMessages.noAddress],
    ['Status', <VendorStatusBadge key="status" status={vendor.status} />],
    ['Registered', formatDate(vendor.createdAt)],
  ];
  return (
    <Modal title={vendorMessages.detailsTitle} onClose={onClose} busy={busy} width="max-w-lg">
      <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <VendorMoney vendorId={vendor._id} />
      {vendor.status !== 'pending' && (
        <div className="mt-4">
          <VendorPerformance vendorId={vendor._id} />
        </div>
      )}
      <div className="mt-4 max-h-72 overflow-y-auto">
        <HistoryPanel kind="vendor" id={vendor._id} />
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Close
        </Button>
        {vendor.status === 'pending' && (
          <>
            <Button variant="danger" onClick={() => onReview('rejected')} disabled={busy}>
              Reject
            </Button>
            <Button variant="success" onClick={() => onReview('approved')} disabled={busy}>
              Approve
            </Button>
          </>
        )}
        <Button onClick={onEdit} disabled={busy}>
          Edit Vendor
        </Button>
      </div>
    </Modal>
  );
}

/** A vendor's seller performance over 30 and 90 days (issue 34). */
function VendorPerformance({ vendorId }: { vendorId: string }) {
  return <SellerPerformance query={useVendorPerformance(vendorId)} />;
}
