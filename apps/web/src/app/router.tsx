import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { paths } from '../lib/paths';
import { ComingSoonPage } from './coming-soon-page';
import { NotFoundPage } from './not-found-page';
import { AdminOnly, RequireAuth } from './require-auth';
import { SessionWatcher } from './session-watcher';
import { AdminLayout } from './shell/admin-layout';

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

const comingSoon = (title: string): RouteObject => ({ element: <ComingSoonPage title={title} /> });

/** Screens only admins use (spec section 6); vendors see a notice instead of failing calls. */
function AdminOnlyOutlet() {
  return (
    <AdminOnly>
      <Outlet />
    </AdminOnly>
  );
}

/** The route table of spec section 2. Screens load on first visit. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: paths.root, element: <Navigate to={paths.products.list} replace /> },
      {
        path: paths.login,
        lazy: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: paths.admin,
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to={paths.dashboard} replace /> },
          {
            path: 'products',
            lazy: () =>
              import('../features/products/pages/product-list-page').then((m) => ({ Component: m.ProductListPage })),
          },
          {
            path: 'products/new',
            lazy: () =>
              import('../features/products/pages/product-form-page').then((m) => ({ Component: m.ProductFormPage })),
          },
          {
            path: 'products/edit/:id',
            lazy: () =>
              import('../features/products/pages/product-form-page').then((m) => ({ Component: m.ProductFormPage })),
          },
          {
            path: 'products/:id',
            lazy: () =>
              import('../features/products/pages/product-form-page').then((m) => ({ Component: m.ProductFormPage })),
          },
          { path: 'profile', ...comingSoon('Profile Settings') },
          {
            element: <AdminOnlyOutlet />,
            children: [
              {
                path: 'dashboard',
                lazy: () =>
                  import('../features/dashboard/pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
              },
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
              {
                path: 'orders/:id',
                lazy: () =>
                  import('../features/orders/pages/order-detail-page').then((m) => ({ Component: m.OrderDetailPage })),
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
              { path: 'vendors', ...comingSoon('Vendor Management') },
              { path: 'blog', ...comingSoon('Blog Management') },
              { path: 'blogs', ...comingSoon('Blog Management') },
              { path: 'blogs/new', ...comingSoon('New Blog Post') },
              { path: 'blogs/edit/:id', ...comingSoon('Edit Blog Post') },
              { path: 'contact', ...comingSoon('Contact Inquiries') },
              { path: 'website-config', ...comingSoon('Website Configuration') },
              { path: 'dashboard-settings', ...comingSoon('Dashboard Settings') },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
