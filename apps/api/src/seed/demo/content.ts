import type { Faker } from '@faker-js/faker';
import { indianMobile } from './people.js';

/**
 * The demo store's content: blog posts, contact messages and the storefront's
 * configuration. Blog HTML uses only what the sanitiser keeps (headings,
 * paragraphs, lists, emphasis, links).
 */

export interface DemoBlog {
  title: string;
  category: string;
  author: string;
  content: string;
  /** The catalog category whose product picture illustrates the post. */
  imageFrom: string;
  daysAgo: number;
}

export const DEMO_BLOGS: readonly DemoBlog[] = [
  {
    title: 'How to Choose the Perfect Kurta for Every Occasion',
    category: 'Fashion',
    author: 'Kavya Menon',
    imageFrom: 'Clothing',
    daysAgo: 6,
    content: `<h2>Start with the fabric</h2>
<p>Cotton kurtas breathe through Indian summers, rayon drapes softly for evenings out, and silk blends carry a festive sheen. Check the label before the print.</p>
<h3>Pick the cut for the day</h3>
<ul><li><strong>Straight:</strong> office days and college.</li><li><strong>A-line:</strong> easy movement and a flattering fall.</li><li><strong>Anarkali:</strong> weddings, pujas and family functions.</li></ul>
<p>Pair a printed kurta with solid leggings or palazzos, and let one piece be the star of the outfit.</p>`,
  },
  {
    title: 'Caring for Your Silver and Gold-Plated Jewellery',
    category: 'Buying Guides',
    author: 'Farah Qureshi',
    imageFrom: 'Jewellery',
    daysAgo: 19,
    content: `<h2>Keep it dry</h2>
<p>Moisture is the biggest enemy of plated jewellery. Put your rings and bangles on after perfume and lotion, never before.</p>
<h3>A simple routine</h3>
<ol><li>Wipe each piece with a soft cotton cloth after wearing it.</li><li>Store pieces separately in zip pouches so they do not scratch.</li><li>Add a sachet of silica gel to the jewellery box.</li></ol>
<p><em>Tip:</em> a paste of baking soda and water brings back the shine on sterling silver.</p>`,
  },
  {
    title: 'Festive Home Decor Ideas on a Budget',
    category: 'Home & Living',
    author: 'Anita Das',
    imageFrom: 'Home Decor & Festive Needs',
    daysAgo: 33,
    content: `<h2>Light it up</h2>
<p>Scented candles and clay diyas change the mood of a room in minutes. Group three candles of different heights on a brass tray for an instant centrepiece.</p>
<h3>Small changes, big effect</h3>
<ul><li>Swap cushion covers for brighter festive colours.</li><li>Add a table runner in block print.</li><li>Hang a toran at the main door.</li></ul>
<p>Most of these cost less than a dinner out and last for many seasons.</p>`,
  },
  {
    title: 'Running Shoes: What to Look for Before You Buy',
    category: 'Buying Guides',
    author: 'Arjun Mehta',
    imageFrom: 'Footwear',
    daysAgo: 48,
    content: `<h2>Know your run</h2>
<p>Road runners need cushioning, trail runners need grip, and gym-goers need stability for lateral movement.</p>
<h3>Checklist</h3>
<ul><li>A thumb's width of space in front of the longest toe.</li><li>A heel that does not slip as you walk.</li><li>Breathable mesh uppers for humid weather.</li></ul>
<p>Replace running shoes every 600 to 800 kilometres, before the foam loses its bounce.</p>`,
  },
  {
    title: 'Meet Our Sellers: Kaveri Silk House, Bengaluru',
    category: 'Seller Stories',
    author: 'Rahul Verma',
    imageFrom: 'Clothing',
    daysAgo: 64,
    content: `<h2>Three generations of silk</h2>
<p>Meenakshi Iyer's grandfather opened a small silk counter in Basavanagudi in 1968. Today the family sells sarees and kurtas to customers across India through Haat.</p>
<h3>What changed online</h3>
<p>"Photographs had to show the weave honestly," she says. "Customers trust what they can see up close."</p>
<p>Her advice to new sellers: <strong>answer every question within a day</strong>.</p>`,
  },
  {
    title: 'Choosing a Wrist Watch: Analog, Digital or Smart?',
    category: 'Buying Guides',
    author: 'Vikram Reddy',
    imageFrom: 'Watches',
    daysAgo: 85,
    content: `<h2>Analog for the classic look</h2>
<p>A leather strap analog watch works from boardroom to wedding reception.</p>
<h2>Digital for sport</h2>
<p>Stopwatches, alarms and backlight make digital watches the choice for training.</p>
<h3>Before you buy</h3>
<ul><li>Check water resistance in metres, not just "water resistant".</li><li>Match the dial size to your wrist.</li><li>Look at the warranty period on the product page.</li></ul>`,
  },
  {
    title: 'Five Coffee Mugs That Make Great Gifts',
    category: 'Gift Guides',
    author: 'Kavya Menon',
    imageFrom: 'Kitchen & Dining',
    daysAgo: 120,
    content: `<h2>A gift they will use every day</h2>
<p>A mug sits on a desk for years. Pick one that says something about the person you give it to.</p>
<ol><li>Quote mugs for the friend who loves a good line.</li><li>Ceramic art mugs for the designer.</li><li>Personalised name mugs for colleagues.</li><li>Travel mugs for the daily commuter.</li><li>Couple mugs for anniversaries.</li></ol>
<p>Pair a mug with a pack of filter coffee for a gift under Rs.500.</p>`,
  },
  {
    title: 'Monsoon Wardrobe Essentials',
    category: 'Fashion',
    author: 'Sneha Kulkarni',
    imageFrom: 'Clothing',
    daysAgo: 160,
    content: `<h2>Dress for the rain</h2>
<p>Quick-dry fabrics and darker shades keep you comfortable when the skies open without warning.</p>
<ul><li>Synthetic blends that dry overnight.</li><li>Cropped trousers that stay clear of puddles.</li><li>Waterproof sandals instead of canvas shoes.</li></ul>
<p>Keep a compact umbrella and a spare pair of socks in your bag from June to September.</p>`,
  },
  {
    title: 'Our Packaging Is Now Plastic-Free',
    category: 'Company News',
    author: 'Rahul Verma',
    imageFrom: 'Home Furnishing',
    daysAgo: 210,
    content: `<h2>Paper, not plastic</h2>
<p>From this month every Haat order ships in recycled paper cartons with paper tape. Air pillows are replaced by crinkled kraft paper.</p>
<h3>What our sellers did</h3>
<p>More than 90% of our sellers switched in six weeks. We covered the cost of the first thousand cartons for each of them.</p>
<p>Questions? Write to us from the <a href="https://haat.example.com/contact">contact page</a>.</p>`,
  },
  {
    title: 'Setting Up a Cosy Reading Corner',
    category: 'Home & Living',
    author: 'Anita Das',
    imageFrom: 'Furniture',
    daysAgo: 300,
    content: `<h2>Find the light</h2>
<p>A corner by a window gives you daylight; a warm floor lamp takes over after sunset.</p>
<h3>The essentials</h3>
<ul><li>A comfortable chair or a sofa bed with firm cushions.</li><li>A small side table for tea.</li><li>A throw for winter evenings.</li></ul>
<p>Keep the shelf within arm's reach and the phone in another room.</p>`,
  },
];

