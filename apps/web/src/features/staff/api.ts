import type { StaffInvitationBody, StaffRoleBody } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';

/** `GET /api/staff/admin`: the staff and the invitations waiting. */
export function useStaff() {
  return useQuery(queries.staff.list.queryOptions());
}

/** `POST /api/staff/admin/invitations`. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffInvitationBody) => client.staff.invite({ body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.staff.key() }),
  });
}

/** `PUT /api/staff/admin/{id}`. */
export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StaffRoleBody }) => client.staff.setRole({ params: { id }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queries.staff.key() }),
  });
}

/** `DELETE /api/staff/admin/{id}`. */
export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.staff.remove({ params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.staff.key() }),
  });
}
