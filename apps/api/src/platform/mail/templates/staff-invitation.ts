import { defineTemplate } from '../template.js';

/**
 * An invitation to join the store's staff (issue 36; decision 0130): the accept link
 * (`/accept-invitation?token=...`, valid until `expiresAt`, UTC) made from the store's
 * public address. Essential: the invitee has no account to turn it off with.
 */
export const staffInvitation = defineTemplate<{
  name: string;
  roleLabel: string;
  invitedBy: string;
  token: string;
  expiresAt: string;
}>({
  name: 'staff-invitation',
  essential: true,
  label: 'Staff invitations',
  subject: () => 'You are invited to the back office',
  render: ({ name, roleLabel, invitedBy, token, expiresAt }, brand) => ({
    heading: 'You are invited to the back office',
    paragraphs: [
      `Hello ${name},`,
      `${invitedBy} invited you to ${brand.storeName || 'the store'}'s back office as ${roleLabel}.`,
      `Open the link to set your password and sign in. It works once, until ${expiresAt.slice(0, 16).replace('T', ' ')} UTC.`,
      'If you did not expect this invitation, ignore this mail.',
    ],
    action: { label: 'Accept the invitation', path: `/accept-invitation?token=${encodeURIComponent(token)}` },
  }),
});
