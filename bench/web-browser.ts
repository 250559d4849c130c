import type { Browser, Page } from 'playwright-core';

/** Photos point at the marketplace's image host, out of reach here: each is answered with a grey square instead. */
const PHOTO_HOST = 'https://basket.example/**';
const PHOTO_STAND_IN = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#ced4da"/></svg>';

/** A tab in a fresh profile that records every console error and uncaught exception into `errors`. */
export async function openTab(browser: Browser, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 800 } });
  await context.route(PHOTO_HOST, (route) => route.fulfill({ contentType: 'image/svg+xml', body: PHOTO_STAND_IN }));
  await context.addInitScript(PROBES);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('console', (message) => message.type() === 'error' && errors.push(`${page.url()}: ${message.text()}`));
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

// Browser-side code is passed as text: the bench compiles without the DOM's types.
/**
 * Installed in every tab before the app's own script: the time of the last click, the time the product table first has
 * a row (both on the page's clock, from navigation start), and the send time of each catalog request with a search.
 */
const PROBES = `(() => {
  window.__clickAt = null;
  window.__productRowsAt = null;
  window.__searchesAt = [];
  document.addEventListener('click', (event) => { window.__clickAt = event.timeStamp; }, true);
  new MutationObserver(() => {
    if (window.__productRowsAt === null && document.querySelector('table[aria-label="Товары"] tbody tr')) window.__productRowsAt = performance.now();
  }).observe(document, { childList: true, subtree: true });
  const send = window.fetch;
  window.fetch = function (input, init) {
    const url = new URL(typeof input === 'string' ? input : input.url, location.href);
    if (url.pathname === '/catalog/products' && url.searchParams.has('q')) window.__searchesAt.push(performance.now());
    return send.call(this, input, init);
  };
})()`;

const UNLABELLED_CONTROLS = `(() => {
  const text = (element) => (element && element.textContent ? element.textContent.trim() : '');
  const named = (element) =>
    Boolean(
      (element.getAttribute('aria-label') || '').trim() ||
        (element.getAttribute('aria-labelledby') || '').split(/\\s+/).some((id) => text(document.getElementById(id))) ||
        [...(element.labels || [])].some((label) => text(label)) ||
        element.title.trim() ||
        (element.tagName === 'BUTTON' && text(element)),
    );
  return [...document.querySelectorAll('input, select, textarea, button')]
    .filter((element) => element.type !== 'hidden' && element.getClientRects().length > 0)
    .filter((element) => !named(element))
    .map((element) => element.outerHTML.slice(0, 160));
})()`;

const firstProductRow = (page: Page) => page.getByRole('table', { name: 'Товары' }).locator('tbody tr').first();

/** Milliseconds from the click on the catalog's link (its code not loaded yet) to the first product row in the page. */
export async function timeCatalogLink(page: Page): Promise<number> {
  await page.evaluate('window.__productRowsAt = null');
  await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Каталог' }).click();
  await firstProductRow(page).waitFor();
  return Math.round(await page.evaluate<number>('window.__productRowsAt - window.__clickAt'));
}

/** Milliseconds from the start of loading /app/catalog in the tab (the session restored from its refresh token) to the first product row. */
export async function timeCatalogLoad(page: Page, origin: string): Promise<number> {
  await page.goto(`${origin}/app/catalog`);
  await firstProductRow(page).waitFor();
  return Math.round(await page.evaluate<number>('window.__productRowsAt'));
}

export interface TypingRound {
  keyDelayMs: number;
  /** Catalog requests carrying a search, in the order the browser sent them. */
  requests: number;
  /** The shortest time between two of them (null with fewer than two). */
  minGapMs: number | null;
}

/** Types `word` into the catalog's search box at a steady pace and reads the send times of the searches it caused. */
export async function typeSearch(page: Page, word: string, keyDelayMs: number): Promise<TypingRound> {
  const search = page.getByLabel('Поиск');
  await search.fill('');
  await page.waitForTimeout(600);
  await page.evaluate('window.__searchesAt = []');
  await search.pressSequentially(word, { delay: keyDelayMs });
  await page.waitForTimeout(800);
  const starts = await page.evaluate<number[]>('window.__searchesAt');
  const gaps = starts.slice(1).map((start, index) => start - starts[index]);
  return { keyDelayMs, requests: starts.length, minGapMs: gaps.length ? Math.round(Math.min(...gaps)) : null };
}

/** The visible inputs, selects, textareas and buttons that have no accessible name (by aria-label, aria-labelledby, <label>, title or text). */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(UNLABELLED_CONTROLS);
}
