import { WifiOff } from 'lucide-react';
import { connectivity, useUnreachable } from '../../lib/connectivity';

/**
 * One banner across the top of the content while the API cannot be reached (issue 27);
 * it goes away by itself once the server answers again (`connectivity` asks every few
 * seconds), and "Try now" asks at once. Nothing typed on the screen is lost meanwhile.
 */
export function OfflineBanner() {
  const unreachable = useUnreachable();
  if (!unreachable) return null;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 md:px-6"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden />
      <p className="min-w-0 flex-1">
        <strong className="font-semibold">The server cannot be reached.</strong> Your work on this screen is kept; the
        back office reconnects by itself.
      </p>
      <button
        type="button"
        onClick={() => connectivity.checkNow()}
        className="rounded-md border border-amber-400 bg-white px-2.5 py-1 font-medium hover:bg-amber-100"
      >
        Try now
      </button>
    </div>
  );
}
