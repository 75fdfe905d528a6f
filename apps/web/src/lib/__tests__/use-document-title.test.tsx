import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from '../use-document-title';

function Screen({ name }: { name: string | null }) {
  useDocumentTitle(name);
  return null;
}

afterEach(cleanup);

describe('useDocumentTitle', () => {
  it("names the tab 'Products · Haat' while the screen is shown, and gives the title back after", () => {
    document.title = 'Before';
    const { rerender, unmount } = render(<Screen name="Products" />);
    expect(document.title).toBe('Products · Haat');
    rerender(<Screen name="Edit Product" />);
    expect(document.title).toBe('Edit Product · Haat');
    unmount();
    expect(document.title).toBe('Before');
  });

  it('leaves the title alone for null, and the bare name for an empty screen name', () => {
    document.title = 'Orders · Haat';
    render(<Screen name={null} />);
    expect(document.title).toBe('Orders · Haat');
    expect(documentTitle('  ')).toBe('Haat');
  });
});
