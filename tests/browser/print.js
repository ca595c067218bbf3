// Every print view printed to PDF by chromium, as an organizer would: a
// 120-player round (30 tables) with a few deals entered; its table cards,
// movement slips, blank and filled score sheets, and the standings. Checks
// the pages before printing (DOM) and the PDFs (page count with pdfinfo, text
// with pdftotext), and keeps the PDFs and screenshots (390 px and 1366 px)
// in OUT_DIR.
// Usage: node print.js BASE_URL PLAYERS_CSV OUT_DIR USER PASSWORD   (exit status 0 = passed)
const assert = require('assert');
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { launch, phonePage, login, enterEveryDeal } = require('./common');

const [base, csv, out, user, password] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });

const pages = (pdf) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())[1]);
const pdfText = (pdf) => execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
const squash = (s) => s.replace(/\s+/g, ' ');

(async () => {
  const browser = await launch();
  try {
    const { page, nav } = await phonePage(browser);
    await login(page, nav, base, user, password);
    await page.goto(base + '/tournaments/new');
    await page.fill('input[name=name]', 'Open imprimé');
    await page.fill('input[name=rounds]', '2');
    await nav(() => page.click('form.stack button[type=submit]'));
    const dash = page.url();
    await page.setInputFiles('input[name=csv_file]', csv);
    await nav(() => page.click('form[action$="/players/import"] button[type=submit]'));
    await page.goto(dash);
    await nav(() => page.click('form[action$="/rounds"] button[type=submit]'));
    const round = page.url();
    const tables = await page.$$eval('.tables h2 a', as => as.map(a => a.getAttribute('href')));
    assert.strictEqual(tables.length, 30, '120 players: 30 tables of 4');

    // Every deal of tables 1 and 2, through the deal form.
    for (const t of tables.slice(0, 2)) {
      await enterEveryDeal(page, nav, base, t, ['garde', 'petite', 'garde_sans', 'garde_contre']);
    }

    // The print views are one click from the round page and the dashboard.
    await page.goto(round);
    const fromRound = await page.$$eval('p.print-links a', as => as.map(a => a.getAttribute('href')));
    await page.goto(dash);
    const fromDash = await page.$$eval('#print a', as => as.map(a => a.getAttribute('href')));
    const rel = (u) => u.replace(base, '');
    for (const v of ['/cards', '/slips', '/sheets?blank=1', '/sheets']) {
      assert.ok(fromRound.includes(rel(round) + v), `${v} not linked from the round page: ${fromRound}`);
    }
    assert.ok(fromDash.includes(rel(dash) + '/standings/print'), `${fromDash}`);
    assert.ok(fromDash.includes(rel(dash) + '/standings.csv'), `${fromDash}`);

    const seen = [];
    const print = async (name, url) => {
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 844 });
        await page.goto(url);
        const w = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(w <= width, `${url} is ${w} px wide at ${width} px`);
        await page.screenshot({ path: path.join(out, `print-${name}-${width}.png`) });
      }
      const pdf = path.join(out, `print-${name}.pdf`);
      await page.pdf({ path: pdf, format: 'A4', preferCSSPageSize: true, printBackground: true });
      const n = pages(pdf);
      seen.push(`${name}: ${n} page(s)`);
      return { pdf, n, text: pdfText(pdf) };
    };

    // Table cards: two per A4 page, 30 tables on 15 pages, each with its QR code.
    await page.goto(round + '/cards');
    assert.strictEqual(await page.$$eval('article.card', cs => cs.length), 30);
    assert.strictEqual(await page.$$eval('article.card svg.qr', cs => cs.length), 30);
    const cards = await print('cards', round + '/cards');
    assert.strictEqual(cards.n, 15, 'two table cards per page');
    for (let t = 1; t <= 30; t++) assert.ok(cards.text.includes(`Table ${t}\n`) || cards.text.includes(`Table ${t} `), `table ${t} on the cards`);

    // Movement slips: one per player, by name, a compact list on few pages.
    await page.goto(round + '/slips');
    const slips = await page.$$eval('li.slip .slip-name', ss => ss.map(s => s.textContent));
    assert.strictEqual(slips.length, 120, 'one slip per player');
    assert.strictEqual(new Set(slips).size, 120, 'no player twice');
    // As clubs keep their lists: by surname (the words after the first), then first name, accents aside.
    const fold = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
    const key = (n) => { const w = n.split(/\s+/); return w.length > 1 ? [fold(w.slice(1).join(' ')), fold(w[0])] : [fold(n), '']; };
    const cmp = (a, b) => { const x = key(a), y = key(b); return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0; };
    const sorted = [...slips].sort(cmp);
    assert.deepStrictEqual(slips, sorted, 'slips sorted by surname');
    const slipsPdf = await print('slips', round + '/slips');
    assert.ok(slipsPdf.n <= 2, `120 slips on ${slipsPdf.n} pages`);
    const slipText = squash(slipsPdf.text);
    for (const name of slips) assert.ok(slipText.includes(name), `${name} missing from the slips PDF`);

    // Score sheets: blank ones one table per page; filled, table 1's deals and totals.
    await page.goto(round + '/sheets?blank=1');
    assert.strictEqual(await page.$$eval('section.sheet-print', ss => ss.length), 30);
    const blank = await print('sheets-blank', round + '/sheets?blank=1');
    assert.strictEqual(blank.n, 30, 'one blank score sheet per page');
    await page.goto(round + '/sheets?table=1');
    const totals = await page.$$eval('table.score-sheet tfoot th.num', ts => ts.map(t => Number(t.textContent)));
    assert.strictEqual(totals.length, 4);
    assert.strictEqual(totals.reduce((a, b) => a + b, 0), 0, 'the sheet sums to zero');
    assert.ok(totals.some(t => t !== 0), 'deals entered at table 1');
    const filled = await print('sheet-table-1', round + '/sheets?table=1');
    assert.strictEqual(filled.n, 1);
    for (const t of totals) assert.ok(filled.text.includes(String(t)), `total ${t} on the filled sheet`);
    assert.match(filled.text, /Signature/);

    // Standings: every player with their total, header repeated on each page.
    await page.goto(dash + '/standings/print');
    const lines = await page.$$eval('table.standings-print tbody tr', trs => trs.map(tr =>
      [tr.querySelector('.name').textContent, tr.querySelector('.total').textContent]));
    assert.strictEqual(lines.length, 120);
    const st = await print('standings', dash + '/standings/print');
    assert.ok(st.n >= 2, 'the standings of 120 players take more than one page');
    const textLines = st.text.split('\n');
    for (const [name, total] of lines) {
      const l = textLines.find(l => l.includes(name));
      assert.ok(l, `${name} missing from the standings PDF`);
      assert.ok(l.trim().endsWith(total), `${name}'s line does not end with ${total}: ${l}`);
    }
    const headers = textLines.filter(l => /Place\s+Nom\s+Club/.test(l)).length;
    assert.strictEqual(headers, st.n, 'the table header on every page');

    console.log(seen.join('\n'));
    console.log('print views passed');
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
