import { Construction } from 'lucide-react';
import { useDocumentTitle } from '../lib/use-document-title';

/** A screen whose own issue is still open: a plain page, never a broken link. */
export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-20 text-center">
      <Construction className="h-10 w-10 text-pink-600" aria-hidden />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <p className="text-sm text-slate-500">This screen is coming soon.</p>
    </section>
  );
}
