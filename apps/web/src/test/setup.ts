import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeDrifts } from './fake-api';

// findBy and waitFor wait up to 5 s, not Testing Library's 1 s: `npm test` renders these
// screens on two cores it shares with the typecheck and other test runs (decision 0080).
// A screen that is right shows as soon as it renders; only a failure waits longer.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup:
// unmount what each test rendered before the next one starts.
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

// A fake that answered what its endpoint does not declare fails the test that used it,
// with what differs, even when the screen swallowed the failed call (decision 0022).
afterEach(() => {
  const drifts = takeDrifts();
  if (drifts.length > 0) throw new Error(drifts.join('\n\n'));
});
