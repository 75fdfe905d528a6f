import type { MailTemplate } from '../template.js';
import { adminBankDetailsChanged } from './admin-bank-details-changed.js';
import { adminKycSubmitted } from './admin-kyc-submitted.js';
import { adminNewVendor } from './admin-new-vendor.js';
import { adminProductsWaiting } from './admin-products-waiting.js';
import { bankDetailsChanged } from './bank-details-changed.js';
import { cancelRequestAnswered } from './cancel-request-answered.js';
import { emailVerification } from './email-verification.js';
import { kycDecision } from './kyc-decision.js';
import { newDeviceSignIn } from './new-device-sign-in.js';
import { passwordChanged } from './password-changed.js';
import { passwordReset } from './password-reset.js';
import { payoutPaid } from './payout-paid.js';
import { productDecision } from './product-decision.js';
import { shipmentLate } from './shipment-late.js';
import { staffInvitation } from './staff-invitation.js';
import { teamInvitation } from './team-invitation.js';
import { vendorDecision } from './vendor-decision.js';
import { vendorNewOrders } from './vendor-new-orders.js';

/**
 * Every mail template, by name (decision 0125). To add one: write
 * `templates/<name>.ts` with `defineTemplate<Data>({ name, essential, label, subject, render })`
 * and add it here under its name; `queueMail(trx, { template: '<name>', data, ... })`
 * then type-checks its data.
 */
export const mailTemplates = {
  'password-reset': passwordReset,
  'email-verification': emailVerification,
  'password-changed': passwordChanged,
  'new-device-sign-in': newDeviceSignIn,
  'vendor-decision': vendorDecision,
  'product-decision': productDecision,
  'vendor-new-orders': vendorNewOrders,
  'cancel-request-answered': cancelRequestAnswered,
  'payout-paid': payoutPaid,
  'bank-details-changed': bankDetailsChanged,
  'admin-bank-details-changed': adminBankDetailsChanged,
  'admin-new-vendor': adminNewVendor,
  'admin-products-waiting': adminProductsWaiting,
  'staff-invitation': staffInvitation,
  'team-invitation': teamInvitation,
  'admin-kyc-submitted': adminKycSubmitted,
  'kyc-decision': kycDecision,
  'shipment-late': shipmentLate,
} as const;

/** A template's name. */
export type MailTemplateName = keyof typeof mailTemplates;

/** The data a template takes. */
export type MailDataOf<K extends MailTemplateName> =
  (typeof mailTemplates)[K] extends MailTemplate<infer D> ? D : never;

/** A template by a name read back from the database; undefined for one no longer known. */
export function templateNamed(name: string): MailTemplate<unknown> | undefined {
  return (mailTemplates as Record<string, MailTemplate<never>>)[name] as MailTemplate<unknown> | undefined;
}
