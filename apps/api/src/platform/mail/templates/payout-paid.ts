import { defineTemplate, rupees } from '../template.js';

/** A payout marked paid: its amount and the bank's reference (UTR) (issue 36). */
export const payoutPaid = defineTemplate<{ amountPaise: number; reference: string }>({
  name: 'payout-paid',
  essential: false,
  label: 'Payouts paid',
  subject: ({ amountPaise }) => `${rupees(amountPaise)} was paid to your bank account`,
  render: ({ amountPaise, reference }) => ({
    heading: 'A payout was paid',
    paragraphs: [`${rupees(amountPaise)} was paid to your bank account.`, `Bank reference (UTR): ${reference}`],
    action: { label: 'See your earnings', path: '/admin/earnings' },
  }),
});
