/** A spinner with its text, announced to screen readers. */
export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-slate-500">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-pink-600" aria-hidden />
      <span>{label}</span>
    </div>
  );
}
