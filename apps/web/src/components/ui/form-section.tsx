import { type ReactNode, useId } from 'react';

/** One titled part of a long form (a card with its heading); the heading names the region. */
export function FormSection({
  title,
  description,
  children,
  className = '',
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`rounded-xl border border-slate-200 bg-white p-5 ${className}`}>
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
