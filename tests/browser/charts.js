// The charts and statistics pages in a real browser: each chart alone as
// SVG and every page this work changed, at a phone's (390 px) and a laptop's
// (1366 px) width, screenshotted under target/screenshots/; the drawn charts
// are checked (one line per player, the top 10 highlighted, axis labels),
// the pages never wider than the screen, and the results page loads with
// nothing blocked by its Content-Security-Policy.
// Usage: node charts.js BASE_URL TOURNAMENT_ID PLAYER_ID USER PASSWORD OUT_DIR
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { launch, phonePage, login, raceLabelsApart } = require('./common');

const [base, id, pid, user, password, out] = process.argv.slice(2);

(async () => {
  fs.mkdirSync(out, { recursive: true });
  const browser = await launch();
  try {
    const { page, nav } = await phonePage(browser);
    const blocked = [];
    page.on('console', (m) => { if (/Content Security Policy|Refused/.test(m.text())) blocked.push(m.text()); });

    // The charts alone, as a spectator or a projector sees them.
    for (const name of ['race', 'contracts', 'scores']) {
      await page.setViewportSize({ width: 760, height: 460 });
      await page.goto(`${base}/tournaments/${id}/charts/${name}.svg`);
      await page.screenshot({ path: path.join(out, `chart-${name}.png`) });
    }
    await page.goto(`${base}/tournaments/${id}/charts/race.svg`);
    const race = await page.evaluate(() => ({
      lines: document.querySelectorAll('polyline').length,
      high: document.querySelectorAll('polyline.highlight').length,
      labels: [...document.querySelectorAll('text.axis-label')].map((t) => t.textContent),
      // Every line is drawn with a visible length.
      drawn: [...document.querySelectorAll('polyline')].every((p) => p.getTotalLength() > 0),
    }));
    assert.strictEqual(race.lines, 13, 'one line per player');
    assert.strictEqual(race.high, 10, 'the top 10 highlighted');
    assert.deepStrictEqual(race.labels, ['Partie', 'Score cumulé']);
    assert.ok(race.drawn);
    assert.strictEqual(await raceLabelsApart(page, `${base}/tournaments/${id}/charts/race.svg`), 10);

    const pages = {
      stats: `/tournaments/${id}/stats`,
      player: `/tournaments/${id}/players/${pid}`,
      results: `/tournaments/${id}/results.html`,
      home: '/',
      standings: `/tournaments/${id}/standings`,
    };
    const shoot = async (name, url) => {
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(base + url);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(wide <= 0, `${url} is ${wide}px wider than ${width}px`);
        await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
      }
    };
    for (const [name, url] of Object.entries(pages)) await shoot(name, url);
    // The results page drew its charts and kept its inline stylesheet.
    await page.goto(`${base}/tournaments/${id}/results.html`);
    const results = await page.evaluate(() => ({
      svgs: document.querySelectorAll('svg').length,
      styled: getComputedStyle(document.querySelector('h1')).color,
    }));
    assert.strictEqual(results.svgs, 3);
    assert.strictEqual(results.styled, 'rgb(139, 30, 45)', 'the inline stylesheet applies');
    // The player's page: their own line only stands out.
    await page.goto(`${base}/tournaments/${id}/players/${pid}`);
    assert.strictEqual(await page.$$eval('polyline.highlight', (l) => l.length), 1);

    await login(page, nav, base, user, password);
    await shoot('audit', `/tournaments/${id}/audit`);
    await shoot('stats-organizer', `/tournaments/${id}/stats`);
    assert.deepStrictEqual(blocked, [], 'nothing blocked by the CSP');
    console.log('charts passed');
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
