import type { Migration } from 'kysely';
import * as createUsersAndVendors from './2026_11_21_1600_create_users_and_vendors.js';
import * as createCatalog from './2026_11_21_1610_create_catalog.js';
import * as createCoupons from './2026_11_21_1620_create_coupons.js';
import * as createOrders from './2026_11_21_1630_create_orders.js';
import * as createContent from './2026_11_21_1640_create_content.js';
import * as addProductSearch from './2026_11_21_1700_add_product_search.js';
import * as addProductListIndexes from './2026_11_21_1710_add_product_list_indexes.js';
import * as createOrderDailyTotals from './2026_11_21_1730_create_order_daily_totals.js';
import * as createRateLimitHits from './2026_11_21_1800_create_rate_limit_hits.js';
import * as addOrderSearch from './2026_11_21_1810_add_order_search.js';
import * as createUploads from './2026_11_23_0900_create_uploads.js';
import * as addContentListIndexes from './2026_11_23_0910_add_content_list_indexes.js';
import * as createCheckoutKeys from './2026_11_23_1000_create_checkout_keys.js';
import * as addUserTokenVersion from './2026_11_23_1100_add_user_token_version.js';
import * as addPeopleSearch from './2026_11_24_1000_add_people_search.js';
import * as createDashboardSettings from './2026_11_24_1010_create_dashboard_settings.js';
import * as createNotifications from './2026_11_24_1100_create_notifications.js';
import * as createActivityLog from './2026_11_24_1200_create_activity_log.js';
import * as createCatalogVersion from './2026_11_24_1300_create_catalog_version.js';
import * as createProductRevisions from './2026_11_24_1500_create_product_revisions.js';
import * as coverProductSortIndexes from './2026_11_24_1600_cover_product_sort_indexes.js';
import * as addProductSearchText from './2026_11_25_0900_add_product_search_text.js';
import * as coverProductQueueIndexes from './2026_11_25_0910_cover_product_queue_indexes.js';
import * as addOrderSearchText from './2026_11_25_0920_add_order_search_text.js';
import * as addProductListKeys from './2026_11_26_0900_add_product_list_keys.js';
import * as catalogVersionCoversStaffLists from './2026_11_27_0900_catalog_version_covers_staff_lists.js';
import * as orderSearchCopyWithAccount from './2026_11_28_0900_order_search_copy_with_account.js';
import * as bumpCatalogVersionAtCommit from './2026_12_01_0900_bump_catalog_version_at_commit.js';
import * as addOrderCancellationsAndReturns from './2026_12_05_0900_add_order_cancellations_and_returns.js';
import * as indexCorrectedOrders from './2026_12_05_0910_index_corrected_orders.js';
import * as createMarketplaceMoney from './2026_12_10_0900_create_marketplace_money.js';
import * as addContactHandling from './2026_12_10_0910_add_contact_handling.js';
import * as indexUnreadNotificationsBySubject from './2026_12_10_0920_index_unread_notifications_by_subject.js';
import * as addImageVariants from './2026_12_11_0900_add_image_variants.js';
import * as addCustomerAnonymisation from './2026_12_12_0900_add_customer_anonymisation.js';
import * as createJobs from './2026_12_12_1000_create_jobs.js';
import * as addJobSummary from './2026_12_13_0900_add_job_summary.js';
import * as makeLedgerAppendOnly from './2026_12_20_0900_make_ledger_append_only.js';
import * as addJobLeases from './2026_12_20_1000_add_job_leases.js';
import * as createImportRowOutcomes from './2026_12_20_1200_create_import_row_outcomes.js';
import * as addShipmentSearchTerms from './2026_12_21_0900_add_shipment_search_terms.js';
import * as addGst from './2026_12_26_0900_add_gst.js';
import * as createShipments from './2026_12_27_0900_create_shipments.js';
import * as createMailAndSignInSecurity from './2026_12_28_0900_create_mail_and_sign_in_security.js';
import * as addStaffRolesAndTeams from './2026_12_29_0900_add_staff_roles_and_teams.js';
import * as addPromotionFunding from './2026_12_30_0900_add_promotion_funding.js';
import * as createVendorKyc from './2026_12_31_0900_create_vendor_kyc.js';
import * as addTaxDeductions from './2027_01_01_0900_add_tax_deductions.js';
import * as createTaxDocuments from './2027_01_02_0900_create_tax_documents.js';
import * as addTdsCatchUp from './2027_01_04_0900_add_tds_catch_up.js';
import * as addShipmentNotifications from './2027_01_05_0900_add_shipment_notifications.js';
import * as indexShipmentSearchTermsWithKind from './2027_01_06_0900_index_shipment_search_terms_with_kind.js';
import * as slimShipmentIndexes from './2027_01_09_0900_slim_shipment_indexes.js';

