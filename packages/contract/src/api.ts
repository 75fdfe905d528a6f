import { accountEndpoints } from './account.js';
import { activityEndpoints } from './activity.js';
import { authEndpoints } from './auth.js';
import { blogEndpoints, uploadEndpoints } from './blog.js';
import { categoryEndpoints, subcategoryEndpoints } from './categories.js';
import { checkoutEndpoints } from './checkout.js';
import { commissionEndpoints } from './commissions.js';
import { contactEndpoints } from './contacts.js';
import { couponEndpoints } from './coupons.js';
import { customerEndpoints } from './customers.js';
import { dashboardEndpoints } from './dashboard.js';
import { dashboardSettingsEndpoints } from './dashboard-settings.js';
import { documentEndpoints } from './documents.js';
import { healthEndpoints } from './health.js';
import { jobEndpoints } from './jobs.js';
import { kycEndpoints } from './kyc.js';
import { mailEndpoints } from './mail.js';
import { notificationEndpoints } from './notifications.js';
import { orderCorrectionEndpoints } from './order-corrections.js';
import { orderStatusEndpoints } from './order-status.js';
import { orderEndpoints } from './orders.js';
import { payoutEndpoints } from './payouts.js';
import { productBulkEndpoints } from './product-bulk.js';
import { productImportEndpoints } from './product-import.js';
import { productEndpoints } from './products.js';
import { searchEndpoints } from './search.js';
import { securityEndpoints } from './security.js';
import { shipmentEndpoints } from './shipments.js';
import { invitationEndpoints, staffEndpoints } from './staff.js';
import { taxEndpoints } from './tax.js';
import { taxReportEndpoints } from './tax-reports.js';
import { teamEndpoints } from './team.js';
import { vendorPortalEndpoints } from './vendor-portal.js';
import { vendorEndpoints } from './vendors.js';
import { websiteConfigEndpoints } from './website-config.js';

/**
 * Every endpoint of the API, by feature (decision 0075). The API registers its routes
 * from these declarations and the web's client is typed by them.
 */
export const api = {
  coupons: couponEndpoints,
  health: healthEndpoints,
  auth: authEndpoints,
  account: accountEndpoints,
  vendors: vendorEndpoints,
  vendorPortal: vendorPortalEndpoints,
  dashboard: dashboardEndpoints,
  dashboardSettings: dashboardSettingsEndpoints,
  search: searchEndpoints,
  notifications: notificationEndpoints,
  activity: activityEndpoints,
  categories: categoryEndpoints,
  subcategories: subcategoryEndpoints,
  contacts: contactEndpoints,
  blogs: blogEndpoints,
  uploads: uploadEndpoints,
  websiteConfig: websiteConfigEndpoints,
  orders: { ...orderEndpoints, ...orderStatusEndpoints, ...orderCorrectionEndpoints },
  checkout: checkoutEndpoints,
  customers: customerEndpoints,
  jobs: jobEndpoints,
  products: { ...productEndpoints, ...productBulkEndpoints, ...productImportEndpoints },
  commissions: commissionEndpoints,
  payouts: payoutEndpoints,
  shipments: shipmentEndpoints,
  tax: taxEndpoints,
  documents: documentEndpoints,
  taxReports: taxReportEndpoints,
  kyc: kycEndpoints,
  mail: mailEndpoints,
  security: securityEndpoints,
  staff: staffEndpoints,
  invitations: invitationEndpoints,
  team: teamEndpoints,
};
