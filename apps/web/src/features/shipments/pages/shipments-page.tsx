import { type ShipmentBulkAction, type ShipmentSummary, shipmentTabs } from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { FileDown, Search, Upload } from 'lucide-react';
import { createContext, useContext, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BulkBar, countOf } from '../../../components/ui/bulk-bar';
import { BulkResult, type BulkResultView, bulkResultOf } from '../../../components/ui/bulk-result';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, LongText, useDataTableLayout } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RowSelectionProvider, SelectAllLoaded, SelectRow } from '../../../components/ui/row-selection';
import { ShipDialog } from '../../../components/ui/ship-dialog';
import { MOVE_FAILED, ShipOne } from '../../../components/ui/ship-one';
import { ShipmentStatus } from '../../../components/ui/shipment-status';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime, formatListTotal } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useMoveShipment } from '../../../lib/use-move-shipment';
import { useRowSelection } from '../../../lib/use-row-selection';
import { downloadPackingSlip, downloadPackingSlips, useBulkShipments, useShipment, useShipments } from '../api';
import { useShipmentFilters } from '../hooks/use-shipment-filters';

/** The toast when a packing slip cannot be downloaded and the server gave no reason. */
export const SLIP_FAILED = 'Could not download the packing slip. Please try again.';

const shipmentsNoun = { one: 'shipment', many: 'shipments' };

/** What a row's actions and the bulk bar ask the page to do. */
interface RowActions {
  pack: (row: ShipmentSummary) => void;
  ship: (row: ShipmentSummary) => void;
  deliver: (row: ShipmentSummary) => void;
  slip: (row: ShipmentSummary) => void;
  busyId: string | null;
}

const RowActionsContext = createContext<RowActions | null>(null);

/**
 * Shipments (issue 34 'Screens'; `/admin/shipments`, vendors): the vendor's queue in tabs
 * To pack, To ship, Late, Shipped and Delivered, searched by the order's tracking number,
 * the AWB or the customer (tab and search in the address), a keyset page at a time on the
 * list kit (cards at 390 px). Each row: Start packing, Mark shipped (carrier, AWB, units
 * per line for a partial dispatch), Mark delivered, Packing slip; selected rows: the same
 * in bulk and one PDF of their slips. A stale version is said, never overwritten.
 */
