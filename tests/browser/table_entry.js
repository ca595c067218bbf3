// A table's tablet on a phone (390 px, French): the table link opened, deal 1
// of a table of 5 (called king) entered by tapping — taker, partner,
// contract, oudlers, the points as the defence counted them, a handful — the
// score and its explanation seen before saving, the save button tapped twice
// (one deal stored), the sheet saying "saved" and offering the next deal; a
// stale correction from a second tablet told about the conflict; and the
// standings, open on another screen, changing by themselves.
// Usage: node table_entry.js BASE_URL TABLE_LINK TOURNAMENT_ID API_TOKEN SHOTS_DIR
const assert = require('assert');
const { launch, phonePage, tap } = require('./common');

const [base, link, id, token, shots] = process.argv.slice(2);
const text = async (page, sel) => (await page.textContent(sel)).replace(/\s+/g, ' ').trim();

(async () => {
  const browser = await launch();
  try {
    const api = async (page, path) => {
      const r = await page.request.get(base + path, { headers: { Authorization: 'Bearer ' + token } });
      assert.ok(r.ok(), `${path}: ${r.status()}`);
      return r.json();
    };
    // The standings, on a second screen, before the deal.
    const { page: screen } = await phonePage(browser);
    await screen.goto(base + `/tournaments/${id}/standings`);
    const before = await text(screen, 'main');

    const { page, nav } = await phonePage(browser);
    await page.goto(base + link);
    assert.match(await text(page, 'h1'), /Table 1/);
    await nav(() => page.click('table.sheet tbody tr:first-child td a'));
    assert.match(await text(page, 'h1'), /Donne 1/);
    const players = await page.$$eval('input[name=taker]', is => is.map(i => i.value));
    assert.strictEqual(players.length, 5, 'five players at the table');
    let taps = 0;
    const t = async (name, value) => { await tap(page, name, value); taps++; };
    await t('taker', players[0]);
    // The taker cannot be tapped as their own partner.
    assert.ok(await page.isDisabled(`input[name=partner][value="${players[0]}"]`), 'taker offered as partner');
    await t('partner', players[1]);
    await t('contract', 'garde');
    await t('oudlers', '2');
    await t('camp', 'defence');
    await page.click('input[name=points]'); taps++;
    await page.keyboard.type('41'); taps += 2;
    await page.click('details.extras summary'); taps++;
    await t(`handful_${players[3]}`, 'simple');
    // The score before saving: garde made by 9 (the attack has 50), 68 +
    // 20 for the handful = 88 a defender, the taker 2 × 88.
    await page.waitForFunction(() => /176/.test(document.querySelector('#preview').textContent));
    const preview = await text(page, '#preview');
    assert.match(preview, /Garde/);
    assert.match(preview, /\+176/);
    assert.match(preview, /-88/);
    await page.screenshot({ path: `${shots}/table-entry-phone.png`, fullPage: true });
    // The live score and Save on the screen without scrolling, at the top
    // of the form and with a phone's keyboard open (the viewport shrinks).
    const onScreen = () => page.evaluate(() => ['button.save', '#preview .scores'].filter(sel => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return !(r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0);
    }));
    await page.evaluate(() => window.scrollTo(0, 0));
    assert.deepStrictEqual(await onScreen(), [], 'off the screen at 390x844');
    await page.setViewportSize({ width: 390, height: 844 - 336 });
    await page.focus('input[name=points]');
    assert.deepStrictEqual(await onScreen(), [], 'hidden by the keyboard');
    await page.screenshot({ path: `${shots}/table-entry-phone-keyboard.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    // "Everyone passed" asks before it records anything: its button shows
    // only once the question is opened.
    assert.ok(!(await page.isVisible('details.passed button')), 'a void deal in one tap');
    // A double tap on save.
    // (Two submissions leave: the first page load may be cut by the second;
    // what counts is the sheet the second one lands on.)
    await page.dblclick('button.save');
    taps++;
    // Retried while the second page load replaces the first one.
    const settled = async (fn) => {
      for (let i = 0; ; i++) {
        try { return await fn(); } catch (e) { if (i >= 8) throw e; await page.waitForTimeout(250); }
      }
    };
    const saved = await settled(async () => {
      await page.waitForSelector('.saved', { timeout: 15000 });
      return text(page, '.saved');
    });
    assert.match(saved, /Donne 1 enregistrée/);
    // The sheet then leads with the next deal (its one big button).
    assert.match(await text(page, '.lead-next'), /Saisir la donne 2/);
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${shots}/table-sheet-phone.png`, fullPage: true });
    const round = await api(page, `/api/tournaments/${id}/rounds/1`);
    const stored = round.tables[0].deals;
    assert.strictEqual(stored.length, 1, `one deal stored: ${JSON.stringify(stored)}`);
    assert.strictEqual(stored[0].version, 1, 'the double tap changed nothing');
    // Five score columns fit the phone: the sheet is no wider than the screen.
    const wide = await page.evaluate(() => document.querySelector('table.sheet').getBoundingClientRect().right);
    assert.ok(wide <= 390, `the sheet is ${wide}px wide`);

    // The standings screen changed by itself (no reload).
    await screen.waitForFunction((b) => document.querySelector('main').textContent.replace(/\s+/g, ' ').trim() !== b,
                                 before, { timeout: 10000 });
    assert.match(await text(screen, 'main'), /176/);

    // A second tablet opened deal 1 before a correction from the first: told about the conflict.
    const { page: other } = await phonePage(browser);
    await other.goto(base + link + '/deals/1');
    await page.goto(base + link + '/deals/1');
    await page.fill('input[name=points]', '40');
    await nav(() => page.click('button.save'));
    await other.fill('input[name=points]', '39');
    // The outbox writes the server's conflict page in place (no navigation).
    await other.click('button.save');
    await other.waitForSelector('.conflict');
    assert.match(await text(other, '.conflict'), /modifiée entre-temps/);
    await other.screenshot({ path: `${shots}/table-conflict-phone.png`, fullPage: true });
    console.log(`table entry passed: ${taps} taps for a deal of 5 with partner and handful`);
  } finally {
    await browser.close();
  }
})().catch(e => { console.error(e); process.exit(1); });
