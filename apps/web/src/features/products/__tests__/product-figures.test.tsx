import { api as endpoints } from '@haat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queries } from '../../../lib/api-client';
import { productFigureKeys } from '../../../lib/query-keys';
import { fakeApi, route, signInAs } from '../../../test/screen-kit';
import { useDeleteProduct } from '../api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a product write', () => {
  it('marks the dashboards, category counts and pending count stale at once (issue 12)', async () => {
    signInAs('admin');
    fakeApi({
      [route(endpoints.products.remove, { id: '7' })]: () => ({
        success: true,
        message: 'Product deleted successfully!',
      }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const figures = [...productFigureKeys.map((root) => [...root, 'summary']), queries.products.counts.key()];
    for (const key of figures) queryClient.setQueryData(key, { figure: 1 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );

    const { result } = renderHook(() => useDeleteProduct(), { wrapper });
    for (const key of figures) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    act(() => result.current.mutate('7'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    for (const key of figures) expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
