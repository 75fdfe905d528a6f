import { describe, expect, it } from 'vitest';
import { rewriteLegacyPath } from './legacy-paths.js';

describe('rewriteLegacyPath', () => {
  it.each([
    ['/products/create', '/api/products/create'],
    ['/products', '/api/products'],
    ['/categories?x=1', '/api/categories?x=1'],
    ['/subcategories/4', '/api/subcategories/4'],
    ['/orders/admin/orders', '/api/orders/admin/orders'],
    ['/vendors', '/api/vendors'],
    ['/contacts/9', '/api/contacts/9'],
  ])('sends %s to %s', (from, to) => {
    expect(rewriteLegacyPath(from)).toBe(to);
  });

  it.each(['/api/products', '/admin/products', '/login', '/productsale', '/assets/index.js', '/'])(
    'leaves %s alone',
    (url) => {
      expect(rewriteLegacyPath(url)).toBe(url);
    },
  );
});
