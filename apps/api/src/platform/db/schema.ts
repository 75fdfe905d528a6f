import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The database as Kysely sees it, in camelCase (the compiler writes the snake_case
 * tables' names and the rows map back: `snake-case.ts`). Money columns end in `Paise` (integers); timestamps are UTC
 * ISO 8601 strings (`timestamptz` on PostgreSQL, text on SQLite); dates are
 * `YYYY-MM-DD`. Booleans are named `is*` (see `sqlite-booleans.ts`).
 */

type Timestamps = {
  createdAt: string;
  updatedAt: string;
};

type Id = Generated<number>;

export interface UsersTable extends Timestamps {
  id: Id;
  name: string;
  /** Stored lower-cased and trimmed; unique. */
  email: string;
  /** `scrypt$N$r$p$salt$hash`; null for storefront customers who never sign in here. */
  passwordHash: string | null;
  role: 'admin' | 'vendor' | 'customer';
  phone: string | null;
  /** Carried in every token as `ver`; raising it ends every session of the account (migration 2026_11_23_1100). */
  tokenVersion: Generated<number>;
  /** When a customer's personal data was anonymised on request (issue 26), UTC; null otherwise. */
  anonymisedAt: Generated<string | null>;
  /** The two-factor secret (base32) once two-factor sign-in is on; null when off (issue 36). */
  totpSecret: Generated<string | null>;
  /** A secret being set up (`POST /api/auth/2fa/setup`), until a code confirms it. */
  totpPendingSecret: Generated<string | null>;
  /** The last TOTP time step accepted: a code is never accepted twice. bigint: read through `Number`. */
  totpLastStep: Generated<number | string | null>;
  /** When the account's e-mail address was verified (UTC); null while unverified. */
  emailVerifiedAt: Generated<string | null>;
  /** JSON array of the non-essential mail templates the user turned off; null: all on. */
  mailOptOuts: Generated<string | null>;
  /** An admin's staff role (decision 0128); null for others. An admin left without one is an Owner. */
  staffRole: Generated<'owner' | 'admin' | 'catalog' | 'orders' | 'finance' | 'support' | 'content' | null>;
  /** When a staff or team member was removed, UTC: the account can no longer sign in. */
  removedAt: Generated<string | null>;
}

export interface VendorsTable extends Timestamps {
  id: Id;
  userId: number;
  businessName: string;
  phoneNumber: string;
  address: string;
  status: 'pending' | 'approved' | 'rejected';
  reviewedBy: number | null;
  reviewedAt: string | null;
  /** Bank details for payouts (issue 25); null until the vendor gives them. */
  bankAccountHolder: string | null;
  bankAccountNumber: string | null;
  bankIfsc: string | null;
  /** When the bank details last changed: payouts wait `PAYOUT_BANK_CHANGE_HOLD_HOURS` after it. */
  bankChangedAt: string | null;
}

export interface CategoriesTable extends Timestamps {
  id: Id;
  name: string;
  imageUrl: string;
}

export interface SubcategoriesTable extends Timestamps {
  id: Id;
  categoryId: number;
  name: string;
}

/**
 * Name, SKU and brand are also indexed for substring search: on SQLite in the FTS5
 * table `products_search` (kept by triggers, queried in raw SQL only), on PostgreSQL
 * by pg_trgm indexes (migration 2026_11_21_1700_add_product_search).
 */
export interface ProductsTable extends Timestamps {
  id: Id;
  /** null: owned by the store (admin). */
  vendorId: number | null;
  categoryId: number;
  subcategoryId: number | null;
  name: string;
  productDetails: string;
  brand: string;
  color: string | null;
  sku: string;
  model: string | null;
  warrantyPeriod: string;
  salePricePaise: number;
  actualPricePaise: number;
  manufacturer: string | null;
  stockQuantity: number;
  /** Issue 35: the HSN code (4..8 digits), null when none was given. */
  hsnCode: ColumnType<string | null, string | null | undefined, string | null>;
  /** Issue 35: the GST rate the price includes, basis points (1800 = 18%). */
  gstRateBp: Generated<number>;
  status: 'active' | 'inactive' | 'pending';
  approvalStatus: 'pending' | 'approved' | 'rejected';
  reviewedBy: number | null;
  reviewedAt: string | null;
  /** Why an admin last rejected it (issue 12); null once approved. */
  rejectionReason: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A vendor's proposed change to what customers read on an approved product (decision
 * 0044). `proposed` and `base` are JSON text of the reviewed fields (`revision-rules.ts`):
 * as proposed, and as live when proposed. One pending revision per product at most.
 */
export interface ProductRevisionsTable extends Timestamps {
  id: Id;
  productId: number;
  proposedBy: number | null;
  status: 'pending' | 'approved' | 'rejected';
  proposed: string;
  base: string;
  reason: string | null;
  reviewedBy: number | null;
  reviewedAt: string | null;
}

export interface ProductImagesTable extends Timestamps {
  id: Id;
  productId: number;
  /** 0-based order in the product's gallery. */
  position: number;
  url: string;
  /** The address a catalog import gave the picture, kept when the store's own image replaced it. */
  sourceUrl: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The admin search (tracking number, billing e-mail, the account's e-mail) is indexed:
 * on SQLite in the FTS5 table `orders_search` (one document per order, with its status;
 * kept by triggers on orders and users, queried in raw SQL only), on PostgreSQL by
 * pg_trgm indexes on these columns and on `users.email` (migration
 * 2026_11_21_1810_add_order_search).
 */
export interface OrdersTable extends Timestamps {
  id: Id;
  trackingNumber: string;
  /** The customer; null once the account is gone (the order stays). */
  userId: number | null;
  billingFullName: string;
  billingEmail: string;
  billingPhone: string;
  billingNote: string | null;
  billingAddress: string;
  billingCity: string;
  billingProvince: string;
  /** Issue 35: the buyer's 6-digit PIN code, when given. */
  billingPostalCode: ColumnType<string | null, string | null | undefined, string | null>;
  paymentMethod: string;
  /** Sum of the lines before the coupon. */
  subtotalPaise: number;
  couponId: number | null;
  /** The code as redeemed, kept if the coupon is later deleted. */
  couponCode: string | null;
  /** What is left of the coupon's discount after cancellations. */
  discountPaise: number;
  discountedTotalPaise: number;
  status: 'Order Placed' | 'Packaging' | 'On The Road' | 'Delivered' | 'Cancelled';
  /** The coupon's discount as placed, which each line's share is allocated from (decision 0100). */
  couponDiscountPaise: Generated<number>;
  /** The coupon's funding as placed (issue 35; decision 0131); null without a coupon. */
  couponFundedBy: Generated<'store' | 'vendors' | null>;
  /** What cancellations took off the order (issue 24). */
  cancelledTotalPaise: Generated<number>;
  /** What returns refunded (issue 24). */
  refundedTotalPaise: Generated<number>;
}

export interface OrderItemsTable extends Timestamps {
  id: Id;
  orderId: number;
  /** null once the product is deleted; name, image and price below are as sold. */
  productId: number | null;
  productName: string;
  productImage: string | null;
  quantity: number;
  salePricePaise: number;
  /** Units of `quantity` cancelled (issue 24). */
  cancelledQuantity: Generated<number>;
  /** Units of `quantity` returned (issue 24). */
  returnedQuantity: Generated<number>;
  /** The product's vendor when placed (null: the store's own product). Frozen (issue 25). */
  vendorId: number | null;
  /** The commission rate applied when placed, basis points (1000 = 10%); null for the store's own lines. */
  commissionRateBp: number | null;
  /** The line's price less its share of the coupon's discount, as placed (paise). */
  netPaise: number | null;
  /** The store's commission on the line as placed (paise). */
  commissionPaise: Generated<number>;
  /** The part of the line's discount share the store bears (paise; 0 unless store-funded; issue 35). */
  storeFundedPaise: Generated<number>;
  /** The floor of the rate applied, frozen (paise; null for none; decision 0132). */
  commissionMinPaise: Generated<number | null>;
  /** The cap of the rate applied, frozen (paise; null for none; decision 0132). */
  commissionMaxPaise: Generated<number | null>;
}

/** A cancellation of an order or of some of its units (issue 24). Money in paise. */
export interface OrderCancellationsTable extends Timestamps {
  id: Id;
  orderId: number;
  reason: string;
  isWholeOrder: boolean;
  /** What it took off the order: the units' price less their discount share. */
  amountPaise: number;
  /** The units' share of the coupon's discount. */
  discountPaise: number;
  cancelledBy: number | null;
  /** The vendor whose own cancellation (or accepted request) it was (issue 34); null for the store's. */
  sellerVendorId: Generated<number | null>;
}

/**
 * A shipment (issue 34; decision 0122): one vendor's part of an order (null: the store's
 * own products), moving through the pipeline on its own. Times UTC ISO 8601.
 */
export interface ShipmentsTable extends Timestamps {
  id: Id;
  orderId: number;
  vendorId: number | null;
  status: OrdersTable['status'];
  shipBy: string;
  carrier: string | null;
  awb: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  /** Put on the road after `shipBy` (set at dispatch). */
  isShippedLate: Generated<boolean>;
}

/** The units of an order line a shipment holds (less those cancelled). */
export interface ShipmentItemsTable {
  shipmentId: number;
  orderItemId: number;
  quantity: number;
}

/**
 * A term of a shipment the vendor's queue search matches by prefix (decision 0150),
 * lower-cased: `t` the order's tracking number, `a` the AWB, `n` a word of the
 * customer's billing name. Written by platform/db/shipment-search-terms.ts only.
 */
export interface ShipmentSearchTermsTable {
  shipmentId: number;
  vendorId: number | null;
  kind: 't' | 'a' | 'n';
  term: string;
}

/** A return after delivery and its refund (issue 24). Money in paise. */
export interface OrderReturnsTable extends Timestamps {
  id: Id;
  orderId: number;
  reason: 'damaged' | 'wrong_item' | 'not_as_described' | 'changed_mind' | 'other';
  note: string | null;
  isRestocked: boolean;
  refundPaise: number;
  refundMethod: string;
  returnedBy: number | null;
}

/** A vendor's request to cancel their lines of an order, and its outcome (issue 24). */
export interface OrderCancelRequestsTable extends Timestamps {
  id: Id;
  orderId: number;
  vendorId: number;
  reason: string;
  status: 'pending' | 'accepted' | 'declined';
  decisionReason: string | null;
  decidedBy: number | null;
  decidedAt: string | null;
}

/** A line of a cancellation or a return: units of one order line and their value (paise). */
interface CorrectionItem {
  id: Id;
  orderItemId: number;
  quantity: number;
  /** The units' price less their share of the discount. */
  amountPaise: number;
  discountPaise: number;
}
export interface OrderCancellationItemsTable extends CorrectionItem {
  cancellationId: number;
}
export interface OrderReturnItemsTable extends CorrectionItem {
  returnId: number;
}

/** A commission rate (issue 25): the default (no category, no vendor), or for a category, a vendor or both. */
export interface CommissionRatesTable extends Timestamps {
  id: Id;
  name: string;
  /** Basis points: 1000 = 10%. */
  percentageBp: number;
  categoryId: number | null;
  vendorId: number | null;
  /** Floor and cap per line (paise), or null. */
  minPaise: number | null;
  maxPaise: number | null;
}

/** The kinds of ledger entry (issue 25, decision 0106). */
export type LedgerEntryKind =
  | 'sale'
  | 'commission'
  | 'cancellation'
  | 'commission_reversal'
  | 'refund'
  | 'payout'
  | 'payout_failed'
  | 'adjustment'
  | 'commission_gst'
  | 'tcs'
  | 'tds';

/**
 * One entry of a vendor's append-only ledger: signed paise owed to the vendor. Triggers
 * refuse its UPDATE and DELETE, so it has no `updatedAt` (decision 0115).
 */
export interface VendorLedgerEntriesTable {
  id: Id;
  vendorId: number;
  kind: LedgerEntryKind;
  amountPaise: number;
  orderId: number | null;
  orderItemId: number | null;
  payoutId: number | null;
  note: string | null;
  createdBy: number | null;
  createdAt: string;
}

/** A vendor's balances (paise), the sum of their entries split by state; kept with each entry. */
export interface VendorBalancesTable {
  vendorId: number;
  pendingPaise: Generated<number>;
  availablePaise: Generated<number>;
  processingPaise: Generated<number>;
  paidPaise: Generated<number>;
  updatedAt: string;
}

/** A delivered order whose vendors' earnings wait for the hold period. */
export interface OrderPayoutHoldsTable {
  orderId: number;
  /** Holds are per order and vendor (issue 34): a vendor's part waits from its own delivery. */
  vendorId: number;
  deliveredAt: string;
  releasedAt: string | null;
}

/** The store's net commission per UTC day `YYYY-MM-DD` (issue 25). */
export interface CommissionDailyTotalsTable {
  day: string;
  commissionPaise: number;
  /** Store-funded coupon discounts of the day, net of what corrections gave back (issue 35): the commission revenue bears them. */
  storeFundedPaise: Generated<number>;
}

/** A payout to one vendor (issue 25). */
export interface PayoutsTable extends Timestamps {
  id: Id;
  vendorId: number;
  amountPaise: number;
  status: 'Pending' | 'Paid' | 'Failed';
  accountHolder: string;
  accountNumber: string;
  ifsc: string;
  /** The bank's reference (UTR) once paid. */
  reference: string | null;
  /** The day the bank paid it, `YYYY-MM-DD`. */
  paidOn: string | null;
  failureReason: string | null;
  createdBy: number | null;
  decidedBy: number | null;
  decidedAt: string | null;
}

export interface OrderStatusHistoryTable extends Timestamps {
  id: Id;
  orderId: number;
  status: 'Order Placed' | 'Packaging' | 'On The Road' | 'Delivered' | 'Cancelled';
  notes: string | null;
  /** The staff member who moved it; null when the storefront placed it. */
  changedBy: number | null;
}

/**
 * Per UTC calendar day and status: orders and the sum of their discounted totals.
 * Derived: kept in step with orders by database triggers (migration
 * 2026_11_21_1730); never written by the application.
 */
export interface OrderDailyTotalsTable {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  status: OrdersTable['status'];
  orderCount: number;
  totalPaise: number;
}

export interface CouponsTable extends Timestamps {
  id: Id;
  /** Stored upper-case; unique. */
  code: string;
  description: string | null;
  discountType: 'percentage' | 'fixed';
  /** Percentage coupons: whole percent 1..100. */
  percentOff: number | null;
  /** Fixed coupons: the amount off. */
  amountOffPaise: number | null;
  minOrderPaise: number;
  /** Percentage coupons only: the cap, or null for none. */
  maxDiscountPaise: number | null;
  startDate: string;
  endDate: string;
  isActive: boolean;
  /** null: unlimited. */
  usageLimit: number | null;
  usedCount: Generated<number>;
  /** Who bears the discount (issue 35; decision 0131): the vendors (the default) or the store. */
  fundedBy: Generated<'store' | 'vendors'>;
}

export interface CouponProductsTable extends Timestamps {
  couponId: number;
  productId: number;
}

export interface CouponCategoriesTable extends Timestamps {
  couponId: number;
  categoryId: number;
}

export interface BlogsTable extends Timestamps {
  id: Id;
  title: string;
  category: string;
  author: string;
  /** Sanitised HTML. */
  content: string;
  /** A URL or an embedded `data:` image; null for none. */
  image: string | null;
}

export interface ContactsTable extends Timestamps {
  id: Id;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  /** When an admin marked it handled (issue 27), or null. */
  handledAt: Generated<string | null>;
  handledBy: Generated<number | null>;
}

/** A single row (`id` 1) holding the storefront's settings. */
export interface WebsiteConfigTable extends Timestamps {
  id: number;
  logoUrl: string | null;
  welcomeQuote: string | null;
  phoneNumber: string | null;
  email: string | null;
  address: string | null;
  salesBannerLogoUrl: string | null;
  salesBannerBackgroundColor: string;
  salesBannerTextColor: string;
  salesBannerDiscountText: string;
  salesBannerShopNowLink: string | null;
  salesBannerIsActive: boolean;
}

export interface WebsiteBannersTable extends Timestamps {
  id: Id;
  imageUrl: string;
  anchorLink: string;
  isActive: boolean;
  displayOrder: number;
}

export interface WebsiteSocialLinksTable extends Timestamps {
  id: Id;
  platform: string;
  url: string;
  displayOrder: number;
}

/** An uploaded image (issue 9), served at `/api/uploads/{id}`. */
export interface UploadsTable extends Timestamps {
  id: Id;
  contentType: string;
  /** Size in bytes. */
  byteSize: number;
  /** Hex SHA-256 of the bytes; unique. */
  sha256: string;
  data: Buffer;
  /** A small WebP for lists; null for images stored before thumbnails were made. */
  thumbnail: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  /** Who uploaded it; null for the store's own images. A vendor's count towards their limit. */
  ownerUserId: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * Request counts of the rate limits, shared by every API process (see
 * `platform/http/rate-limit-store.ts`). Written only by that store.
 */
export interface RateLimitHitsTable {
  /** The limited route and the caller, e.g. `POST/api/auth/admin/login-203.0.113.7|asha@example.test`. */
  key: string;
  /** Requests counted in the current window. */
  hits: number;
  /** When the current window ends (UTC ISO 8601). */
  resetAt: string;
}

/** Tokens signed out one by one (`POST /api/auth/logout`), until they would have expired. */
/** A vendor account's managers and staff (decision 0129); the owner is `vendors.user_id`. */
export interface VendorMembersTable {
  userId: number;
  vendorId: number;
  role: 'manager' | 'staff';
  createdAt: string;
  updatedAt: string;
}

/** A staff or team invitation (decision 0130): its token is kept only as a SHA-256 hash. */
export interface InvitationsTable {
  id: Id;
  kind: 'staff' | 'team';
  /** Lower-cased. */
  email: string;
  name: string;
  /** A staff role (`kind` staff) or a team role (`kind` team). */
  role: string;
  vendorId: number | null;
  tokenHash: string;
  invitedBy: number | null;
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
}

export interface RevokedTokensTable {
  /** The token's `jti` claim. */
  jti: string;
  userId: number;
  /** The token's own expiry, UTC: after it the row is useless and may be deleted. */
  expiresAt: string;
  createdAt: string;
}

/**
 * The `Idempotency-Key` of each checkout that sent one (migration 2026_11_23_1000).
 * Written only by checkout (`features/orders/checkout.repository.ts`).
 */
/**
 * One row (`id` 1): goes up with every write to what the product lists show (products,
 * images, categories, subcategories, vendors, revisions, people's names), kept by
 * triggers (migrations 2026_11_24_1300 and 2026_11_27_0900; docs/decisions/0026, 0033).
 */
export interface CatalogVersionTable {
  id: number;
  /** bigint: a string on PostgreSQL, a number on SQLite; read it through `Number`. */
  version: number | string;
}

export interface CheckoutKeysTable extends Timestamps {
  key: string;
  /** SHA-256 (hex) of the checkout's request body. */
  requestHash: string;
  /** The order it placed; null only inside the placing transaction. */
  orderId: number | null;
}

/**
 * A user's Dashboard Settings (issue 10, migration 2026_11_24_1010): the widgets they
 * hide (JSON array text) and the months the monthly chart covers.
 */
export interface DashboardSettingsTable extends Timestamps {
  userId: number;
  hidden: string;
  months: number;
}

/**
 * One change made through the API by an admin or vendor (migration 2026_11_24_1200,
 * issue 10). Written only by `features/activity/activity.repository.ts`.
 */
export interface ActivityLogTable {
  id: Id;
  /** Null once the account is deleted; `actorName` keeps who it was. */
  actorUserId: number | null;
  actorName: string;
  actorRole: 'admin' | 'vendor';
  action: string;
  recordKind: string;
  recordId: number;
  recordLabel: string;
  /** JSON `{ field: { before, after } }` (money in rupees, never a secret). */
  changes: string;
  /** UTC ISO 8601. */
  createdAt: string;
}

/** A mail written by an event and delivered by the mail task (issue 36; decision 0125). */
export interface MailOutboxTable {
  id: Id;
  /** Event + recipient + template: unique, so one event never queues the same mail twice. */
  dedupeKey: string;
  toEmail: string;
  toUserId: number | null;
  template: string;
  subject: string;
  /** The template's data (JSON). */
  data: string;
  /** As sent; null until delivered (a queued mail is rendered when read). */
  html: string | null;
  text: string | null;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  lastError: string | null;
  /** Not delivered before this instant (UTC): the back-off. */
  nextAttemptAt: string;
  /** While `sending`: the delivery's lease; past it the process is deemed dead and the mail due again. */
  leaseUntil: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A single-use token of an account, stored hashed (issue 36; decision 0126). */
export interface AccountTokensTable {
  id: Id;
  userId: number;
  purpose: 'password_reset' | 'email_verification' | 'two_factor';
  /** Hex SHA-256 of the token; the token itself is only ever in the mail or the answer. */
  tokenHash: string;
  /** Wrong codes given against a two-factor challenge. */
  attempts: Generated<number>;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/** A two-factor recovery code, hashed; each used once (decision 0127). */
export interface RecoveryCodesTable {
  id: Id;
  userId: number;
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

/** A device (browser) an account signed in from, as a hash (decision 0127). */
export interface KnownDevicesTable {
  userId: number;
  deviceHash: string;
  createdAt: string;
}

/** One row (id 1): sign-in rules for the whole store (decision 0127). */
export interface SecuritySettingsTable {
  id: number;
  /** 1 when every admin must turn on two-factor sign-in; 0 otherwise. */
  requireTwoFactorForStaff: number;
  createdAt: string;
  updatedAt: string;
}

export interface Database {
  mailOutbox: MailOutboxTable;
  accountTokens: AccountTokensTable;
  recoveryCodes: RecoveryCodesTable;
  knownDevices: KnownDevicesTable;
  securitySettings: SecuritySettingsTable;
  dashboardSettings: DashboardSettingsTable;
  jobs: JobsTable;
  jobFileChunks: JobFileChunksTable;
  jobSchedules: JobSchedulesTable;
  importRowOutcomes: ImportRowOutcomesTable;
  users: UsersTable;
  vendors: VendorsTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  products: ProductsTable;
  productImages: ProductImagesTable;
  productRevisions: ProductRevisionsTable;
  orders: OrdersTable;
  orderItems: OrderItemsTable;
  orderStatusHistory: OrderStatusHistoryTable;
  orderCancellations: OrderCancellationsTable;
  orderCancellationItems: OrderCancellationItemsTable;
  orderReturns: OrderReturnsTable;
  orderReturnItems: OrderReturnItemsTable;
  orderCancelRequests: OrderCancelRequestsTable;
  shipments: ShipmentsTable;
  shipmentItems: ShipmentItemsTable;
  shipmentSearchTerms: ShipmentSearchTermsTable;
  commissionRates: CommissionRatesTable;
  vendorLedgerEntries: VendorLedgerEntriesTable;
  vendorBalances: VendorBalancesTable;
  orderPayoutHolds: OrderPayoutHoldsTable;
  payouts: PayoutsTable;
  commissionDailyTotals: CommissionDailyTotalsTable;
  orderDailyTotals: OrderDailyTotalsTable;
  taxSettings: TaxSettingsTable;
  gstSlabs: GstSlabsTable;
  taxRates: TaxRatesTable;
  orderItemTaxes: OrderItemTaxesTable;
  taxDeductions: TaxDeductionsTable;
  coupons: CouponsTable;
  couponProducts: CouponProductsTable;
  couponCategories: CouponCategoriesTable;
  blogs: BlogsTable;
  contacts: ContactsTable;
  websiteConfig: WebsiteConfigTable;
  websiteBanners: WebsiteBannersTable;
  websiteSocialLinks: WebsiteSocialLinksTable;
  rateLimitHits: RateLimitHitsTable;
  revokedTokens: RevokedTokensTable;
  vendorMembers: VendorMembersTable;
  invitations: InvitationsTable;
  uploads: UploadsTable;
  checkoutKeys: CheckoutKeysTable;
  catalogVersion: CatalogVersionTable;
  notifications: NotificationsTable;
  activityLog: ActivityLogTable;
  vendorKyc: VendorKycTable;
  kycDocuments: KycDocumentsTable;
  taxDocuments: TaxDocumentsTable;
  taxDocumentLines: TaxDocumentLinesTable;
  taxDocumentCounters: TaxDocumentCountersTable;
}

/**
 * A GST document (issue 35; migration 2027_01_02_0900; decision 0144): immutable once
 * inserted (triggers refuse UPDATE and DELETE). Money in paise, times UTC.
 */
export interface TaxDocumentsTable {
  id: Id;
  kind: 'invoice' | 'credit_note' | 'commission_invoice';
  /** `INV`, `CN` or `COM`. */
  series: string;
  /** The issuer's GSTIN, else `V<vendor id>` or `STORE`: what a series is counted within. */
  issuerKey: string;
  /** `2026-27` (April to March). */
  financialYear: string;
  serial: number;
  /** As printed, at most 16 characters: `INV/2627/0000001`. */
  number: string;
  issuerGstin: string | null;
  issuerName: string;
  recipientName: string;
  recipientGstin: string | null;
  /** The seller (invoice, credit note; null: the store's own) or the vendor invoiced (commission). */
  vendorId: number | null;
  orderId: number | null;
  shipmentId: number | null;
  /** A credit note's invoice. */
  refersToId: number | null;
  /** What made it, unique (`shipment:12`, `return:5:7`, `commission:12:2026-11`). */
  sourceKey: string;
  /** A commission invoice's month, `YYYY-MM`. */
  period: string | null;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** The frozen document, canonical JSON (`TaxDocumentBody`). */
  body: string;
  /** SHA-256 (hex) of `body`. */
  hash: string;
  issuedAt: string;
  createdAt: string;
}

/** An invoice's or credit note's line per order line (immutable). */
export interface TaxDocumentLinesTable {
  documentId: number;
  orderItemId: number;
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** The last serial issued per issuer, series and financial year. */
export interface TaxDocumentCountersTable {
  issuerKey: string;
  series: string;
  financialYear: string;
  lastSerial: number;
}

/** A vendor's KYC (issue 35; migration 2026_12_31_0900): one row per vendor, times UTC. */
export interface VendorKycTable extends Timestamps {
  vendorId: number;
  legalName: string;
  pan: string;
  gstin: string | null;
  enrolmentNumber: string | null;
  /** The GST state code of the state shipped from ('27'). */
  stateCode: string;
  address: string;
  status: 'draft' | 'submitted' | 'approved' | 'changes_requested' | 'rejected';
  /** The last review's reasons by field, JSON. */
  reasons: Generated<string>;
  /** Approved once, then sent back to review by a change of PAN or GSTIN. */
  isApprovedBefore: Generated<boolean>;
  submittedAt: string | null;
  decidedAt: string | null;
  decidedBy: number | null;
}

/** A KYC document's bytes (issue 35), private to its vendor and the admins. */
export interface KycDocumentsTable {
  id: Id;
  vendorId: number;
  /** Its place in the KYC once attached; null while only uploaded. */
  kind: 'pan_card' | 'gst_certificate' | 'cancelled_cheque' | null;
  contentType: string;
  byteSize: number;
  sha256: string;
  data: Buffer;
  createdAt: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type VendorRow = Selectable<VendorsTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type SubcategoryRow = Selectable<SubcategoriesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type NewOrder = Insertable<OrdersTable>;
export type CouponRow = Selectable<CouponsTable>;

/**
 * One notification for one recipient (migration 2026_11_24_1100; decision 0065).
 * `readAt` is null while unread; times UTC.
 */
/** A background job (issue 26; decision 0110): a large export. Times UTC ISO 8601. */
export interface JobsTable {
  id: Id;
  kind: string;
  ownerUserId: number;
  /** The job's parameters, JSON. */
  params: string;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  /** Rows written so far. */
  progress: Generated<number>;
  attempts: Generated<number>;
  fileName: string | null;
  /** The file's size in bytes; bigint (a string on PostgreSQL). */
  fileBytes: number | string | null;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  /** The running process's last sign of life; a job whose heartbeat stopped is taken up again. */
  heartbeatAt: string | null;
  finishedAt: string | null;
  /** When its file goes (a day after it was made). */
  expiresAt: string | null;
  /** The rows it will go through, when known at the start (an import's file). */
  total: number | null;
  /** What it did once finished, JSON (`{"created":700,"refused":7}`). */
  summary: string | null;
  /** The file it reads (an import's CSV); never read with the rest of the row. */
  input: Buffer | null;
  /** The owner token of the claim running it (decision 0116); every write of its runner names it. */
  lease: string | null;
  /** Not claimed before this instant (a retry's back-off); null: at once. */
  runAt: string | null;
}

/** A periodic task's next round (decision 0116): the runner that moves `nextRunAt` on runs it. */
export interface JobSchedulesTable {
  /** The task's name (`cleanup`, `release-held-earnings`). */
  name: string;
  nextRunAt: string;
  lastRunAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What one line of an import job's file did (decision 0121), written with the product it
 * created or updated; read by the job when it is taken up again.
 */
export interface ImportRowOutcomesTable {
  jobId: number;
  /** The file line the row starts on (the header is line 1). */
  line: number;
  outcome: 'created' | 'updated' | 'unchanged' | 'refused';
  sku: string;
  name: string;
  /** The service's message, or why the line was refused. */
  message: string;
  /** UTC ISO 8601. */
  createdAt: string;
}

/** A piece (about 1 MiB) of the file a job made, in order of `seq`. */
export interface JobFileChunksTable {
  jobId: number;
  seq: number;
  bytes: Buffer;
}

export interface NotificationsTable {
  id: Id;
  userId: number;
  kind:
    | 'order_placed'
    | 'low_stock'
    | 'product_submitted'
    | 'vendor_registered'
    | 'contact_received'
    | 'product_approved'
    | 'product_rejected'
    | 'order_cancelled'
    | 'order_returned'
    | 'cancel_requested'
    | 'cancel_declined'
    | 'payout_paid'
    | 'bank_details_changed'
    | 'vendor_approved'
    | 'export_ready'
    | 'import_done'
    | 'bulk_done'
    | 'kyc_submitted'
    | 'kyc_approved'
    | 'kyc_changes_requested'
    | 'kyc_rejected'
    | 'shipment_shipped'
    | 'shipment_delivered'
    | 'shipment_late';
  title: string;
  message: string;
  subjectType: 'order' | 'product' | 'vendor' | 'contact' | 'job';
  subjectId: number;
  link: string;
  createdAt: string;
  readAt: string | null;
}

/** The store's tax identity and default GST rate (issue 35): one row, id 1. */
export interface TaxSettingsTable extends Timestamps {
  id: number;
  legalName: string;
  gstin: string | null;
  /** The store's state, its two-digit GST state code. */
  stateCode: string;
  defaultGstRateBp: number;
}

/** A GST rate products may take (issue 35), basis points. */
export interface GstSlabsTable extends Timestamps {
  rateBp: number;
}

/** A dated rate (issue 35; decision 0138): applies from `fromDate` (the store's date) until the next of its kind. */
export interface TaxRatesTable extends Timestamps {
  id: Id;
  kind: 'tcs' | 'tds' | 'tds_no_pan' | 'commission_gst';
  rateBp: number;
  fromDate: ColumnType<string, string, string>;
}

/** One order line's GST as frozen at checkout (issue 35; decision 0137). Money in paise. */
export interface OrderItemTaxesTable extends Timestamps {
  orderItemId: number;
  orderId: number;
  hsnCode: string | null;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The seller's state (GST state code) the split was judged on. */
  sellerStateCode: string;
  /** The place of supply: the shipping address's state (GST state code). */
  placeOfSupplyCode: string;
}

/**
 * The store's tax register (issue 35; decision 0148): one row per vendor line and event,
 * append-only, beside the ledger entries it explains. Paise signed: a sale +, a
 * cancellation's or return's reversal −. Rates in basis points, frozen from the sale.
 */
export interface TaxDeductionsTable {
  id: Id;
  orderId: number;
  orderItemId: number;
  vendorId: number;
  event: 'sale' | 'cancellation' | 'refund' | 'tds_catch_up';
  sellerGstin: string | null;
  sellerPan: string | null;
  sellerStateCode: string;
  placeOfSupplyCode: string;
  netPaise: number;
  suppliesPaise: number;
  tdsBasePaise: number;
  commissionPaise: number;
  commissionGstBp: number;
  tcsBp: number;
  tdsBp: number;
  commissionGstPaise: number;
  tcsCgstPaise: number;
  tcsSgstPaise: number;
  tcsIgstPaise: number;
  tdsPaise: number;
  createdAt: ColumnType<string, string, never>;
}
