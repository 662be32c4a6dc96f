/**
 * `npm run screens`: pictures of the product for people, not a test. Every template (bench/
 * template-pages.ts, plus the Spanish home and legal page and the 404 page) in English and
 * Spanish, on a phone (390x844) and a desktop (1366x900), light and dark, as a first-time
 * visitor sees it; and a brands sheet: the twelve brands' home pages side by side. Serves the
 * built Worker with Miniflare and the partner sandbox (bench/harness.ts), as the audit does.
 * Writes WebP files into docs/screens/ (encoded by Chromium's canvas: no image library) and
 * removes pictures a run no longer makes.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { BRANDS } from '../brands';
import { buildAll, startHarness } from '../bench/harness';
import { TEMPLATE_PAGES, type TemplatePage } from '../bench/template-pages';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/lib/chromium';

const OUT_DIR = 'docs/screens';
const QUALITY = 0.5;
const VIEWPORTS = {
  phone: { width: 390, height: 844, maxHeight: 2200 },
  desktop: { width: 1366, height: 900, maxHeight: 1400 },
} as const;
const SCHEMES = ['light', 'dark'] as const;
/** The brands sheet: each home page's first phone screen, scaled down, six to a row. */
const SHEET = { columns: 6, scale: 0.5 } as const;

type Viewport = keyof typeof VIEWPORTS;
type Scheme = (typeof SCHEMES)[number];

interface Shot {
  name: string;
  brand: string;
  path: string;
}

/** Templates the shared list has in English only: the Spanish brand's home and legal page, and the 404 page. */
const SHOTS: Shot[] = [
  ...TEMPLATE_PAGES.map((t: TemplatePage) => ({ name: `${t.template}-${t.language}`, brand: t.brand, path: t.path })),
  { name: 'index-spanish', brand: 'm10es', path: '/' },
  { name: 'legal-spanish', brand: 'm10es', path: '/privacy' },
  { name: 'not-found-english', brand: 'bh', path: '/no-such-page' },
  { name: 'not-found-spanish', brand: 'm10es', path: '/no-such-page' },
];

/** Nothing moves: no transitions, animations, smooth scrolling or caret, whatever the stylesheet says. */
const STILL_CSS = `*, *::before, *::after { animation: none !important; transition: none !important;
  scroll-behavior: auto !important; caret-color: transparent !important; }`;

const log = (text: string) => console.log(`[screens] ${text}`);

/** A first-time visitor's page, settled: islands hydrated, network quiet, fonts loaded, nothing moving. */
async function settledPage(browser: Browser, url: string, viewport: Viewport, scheme: Scheme): Promise<Page> {
  const { width, height } = VIEWPORTS[viewport];
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    colorScheme: scheme,
    reducedMotion: 'reduce',
    // Each picture its own visitor (and client ip): per-ip limits never touch a later picture.
    extraHTTPHeaders: {
      'cf-connecting-ip': `127.0.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`,
    },
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.addStyleTag({ content: STILL_CSS }).catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[data-island]')].every(
          (el) =>
            el.hasAttribute('data-hydrated') || (el.hasAttribute('data-dormant') && el.hasAttribute('data-armed')),
        ),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => log(`islands not hydrated on ${url}`));
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo(0, 0);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  return page;
}

/** The page from its top, as tall as it is up to `maxHeight`, as PNG. */
async function capture(page: Page, maxHeight: number): Promise<Buffer> {
  const { width, height } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    height: document.documentElement.scrollHeight,
  }));
  return page.screenshot({
    type: 'png',
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    clip: { x: 0, y: 0, width, height: Math.min(height, maxHeight) },
  });
}

/** PNG to WebP in Chromium's own encoder (a blank page's canvas). */
async function toWebp(encoder: Page, png: Buffer): Promise<Buffer> {
  const base64 = await encoder.evaluate(
    async ({ data, quality }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
      return canvas.toDataURL('image/webp', quality).replace(/^data:image\/webp;base64,/, '');
    },
    { data: png.toString('base64'), quality: QUALITY },
  );
  return Buffer.from(base64, 'base64');
}

