import type { ReactNode } from 'react';

const tones = {
  green: 'bg-emerald-100 text-emerald-800',
  yellow: 'bg-amber-100 text-amber-800',
  blue: 'bg-blue-100 text-blue-800',
  purple: 'bg-purple-100 text-purple-800',
  red: 'bg-red-100 text-red-800',
  grey: 'bg-slate-100 text-slate-700',
  pink: 'bg-pink-100 text-pink-800',
} as const;

export type BadgeTone = keyof typeof tones;

/** A small coloured label (statuses, stock, approval). */
export function Badge({ tone = 'grey', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}
