import {
  type AssignableTeamRole,
  assignableTeamRoles,
  type TeamMember,
  teamInvitationBody,
  teamRoleLabels,
} from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Crown, Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { InvitationsWaiting, InviteDialog, MemberRoleSelect, RemoveMemberDialog } from '../../../components/ui/members';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { hasTeamRole } from '../../../lib/permissions';
import { sessionStore, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInviteMember, useRemoveMember, useSetMemberRole, useTeam } from '../api';

/** What each team role may do, as the invitation form says it (decision 0129). */
const roleHelp: Record<AssignableTeamRole, string> = {
  manager: 'everything the shop may do, money included',
  staff: 'products, orders and shipments; not earnings, payouts or bank details',
};

const roleOptions = assignableTeamRoles.map((role) => ({ value: role, label: teamRoleLabels[role] }));
/** The invitation's roles, each with what it may do. */
const inviteRoleOptions = assignableTeamRoles.map((role) => ({
  value: role,
  label: `${teamRoleLabels[role]}: ${roleHelp[role]}`,
}));

type Pending = { kind: 'remove' | 'handOver'; member: TeamMember };

/**
 * Team (issue 36; /admin/team, vendors): the shop's owner, managers and staff, and the
 * invitations waiting. The owner invites by e-mail, changes roles, removes members (their
 * sessions end) and may hand ownership to a manager; members see the team. On the list
 * kit: a table on wide screens, cards under 768 px.
 */
export function TeamPage() {
  useDocumentTitle('Team');
  const user = useSession()?.user;
  const isOwner = hasTeamRole(user, 'owner');
  const team = useTeam();
  const setRole = useSetMemberRole();
  const remove = useRemoveMember();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);

  const columns = useMemo<ColumnDef<TeamMember>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        size: 220,
        meta: { card: 'title' },
        cell: ({ row: { original } }) => <span className="font-medium text-slate-900">{original.name}</span>,
      },
      { id: 'email', header: 'Email', size: 260, cell: ({ row: { original } }) => original.email },
      {
        id: 'role',
        header: 'Role',
        size: 160,
        cell: ({ row: { original } }) =>
          !isOwner || original.role === 'owner' ? (
            <span>{teamRoleLabels[original.role]}</span>
          ) : (
            <MemberRoleSelect
              memberName={original.name}
              value={original.role}
              roles={roleOptions}
              onChange={(role) =>
                setRole.mutate(
                  { userId: original._id, role },
                  {
                    onSuccess: (answer) => notify.success(answer.message),
                    onError: (error) => notify.longError(errorMessage(error, 'Could not change the role.')),
                  },
                )
              }
            />
          ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        size: 130,
        meta: { card: 'actions', label: 'Actions' },
        cell: ({ row: { original } }) =>
          !isOwner || original.role === 'owner' ? null : (
            <div className="flex justify-end gap-1">
              {original.role === 'manager' && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Make ${original.name} the owner`}
                  onClick={() => setPending({ kind: 'handOver', member: original })}
                >
                  <Crown className="h-4 w-4 text-amber-600" aria-hidden />
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${original.name}`}
                onClick={() => setPending({ kind: 'remove', member: original })}
              >
                <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
              </Button>
            </div>
          ),
      },
    ],
    [isOwner, setRole],
  );

  const confirm = () => {
    if (!pending) return;
    const { kind, member } = pending;
    const done = { onSettled: () => setPending(null) };
    if (kind === 'remove') {
      remove.mutate(member._id, {
        ...done,
        onSuccess: (answer) => notify.success(answer.message),
        onError: (error) => notify.longError(errorMessage(error, 'Could not remove the member. Please try again.')),
      });
    } else {
      setRole.mutate(
        { userId: member._id, role: 'owner' },
        {
          ...done,
          onSuccess: (answer) => {
            notify.success(answer.message);
            // This session is a manager's from now on: the screens follow.
            const session = sessionStore.get();
            if (session) sessionStore.start(session.token, { ...session.user, teamRole: 'manager' });
          },
          onError: (error) => notify.longError(errorMessage(error, 'Could not hand ownership over.')),
        },
      );
    }
  };

  return (
    <div>
      <PageHeader
        title="Team"
        subtitle="Who works in your shop's back office"
        actions={
          isOwner ? (
            <Button onClick={() => setInviting(true)}>
              <UserPlus className="h-4 w-4" aria-hidden /> Invite member
            </Button>
          ) : undefined
        }
      />
      {team.isPending ? (
        <Spinner label="Loading team..." />
      ) : team.isError ? (
        <EmptyState title="Could not load the team" description={errorMessage(team.error, '')} />
      ) : (
        <DataTable
          label="Team"
          columns={columns}
          data={team.data.members}
          getRowId={(member) => member._id}
          estimateRowHeight={56}
          cardLabel={(member) => member.name}
        />
      )}
      <InvitationsWaiting
        invitations={team.data?.invitations ?? []}
        roleLabel={(role) => teamRoleLabels[role as AssignableTeamRole] ?? role}
      />
      {inviting && (
        <InviteDialog
          title="Invite member"
          formLabel="Invite a team member"
          schema={teamInvitationBody}
          roles={inviteRoleOptions}
          defaultRole="staff"
          useInvite={useInviteMember}
          onClose={() => setInviting(false)}
        />
      )}
      {pending?.kind === 'remove' && (
        <RemoveMemberDialog
          title="Remove member"
          member={pending.member}
          busy={remove.isPending || setRole.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        />
      )}
      {pending?.kind === 'handOver' && (
        <ConfirmDialog
          title="Hand ownership over"
          confirmLabel="Make owner"
          busyLabel="Handing over..."
          busy={remove.isPending || setRole.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          <p>
            Make {pending.member.name} the shop's owner? You become a manager: you keep working, but only the new owner
            can change the team.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
