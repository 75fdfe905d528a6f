export * from './auth.js';
export * from './categories.js';
export * from './common.js';
export * from './dashboard.js';
export * from './health.js';
export * from './orders.js';
export * from './products.js';
export * from './vendors.js';
