import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntryKind } from '../../platform/db/schema.js';
import { balanceChanges, moveChange, type Posting } from './ledger-postings.js';

describe('balanceChanges', () => {
  it("counts an order's entries as pending while held, else available, and a payout's in processing too", () => {
    expect(
      balanceChanges([
        { vendorId: 2, kind: 'sale', amountPaise: 10_000, held: true },
        { vendorId: 2, kind: 'commission', amountPaise: -1_000, held: true },
        { vendorId: 1, kind: 'refund', amountPaise: -500 },
        { vendorId: 1, kind: 'payout', amountPaise: -4_000 },
        { vendorId: 1, kind: 'payout_failed', amountPaise: 1_500 },
        { vendorId: 1, kind: 'adjustment', amountPaise: 250 },
      ]),
    ).toEqual([
      [1, { pending: 0, available: -2_750, processing: 2_500, paid: 0 }],
      [2, { pending: 9_000, available: 0, processing: 0, paid: 0 }],
    ]);
  });

  it.each(['payout', 'payout_failed', 'adjustment'] as const)('refuses a held %s entry', (kind) => {
    expect(() => balanceChanges([{ vendorId: 1, kind, amountPaise: 1, held: true }])).toThrow(/never held/);
  });

  it('keeps both sums: pending + available is the entries, processing + paid what payouts took', () => {
    const orderKinds: LedgerEntryKind[] = ['sale', 'commission', 'cancellation', 'commission_reversal', 'refund'];
    const posting = fc.oneof(
      fc.record({
        vendorId: fc.integer({ min: 1, max: 4 }),
        kind: fc.constantFrom(...orderKinds),
        amountPaise: fc.integer({ min: -1_000_000, max: 1_000_000 }),
        held: fc.boolean(),
      }),
      fc.record({
        vendorId: fc.integer({ min: 1, max: 4 }),
        kind: fc.constantFrom<LedgerEntryKind>('payout', 'payout_failed', 'adjustment'),
        amountPaise: fc.integer({ min: -1_000_000, max: 1_000_000 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(posting, { maxLength: 40 }), (postings: Posting[]) => {
        const changes = balanceChanges(postings);
        expect(changes.map(([vendorId]) => vendorId)).toEqual([...new Set(postings.map((p) => p.vendorId))].sort());
        for (const [vendorId, change] of changes) {
          const mine = postings.filter((p) => p.vendorId === vendorId);
          const sum = (list: Posting[]) => list.reduce((total, p) => total + p.amountPaise, 0);
          expect(change.pending + change.available).toBe(sum(mine));
          expect(change.processing + change.paid).toBe(
            0 - sum(mine.filter((p) => p.kind === 'payout' || p.kind === 'payout_failed')),
          );
        }
      }),
    );
  });
});

describe('moveChange', () => {
  it('moves an amount between two balances and changes no sum', () => {
    expect(moveChange({ from: 'pending', to: 'available' }, 700)).toEqual({
      pending: -700,
      available: 700,
      processing: 0,
      paid: 0,
    });
    expect(moveChange({ from: 'processing', to: 'paid' }, 300)).toEqual({
      pending: 0,
      available: 0,
      processing: -300,
      paid: 300,
    });
  });
});
