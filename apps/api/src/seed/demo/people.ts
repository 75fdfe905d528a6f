import type { Faker } from '@faker-js/faker';

/**
 * The people of the demo store: its staff (fixed, so the printed sign-ins always
 * work), its vendors (fixed Indian businesses) and its storefront customers
 * (made up by a seeded faker, so every machine gets the same ones).
 */

export const ADMIN = { name: 'Store Admin', email: 'admin@example.com', password: 'admin123' } as const;
export const VENDOR_PASSWORD = 'vendor123';

export interface DemoVendor {
  key: string;
  name: string;
  email: string;
  businessName: string;
  phoneNumber: string;
  address: string;
  status: 'approved' | 'pending' | 'rejected';
  /** Days before the seeding day the vendor registered. */
  registeredDaysAgo: number;
}

/** Every vendor signs in with `VENDOR_PASSWORD`. The first is the demo's approved vendor login. */
export const DEMO_VENDORS: readonly DemoVendor[] = [
  {
    key: 'sharma',
    name: 'Rohan Sharma',
    email: 'vendor@example.com',
    businessName: 'Sharma Handlooms & Textiles',
    phoneNumber: '+91 98110 24567',
    address: 'Shop 14, Katra Neel, Chandni Chowk, Delhi 110006',
    status: 'approved',
    registeredDaysAgo: 450,
  },
  {
    key: 'kaveri',
    name: 'Meenakshi Iyer',
    email: 'meenakshi.iyer@example.com',
    businessName: 'Kaveri Silk House',
    phoneNumber: '+91 98450 31872',
    address: '42 Gandhi Bazaar Main Road, Basavanagudi, Bengaluru, Karnataka 560004',
    status: 'approved',
    registeredDaysAgo: 445,
  },
  {
    key: 'mehta',
    name: 'Arjun Mehta',
    email: 'arjun.mehta@example.com',
    businessName: 'Mehta Footwear Company',
    phoneNumber: '+91 98200 55613',
    address: 'Gala 7, Ashok Mill Compound, LBS Marg, Kurla West, Mumbai, Maharashtra 400070',
    status: 'approved',
    registeredDaysAgo: 440,
  },
  {
    key: 'noor',
    name: 'Farah Qureshi',
    email: 'farah.qureshi@example.com',
    businessName: 'Noor Jewels',
    phoneNumber: '+91 94140 78321',
    address: '23 Johari Bazaar, Jaipur, Rajasthan 302003',
    status: 'approved',
    registeredDaysAgo: 438,
  },
  {
    key: 'deccan',
    name: 'Vikram Reddy',
    email: 'vikram.reddy@example.com',
    businessName: 'Deccan Time House',
    phoneNumber: '+91 99480 11246',
    address: 'Shop 5, Abids Road, Hyderabad, Telangana 500001',
    status: 'approved',
    registeredDaysAgo: 436,
  },
  {
    key: 'brahmaputra',
    name: 'Anita Das',
    email: 'anita.das@example.com',
    businessName: 'Brahmaputra Home Decor',
    phoneNumber: '+91 94350 60498',
    address: 'House 18, GS Road, Christian Basti, Guwahati, Assam 781005',
    status: 'approved',
    registeredDaysAgo: 430,
  },
  {
    key: 'malabar',
    name: 'Priya Nair',
    email: 'pending.vendor@example.com',
    businessName: 'Malabar Spice Traders',
    phoneNumber: '+91 94470 82135',
    address: 'Bazaar Road, Mattancherry, Kochi, Kerala 682002',
    status: 'pending',
    registeredDaysAgo: 3,
  },
  {
    key: 'quickdeal',
    name: 'Suresh Gupta',
    email: 'suresh.gupta@example.com',
    businessName: 'QuickDeal Imports',
    phoneNumber: '+91 98730 40917',
    address: 'Plot 9, Sector 63, Noida, Uttar Pradesh 201301',
    status: 'rejected',
    registeredDaysAgo: 40,
  },
];

