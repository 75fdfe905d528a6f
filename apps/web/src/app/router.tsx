import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../lib/paths';
import { DashboardForRole } from './dashboard-for-role';
import { NotFoundPage } from './not-found-page';
import { AdminOnly, RequireAuth } from './require-auth';
import { RouteError } from './route-error';
import { SessionWatcher } from './session-watcher';
import { AdminLayout } from './shell/admin-layout';
import { WellFormedId } from './well-formed-id';

/** The root of every screen: watches the session and shows 'Loading...' while a screen's code loads. */
function Root() {
  return (
    <>
      <SessionWatcher />
      <Suspense fallback={<Spinner label="Loading..." />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/** A route with a record's id in its path: a malformed id shows 'Page not found' (issue 12). */
const withWellFormedId = (route: RouteObject): RouteObject => ({ element: <WellFormedId />, children: [route] });

/** Screens only admins use (spec section 6); vendors see a notice instead of failing calls. */
function AdminOnlyOutlet() {
  return (
    <AdminOnly>
      <Outlet />
    </AdminOnly>
  );
}

/** Blog Management, at both of the spec's paths (/admin/blog and /admin/blogs). */
const blogList = () => import('../features/blog/pages/blog-list-page').then((m) => ({ Component: m.BlogListPage }));

/** The blog form: the only route that loads the rich-text editor. */
const blogForm = () => import('../features/blog/pages/blog-form-page').then((m) => ({ Component: m.BlogFormPage }));

/** The route table of spec section 2. Screens load on first visit. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: paths.root, element: <Navigate to={paths.products.list} replace /> },
      {
        path: paths.login,
        lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      // Where an invitation's link leads (issue 36).
      {
        path: paths.acceptInvitation,
        lazy: () =>
          import('../features/auth/pages/accept-invitation-page').then((m) => ({ Component: m.AcceptInvitationPage })),
      },
      {
        path: paths.forgotPassword,
        lazy: () =>
          import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: paths.resetPassword,
        lazy: () =>
          import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: paths.verifyEmail,
        lazy: () => import('../features/auth/pages/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
      },
      {
        path: paths.register,
        lazy: () =>
          import('../features/vendors/pages/vendor-register-page').then((m) => ({ Component: m.VendorRegisterPage })),
      },
      {
        path: paths.admin,
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [
          {
            // A screen that fails shows the app's message inside the shell (issue 27).
            errorElement: <RouteError />,
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              {
                path: 'products',
                lazy: () =>
                  import('../features/products/pages/product-list-page').then((m) => ({
                    Component: m.ProductListPage,
                  })),
              },
              // Importing a product CSV (issue 26), and an import's job with its report.
              {
                path: 'products/import',
                lazy: () =>
                  import('../features/products/pages/import-products-page').then((m) => ({
                    Component: m.ImportProductsPage,
                  })),
              },
              withWellFormedId({
                path: 'products/import/:id',
                lazy: () =>
                  import('../features/products/pages/import-job-page').then((m) => ({ Component: m.ImportJobPage })),
              }),
              {
                path: 'products/new',
                lazy: () =>
                  import('../features/products/pages/product-form-page').then((m) => ({
                    Component: m.ProductFormPage,
                  })),
              },
              withWellFormedId({
                path: 'products/edit/:id',
                lazy: () =>
                  import('../features/products/pages/product-form-page').then((m) => ({
                    Component: m.ProductFormPage,
                  })),
              }),
              withWellFormedId({
                path: 'products/:id',
                lazy: () =>
                  import('../features/products/pages/product-form-page').then((m) => ({
                    Component: m.ProductFormPage,
                  })),
              }),
              {
                path: 'profile',
                lazy: () =>
                  import('../features/account/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
              },
              // A large export prepared as a job (decision 0110): where the bell's "Export ready" leads.
              withWellFormedId({
                path: 'exports/:id',
                lazy: () => import('../features/exports/pages/export-page').then((m) => ({ Component: m.ExportPage })),
              }),
              // A bulk action run as a job (decision 0112): where the bell's "Bulk action finished" leads.
              withWellFormedId({
                path: 'jobs/:id',
                lazy: () => import('../features/exports/pages/export-page').then((m) => ({ Component: m.ExportPage })),
              }),
              // The dashboard of whoever signs in: the store's for admins, their own for vendors.
              { path: 'dashboard', element: <DashboardForRole /> },
              // Each user's own choice of what their dashboard shows (issue 10): admins and vendors.
              {
                path: 'dashboard-settings',
                lazy: () =>
                  import('../features/dashboard/pages/dashboard-settings-page').then((m) => ({
                    Component: m.DashboardSettingsPage,
                  })),
              },
              {
                path: 'my-orders',
                lazy: () =>
                  import('../features/vendor-portal/pages/vendor-orders-page').then((m) => ({
                    Component: m.VendorOrdersPage,
                  })),
              },
              // A vendor's shipment queue and a courier manifest's import (issue 34).
              {
                path: 'shipments',
                lazy: () =>
                  import('../features/shipments/pages/shipments-page').then((m) => ({ Component: m.ShipmentsPage })),
              },
              {
                path: 'shipments/import',
                lazy: () =>
                  import('../features/shipments/pages/manifest-import-page').then((m) => ({
                    Component: m.ManifestImportPage,
                  })),
              },
              {
                path: 'earnings',
                lazy: () =>
                  import('../features/payouts/pages/earnings-page').then((m) => ({ Component: m.EarningsPage })),
              },
              // GST documents (issue 35): admins (money:read) all, a vendor their own.
              {
                path: 'documents',
                lazy: () =>
                  import('../features/documents/pages/documents-page').then((m) => ({ Component: m.DocumentsPage })),
              },
              // A vendor's own KYC (issue 35).
              {
                path: 'kyc',
                lazy: () => import('../features/kyc/pages/kyc-page').then((m) => ({ Component: m.KycPage })),
              },
              // A seller's team (issue 36), vendors.
              {
                path: 'team',
                lazy: () => import('../features/team/pages/team-page').then((m) => ({ Component: m.TeamPage })),
              },
              withWellFormedId({
                path: 'my-orders/:id',
                lazy: () =>
                  import('../features/vendor-portal/pages/vendor-order-page').then((m) => ({
                    Component: m.VendorOrderPage,
                  })),
              }),
              {
                element: <AdminOnlyOutlet />,
                children: [
                  {
                    path: 'products/pending',
                    lazy: () =>
                      import('../features/products/pages/pending-products-page').then((m) => ({
                        Component: m.PendingProductsPage,
                      })),
                  },
                  {
                    path: 'categories',
                    lazy: () =>
                      import('../features/categories/pages/category-management-page').then((m) => ({
                        Component: m.CategoryManagementPage,
                      })),
                  },
                  {
                    path: 'orders',
                    lazy: () =>
                      import('../features/orders/pages/order-list-page').then((m) => ({ Component: m.OrderListPage })),
                  },
                  // The order detail says 'Order Not Found' itself for an id that cannot name an
                  // order (spec section 4), so it takes every id rather than 'Page not found'.
                  {
                    path: 'orders/:id',
                    lazy: () =>
                      import('../features/orders/pages/order-detail-page').then((m) => ({
                        Component: m.OrderDetailPage,
                      })),
                  },
                  {
                    path: 'coupons-code',
                    lazy: () =>
                      import('../features/coupons/pages/coupon-management-page').then((m) => ({
                        Component: m.CouponManagementPage,
                      })),
                  },
                  {
                    path: 'coupons',
                    lazy: () =>
                      import('../features/coupons/pages/coupon-management-page').then((m) => ({
                        Component: m.CouponManagementPage,
                      })),
                  },
                  {
                    path: 'customers',
                    lazy: () =>
                      import('../features/customers/pages/customer-list-page').then((m) => ({
                        Component: m.CustomerListPage,
                      })),
                  },
                  withWellFormedId({
                    path: 'customers/:id',
                    lazy: () =>
                      import('../features/customers/pages/customer-detail-page').then((m) => ({
                        Component: m.CustomerDetailPage,
                      })),
                  }),
                  {
                    path: 'vendors',
                    lazy: () =>
                      import('../features/vendors/pages/vendor-management-page').then((m) => ({
                        Component: m.VendorManagementPage,
                      })),
                  },
                  { path: 'blog', lazy: blogList },
                  { path: 'blogs', lazy: blogList },
                  { path: 'blogs/new', lazy: blogForm },
                  withWellFormedId({ path: 'blogs/edit/:id', lazy: blogForm }),
                  {
                    path: 'contact',
                    lazy: () =>
                      import('../features/contacts/pages/contact-inquiries-page').then((m) => ({
                        Component: m.ContactInquiriesPage,
                      })),
                  },
                  {
                    path: 'outbox',
                    lazy: () => import('../features/mail/pages/outbox-page').then((m) => ({ Component: m.OutboxPage })),
                  },
                  {
                    path: 'website-config',
                    lazy: () =>
                      import('../features/website-config/pages/website-config-page').then((m) => ({
                        Component: m.WebsiteConfigPage,
                      })),
                  },
                  // The store's GST identity, slabs and dated TCS and TDS rates (issue 35).
                  {
                    path: 'tax-settings',
                    lazy: () =>
                      import('../features/tax/pages/tax-settings-page').then((m) => ({
                        Component: m.TaxSettingsPage,
                      })),
                  },
                  // GSTR-8 for a month and TDS under 194-O for a quarter (issue 35, decision 0149).
                  {
                    path: 'tax-reports',
                    lazy: () =>
                      import('../features/tax/pages/tax-reports-page').then((m) => ({
                        Component: m.TaxReportsPage,
                      })),
                  },
                  {
                    path: 'commission-rates',
                    lazy: () =>
                      import('../features/commissions/pages/commission-rates-page').then((m) => ({
                        Component: m.CommissionRatesPage,
                      })),
                  },
                  {
                    path: 'payouts',
                    lazy: () =>
                      import('../features/payouts/pages/payouts-page').then((m) => ({ Component: m.PayoutsPage })),
                  },
                  // The admins' KYC review (issue 35).
                  {
                    path: 'kyc-review',
                    lazy: () =>
                      import('../features/kyc/pages/kyc-review-page').then((m) => ({ Component: m.KycReviewPage })),
                  },
                  {
                    path: 'kyc-review/:vendorId',
                    lazy: () =>
                      import('../features/kyc/pages/kyc-review-detail-page').then((m) => ({
                        Component: m.KycReviewDetailPage,
                      })),
                  },
                  // Staff and their roles (issue 36), the Owner's.
                  {
                    path: 'staff',
                    lazy: () => import('../features/staff/pages/staff-page').then((m) => ({ Component: m.StaffPage })),
                  },
                  {
                    path: 'activity',
                    lazy: () =>
                      import('../features/activity/pages/activity-log-page').then((m) => ({
                        Component: m.ActivityLogPage,
                      })),
                  },
                ],
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
