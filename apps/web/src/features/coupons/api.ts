import type { Coupon, CouponBodyInput } from '@haat/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';

/** How many matches a restriction picker shows for a search. */
export const PICKER_RESULTS = 20;

/** Every coupon, newest first (spec section 7, `GET /api/coupons`). */
export function useCoupons() {
  return useQuery(queries.coupons.list.queryOptions());
}

/** `POST /api/coupons`, or `PUT /api/coupons/:id` when `id` is given; the list reloads after. */
export function useSaveCoupon(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponBodyInput) =>
      id ? client.coupons.update({ params: { id }, body }) : client.coupons.create({ body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.coupons.list.key() }),
  });
}

/** `DELETE /api/coupons/:id`; the list reloads after. */
export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coupon: Coupon) => client.coupons.remove({ params: { id: coupon._id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.coupons.list.key() }),
  });
}

/** An option of a restriction picker. */
export interface PickerOption {
  _id: string;
  name: string;
}

/**
 * Products whose name, SKU or brand contains `search`, the first `PICKER_RESULTS`,
 * searched in the database (the catalog is never loaded whole; `GET /api/products/admin/all`).
 */
export function useProductOptions(search: string, enabled: boolean) {
  return useQuery({
    ...queries.products.staffList.queryOptions({
      input: { query: { limit: PICKER_RESULTS, search: search || undefined } },
    }),
    select: (answer): PickerOption[] => answer.products.map((product) => ({ _id: product._id, name: product.name })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Categories whose name contains `search`, the first `PICKER_RESULTS`, searched in the database (`GET /api/categories`). */
export function useCategoryOptions(search: string, enabled: boolean) {
  return useQuery({
    ...queries.categories.list.queryOptions({
      input: { query: { limit: PICKER_RESULTS, search: search || undefined } },
    }),
    select: (answer): PickerOption[] =>
      answer.categories.map((category) => ({ _id: category._id, name: category.name })),
    enabled,
    placeholderData: keepPreviousData,
  });
}