const CONTACT_MESSAGES = [
  'I ordered a kurta last week and it has not been shipped yet. Could you check the status of my order?',
  'Do you deliver to {city}? I could not find my pincode at checkout.',
  'The ring I received is a size smaller than I ordered. How do I exchange it?',
  'I would like to sell my handmade candles on Haat. What is the process to register as a vendor?',
  'Is cash on delivery available for orders above Rs.10,000?',
  'My payment was deducted twice for the same order. Please refund the extra amount.',
  'Can I change the delivery address for an order that is already packed?',
  'The coupon WELCOME10 is not working on my cart. Is there a minimum order amount?',
  'Do you offer bulk discounts for corporate gifting? We need about 200 coffee mugs.',
  'The watch strap broke within a month. Is this covered under the warranty?',
  'Please add more sizes for kids footwear. Size 10 is always out of stock.',
  'I received a damaged product. The box was crushed and the showpiece is broken.',
  'How long does a refund take to reach my bank account after a return?',
  'Great service! My order reached {city} two days earlier than promised.',
  'Can I get a GST invoice for my purchase? I need it for my office reimbursement.',
];

export interface DemoContact {
  name: string;
  email: string;
  phone: string | null;
  message: string;
  createdAt: string;
}

/** `count` contact messages from the last 90 days, about one in three without a phone number. */
export function makeContacts(faker: Faker, count: number, now: Date): DemoContact[] {
  return Array.from({ length: count }, (_, index) => {
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const city = faker.helpers.arrayElement(['Pune', 'Lucknow', 'Kochi', 'Indore', 'Jaipur', 'Guwahati', 'Mysuru']);
    const template = CONTACT_MESSAGES[index % CONTACT_MESSAGES.length] as string;
    return {
      name: `${firstName} ${lastName}`,
      email: `${firstName}.${lastName}${faker.number.int({ min: 1, max: 99 })}@gmail.com`
        .toLowerCase()
        .replace(/[^a-z0-9.@]/g, ''),
      phone: faker.number.float({ min: 0, max: 1 }) < 0.35 ? null : indianMobile(faker),
      message: template.replace('{city}', city),
      createdAt: new Date(now.getTime() - faker.number.int({ min: 600_000, max: 90 * 86_400_000 })).toISOString(),
    };
  });
}

