import { blogEndpoints, uploadEndpoints } from './blog.js';
import { categoryEndpoints, subcategoryEndpoints } from './categories.js';
import { checkoutEndpoints } from './checkout.js';
import { contactEndpoints } from './contacts.js';
import { couponEndpoints } from './coupons.js';
import { orderStatusEndpoints } from './order-status.js';
import { orderEndpoints } from './orders.js';
import { productEndpoints } from './products.js';
import { websiteConfigEndpoints } from './website-config.js';

/**
 * Every endpoint of the API, by feature (decision 0075). The API registers its routes
 * from these declarations and the web's client is typed by them.
 */
export const api = {
  coupons: couponEndpoints,
  categories: categoryEndpoints,
  subcategories: subcategoryEndpoints,
  contacts: contactEndpoints,
  blogs: blogEndpoints,
  uploads: uploadEndpoints,
  websiteConfig: websiteConfigEndpoints,
  orders: { ...orderEndpoints, ...orderStatusEndpoints },
  checkout: checkoutEndpoints,
  products: productEndpoints,
};
