// What every browser script starts with: Debian's chromium through
// playwright-core, and a phone-sized French page logged in as the organizer.
const assert = require('assert');
const { chromium } = require('playwright-core');

/** Launches chromium headless (CHROMIUM overrides its path). */
async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** A 390 px French page; `nav(fn)` runs `fn` and waits for the navigation it causes. */
async function phonePage(browser) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'fr-FR',
                                       extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
  page.setDefaultTimeout(15000);
  const nav = (fn) => Promise.all([page.waitForNavigation(), fn()]);
  return { page, nav };
}

/** Logs in through the login page. */
async function login(page, nav, base, user, password) {
  await page.goto(base + '/login');
  await page.fill('input[name=username]', user);
  await page.fill('input[name=password]', password);
  await nav(() => page.click('form.stack button[type=submit]'));
}

/** Taps the choice `value` of the radio group `name` (a chip of the deal form), as a thumb would. */
async function tap(page, name, value) {
  await page.click(`label.chip:has(input[name="${name}"][value="${value}"]) span`);
}

/**
 * Enters every deal of a table through its deal form, by taps: deal k's
 * taker is the k-th player offered, its contract `contracts[k % 4]`, its
 * oudlers k % 4, its points one of four (French decimal comma included).
 * Each save must land back on the table's sheet.
 */
async function enterEveryDeal(page, nav, base, table, contracts) {
  await page.goto(base + table);
  const deals = await page.$$eval('table.sheet tbody td a', as => as.map(a => a.getAttribute('href')));
  let k = 0;
  for (const d of deals) {
    k++;
    await page.goto(base + d);
    const takers = await page.$$eval('input[name=taker]', is => is.map(i => i.value));
    await tap(page, 'taker', takers[k % takers.length]);
    await tap(page, 'contract', contracts[k % 4]);
    await tap(page, 'oudlers', String(k % 4));
    await page.fill('input[name=points]', ['38', '44,5', '52', '61'][k % 4]);
    await nav(() => page.click('form.stack button[type=submit]'));
    assert.strictEqual(new URL(page.url()).pathname, table, `deal ${d} refused: ${await page.textContent('main')}`);
  }
}

/**
 * The race chart at `url` (an SVG alone): every label inside the drawing,
 * none overlapping another. Answers how many labels there are.
 */
async function raceLabelsApart(page, url) {
  await page.goto(url);
  const boxes = await page.evaluate(() => {
    const svg = document.querySelector('svg');
    const width = svg.viewBox.baseVal.width;
    const height = svg.viewBox.baseVal.height;
    return [...document.querySelectorAll('text.label')].map((t) => {
      const b = t.getBBox();
      return { text: t.textContent, x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height, width, height };
    });
  });
  for (const l of boxes) {
    assert.ok(l.x >= 0 && l.r <= l.width && l.y >= 0 && l.b <= l.height, `race label outside the chart: ${JSON.stringify(l)}`);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [a, b] = [boxes[i], boxes[j]];
      const apart = a.r <= b.x || b.r <= a.x || a.b <= b.y || b.b <= a.y;
      assert.ok(apart, `race labels overlap: ${a.text} and ${b.text}`);
    }
  }
  return boxes.length;
}

module.exports = { launch, phonePage, login, tap, enterEveryDeal, raceLabelsApart };
