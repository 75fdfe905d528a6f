#!/usr/bin/env node
// `npm run screenshots`: pictures of every screen of the back office at a phone's size
// (390×844) and a desktop's (1440×900), signed in as the admin and as a vendor, for a
// reviewer to look at (issues 12 and 27: the demo store's own pictures included, so every
// screen shows real pictures with no network). They go to `screenshots/` (git-ignored), named
// `<who>-<width>x<height>-<screen>.png`.
//
// By default it starts the built app as `npm start` does, on its own port and a fresh
// demo database under `.screenshots/` (SCREENSHOTS_PORT, default 3217), and stops it at
// the end. Set SCREENSHOTS_URL to photograph an app already running instead. Debian's
// chromium drives it (CHROMIUM_PATH to use another).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = join(root, 'screenshots');
const port = Number(process.env.SCREENSHOTS_PORT ?? 3217);
const dataDir = `.screenshots/${port}`;
const baseURL = process.env.SCREENSHOTS_URL ?? `http://127.0.0.1:${port}`;

const sizes = [
  { name: '390x844', viewport: { width: 390, height: 844 } },
  { name: '1440x900', viewport: { width: 1440, height: 900 } },
];

const people = {
  admin: { email: 'admin@example.com', password: 'admin123' },
  vendor: { email: 'vendor@example.com', password: 'vendor123' },
};

/** The screens each person sees, `{id}` standing for a record of theirs. */
const screens = {
  admin: [
    ['dashboard', '/admin/dashboard'],
    ['products', '/admin/products'],
    ['product-new', '/admin/products/new'],
    ['product-edit', '/admin/products/edit/{product}'],
    ['products-pending', '/admin/products/pending'],
    ['categories', '/admin/categories'],
    ['orders', '/admin/orders'],
    ['order-detail', '/admin/orders/{order}'],
    ['coupons', '/admin/coupons-code'],
    ['vendors', '/admin/vendors'],
    ['blog', '/admin/blog'],
    ['blog-new', '/admin/blogs/new'],
    ['contact', '/admin/contact'],
    ['website-config', '/admin/website-config'],
    ['profile', '/admin/profile'],
    ['dashboard-settings', '/admin/dashboard-settings'],
    ['activity', '/admin/activity'],
    ['commission-rates', '/admin/commission-rates'],
    ['payouts', '/admin/payouts'],
    ['not-found', '/admin/no-such-screen'],
  ],
  vendor: [
    ['dashboard', '/admin/dashboard'],
    ['products', '/admin/products'],
    ['product-new', '/admin/products/new'],
    ['product-edit', '/admin/products/edit/{product}'],
    ['orders', '/admin/my-orders'],
    ['order-detail', '/admin/my-orders/{order}'],
    ['earnings', '/admin/earnings'],
    ['profile', '/admin/profile'],
  ],
};

/** Where each person's first product and order are read, to fill `{product}` and `{order}`. */
const recordSources = {
  admin: { product: '/api/products/admin/all?limit=1', order: '/api/orders/admin/orders?limit=1' },
  vendor: { product: '/api/products/admin/all?limit=1', order: '/api/vendor/orders?limit=1' },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await sleep(500);
  }
  throw new Error(`The app did not answer at ${baseURL}/api/health`);
}

/** The first `_id` in the first array of an API answer. */
function firstId(body) {
  for (const value of Object.values(body ?? {})) {
    if (Array.isArray(value) && value[0]?._id) return String(value[0]._id);
  }
  return null;
}

async function recordIds(who) {
  const login = await fetch(`${baseURL}/api/auth/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(people[who]),
  });
  if (!login.ok) throw new Error(`Signing in as ${who} failed: ${login.status}`);
  const { token } = await login.json();
  const ids = {};
  for (const [name, path] of Object.entries(recordSources[who])) {
    const response = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
    ids[name] = response.ok ? firstId(await response.json()) : null;
  }
  return ids;
}

async function settle(page) {
  // The notifications stream never idles: give the rest a few seconds.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  // A full-page picture shows the pictures below the fold too: load them now.
  await page.evaluate(() => {
    for (const image of document.querySelectorAll('img[loading="lazy"]')) image.loading = 'eager';
  });
  await page
    .waitForFunction(() => [...document.images].every((image) => image.complete), null, { timeout: 10_000 })
    .catch(() => {});
  // Let charts finish their first layout.
  await page.waitForTimeout(300);
}

async function photograph(browser) {
  mkdirSync(outDir, { recursive: true });
  let count = 0;
  for (const size of sizes) {
    // The sign-in screen, before anyone signs in.
    const anonymous = await browser.newContext({ viewport: size.viewport, baseURL });
    const loginPage = await anonymous.newPage();
    await loginPage.goto('/login');
    await settle(loginPage);
    await loginPage.screenshot({ path: join(outDir, `anyone-${size.name}-login.png`), fullPage: true });
    count += 1;
    await anonymous.close();

    for (const who of Object.keys(people)) {
      const ids = await recordIds(who);
      const context = await browser.newContext({ viewport: size.viewport, baseURL });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByLabel('Email').fill(people[who].email);
      await page.getByLabel('Password', { exact: true }).fill(people[who].password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/admin\//);
      for (const [name, template] of screens[who]) {
        const missing = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).find((key) => !ids[key]);
        if (missing) {
          console.log(`  skipped ${who} ${name}: no ${missing} to show`);
          continue;
        }
        const path = template.replace(/\{(\w+)\}/g, (_, key) => ids[key]);
        await page.goto(path);
        await settle(page);
        await page.screenshot({ path: join(outDir, `${who}-${size.name}-${name}.png`), fullPage: true });
        count += 1;
      }
      if (size.viewport.width < 768) {
        // The phone's sidebar, open over the dashboard.
        await page.goto('/admin/dashboard');
        await settle(page);
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await page.screenshot({ path: join(outDir, `${who}-${size.name}-menu-open.png`) });
        count += 1;
      }
      await context.close();
    }
  }
  return count;
}

let server = null;
try {
  if (!process.env.SCREENSHOTS_URL) {
    rmSync(join(root, dataDir), { recursive: true, force: true });
    console.log(`Starting the app on port ${port} (a fresh demo store in ${dataDir})...`);
    server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:./${dataDir}/store.db`,
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
      },
    });
  }
  await waitForHealth(Date.now() + 300_000);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const count = await photograph(browser);
    console.log(`${count} screenshots in ${outDir}`);
  } finally {
    await browser.close();
  }
} finally {
  // start.mjs runs the server as its child: end the whole group it leads.
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}
