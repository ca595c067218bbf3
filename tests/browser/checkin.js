// Check-in at the door on a phone (390x844): the organizer scrolls down to
// the 20th player and taps the row; the page does not navigate (same
// document, same scroll position), the row says present and the counts
// follow; a second tap undoes; the search box keeps only the matching rows
// as one types; "everyone is here" asks, then checks in the rest.
// Screenshots of the dashboard at 390 and 1366 px in SHOTS_DIR.
// Usage: node checkin.js BASE_URL TOURNAMENT_ID USER PASSWORD SHOTS_DIR   (exit status 0 = passed)
const assert = require('assert');
const path = require('path');
const { launch, phonePage, login } = require('./common');

const [base, id, user, password, shots] = process.argv.slice(2);

(async () => {
  const browser = await launch();
  try {
    const { page, nav } = await phonePage(browser);
    await login(page, nav, base, user, password);
    const dash = `${base}/tournaments/${id}`;
    await page.goto(dash);
    const counts = () => page.textContent('#players-counts');
    assert.match(await counts(), /0 présent /);
    const rows = page.locator('li.checkin-row');
    const total = await rows.count();
    assert.ok(total >= 30, `${total} rows`);

    // A marker on this document: a navigation would lose it.
    await page.evaluate(() => { window.__checkinMarker = 'same document'; });
    const row = rows.nth(19);
    const rowId = await row.getAttribute('id');
    const name = (await row.locator('.checkin-name').textContent()).trim();
    await row.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -200));
    const y = await page.evaluate(() => window.scrollY);
    assert.ok(y > 300, `scrolled down to the 20th player (${y})`);
    const button = row.locator('button.checkin-tap');
    const box = await button.boundingBox();
    assert.ok(box.height >= 44, `the row is ${box.height} px tall`);
    assert.ok(box.width >= 220, `the row's button is ${box.width} px wide`);
    // Its name: what it shows (label in name), then the action.
    assert.match((await button.textContent()).replace(/\s+/g, ' ').trim(), new RegExp(`${name}.* : pointer présent$`));

    // The tap: no navigation, the row and the counts change in place.
    const url = page.url();
    await button.click();
    await page.waitForSelector(`#${rowId}.status-present`);
    assert.strictEqual(await page.evaluate(() => window.__checkinMarker), 'same document', 'the page was reloaded');
    assert.strictEqual(page.url(), url);
    assert.strictEqual(await page.evaluate(() => window.scrollY), y, 'the page moved');
    assert.match(await page.textContent(`#${rowId} .checkin-status`), /présent/);
    await page.screenshot({ path: path.join(shots, 'dashboard-390.png'), fullPage: false });
    assert.match(await counts(), /^\s*1 présent /);
    assert.match(await page.textContent('#next-count'), /^1 joueurs seront placés/);
    assert.strictEqual(await page.evaluate(() => document.activeElement.closest('li') && document.activeElement.closest('li').id), rowId,
      'the focus stays on the row');
    const undo = page.locator(`#${rowId} button.checkin-tap`);
    assert.match((await undo.textContent()).trim(), / : annuler le pointage$/);

    // Tapped again: registered again, still in place.
    await undo.click();
    await page.waitForSelector(`#${rowId}.status-registered`);
    assert.match(await counts(), /^\s*0 présent /);
    assert.strictEqual(await page.evaluate(() => window.scrollY), y);
    // And once more, for good; then a second row.
    await page.locator(`#${rowId} button.checkin-tap`).click();
    await page.waitForSelector(`#${rowId}.status-present`);
    const next = rows.nth(20);
    const nextId = await next.getAttribute('id');
    await next.locator('button.checkin-tap').click();
    await page.waitForSelector(`#${nextId}.status-present`);
    assert.match(await counts(), /^\s*2 présents/);
    assert.strictEqual(await page.evaluate(() => window.__checkinMarker), 'same document');

    // A refusal is said by the row, in the server's words: a player who
    // withdrew meanwhile (from another screen) is not checked in.
    const third = rows.nth(22);
    const thirdId = await third.getAttribute('id');
    const withdrew = await page.evaluate(async (u) => (await fetch(u, { method: 'DELETE' })).status,
      `${base}/api/tournaments/${id}/players/${thirdId.replace('player-', '')}`);
    assert.strictEqual(withdrew, 200);
    await third.locator('button.checkin-tap').click();
    await page.waitForSelector(`#${thirdId} .checkin-error:not([hidden])`);
    assert.strictEqual((await page.textContent(`#${thirdId} .checkin-error`)).trim(),
      "Ce joueur a abandonné : réintégrez-le d'abord pour le pointer.");
    assert.ok(await page.isVisible(`#${thirdId}.status-registered`));
    assert.match(await counts(), /^\s*2 présents/);
    await page.screenshot({ path: path.join(shots, 'dashboard-390-refused.png'), fullPage: false });

    // The list at a laptop's width, some present, some not.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.evaluate(() => document.getElementById('players').scrollIntoView());
    await page.screenshot({ path: path.join(shots, 'dashboard-1366.png'), fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });

    // The search box filters as one types, accents aside.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.fill('#checkin-q', 'helene');
    const visible = () => page.$$eval('li.checkin-row', lis => lis.filter(li => !li.hidden && li.offsetHeight > 0)
      .map(li => li.querySelector('.checkin-name').textContent.trim()));
    assert.deepStrictEqual(await visible(), ['Hélène Roux']);
    assert.match(await page.textContent('#checkin-shown'), /Affichés : 1/);
    await page.fill('#checkin-q', 'MARTIN');
    const martins = await visible();
    assert.ok(martins.length >= 2 && martins.every(n => /martin/i.test(n)), martins.join(', '));
    await page.fill('#checkin-q', 'personne de ce nom');
    assert.deepStrictEqual(await visible(), []);
    assert.ok(await page.isVisible('#checkin-none'));
    // A row found and tapped: checked in, the search still there.
    await page.fill('#checkin-q', 'hélène');
    const helene = page.locator('li.checkin-row:not([hidden])');
    const heleneId = await helene.getAttribute('id');
    await helene.locator('button.checkin-tap').click();
    await page.waitForSelector(`#${heleneId}.status-present`);
    assert.deepStrictEqual(await visible(), ['Hélène Roux']);
    assert.match(await counts(), /^\s*3 présents/);
    assert.strictEqual(await page.evaluate(() => window.__checkinMarker), 'same document');
    await page.fill('#checkin-q', '');
    assert.strictEqual((await visible()).length, total);
    await page.screenshot({ path: path.join(shots, 'dashboard-390-search.png'), fullPage: false });

    // Everyone is here: a question first, then the rest checked in.
    await nav(() => page.click('a.checkin-all'));
    assert.match(await page.textContent('h1'), /Tout le monde est là/);
    const rest = total - 3 - 2; // two players withdrew
    assert.match(await page.textContent('main'), new RegExp(`Oui, pointer les ${rest} joueurs`));
    await page.screenshot({ path: path.join(shots, 'checkin-all-390.png'), fullPage: true });
    await nav(() => page.click('form[action$="/checkin-all"] button[type=submit]'));
    assert.match(await page.textContent('.notice'), new RegExp(`${rest} joueurs pointés`));
    assert.match(await counts(), new RegExp(`^\\s*${total - 2} présents`));
    assert.ok(!(await page.isVisible('a.checkin-all')), 'nobody left to check in');

    // The dashboard at a laptop's width.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(dash + '#players');
    await page.screenshot({ path: path.join(shots, 'dashboard-1366-all.png'), fullPage: false });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `the page is ${wide} px too wide`);
    console.log(`check-in passed: ${total} rows, tapped in place at ${y} px, search and everyone-is-here`);
  } finally {
    await browser.close();
  }
})().catch(e => { console.error(e); process.exit(1); });
