import type { InvitationResponse, PendingInvitation } from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Field, Input, Select } from './field';
import { Modal } from './modal';
import { notify } from './notify';

/**
 * The pieces the Staff screen (the store's staff, decision 0128) and a seller's Team
 * screen (decision 0129) share (issue 36): the invitations waiting, the invitation
 * dialog, a member's role choice and the removal's confirmation. Each screen brings its
 * own roles, labels and calls; the markup and texts are the same on both.
 */

/** A role as a screen offers it: the value sent, and what the option says. */
export interface RoleOption<Role extends string> {
  value: Role;
  label: string;
}

/**
 * "Invitations waiting": each invitation's name, e-mail, role (`roleLabel` of its role)
 * and expiry (the store's time). Nothing when there are none.
 */
export function InvitationsWaiting({
  invitations,
  roleLabel,
}: {
  invitations: readonly PendingInvitation[];
  roleLabel: (role: string) => string;
}) {
  if (invitations.length === 0) return null;
  return (
    <section aria-label="Invitations waiting" className="mt-6">
      <h2 className="mb-2 text-sm font-semibold text-slate-700">Invitations waiting</h2>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
        {invitations.map((invitation) => (
          <li key={invitation._id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
            <span>
              {invitation.name} ({invitation.email}) as {roleLabel(invitation.role)}
            </span>
            <span className="text-slate-500">Expires {formatDateTime(invitation.expiresAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What an invitation form holds: the contract's staff and team invitation bodies both have these. */
interface InvitationFields {
  email: string;
  name: string;
  role: string;
}

/**
 * The invitation dialog: e-mail, name and role, validated by the contract's `schema`;
 * on success a toast "Invitation sent to <e-mail>" and the dialog closes, on failure the
 * server's message stays in a toast. `note` is a line shown above the buttons.
 */
export function InviteDialog<Body extends InvitationFields, Role extends string>({
  title,
  formLabel,
  schema,
  roles,
  defaultRole,
  note,
  useInvite,
  onClose,
}: {
  title: string;
  /** The form's accessible name, e.g. 'Invite a staff member'. */
  formLabel: string;
  schema: z.ZodType<Body, InvitationFields>;
  roles: readonly RoleOption<Role>[];
  defaultRole: Role;
  note?: ReactNode;
  /** The screen's invitation mutation (its `api.ts` hook), used while the dialog is open. */
  useInvite: () => Pick<UseMutationResult<InvitationResponse, Error, Body>, 'mutate' | 'isPending'>;
  onClose: () => void;
}) {
  const invite = useInvite();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InvitationFields, unknown, Body>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', name: '', role: defaultRole },
  });
  const onValid = (body: Body) =>
    invite.mutate(body, {
      onSuccess: (answer) => {
        notify.success(`${answer.message} to ${answer.invitation.email}`);
        onClose();
      },
      onError: (error) => notify.longError(errorMessage(error, 'Could not send the invitation. Please try again.')),
    });
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={handleSubmit(onValid)} noValidate aria-label={formLabel} className="space-y-4">
        <Field label="Email" required error={errors.email?.message}>
          {(c) => <Input {...c} type="email" autoComplete="off" {...register('email')} />}
        </Field>
        <Field label="Name" required error={errors.name?.message}>
          {(c) => <Input {...c} {...register('name')} />}
        </Field>
        <Field label="Role" required error={errors.role?.message}>
          {(c) => (
            <Select {...c} {...register('role')}>
              {roles.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {note && <p className="text-xs text-slate-500">{note}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Sending...' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A member's role as a choice, named "Role of <name>"; `onChange` gets the role chosen. */
export function MemberRoleSelect<Role extends string>({
  memberName,
  value,
  roles,
  disabled,
  onChange,
}: {
  memberName: string;
  value: string;
  roles: readonly RoleOption<Role>[];
  disabled?: boolean;
  onChange: (role: Role) => void;
}) {
  return (
    <select
      aria-label={`Role of ${memberName}`}
      className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as Role)}
    >
      {roles.map((role) => (
        <option key={role.value} value={role.value}>
          {role.label}
        </option>
      ))}
    </select>
  );
}

/**
 * The removal's confirmation: "Remove <name> (<e-mail>)? They are signed out everywhere
 * at once and can no longer sign in." and the screen's `note` after it.
 */
export function RemoveMemberDialog({
  title,
  member,
  note,
  busy,
  onConfirm,
  onCancel,
}: {
  title: string;
  member: { name: string; email: string };
  note?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={title}
      confirmLabel="Remove"
      busyLabel="Removing..."
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        Remove {member.name} ({member.email})? They are signed out everywhere at once and can no longer sign in.
        {note && ` ${note}`}
      </p>
    </ConfirmDialog>
  );
}