/** The storefront's settings (spec section 3, Website configuration). */
export const DEMO_WEBSITE = {
  logoUrl: 'https://placehold.co/240x80/1e1b4b/ec4899?text=Haat',
  welcomeQuote: 'Handpicked products from trusted Indian sellers, delivered to your doorstep.',
  phoneNumber: '+91 80 4567 8900',
  email: 'support@haat.example.com',
  address: '3rd Floor, Prestige Tower, 12 Residency Road, Bengaluru, Karnataka 560025',
  banners: [
    {
      imageFrom: 'Clothing',
      headline: 'Festive ethnic wear',
      line: 'Kurtas, stoles and more from our sellers',
      anchorLink: 'https://haat.example.com/collections/ethnic-wear',
      isActive: true,
    },
    {
      imageFrom: 'Jewellery',
      headline: 'Jewellery for every day',
      line: 'Rings, earrings and necklaces',
      anchorLink: 'https://haat.example.com/collections/jewellery',
      isActive: true,
    },
    {
      imageFrom: 'Watches',
      headline: 'Watches',
      line: 'Analog, digital and smart',
      anchorLink: 'https://haat.example.com/collections/watches',
      isActive: false,
    },
  ],
  socialLinks: [
    { platform: 'facebook', url: 'https://www.facebook.com/haatstore' },
    { platform: 'instagram', url: 'https://www.instagram.com/haatstore' },
    { platform: 'twitter', url: 'https://twitter.com/haatstore' },
    { platform: 'youtube', url: 'https://www.youtube.com/@haatstore' },
  ],
  salesBanner: {
    logoUrl: 'https://placehold.co/240x80/1e1b4b/ec4899?text=Haat',
    backgroundColor: '#FF0000',
    textColor: '#FFFFFF',
    discountText: '50% OFF',
    shopNowLink: 'https://haat.example.com/sale',
    isActive: true,
  },
} as const;
