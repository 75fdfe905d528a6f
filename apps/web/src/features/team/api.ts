import type { TeamInvitationBody, TeamRole } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';

/** `GET /api/vendor/team`: the seller's team and the invitations waiting. */
export function useTeam() {
  return useQuery(queries.team.list.queryOptions());
}

/** `POST /api/vendor/team/invitations`. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamInvitationBody) => client.team.invite({ body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.team.key() }),
  });
}

/** `PUT /api/vendor/team/{userId}`: `owner` hands ownership to a manager. */
export function useSetMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TeamRole }) =>
      client.team.setRole({ params: { userId }, body: { role } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queries.team.key() }),
  });
}

/** `DELETE /api/vendor/team/{userId}`. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => client.team.remove({ params: { userId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.team.key() }),
  });
}
