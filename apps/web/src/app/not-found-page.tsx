import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';

/** Any unknown path (spec section 2): 'Page not found' and Go Back, which goes back in history. */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="bg-brand-gradient bg-clip-text text-7xl font-bold text-transparent">404</p>
      <h1 className="text-2xl font-semibold text-slate-900">Page not found</h1>
      <p className="text-sm text-slate-500">The page you are looking for does not exist or has moved.</p>
      <Button onClick={() => navigate(-1)}>Go Back</Button>
    </main>
  );
}
