// A duplicate deal at a table and its traveller, on a phone:
//
// duplicate BASE LINK TRAVELLER SHOTS_DIR
//   The list of the tournament's deals, open on a spectator's phone, says
//   deal 1 entered at 1 table of 2, without a link. The table's deal 1 form
//   (LINK + '/deals/1') says which deal of the tournament it is; the deal is
//   entered by taps and saved; the open list shows 2 / 2 and the link to
//   the traveller by itself (live events, no reload). Then the
//   deal's traveller (TRAVELLER, every table having entered it): both
//   tables' results, a figure per seat, the four hands and the dog drawn;
//   screenshots at 390 and 1366 px.
const assert = require('assert');
const { launch, phonePage, tap } = require('./common');

const text = async (page, sel) => (await page.textContent(sel)).replace(/\s+/g, ' ').trim();

async function main(base, link, traveller, shots) {
  const browser = await launch();
  try {
    const list = (await phonePage(browser)).page;
    await list.goto(base + traveller.replace(/\/\d+$/, ''));
    await list.waitForSelector('html[data-live-open]');
    await list.evaluate(() => { window.notReloaded = true; });
    assert.strictEqual(await text(list, 'tbody tr td:nth-child(3)'), '1 / 2');
    assert.strictEqual(await list.locator('tbody a').count(), 0, 'no link before every table entered it');
    const { page, nav } = await phonePage(browser);
    await page.goto(base + link + '/deals/1');
    assert.match(await text(page, '.dup-deal'), /donne 1 du tournoi, les mêmes cartes à toutes les tables/);
    const players = await page.$$eval('input[name=taker]', is => is.map(i => i.value));
    await tap(page, 'taker', players[0]);
    await tap(page, 'contract', 'garde');
    await tap(page, 'oudlers', '2');
    await page.fill('input[name=points]', '50');
    await page.screenshot({ path: `${shots}/duplicate-entry-phone.png`, fullPage: true });
    await nav(() => page.click('button.save'));
    assert.strictEqual(new URL(page.url()).search, '?saved=1', page.url());
    await list.waitForSelector(`tbody a[href$="${traveller}"]`, { timeout: 10000 });
    assert.strictEqual(await text(list, 'tbody tr td:nth-child(3)'), '2 / 2');
    assert.ok(await list.evaluate(() => window.notReloaded), 'updated in place');
    await list.screenshot({ path: `${shots}/duplicate-deals-live-phone.png`, fullPage: true });

    await page.goto(base + traveller);
    assert.strictEqual(await text(page, 'h1'), 'Donne 1');
    const lines = await page.$$eval('th.deal-line', ths => ths.map(t => t.textContent.replace(/\s+/g, ' ').trim()));
    assert.strictEqual(lines.length, 2, lines.join(' | '));
    assert.match(lines[0], /^Table 1 — Garde de .*, 2 bouts, 50 points/);
    const figures = await page.$$eval('strong.figure', fs => fs.map(f => f.textContent.trim()));
    assert.strictEqual(figures.length, 8);
    for (const f of figures) assert.match(f, /^(0|50|100)\u00a0%$/);
    assert.strictEqual(await page.locator('[data-card]').count(), 78, 'the hands and the dog');
    // Nothing wider than the phone.
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `the traveller is ${wide} px wide`);
    await page.screenshot({ path: `${shots}/duplicate-traveller-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${shots}/duplicate-traveller-laptop.png`, fullPage: true });
    console.log('duplicate passed: the deal entered by taps, the deals list updated live, its traveller shown');
  } finally {
    await browser.close();
  }
}

const [, , base, link, traveller, shots] = process.argv;
main(base, link, traveller, shots).catch(e => { console.error(e); process.exit(1); });
