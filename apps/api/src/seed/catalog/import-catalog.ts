import type { Db } from '../../platform/db/create-db.js';
import { type ApplyOptions, type ApplyResult, applyCatalogPlan } from './apply.js';
import { parseCatalogCsv } from './parse.js';
import { type CatalogPlan, planCatalogImport } from './plan.js';

/**
 * The catalog import, end to end: parse, map and validate, plan against the
 * database, and (with `commit`) write it all in one transaction. The CLI
 * (`npm run import:catalog`), the demo store and the large-store generator all
 * come through here.
 */

export interface ImportOptions extends Omit<ApplyOptions, 'vendorId'> {
  /** Write the plan; without it nothing is written (a dry run). */
  commit: boolean;
  /** The e-mail of an approved vendor who will own the new products; the store owns them otherwise. */
  vendorEmail?: string;
}

export interface ImportReport {
  plan: CatalogPlan;
  committed: boolean;
  /** The owning vendor's business name, when `vendorEmail` was given. */
  vendor: { id: number; businessName: string } | null;
  /** What was written, after a commit. */
  result: ApplyResult | null;
}

/** The import cannot start (an unknown or unapproved vendor). */
export class CatalogImportError extends Error {
  override name = 'CatalogImportError';
}

async function findApprovedVendor(db: Db, email: string) {
  const vendor = await db
    .selectFrom('vendors')
    .innerJoin('users', 'users.id', 'vendors.userId')
    .select(['vendors.id', 'vendors.businessName', 'vendors.status'])
    .where('users.email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!vendor) throw new CatalogImportError(`No vendor has the e-mail ${email}`);
  if (vendor.status !== 'approved')
    throw new CatalogImportError(`Products can only be assigned to an approved vendor (${email} is ${vendor.status})`);
  return { id: vendor.id, businessName: vendor.businessName };
}

/**
 * Imports a catalog CSV.
 * @throws CatalogFileError when the file lacks a needed column; CatalogImportError for a bad vendor.
 */
export async function importCatalog(db: Db, csv: string | Buffer, options: ImportOptions): Promise<ImportReport> {
  const parsed = parseCatalogCsv(csv);
  const vendor = options.vendorEmail ? await findApprovedVendor(db, options.vendorEmail) : null;
  if (!options.commit) {
    return { plan: await planCatalogImport(db, parsed), committed: false, vendor, result: null };
  }
  return db.transaction().execute(async (trx) => {
    const plan = await planCatalogImport(trx, parsed);
    const result = await applyCatalogPlan(trx, plan, { ...options, vendorId: vendor?.id ?? null });
    return { plan, committed: true, vendor, result };
  });
}

/** The report the CLI prints: counts, what is (or would be) created, and every rejected row with its line. */
export function formatImportReport(report: ImportReport): string {
  const { plan } = report;
  const will = report.committed ? '' : 'would be ';
  const lines = [
    report.committed ? 'Catalog import' : 'Catalog import (dry run: nothing written; add --commit to write)',
    `  Rows read: ${plan.rowsRead}`,
    `  Products ${will}created: ${plan.creates.length}`,
    `  Products ${will}updated: ${plan.updates.length}`,
    `  Products unchanged: ${plan.unchanged}`,
    `  Rows rejected: ${plan.rejections.length}`,
    `  Owner of new products: ${report.vendor ? `${report.vendor.businessName} (vendor)` : 'the store (admin)'}`,
    `  Categories ${will}created: ${plan.categoriesToCreate.length}`,
    ...plan.categoriesToCreate.map((name) => `    ${name}`),
    `  Subcategories ${will}created: ${plan.subcategoriesToCreate.length}`,
    ...plan.subcategoriesToCreate.map(({ category, subcategory }) => `    ${category} > ${subcategory}`),
  ];
  if (plan.updates.length > 0) {
    lines.push(`  Updates:`);
    for (const update of plan.updates.slice(0, 50))
      lines.push(`    line ${update.product.line}  ${update.product.body.sku}: ${update.changedFields.join(', ')}`);
    if (plan.updates.length > 50) lines.push(`    ... and ${plan.updates.length - 50} more`);
  }
  if (plan.rejections.length > 0) {
    lines.push('  Rejected rows:');
    for (const rejection of plan.rejections) {
      const who = [rejection.sku, rejection.name].filter(Boolean).join(' ');
      lines.push(`    line ${rejection.line}${who ? `  ${who}` : ''}: ${rejection.reason}`);
    }
  }
  return lines.join('\n');
}
