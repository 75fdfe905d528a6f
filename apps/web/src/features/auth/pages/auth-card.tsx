import type { ReactNode } from 'react';

/** The sign-in screens' frame: the brand over a white card (login, forgot and reset password). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="bg-brand-gradient flex min-h-full items-center justify-center p-6">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
        <div className="mb-6 text-center">
          <p className="bg-brand-gradient bg-clip-text text-3xl font-bold text-transparent">Haat</p>
          <h1 className="mt-2 text-xl font-semibold text-slate-900">{title}</h1>
          {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
        </div>
        {children}
      </div>
    </main>
  );
}
