import { fileURLToPath } from 'node:url';

/**
 * The demo store's data files, shipped in `apps/api/assets/demo/` (see its
 * ATTRIBUTION.md). The path is the same from `src/seed` and from the built server's
 * chunk in `dist/chunks`, where the demo store's seeding is bundled
 * (apps/api/scripts/bundle-server.mjs).
 */
export const DEMO_CATALOG_CSV = fileURLToPath(
  new URL('../../assets/demo/flipkart-catalog-sample.csv', import.meta.url),
);
