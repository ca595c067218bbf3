// A club evening in a real browser (Debian's chromium, phone-sized): the
// organizer logs in, creates a tournament, imports 22 players from a CSV file,
// plays three rounds entering every deal through the pages (French decimal
// comma included), corrects one deal, withdraws a player, adds a late one,
// closes the rounds, and reads the seating report, the standings and the log.
// Usage: node flow.js BASE_URL CSV_FILE USER PASSWORD   (exit status 0 = passed)
const assert = require('assert');
const { launch, phonePage, login, enterEveryDeal } = require('./common');

const [base, csv, user, password] = process.argv.slice(2);
const text = async (page, sel) => (await page.textContent(sel)).replace(/\s+/g, ' ').trim();

(async () => {
  const browser = await launch();
  try {
    const { page, nav } = await phonePage(browser);

    await page.goto(base + '/login');
    assert.match(await text(page, 'h1'), /Connexion arbitre/);
    await login(page, nav, base, user, password);
    assert.match(await text(page, 'header'), new RegExp(user));

    await page.goto(base + '/tournaments/new');
    await page.fill('input[name=name]', 'Soirée du club');
    await page.fill('input[name=rounds]', '3');
    await nav(() => page.click('form.stack button[type=submit]'));
    const dash = page.url();
    assert.match(dash, /\/tournaments\/\d+$/);

    await page.setInputFiles('input[name=csv_file]', csv);
    await nav(() => page.click('form[action$="/players/import"] button[type=submit]'));
    assert.match(await text(page, 'main'), /22 joueurs inscrits/);

    let withdrawn = null;
    for (let round = 1; round <= 3; round++) {
      await page.goto(dash);
      if (round === 2) {
        withdrawn = (await page.textContent('#players li.checkin-row .checkin-name')).trim();
        // Withdrawing asks first; the confirmation withdraws.
        await nav(() => page.click('#players form[action$="/withdraw"] button'));
        assert.match(await text(page, 'h1'), /Retirer .* du tournoi/);
        await nav(() => page.click('form[action$="/withdraw"] button.danger'));
        await page.fill('form[action$="/players"] input[name=name]', 'Arrivée Tardive');
        await page.fill('form[action$="/players"] input[name=club]', 'Tarot Club de Dijon');
        await nav(() => page.click('form[action$="/players"] button[type=submit]'));
        assert.match(await text(page, '#players'), /arrivé en retard/);
      }
      await nav(() => page.click('form[action$="/rounds"] button[type=submit]'));
      const roundUrl = page.url();
      assert.ok(roundUrl.endsWith('/rounds/' + round), roundUrl);
      const seated = await text(page, '.tables');
      if (round >= 2) {
        assert.ok(!seated.includes(withdrawn), `${withdrawn} withdrew but is seated`);
        assert.ok(seated.includes('Arrivée Tardive'), 'the late arrival is seated');
      }
      const tables = await page.$$eval('.tables h2 a', as => as.map(a => a.getAttribute('href')));
      assert.strictEqual(tables.length, 5, 'three tables of 4 and two of 5');
      for (const t of tables) {
        await enterEveryDeal(page, nav, base, t, ['petite', 'garde', 'garde_sans', 'garde_contre']);
        assert.match(await text(page, 'main'), /somme nulle/);
      }
      if (round === 1) {
        // An impossible deal is refused with a sentence, the form kept as typed.
        await page.goto(base + tables[0] + '/deals/1');
        await page.fill('input[name=points]', '95');
        await page.click('form.stack button[type=submit]');
        await page.waitForSelector('p.error');
        assert.match(await text(page, 'p.error'), /entre 0 et 91/);
        assert.strictEqual(await page.inputValue('input[name=points]'), '95');
        // A correction from the organizer's pages.
        await page.fill('input[name=points]', '47');
        await page.fill('input[name=reason]', 'erreur de saisie');
        await nav(() => page.click('form.stack button[type=submit]'));
        assert.strictEqual(new URL(page.url()).pathname, tables[0]);
      }
      await page.goto(roundUrl);
      await nav(() => page.click('form[action$="/close"] button[type=submit]'));
      assert.match(await text(page, 'h1'), /close/);
    }

    await page.goto(dash + '/seating');
    assert.match(await text(page, 'main'), /Aucune rencontre répétée/);
    await page.goto(dash + '/standings');
    assert.match(await text(page, 'main'), /toutes les tables et le tournoi sont à somme nulle/);
    const totals = await page.$$eval('table.standings tbody tr td.total', tds => tds.map(td => Number(td.textContent.trim())));
    assert.strictEqual(totals.length, 23, 'every registered player is ranked');
    assert.strictEqual(totals.reduce((a, b) => a + b, 0), 0, 'the standings sum to zero');
    for (let i = 1; i < totals.length; i++) assert.ok(totals[i - 1] >= totals[i], 'ranked by decreasing total');
    await page.goto(dash + '/audit');
    assert.match(await text(page, 'main'), /deal\.correct.*erreur de saisie/);
    console.log('browser flow passed: 3 rounds, 23 players, standings sum to zero');
  } finally {
    await browser.close();
  }
})().catch(e => { console.error(e); process.exit(1); });