/** The brands sheet: each brand's first phone screen (labelled) in one grid, screenshotted by Chromium. */
async function brandsSheet(browser: Browser, screens: { label: string; png: Buffer }[]): Promise<Buffer> {
  const { width, height } = VIEWPORTS.phone;
  const cell = { width: Math.round(width * SHEET.scale), height: Math.round(height * SHEET.scale) };
  const rows = Math.ceil(screens.length / SHEET.columns);
  const gap = 12;
  const label = 18;
  const sheetWidth = SHEET.columns * cell.width + (SHEET.columns + 1) * gap;
  const sheetHeight = rows * (cell.height + label + gap) + gap;
  const context = await browser.newContext({ viewport: { width: sheetWidth, height: sheetHeight } });
  const page = await context.newPage();
  const figures = screens
    .map(
      (s) =>
        `<figure><figcaption>${s.label}</figcaption><img alt="" src="data:image/png;base64,${s.png.toString('base64')}"></figure>`,
    )
    .join('');
  await page.setContent(
    `<!doctype html><style>
      body { margin: 0; background: #e9ecef; font: 600 12px/1 system-ui, sans-serif; }
      main { display: grid; grid-template-columns: repeat(${SHEET.columns}, ${cell.width}px); gap: ${gap}px; padding: ${gap}px; }
      figure { margin: 0; }
      figcaption { height: ${label}px; color: #212529; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
      img { display: block; width: ${cell.width}px; height: ${cell.height}px; box-shadow: 0 1px 3px #0004; }
    </style><main>${figures}</main>`,
  );
  await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
  const png = await page.screenshot({ type: 'png', fullPage: true });
  await context.close();
  return png;
}

const began = performance.now();
buildAll();
const h = await startHarness();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
const encoder = await (await browser.newContext()).newPage();
const written = new Set<string>();
mkdirSync(OUT_DIR, { recursive: true });
const save = (file: string, data: Buffer) => {
  writeFileSync(join(OUT_DIR, file), data);
  written.add(file);
};
const origin = (brand: string) => `http://${brand}.localhost:${h.port}`;

try {
  for (const shot of SHOTS) {
    for (const viewport of Object.keys(VIEWPORTS) as Viewport[]) {
      for (const scheme of SCHEMES) {
        const page = await settledPage(browser, `${origin(shot.brand)}${shot.path}`, viewport, scheme);
        const png = await capture(page, VIEWPORTS[viewport].maxHeight);
        await page.context().close();
        const file = `${shot.name}-${viewport}-${scheme}.webp`;
        save(file, await toWebp(encoder, png));
        log(file);
      }
    }
  }
  for (const scheme of SCHEMES) {
    const homes: { label: string; png: Buffer }[] = [];
    for (const brand of BRANDS) {
      const page = await settledPage(browser, `${origin(brand.id)}/`, 'phone', scheme);
      homes.push({
        label: `${brand.id}: ${brand.name}`,
        png: await page.screenshot({ type: 'png', animations: 'disabled' }),
      });
      await page.context().close();
    }
    const file = `brands-${scheme}.webp`;
    save(file, await toWebp(encoder, await brandsSheet(browser, homes)));
    log(file);
  }
} finally {
  await browser.close();
  await h.close();
}

// Pictures an earlier run made that this one did not (a renamed template) would mislead: gone.
for (const file of readdirSync(OUT_DIR)) {
  if (file.endsWith('.webp') && !written.has(file)) rmSync(join(OUT_DIR, file));
}
const bytes = [...written].reduce((sum, file) => sum + statSync(join(OUT_DIR, file)).size, 0);
log(
  `${written.size} pictures, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${OUT_DIR} (${((performance.now() - began) / 1000).toFixed(0)} s)`,
);
