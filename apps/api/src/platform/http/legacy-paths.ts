/**
 * Spec section 7 gives some calls without the `/api` prefix (`/products/create`,
 * `/categories`, `/orders/admin/orders`...). Each route is defined once under
 * `/api`; these paths are rewritten to it before routing, so clients of either
 * reading keep working. See docs/decisions/0003-legacy-paths.md.
 */
const LEGACY_PREFIX = /^\/(products|categories|subcategories|vendors|orders|contacts)(?=[/?]|$)/;

/** Rewrites a legacy un-prefixed API path to its `/api` path; other URLs pass through. */
export function rewriteLegacyPath(url: string): string {
  return LEGACY_PREFIX.test(url) ? `/api${url}` : url;
}
