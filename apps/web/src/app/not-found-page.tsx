import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session';
import { useDocumentTitle } from '../lib/use-document-title';

/** How many times this tab has loaded the app (kept in the tab's session storage). */
const TAB_LOADS_KEY = 'haat.tab-loads';
const loadsInThisTab = (() => {
  try {
    const loads = Number(sessionStorage.getItem(TAB_LOADS_KEY) ?? 0) + 1;
    sessionStorage.setItem(TAB_LOADS_KEY, String(loads));
    return loads;
  } catch {
    return 1;
  }
})();

/**
 * Whether the browser holds an earlier page of this app in the tab's history: React
 * Router numbers its entries within one load (`history.state.idx`, 0 the first), and a
 * tab that loaded the app before (an address typed after another screen) has one too.
 */
export function hasEarlierPage(): boolean {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return (typeof index === 'number' && index > 0) || loadsInThisTab > 1;
}

/**
 * Any unknown path (spec section 2): 'Page not found' and Go Back, which goes back in
 * history; when there is no earlier page in the app (an address typed or opened in a
 * new tab), Go Back stays in the app and goes to the dashboard, or to the sign-in
 * without a session (issue 12), instead of leaving for the browser's blank page.
 */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const navigate = useNavigate();
  const session = useSession();
  const goBack = () => {
    if (hasEarlierPage()) navigate(-1);
    else navigate(session ? paths.dashboard : paths.login, { replace: true });
  };
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="bg-brand-gradient bg-clip-text text-7xl font-bold text-transparent">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-sm text-slate-500">The page you are looking for does not exist or has moved.</p>
      <Button onClick={goBack}>Go Back</Button>
    </main>
  );
}
