import {
  type AssignableStaffRole,
  assignableStaffRoles,
  type StaffMember,
  staffInvitationBody,
  staffRoleLabels,
  staffRolePermissions,
} from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Trash2, UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { InvitationsWaiting, InviteDialog, MemberRoleSelect, RemoveMemberDialog } from '../../../components/ui/members';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useInviteStaff, useRemoveStaff, useSetStaffRole, useStaff } from '../api';

/** What a role may use, in a line: its permissions' areas (decision 0128). */
export function roleSummary(role: keyof typeof staffRolePermissions): string {
  const areas = new Map<string, string>();
  for (const permission of staffRolePermissions[role]) {
    const [area, level] = permission.split(':') as [string, string];
    if (level === 'write' || !areas.has(area)) areas.set(area, level);
  }
  return [...areas].map(([area, level]) => (level === 'read' ? `${area} (read)` : area)).join(', ');
}

const roleOptions = assignableStaffRoles.map((role) => ({ value: role, label: staffRoleLabels[role] }));
/** The invitation's roles, each with what it may use. */
const inviteRoleOptions = assignableStaffRoles.map((role) => ({
  value: role,
  label: `${staffRoleLabels[role]}: ${roleSummary(role)}`,
}));

/** A member's role: a choice for others, the name alone for an Owner or oneself. */
function RoleCell({ member, editable }: { member: StaffMember; editable: boolean }) {
  const setRole = useSetStaffRole();
  if (!editable) return <span>{staffRoleLabels[member.role]}</span>;
  return (
    <MemberRoleSelect
      memberName={member.name}
      value={member.role}
      roles={roleOptions}
      disabled={setRole.isPending}
      onChange={(role) =>
        setRole.mutate(
          { id: member._id, body: { role, updatedAt: member.updatedAt } },
          {
            onSuccess: (answer) =>
              notify.success(`${answer.message}: ${member.name} is ${staffRoleLabels[answer.member.role]}`),
            onError: (error) => notify.longError(errorMessage(error, 'Could not change the role. Please try again.')),
          },
        )
      }
    />
  );
}

/**
 * Staff (issue 36; /admin/staff, the Owner's): every staff member with their role, the
 * invitations waiting, invite by e-mail with a role, change a role, remove with a
 * confirmation (their sessions end). An Owner's role and one's own are not changed here.
 * On the list kit: a table on wide screens, cards under 768 px.
 */
export function StaffPage() {
  useDocumentTitle('Staff');
  const me = useSession()?.user._id;
  const staff = useStaff();
  const remove = useRemoveStaff();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const columns = useMemo<ColumnDef<StaffMember>[]>(
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
        size: 200,
        cell: ({ row: { original } }) => (
          <RoleCell member={original} editable={original.role !== 'owner' && original._id !== me} />
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">Actions</span>,
        size: 90,
        meta: { card: 'actions', label: 'Actions' },
        cell: ({ row: { original } }) =>
          original.role === 'owner' || original._id === me ? null : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove ${original.name}`}
              onClick={() => setRemoving(original)}
            >
              <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
            </Button>
          ),
      },
    ],
    [me],
  );

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing._id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.longError(errorMessage(error, 'Could not remove the staff member. Please try again.')),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <div>
      <PageHeader
        title="Staff"
        subtitle="Who works in the back office, and what each role may use"
        actions={
          <Button onClick={() => setInviting(true)}>
            <UserPlus className="h-4 w-4" aria-hidden /> Invite staff
          </Button>
        }
      />
      {staff.isPending ? (
        <Spinner label="Loading staff..." />
      ) : staff.isError ? (
        <EmptyState title="Could not load the staff" description={errorMessage(staff.error, '')} />
      ) : (
        <DataTable
          label="Staff"
          columns={columns}
          data={staff.data.members}
          getRowId={(member) => member._id}
          estimateRowHeight={56}
          cardLabel={(member) => member.name}
        />
      )}
      <InvitationsWaiting
        invitations={staff.data?.invitations ?? []}
        roleLabel={(role) => staffRoleLabels[role as AssignableStaffRole] ?? role}
      />
      {inviting && (
        <InviteDialog
          title="Invite staff"
          formLabel="Invite a staff member"
          schema={staffInvitationBody}
          roles={inviteRoleOptions}
          defaultRole="support"
          note="They get a link by e-mail, valid 7 days, to choose a password."
          useInvite={useInviteStaff}
          onClose={() => setInviting(false)}
        />
      )}
      {removing && (
        <RemoveMemberDialog
          title="Remove staff member"
          member={removing}
          note="What they did stays in the activity log."
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