/** Which vendor sells which catalog category; the rest stay with the store (admin). */
export const VENDOR_OF_CATEGORY: Record<string, readonly string[]> = {
  Clothing: ['sharma', 'kaveri'],
  Footwear: ['mehta'],
  'Bags, Wallets & Belts': ['mehta'],
  Jewellery: ['noor'],
  Watches: ['deccan'],
  Sunglasses: ['deccan'],
  'Mobiles & Accessories': ['deccan'],
  Computers: ['deccan'],
  'Home Furnishing': ['brahmaputra'],
  'Home Decor & Festive Needs': ['brahmaputra'],
  'Kitchen & Dining': ['brahmaputra'],
  Furniture: ['brahmaputra'],
  'Home & Kitchen': ['brahmaputra'],
};

/** Cities customers live in, with their state (the order's province). */
export const CITIES: readonly (readonly [city: string, state: string, pinPrefix: string])[] = [
  ['Mumbai', 'Maharashtra', '400'],
  ['Pune', 'Maharashtra', '411'],
  ['Nagpur', 'Maharashtra', '440'],
  ['Delhi', 'Delhi', '110'],
  ['Bengaluru', 'Karnataka', '560'],
  ['Mysuru', 'Karnataka', '570'],
  ['Hyderabad', 'Telangana', '500'],
  ['Chennai', 'Tamil Nadu', '600'],
  ['Coimbatore', 'Tamil Nadu', '641'],
  ['Kolkata', 'West Bengal', '700'],
  ['Ahmedabad', 'Gujarat', '380'],
  ['Surat', 'Gujarat', '395'],
  ['Jaipur', 'Rajasthan', '302'],
  ['Udaipur', 'Rajasthan', '313'],
  ['Lucknow', 'Uttar Pradesh', '226'],
  ['Noida', 'Uttar Pradesh', '201'],
  ['Kanpur', 'Uttar Pradesh', '208'],
  ['Gurugram', 'Haryana', '122'],
  ['Chandigarh', 'Chandigarh', '160'],
  ['Ludhiana', 'Punjab', '141'],
  ['Indore', 'Madhya Pradesh', '452'],
  ['Bhopal', 'Madhya Pradesh', '462'],
  ['Patna', 'Bihar', '800'],
  ['Bhubaneswar', 'Odisha', '751'],
  ['Guwahati', 'Assam', '781'],
  ['Kochi', 'Kerala', '682'],
  ['Thiruvananthapuram', 'Kerala', '695'],
  ['Visakhapatnam', 'Andhra Pradesh', '530'],
  ['Dehradun', 'Uttarakhand', '248'],
  ['Panaji', 'Goa', '403'],
];

/** A storefront customer with the billing details their orders carry. */
export interface DemoCustomer {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  province: string;
  createdAt: string;
}

/** An Indian mobile number, `+91 98765 43210`. */
export function indianMobile(faker: Faker): string {
  const digits = `${faker.helpers.arrayElement(['6', '7', '8', '9'])}${faker.string.numeric(9)}`;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

const EMAIL_DOMAINS = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com', 'hotmail.com'];

/**
 * `count` customers with unique e-mails, registered between `from` and `to`
 * (oldest first, so orders can pick customers who existed on their date).
 */
export function makeCustomers(faker: Faker, count: number, from: Date, to: Date): DemoCustomer[] {
  const emails = new Set<string>();
  const customers: DemoCustomer[] = [];
  const span = to.getTime() - from.getTime();
  const times = Array.from(
    { length: count },
    () => from.getTime() + faker.number.float({ min: 0, max: 1 }) * span,
  ).sort((a, b) => a - b);
  for (const time of times) {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const base = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    const domain = faker.helpers.arrayElement(EMAIL_DOMAINS);
    let email = `${base}@${domain}`;
    for (let n = 2; emails.has(email); n += 1) email = `${base}${n}@${domain}`;
    emails.add(email);
    const [city, province, pinPrefix] = faker.helpers.arrayElement(CITIES);
    customers.push({
      name: `${firstName} ${lastName}`,
      email,
      phone: indianMobile(faker),
      address: `${faker.location.streetAddress()}, ${city} ${pinPrefix}${faker.string.numeric(3)}`,
      city,
      province,
      createdAt: new Date(time).toISOString(),
    });
  }
  return customers;
}
