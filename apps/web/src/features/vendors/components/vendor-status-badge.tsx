import type { VendorStatus } from '@haat/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const tones: Record<VendorStatus, BadgeTone> = { approved: 'green', pending: 'yellow', rejected: 'red' };
const labels: Record<VendorStatus, string> = { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' };

/** A vendor's status as a coloured badge (spec section 2, Vendor management: Status column). */
export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}
