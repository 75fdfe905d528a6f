import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '../lib/query-client';
import { sessionStore } from '../lib/session';
import { createRouter } from './router';

/** Toasts: bottom right, 4 s by default, at most 20 held at once (spec sections 2 and 9). */
export const TOAST_DEFAULT_MS = 4000;
export const TOASTS_HELD = 20;

/** The app's providers: queries, the router and the toast area. */
export function Providers() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  // However a session ends (logout, expiry, a 401), forget every cached answer, so the
  // next person to sign in in this tab never sees the previous one's data.
  useEffect(() => {
    const unsubscribe = sessionStore.subscribe(() => {
      if (!sessionStore.get()) queryClient.clear();
    });
    return () => {
      unsubscribe();
    };
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster position="bottom-right" duration={TOAST_DEFAULT_MS} visibleToasts={TOASTS_HELD} richColors closeButton />
    </QueryClientProvider>
  );
}