export function ShipmentsPage() {
  useDocumentTitle('Shipments');
  const { filters, setFilter } = useShipmentFilters({ onAdopt: (adopted) => setSearchText(adopted.search) });
  const [searchText, setSearchText] = useState(filters.search);
  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText !== filters.search) setFilter('search', searchText);
    }, 300);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, setFilter]);

  const list = useShipments(filters);
  const { items: rows, total, totalIsLowerBound, hasMore, loadingMore, loadMore } = list;
  const selection = useRowSelection(rows, JSON.stringify(filters));
  const move = useMoveShipment();
  const bulk = useBulkShipments();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [shipping, setShipping] = useState<ShipmentSummary | null>(null);
  const [delivering, setDelivering] = useState<ShipmentSummary | null>(null);
  const [asking, setAsking] = useState<ShipmentBulkAction | null>(null);
  const [bulkResult, setBulkResult] = useState<BulkResultView | null>(null);
  const [slipsBusy, setSlipsBusy] = useState(false);

  const moveOne = (row: ShipmentSummary, status: 'Packaging' | 'Delivered') => {
    setBusyId(row._id);
    move.mutate(
      { id: row._id, body: { status, updatedAt: row.updatedAt } },
      {
        onSuccess: (answer) => notify.success(answer.message),
        // A stale row (409) had nothing typed to lose: the server's words say so, and the
        // list reads the shipment again (the mutation refreshes it either way).
        onError: (error) => notify.longError(errorMessage(error, MOVE_FAILED)),
        onSettled: () => {
          setBusyId(null);
          setDelivering(null);
        },
      },
    );
  };
  const actions: RowActions = {
    pack: (row) => moveOne(row, 'Packaging'),
    ship: (row) => setShipping(row),
    deliver: (row) => setDelivering(row),
    slip: (row) => {
      setBusyId(row._id);
      downloadPackingSlip(row._id, row.order.trackingNumber)
        .catch((error: unknown) => notify.longError(errorMessage(error, SLIP_FAILED)))
        .finally(() => setBusyId(null));
    },
    busyId,
  };

  const chosen = [...selection.selected.values()];
  const nameOf = (id: string) => selection.selected.get(id)?.order.trackingNumber;
  const runBulk = (action: ShipmentBulkAction, extras: { carrier?: string; awbs?: string[] } = {}) =>
    bulk.mutate(
      { action, ...selection.idsAndVersions((row) => row.updatedAt), ...extras },
      {
        onSuccess: (answer) => {
          setBulkResult(bulkResultOf(answer, nameOf, 'Shipment'));
          selection.clear();
        },
        onError: (error) => notify.longError(errorMessage(error, 'Could not update the shipments. Please try again.')),
        onSettled: () => setAsking(null),
      },
    );
  const slips = () => {
    setSlipsBusy(true);
    downloadPackingSlips(chosen.map((row) => row._id))
      .catch((error: unknown) => notify.longError(errorMessage(error, SLIP_FAILED)))
      .finally(() => setSlipsBusy(false));
  };

  const tabLabel = shipmentTabs.find((tab) => tab.key === filters.tab)?.label ?? '';
  return (
    <div className="space-y-4">
      <PageHeader
        title="Shipments"
        subtitle={
          list.query.isPending
            ? undefined
            : `${tabLabel}: ${formatListTotal(total, totalIsLowerBound)} ${total === 1 ? 'shipment' : 'shipments'}`
        }
        actions={
          <ButtonLink to={paths.shipments.import} variant="secondary">
            <Upload className="h-4 w-4" aria-hidden />
            Import manifest
          </ButtonLink>
        }
      />
      <nav aria-label="Shipment tabs" className="-mx-1 flex gap-1 overflow-x-auto border-b border-slate-200 pb-px">
        {shipmentTabs.map((tab) => {
          const current = tab.key === filters.tab;
          return (
            <Link
              key={tab.key}
              to={`${paths.shipments.tab(tab.key)}${filters.search ? `${tab.key === 'to-pack' ? '?' : '&'}search=${encodeURIComponent(filters.search)}` : ''}`}
              aria-current={current ? 'page' : undefined}
              onClick={() => setFilter('tab', tab.key)}
              className={`shrink-0 rounded-t-lg border-b-2 px-3 py-2 text-sm font-medium ${
                current ? 'border-pink-600 text-pink-700' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      <div className="relative max-w-xl">
        <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-slate-400" aria-hidden />
        <Input
          type="search"
          aria-label="Search shipments"
          placeholder="Search by order tracking number, AWB or customer..."
          className="pl-9"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>

      {bulkResult && <BulkResult result={bulkResult} onDismiss={() => setBulkResult(null)} />}
      {selection.count > 0 && (
        <BulkBar
          noun={shipmentsNoun}
          count={selection.count}
          matching={total}
          busy={bulk.isPending || slipsBusy}
          onClear={selection.clear}
        >
          <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => setAsking('pack')}>
            Start packing
          </Button>
          <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => setAsking('ship')}>
            Mark shipped
          </Button>
          <Button size="sm" variant="secondary" disabled={bulk.isPending} onClick={() => setAsking('deliver')}>
            Mark delivered
          </Button>
          <Button size="sm" variant="secondary" disabled={slipsBusy} aria-busy={slipsBusy} onClick={slips}>
            <FileDown className="h-4 w-4" aria-hidden />
            {slipsBusy ? 'Preparing...' : 'Packing slips (PDF)'}
          </Button>
        </BulkBar>
      )}

      {list.query.isPending ? (
        <Spinner label="Loading shipments..." />
      ) : list.query.isError && rows.length === 0 ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(list.query.error, 'Failed to load shipments')}
        </p>
      ) : rows.length === 0 ? (
        filters.search ? (
          <EmptyState title="No shipments found" description="No shipment matches this search." />
        ) : (
          <EmptyState title={`No shipments in ${tabLabel}`} description="Shipments show here as orders come in." />
        )
      ) : (
        <RowActionsContext.Provider value={actions}>
          <RowSelectionProvider selection={selection.context}>
            <DataTable
              label="Shipments"
              columns={columns}
              data={rows}
              getRowId={(row) => row._id}
              totalRows={totalIsLowerBound ? 'unknown' : total}
              hasMore={hasMore}
              loadingMore={loadingMore}
              onEndReached={loadMore}
              loadingMoreLabel="Loading more shipments..."
              estimateRowHeight={64}
              cardLabel={(row) => `Shipment of order ${row.order.trackingNumber}`}
            />
          </RowSelectionProvider>
        </RowActionsContext.Provider>
      )}

      {shipping && <VendorShipOne row={shipping} onClose={() => setShipping(null)} />}
      {delivering && (
        <ConfirmDialog
          title="Mark delivered?"
          confirmLabel="Mark delivered"
          busyLabel="Updating..."
          busy={move.isPending}
          onConfirm={() => moveOne(delivering, 'Delivered')}
          onCancel={() => setDelivering(null)}
        >
          <p>
            The shipment of order {delivering.order.trackingNumber} is marked delivered. Your earnings on it start their
            payout hold now. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
      {asking === 'ship' && (
        <ShipDialog
          shipments={chosen.map((row) => ({ id: row._id, label: row.order.trackingNumber }))}
          bulk
          busy={bulk.isPending}
          problem={null}
          onConfirm={(choice) => runBulk('ship', { carrier: choice.carrier, awbs: choice.awbs })}
          onCancel={() => setAsking(null)}
        />
      )}
      {(asking === 'pack' || asking === 'deliver') && (
        <ConfirmDialog
          title={`${asking === 'pack' ? 'Start packing' : 'Mark delivered'}: ${countOf(selection.count, shipmentsNoun)}?`}
          confirmLabel={asking === 'pack' ? 'Start packing' : 'Mark delivered'}
          busyLabel="Working..."
          busy={bulk.isPending}
          onConfirm={() => runBulk(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>
            {asking === 'pack'
              ? 'Each shipment not yet packed moves to Packaging. The others are skipped.'
              : 'Each shipment on the road is marked delivered. The others are skipped. This cannot be undone.'}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Mark shipped on one of the vendor's shipments: its lines from its detail. */
function VendorShipOne({ row, onClose }: { row: ShipmentSummary; onClose: () => void }) {
  const detail = useShipment(row._id);
  const lines = detail.data?.shipment.lines.map((line) => ({
    itemId: line.itemId,
    name: line.productName,
    sku: line.sku,
    quantity: line.quantity,
  }));
  return (
    <ShipOne
      shipmentId={row._id}
      label={row.order.trackingNumber}
      version={row.updatedAt}
      lines={lines}
      reload={() => detail.refetch().then((answer) => answer.data?.shipment.updatedAt)}
      onClose={onClose}
    />
  );
}

/**
 * The queue's columns, the same objects on every render (a checkbox keeps its focus as
 * the selection changes); the actions offered follow the shipment's status and reach
 * the page through `RowActionsContext`.
 */
const columns: ColumnDef<ShipmentSummary>[] = [
  {
    id: 'select',
    header: () => <SelectAllLoaded label="Select all loaded shipments" />,
    size: 48,
    meta: { card: 'hidden', label: 'Select' },
    cell: ({ row: { original } }) => (
      <SelectRow row={original} label={`Select shipment of order ${original.order.trackingNumber}`} />
    ),
  },
  {
    id: 'order',
    header: 'Order ID',
    size: 170,
    meta: { card: 'title' },
    cell: ({ row: { original } }) => <OrderCell row={original} />,
  },
  {
    id: 'customer',
    header: 'Customer',
    size: 170,
    cell: ({ row: { original } }) => <LongText text={original.customerName} />,
  },
  { id: 'units', header: 'Units', size: 70, cell: ({ row: { original } }) => original.units },
  {
    id: 'status',
    header: 'Status',
    size: 150,
    cell: ({ row: { original } }) => <ShipmentStatus shipment={original} />,
  },
  {
    id: 'shipBy',
    header: 'Ship by',
    size: 150,
    cell: ({ row: { original } }) => formatDateTime(original.shipBy),
  },
  {
    id: 'awb',
    header: 'Carrier and AWB',
    size: 180,
    cell: ({ row: { original } }) =>
      original.awb ? (
        <span className="break-all">
          {original.carrier} · <span className="font-mono">{original.awb}</span>
        </span>
      ) : (
        <span className="text-slate-500">Not shipped yet</span>
      ),
  },
  {
    id: 'actions',
    header: 'Actions',
    size: 300,
    meta: { card: 'actions' },
    cell: ({ row: { original } }) => <RowButtons row={original} />,
  },
];

/** The order's tracking number opening it; on a card, the selection box beside it (the card hides the select column). */
function OrderCell({ row }: { row: ShipmentSummary }) {
  const layout = useDataTableLayout();
  return (
    <span className="flex items-center gap-2">
      {layout === 'cards' && <SelectRow row={row} label={`Select shipment of order ${row.order.trackingNumber}`} />}
      <Link className="break-all font-medium text-pink-600 hover:underline" to={paths.myOrders.detail(row.order._id)}>
        {row.order.trackingNumber}
      </Link>
    </span>
  );
}

function RowButtons({ row }: { row: ShipmentSummary }) {
  const actions = useContext(RowActionsContext);
  if (!actions) return null;
  const busy = actions.busyId === row._id;
  const name = row.order.trackingNumber;
  return (
    <div className="flex flex-wrap gap-2">
      {row.status === 'Order Placed' && (
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={() => actions.pack(row)}
          aria-label={`Start packing ${name}`}
        >
          Start packing
        </Button>
      )}
      {(row.status === 'Order Placed' || row.status === 'Packaging') && (
        <Button size="sm" disabled={busy} onClick={() => actions.ship(row)} aria-label={`Mark shipped ${name}`}>
          Mark shipped
        </Button>
      )}
      {row.status === 'On The Road' && (
        <Button size="sm" disabled={busy} onClick={() => actions.deliver(row)} aria-label={`Mark delivered ${name}`}>
          Mark delivered
        </Button>
      )}
      {row.status !== 'Cancelled' && (
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => actions.slip(row)}
          aria-label={`Packing slip ${name}`}
        >
          <FileDown className="h-4 w-4" aria-hidden />
          Packing slip
        </Button>
      )}
    </div>
  );
}
