// Live pages in a real browser: the standings page changes without a reload
// when a table saves a deal; the projector view at a room's sizes (1920x1080,
// 1366x768) shows the round's progress and fits the width; on a phone a long
// page of the list scrolls by itself. Screenshots go to SHOTS (the projector, and the
// standings and a player's page at a phone's size).
// Usage: node live.js BASE_URL TOURNAMENT_ID TABLE_TOKEN DEAL_JSON SHOTS   (exit status 0 = passed)
const assert = require('assert');
const { launch } = require('./common');

const [base, id, tableToken, dealJson, shots] = process.argv.slice(2);

(async () => {
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 }, locale: 'fr-FR',
                                         extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
    page.setDefaultTimeout(15000);

    // The standings change by themselves after a deal is saved.
    await page.goto(`${base}/tournaments/${id}/standings`);
    await page.waitForFunction(() => document.documentElement.getAttribute('data-live-open') === '1');
    await page.evaluate(() => { window.sameDocument = true; });
    const region = '[data-live-region="standings"]';
    const before = await page.$eval(region, el => el.innerText);
    const r = await fetch(`${base}/api/tables/${tableToken}/deals/1`,
                          { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: dealJson });
    assert.strictEqual(r.status, 200, await r.text());
    await page.waitForFunction(([sel, b]) => document.querySelector(sel).innerText !== b, [region, before]);
    assert.strictEqual(await page.evaluate(() => window.sameDocument), true, 'the page was reloaded');
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-live-updated'));

    // The projector at a room's sizes.
    for (const [width, height] of [[1920, 1080], [1366, 768]]) {
      await page.setViewportSize({ width, height });
      await page.goto(`${base}/tournaments/${id}/projector`);
      const head = await page.textContent('.projector-head');
      assert(/Partie 1 sur 2 en cours/.test(head), head);
      assert(/Tables terminées\s*:\s*\d+\/\d+/.test(head), head);
      assert(/Donnes saisies\s*:\s*\d+\/\d+/.test(head), head);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert(wide <= 0, `the projector is ${wide} px wider than the screen at ${width}`);
      await page.screenshot({ path: `${shots}/projector-${width}x${height}.png` });
      if (width === 1920) {
        // Every player on the screen at once, in type readable from the
        // back of the room; and the standings' QR code for the phones.
        const rows = await page.$$eval('.projector-table tbody tr', trs => trs.map(tr => {
          const r = tr.getBoundingClientRect();
          return { bottom: r.bottom, right: r.right, font: parseFloat(getComputedStyle(tr).fontSize) };
        }));
        assert.strictEqual(rows.length, 44, "one row per player (the test registers 44)");
        const hidden = rows.filter(r => r.bottom > height || r.right > width).length;
        assert.strictEqual(hidden, 0, `${hidden} of ${rows.length} players below or beside the screen`);
        const small = Math.min(...rows.map(r => r.font));
        assert(small >= 24, `the rows' type is ${small} px: too small for a room`);
        const qr = await page.$eval('.projector-link', a => a.getAttribute('href'));
        assert(qr.endsWith(`/tournaments/${id}/standings`), qr);
      }
    }
    // On a phone, a long page of the list scrolls by itself (after its pause at the top).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/tournaments/${id}/projector`);
    const tall = await page.$eval('[data-autoscroll]', el => el.scrollHeight > el.clientHeight + 100);
    assert(tall, 'the list should be longer than the screen here');
    await page.waitForFunction(() => document.querySelector('[data-autoscroll]').scrollTop > 30, null,
                               { timeout: 15000 });
    await page.screenshot({ path: `${shots}/projector-390x844-scrolled.png` });

    // The standings and a player's page (their seat in the round under way) on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/tournaments/${id}/standings`);
    await page.screenshot({ path: `${shots}/standings-390.png`, fullPage: true });
    const player = base + await page.$eval('table.standings tbody a', a => a.getAttribute('href'));
    await page.goto(player);
    const seat = await page.textContent('.seat-now');
    assert(/Partie 1 en cours\s*:\s*table \d+, place [1-5]/.test(seat), seat);
    await page.screenshot({ path: `${shots}/player-390.png`, fullPage: true });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(wide <= 0, `the player page is ${wide} px wider than a phone`);
    console.log('live pages passed');
  } finally {
    await browser.close();
  }
})().catch(e => { console.error(e); process.exit(1); });
