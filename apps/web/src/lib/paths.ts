/** Every URL of the back office (spec section 2, route table). Build links from here only. */
export const paths = {
  root: '/',
  login: '/login',
  /** The public vendor sign-up. */
  register: '/register',
  /** Asking for a password reset link, and choosing a new password with it (issue 36). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** A vendor's e-mail verification link lands here (issue 36). */
  verifyEmail: '/verify-email',
  /** The mail outbox (issue 36), admins only. */
  outbox: '/admin/outbox',
  admin: '/admin',
  dashboard: '/admin/dashboard',
  products: {
    list: '/admin/products',
    new: '/admin/products/new',
    edit: (id: string) => `/admin/products/edit/${id}`,
    /** The form as 'View Details' on the pending list opens it. */
    review: (id: string) => `/admin/products/${id}`,
    pending: '/admin/products/pending',
    /** Importing a product CSV (issue 26), and an import's job and report. */
    import: '/admin/products/import',
    importJob: (id: string) => `/admin/products/import/${id}`,
  },
  /** A background job's page: an export's file, a bulk action's skipped records (issue 26). */
  job: (id: string) => `/admin/jobs/${id}`,
  categories: '/admin/categories',
  coupons: '/admin/coupons-code',
  /** The coupon form's own reading of the list's path (spec section 2); both are served. */
  couponsAlias: '/admin/coupons',
  orders: {
    list: '/admin/orders',
    detail: (id: string) => `/admin/orders/${id}`,
  },
  /** The people who placed orders (issue 26), admins only. */
  customers: {
    list: '/admin/customers',
    detail: (id: string) => `/admin/customers/${id}`,
  },
  vendors: '/admin/vendors',
  blog: {
    list: '/admin/blog',
    /** The blog form's reading of the list's path (spec section 2); both are served. */
    listAlias: '/admin/blogs',
    new: '/admin/blogs/new',
    edit: (id: string) => `/admin/blogs/edit/${id}`,
  },
  contact: '/admin/contact',
  websiteConfig: '/admin/website-config',
  profile: '/admin/profile',
  /** The user menu's Security: the password part of Profile Settings. */
  profileSecurity: '/admin/profile#security',
  /** A vendor's own orders: the orders holding their products, their lines only. */
  myOrders: {
    list: '/admin/my-orders',
    detail: (id: string) => `/admin/my-orders/${id}`,
  },
  dashboardSettings: '/admin/dashboard-settings',
  /** The activity log (issue 10), admins only. */
  activity: '/admin/activity',
  /** Commission rates (issue 25), admins only. */
  commissionRates: '/admin/commission-rates',
  taxSettings: '/admin/tax-settings',
  /** GSTR-8 and TDS under 194-O (issue 35), admins with money:read. */
  taxReports: '/admin/tax-reports',
  /** Vendors' balances and payouts (issue 25), admins only. */
  payouts: '/admin/payouts',
  /** A vendor's own balances, ledger, payouts and bank details (issue 25). */
  earnings: '/admin/earnings',
  /** A vendor's shipment queue and a courier manifest's import (issue 34). */
  shipments: {
    list: '/admin/shipments',
    import: '/admin/shipments/import',
    /** The queue at one of its tabs (`shipmentTabs`' keys); To pack is the bare list. */
    tab: (tab: string) => (tab === 'to-pack' ? '/admin/shipments' : `/admin/shipments?tab=${tab}`),
  },
  /** A vendor's own KYC (issue 35). */
  kyc: '/admin/kyc',
  /** GST documents (issue 35): admins all, a vendor their own. */
  documents: '/admin/documents',
  /** The admins' KYC review (issue 35), and one vendor's. */
  kycReview: {
    list: '/admin/kyc-review',
    detail: (vendorId: string) => `/admin/kyc-review/${vendorId}`,
  },
  /** Staff and their roles (issue 36), the Owner's. */
  staff: '/admin/staff',
  /** A seller's team (issue 36), vendors. */
  team: '/admin/team',
  /** Where an invitation's link leads: `/accept-invitation?token=...` (issue 36). */
  acceptInvitation: '/accept-invitation',
} as const;
