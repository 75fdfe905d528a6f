import type { ShipmentStatusResponse } from '@haat/contract';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useMoveShipment } from '../../lib/use-move-shipment';
import { notify } from './notify';
import { type ShipChoice, ShipDialog, type ShipLine } from './ship-dialog';

/** The toast when a move fails and the server gave no reason. */
export const MOVE_FAILED = 'Could not update the shipment. Please try again.';

/**
 * Mark shipped for one shipment, by its vendor or an admin (`admin`): the dialog with its
 * lines, the move with the version as loaded, and a 409 kept in the dialog with what was
 * typed until the user reloads (`reload` answers the shipment's version as now stored).
 */
export function ShipOne({
  shipmentId,
  label,
  version,
  lines,
  admin = false,
  reload,
  onDone,
  onClose,
}: {
  shipmentId: string;
  label: string;
  /** The shipment's `updatedAt` as shown. */
  version: string;
  lines: ShipLine[] | undefined;
  admin?: boolean;
  /** Reads the shipment again; answers its version now (undefined when it is gone). */
  reload: () => Promise<string | undefined>;
  onDone?: (answer: ShipmentStatusResponse) => void;
  onClose: () => void;
}) {
  const move = useMoveShipment({ admin });
  const [sentVersion, setSentVersion] = useState(version);
  const [problem, setProblem] = useState<{ message: string; stale: boolean } | null>(null);
  const [reloading, setReloading] = useState(false);

  const confirm = (choice: ShipChoice) => {
    setProblem(null);
    move.mutate(
      {
        id: shipmentId,
        body: {
          status: 'On The Road',
          carrier: choice.carrier,
          awb: choice.awbs[0],
          items: choice.items,
          updatedAt: sentVersion,
        },
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onDone?.(answer);
          onClose();
        },
        onError: (error) =>
          setProblem({
            message: errorMessage(error, MOVE_FAILED),
            stale: error instanceof ApiError && error.status === 409,
          }),
      },
    );
  };

  const doReload = () => {
    setReloading(true);
    reload()
      .then((now) => {
        if (now) setSentVersion(now);
        setProblem(null);
      })
      .catch((error: unknown) => setProblem({ message: errorMessage(error, MOVE_FAILED), stale: true }))
      .finally(() => setReloading(false));
  };

  return (
    <ShipDialog
      shipments={[{ id: shipmentId, label }]}
      lines={lines}
      busy={move.isPending || reloading}
      problem={problem}
      onReload={doReload}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