/**
 * Every migration, by name, in order. Append-only: a landed migration is never
 * edited; a change to the schema is a new file listed at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1600_create_users_and_vendors': createUsersAndVendors,
  '2026_11_21_1610_create_catalog': createCatalog,
  '2026_11_21_1620_create_coupons': createCoupons,
  '2026_11_21_1630_create_orders': createOrders,
  '2026_11_21_1640_create_content': createContent,
  '2026_11_21_1700_add_product_search': addProductSearch,
  '2026_11_21_1710_add_product_list_indexes': addProductListIndexes,
  '2026_11_21_1730_create_order_daily_totals': createOrderDailyTotals,
  '2026_11_21_1800_create_rate_limit_hits': createRateLimitHits,
  '2026_11_21_1810_add_order_search': addOrderSearch,
  '2026_11_23_0900_create_uploads': createUploads,
  '2026_11_23_0910_add_content_list_indexes': addContentListIndexes,
  '2026_11_23_1000_create_checkout_keys': createCheckoutKeys,
  '2026_11_23_1100_add_user_token_version': addUserTokenVersion,
  '2026_11_24_1000_add_people_search': addPeopleSearch,
  '2026_11_24_1010_create_dashboard_settings': createDashboardSettings,
  '2026_11_24_1100_create_notifications': createNotifications,
  '2026_11_24_1200_create_activity_log': createActivityLog,
  '2026_11_24_1300_create_catalog_version': createCatalogVersion,
  '2026_11_24_1500_create_product_revisions': createProductRevisions,
  '2026_11_24_1600_cover_product_sort_indexes': coverProductSortIndexes,
  '2026_11_25_0900_add_product_search_text': addProductSearchText,
  '2026_11_25_0910_cover_product_queue_indexes': coverProductQueueIndexes,
  '2026_11_25_0920_add_order_search_text': addOrderSearchText,
  '2026_11_26_0900_add_product_list_keys': addProductListKeys,
  '2026_11_27_0900_catalog_version_covers_staff_lists': catalogVersionCoversStaffLists,
  '2026_11_28_0900_order_search_copy_with_account': orderSearchCopyWithAccount,
  '2026_12_01_0900_bump_catalog_version_at_commit': bumpCatalogVersionAtCommit,
  '2026_12_05_0900_add_order_cancellations_and_returns': addOrderCancellationsAndReturns,
  '2026_12_05_0910_index_corrected_orders': indexCorrectedOrders,
  '2026_12_10_0900_create_marketplace_money': createMarketplaceMoney,
  '2026_12_10_0910_add_contact_handling': addContactHandling,
  '2026_12_10_0920_index_unread_notifications_by_subject': indexUnreadNotificationsBySubject,
  '2026_12_11_0900_add_image_variants': addImageVariants,
  '2026_12_12_0900_add_customer_anonymisation': addCustomerAnonymisation,
  '2026_12_12_1000_create_jobs': createJobs,
  '2026_12_13_0900_add_job_summary': addJobSummary,
  '2026_12_20_0900_make_ledger_append_only': makeLedgerAppendOnly,
  '2026_12_20_1000_add_job_leases': addJobLeases,
  '2026_12_20_1200_create_import_row_outcomes': createImportRowOutcomes,
  '2026_12_21_0900_add_shipment_search_terms': addShipmentSearchTerms,
  '2026_12_26_0900_add_gst': addGst,
  '2026_12_27_0900_create_shipments': createShipments,
  '2026_12_28_0900_create_mail_and_sign_in_security': createMailAndSignInSecurity,
  '2026_12_29_0900_add_staff_roles_and_teams': addStaffRolesAndTeams,
  '2026_12_30_0900_add_promotion_funding': addPromotionFunding,
  '2026_12_31_0900_create_vendor_kyc': createVendorKyc,
  '2027_01_01_0900_add_tax_deductions': addTaxDeductions,
  '2027_01_02_0900_create_tax_documents': createTaxDocuments,
  '2027_01_04_0900_add_tds_catch_up': addTdsCatchUp,
  '2027_01_05_0900_add_shipment_notifications': addShipmentNotifications,
  '2027_01_06_0900_index_shipment_search_terms_with_kind': indexShipmentSearchTermsWithKind,
  '2027_01_09_0900_slim_shipment_indexes': slimShipmentIndexes,
};
