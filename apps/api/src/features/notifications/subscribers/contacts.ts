import { type AnySubscriber, subscribe } from '../../../platform/events/event-bus.js';
import { deliver, links, notificationTitles } from '../notices.js';
import { findAdminUserIds } from '../notifications.repository.js';

/** Longest part of a contact message quoted in its notification, in characters. */
const QUOTE_LENGTH = 80;

/** What the bell says of the contact form (issue 10): every admin hears of a message, with Contact inquiries as its link. */
export const contactNotifications: readonly AnySubscriber[] = [
  subscribe('contact.received', 'tell admins of a contact message', async (trx, { contact, at }) => {
    const quote =
      contact.message.length > QUOTE_LENGTH ? `${contact.message.slice(0, QUOTE_LENGTH)}…` : contact.message;
    await deliver(trx, await findAdminUserIds(trx), {
      kind: 'contact_received',
      title: notificationTitles.contact_received,
      message: `${contact.name}: ${quote}`,
      subjectType: 'contact',
      subjectId: contact.id,
      link: links.contacts,
      createdAt: at,
    });
  }),
];
