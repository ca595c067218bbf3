// Long names never widen a page: a player named with 120 characters and no
// space, a 120-character club, on a phone (390 px) and a laptop (1366 px):
// the dashboard, the round, the table's sheet and deal form, the standings,
// the directory and the import report (whose reason column stays in view).
// Usage: node long_names.js BASE_URL USER PASSWORD   (exit status 0 = passed)
const assert = require('assert');
const { launch, phonePage, login, raceLabelsApart } = require('./common');

const [base, user, password] = process.argv.slice(2);
const long = 'Marie-Christine-Amélie-'.repeat(6).slice(0, 118) + 'zz';
const club = 'W'.repeat(120);

(async () => {
  const browser = await launch();
  try {
    const { page, nav } = await phonePage(browser);
    await login(page, nav, base, user, password);
    await page.goto(base + '/tournaments/new');
    await page.fill('input[name=name]', 'Noms longs');
    await page.fill('input[name=rounds]', '2');
    await nav(() => page.click('form.stack button[type=submit]'));
    const dash = page.url();
    for (const [name, c] of [[long, club], [club, 'Club'], ['Jean Dupont', 'Tarot Club de Dijon'], ['Zoé Martin', 'Excuse Nantaise']]) {
      await page.fill('form[action$="/players"] input[name=name]', name);
      await page.fill('form[action$="/players"] input[name=club]', c);
      await nav(() => page.click('form[action$="/players"] button[type=submit]'));
    }
    await nav(() => page.click('form[action$="/rounds"] button[type=submit]'));
    const round = page.url();
    const table = base + await page.$eval('.tables h2 a', a => a.getAttribute('href'));
    await page.goto(table);
    const deal = base + await page.$eval('table.sheet tbody td a', a => a.getAttribute('href'));
    // The table's own link (the tablet's sheet and deal form).
    const tablet = base + await page.$eval('a[href^="/t/"]', a => a.getAttribute('href'));
    // The two long names side by side on the merge page (refused: one
    // tournament; its sentence names both).
    await page.goto(base + '/players');
    const ids = await page.$$eval('input[name=keep]', inputs => inputs.map(i => [i.getAttribute('aria-label'), i.value]));
    const keep = ids.find(([label]) => label.includes('Marie-Christine'))[1];
    const drop = ids.find(([label]) => label.includes('WWWW'))[1];
    const pages = [dash, round, table, deal, tablet, tablet + '/deals/1',
                   dash.replace(/\/tournaments\/(\d+)$/, '/tournaments/$1/standings'), base + '/players',
                   `${base}/directory/merge?keep=${keep}&drop=${drop}`];
    const seen = [];
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 844 });
      for (const url of pages) {
        await page.goto(url);
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(w <= width, `${url} is ${w} px wide at ${width} px`);
        if (width > 1000) {
          // On a laptop no table needs its sideways scroll bar either.
          const hidden = await page.$$eval('.scroll', ss => Math.max(0, ...ss.map(s => s.scrollWidth - s.clientWidth)));
          assert.ok(hidden === 0, `${url}: ${hidden} px of a table hidden at ${width} px`);
        }
        seen.push(`${url.replace(base, '')} @${width}: ${w}`);
      }
      // The import report: the reason column stays in view, whatever the line.
      await page.goto(dash);
      await page.fill('textarea[name=csv_text]',
        `nom;club;licence\n${long};${club};12AB\n${'X'.repeat(300)};;\nCharlie Trop;De;Colonnes;En;Plus\n`);
      await nav(() => page.click('form[action$="/players/import"] button[type=submit]'));
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= width, `the import report is ${w} px wide at ${width} px`);
      const right = await page.$$eval('td.reason', tds => Math.max(...tds.map(t => t.getBoundingClientRect().right)));
      assert.ok(right <= width, `a reason ends at ${right} px, beyond ${width} px`);
      assert.strictEqual((await page.$$('td.reason')).length, 3);
      seen.push(`import report @${width}: ${w}, reasons end at ${Math.round(right)}`);
    }
    // The race chart's labels: the long names cut, inside the drawing, apart.
    const race = dash.replace(/\/tournaments\/(\d+)$/, '/tournaments/$1/charts/race.svg');
    assert.strictEqual(await raceLabelsApart(page, race), 4);
    seen.push('race labels: 4, inside the chart, apart');
    console.log(seen.join('\n'));
    console.log('long names passed');
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
