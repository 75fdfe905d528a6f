import {
  type AssignableTeamRole,
  assignableTeamRoles,
  type TeamInvitationBody,
  type TeamMember,
  teamInvitationBody,
  teamRoleLabels,
} from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { Crown, Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { hasTeamRole } from '../../../lib/permissions';
import { sessionStore, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInviteMember, useRemoveMember, useSetMemberRole, useTeam } from '../api';

/** What each team role may do, as the invitation form says it (decision 0129). */
const roleHelp: Record<AssignableTeamRole, string> = {
  manager: 'everything the shop may do, money included',
  staff: 'products, orders and shipments; not earnings, payouts or bank details',
};

function InviteForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteMember();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TeamInvitationBody>({
    resolver: zodResolver(teamInvitationBody),
    defaultValues: { email: '', name: '', role: 'staff' },
  });
  const onValid = (body: TeamInvitationBody) =>
    invite.mutate(body, {
      onSuccess: (answer) => {
        notify.success(`${answer.message} to ${answer.invitation.email}`);
        onDone();
      },
      onError: (error) => notify.longError(errorMessage(error, 'Could not send the invitation. Please try again.')),
    });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Invite a team member" className="space-y-4">
      <Field label="Email" required error={errors.email?.message}>
        {(c) => <Input {...c} type="email" autoComplete="off" {...register('email')} />}
      </Field>
      <Field label="Name" required error={errors.name?.message}>
        {(c) => <Input {...c} {...register('name')} />}
      </Field>
      <Field label="Role" required error={errors.role?.message}>
        {(c) => (
          <Select {...c} {...register('role')}>
            {assignableTeamRoles.map((role) => (
              <option key={role} value={role}>
                {teamRoleLabels[role]}: {roleHelp[role]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={invite.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}

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
            <select
              aria-label={`Role of ${original.name}`}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
              value={original.role}
              onChange={(event) =>
                setRole.mutate(
                  { userId: original._id, role: event.target.value as AssignableTeamRole },
                  {
                    onSuccess: (answer) => notify.success(answer.message),
                    onError: (error) => notify.longError(errorMessage(error, 'Could not change the role.')),
                  },
                )
              }
            >
              {assignableTeamRoles.map((role) => (
                <option key={role} value={role}>
                  {teamRoleLabels[role]}
                </option>
              ))}
            </select>
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

  const invitations = team.data?.invitations ?? [];
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
      {invitations.length > 0 && (
        <section aria-label="Invitations waiting" className="mt-6">
          <h2 className="mb-2 text-sm font-semibold text-slate-700">Invitations waiting</h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
            {invitations.map((invitation) => (
              <li key={invitation._id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span>
                  {invitation.name} ({invitation.email}) as{' '}
                  {teamRoleLabels[invitation.role as AssignableTeamRole] ?? invitation.role}
                </span>
                <span className="text-slate-500">Expires {formatDateTime(invitation.expiresAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {inviting && (
        <Modal title="Invite member" onClose={() => setInviting(false)}>
          <InviteForm onDone={() => setInviting(false)} />
        </Modal>
      )}
      {pending && (
        <ConfirmDialog
          title={pending.kind === 'remove' ? 'Remove member' : 'Hand ownership over'}
          confirmLabel={pending.kind === 'remove' ? 'Remove' : 'Make owner'}
          busyLabel={pending.kind === 'remove' ? 'Removing...' : 'Handing over...'}
          busy={remove.isPending || setRole.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          {pending.kind === 'remove' ? (
            <p>
              Remove {pending.member.name} ({pending.member.email})? They are signed out everywhere at once and can no
              longer sign in.
            </p>
          ) : (
            <p>
              Make {pending.member.name} the shop's owner? You become a manager: you keep working, but only the new
              owner can change the team.
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}
