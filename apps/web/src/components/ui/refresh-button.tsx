import { RefreshCw } from 'lucide-react';
import { Button } from './button';

/**
 * A screen's 'Refresh': re-reads its data from the server, after which the screen says
 * its load toast (decision 0053). Shows 'Refreshing...' while the answer is on its way.
 */
export function RefreshButton({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  return (
    <Button variant="secondary" disabled={busy} onClick={onClick}>
      <RefreshCw className={`h-4 w-4 ${busy ? 'animate-spin' : ''}`} aria-hidden />
      {busy ? 'Refreshing...' : 'Refresh'}
    </Button>
  );
}
