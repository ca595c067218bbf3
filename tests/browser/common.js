// What every browser script starts with: Debian's chromium through
// playwright-core, and a phone-sized French page logged in as the organizer.
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

module.exports = { launch, phonePage, login, tap };
