import { defineTemplate } from '../template.js';

/**
 * An invitation to join a seller's team (issue 36; decision 0130): the accept link
 * (`/accept-invitation?token=...`, valid until `expiresAt`, UTC) made from the store's
 * public address. Essential: the invitee has no account to turn it off with.
 */
export const teamInvitation = defineTemplate<{
  name: string;
  businessName: string;
  roleLabel: string;
  invitedBy: string;
  token: string;
  expiresAt: string;
}>({
  name: 'team-invitation',
  essential: true,
  label: 'Team invitations',
  subject: ({ businessName }) => `You are invited to ${businessName}'s team`,
  render: ({ name, businessName, roleLabel, invitedBy, token, expiresAt }, brand) => ({
    heading: `Join ${businessName}'s team`,
    paragraphs: [
      `Hello ${name},`,
      `${invitedBy} invited you to ${businessName}'s team on ${brand.storeName || 'the store'} as ${roleLabel}.`,
      `Open the link to set your password and sign in. It works once, until ${expiresAt.slice(0, 16).replace('T', ' ')} UTC.`,
      'If you did not expect this invitation, ignore this mail.',
    ],
    action: { label: 'Accept the invitation', path: `/accept-invitation?token=${encodeURIComponent(token)}` },
  }),
});
