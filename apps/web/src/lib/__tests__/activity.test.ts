import { describe, expect, it } from 'vitest';
import { describeChange } from '../activity';

describe('describeChange', () => {
  it('reads money fields as rupees', () => {
    expect(describeChange('discountedTotal', { before: 2739, after: 1878.54 })).toBe(
      'Discounted total: Rs.2,739.00 → Rs.1,878.54',
    );
  });

  it('leaves out a field recorded without a change', () => {
    expect(describeChange('status', { before: 'Order Placed', after: 'Order Placed' })).toBeNull();
  });

  it('reads a value set where there was none without an arrow', () => {
    expect(describeChange('reason', { before: null, after: 'Out of stock' })).toBe('Reason: Out of stock');
    expect(describeChange('unitsCancelled', { before: null, after: 3 })).toBe('Units cancelled: 3');
  });

  it('keeps other values as they were recorded', () => {
    expect(describeChange('stock', { before: 12, after: 9 })).toBe('Stock: 12 → 9');
    expect(describeChange('status', { before: 'Pending', after: 'Approved' })).toBe('Status: Pending → Approved');
  });
});
