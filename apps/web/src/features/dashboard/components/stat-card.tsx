import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One figure of the dashboard: its title, the value and an optional caption. A
 * labelled region, so a reader (and a test) finds the value by the card's title.
 */
export function StatCard({
  title,
  value,
  caption,
  icon: Icon,
  accent,
}: {
  title: string;
  value: ReactNode;
  caption?: string;
  icon: LucideIcon;
  /** Tailwind classes for the icon's tile. */
  accent: string;
}) {
  const id = `stat-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="min-w-0">
        <h2 id={id} className="text-sm font-medium text-slate-500">
          {title}
        </h2>
        <p className="mt-1 truncate text-xl font-semibold text-slate-900 sm:text-2xl">{value}</p>
        {caption && <p className="mt-1 text-xs text-slate-500">{caption}</p>}
      </div>
      {/* On a phone the cards stand two to a row (issue 27): the figure gets the width. */}
      <span
        className={`hidden h-12 w-12 shrink-0 items-center justify-center rounded-xl sm:flex ${accent}`}
        aria-hidden
      >
        <Icon className="h-6 w-6" />
      </span>
    </section>
  );
}
