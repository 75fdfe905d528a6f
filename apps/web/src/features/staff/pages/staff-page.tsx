import {
  type AssignableStaffRole,
  assignableStaffRoles,
  type StaffInvitationBody,
  type StaffMember,
  staffInvitationBody,
  staffRoleLabels,
  staffRolePermissions,
} from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { Trash2, UserPlus } from 'lucide-react';
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

/** The invitation form: e-mail, name and role. */
function InviteForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteStaff();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<StaffInvitationBody>({
    resolver: zodResolver(staffInvitationBody),
    defaultValues: { email: '', name: '', role: 'support' },
  });
  const onValid = (body: StaffInvitationBody) =>
    invite.mutate(body, {
      onSuccess: (answer) => {
        notify.success(`${answer.message} to ${answer.invitation.email}`);
        onDone();
      },
      onError: (error) => notify.longError(errorMessage(error, 'Could not send the invitation. Please try again.')),
    });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Invite a staff member" className="space-y-4">
      <Field label="Email" required error={errors.email?.message}>
        {(c) => <Input {...c} type="email" autoComplete="off" {...register('email')} />}
      </Field>
      <Field label="Name" required error={errors.name?.message}>
        {(c) => <Input {...c} {...register('name')} />}
      </Field>
      <Field label="Role" required error={errors.role?.message}>
        {(c) => (
          <Select {...c} {...register('role')}>
            {assignableStaffRoles.map((role) => (
              <option key={role} value={role}>
                {staffRoleLabels[role]}: {roleSummary(role)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <p className="text-xs text-slate-500">They get a link by e-mail, valid 7 days, to choose a password.</p>
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

/** A member's role: a choice for others, the name alone for an Owner or oneself. */
function RoleCell({ member, editable }: { member: StaffMember; editable: boolean }) {
  const setRole = useSetStaffRole();
  if (!editable) return <span>{staffRoleLabels[member.role]}</span>;
  return (
    <select
      aria-label={`Role of ${member.name}`}
      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      value={member.role}
      disabled={setRole.isPending}
      onChange={(event) =>
        setRole.mutate(
          { id: member._id, body: { role: event.target.value as AssignableStaffRole, updatedAt: member.updatedAt } },
          {
            onSuccess: (answer) =>
              notify.success(`${answer.message}: ${member.name} is ${staffRoleLabels[answer.member.role]}`),
            onError: (error) => notify.longError(errorMessage(error, 'Could not change the role. Please try again.')),
          },
        )
      }
    >
      {assignableStaffRoles.map((role) => (
        <option key={role} value={role}>
          {staffRoleLabels[role]}
        </option>
      ))}
    </select>
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

  const invitations = staff.data?.invitations ?? [];
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
      {invitations.length > 0 && (
        <section aria-label="Invitations waiting" className="mt-6">
          <h2 className="mb-2 text-sm font-semibold text-slate-700">Invitations waiting</h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
            {invitations.map((invitation) => (
              <li key={invitation._id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
                <span>
                  {invitation.name} ({invitation.email}) as{' '}
                  {staffRoleLabels[invitation.role as AssignableStaffRole] ?? invitation.role}
                </span>
                <span className="text-slate-500">Expires {formatDateTime(invitation.expiresAt)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {inviting && (
        <Modal title="Invite staff" onClose={() => setInviting(false)}>
          <InviteForm onDone={() => setInviting(false)} />
        </Modal>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove staff member"
          confirmLabel="Remove"
          busyLabel="Removing..."
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        >
          <p>
            Remove {removing.name} ({removing.email})? They are signed out everywhere at once and can no longer sign in.
            What they did stays in the activity log.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
