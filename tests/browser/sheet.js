// A table's sheet on a phone (390x844), in French and in English (issue 45,
// item 10 and 11): it leads with one big button (at least 44 px high) for the
// next deal; every deal link is a target a thumb hits (44 px); no name in its
// cells is broken inside a word; a player numbered "Robot 1" is not shortened
// to "Robot 1."; no heading stands over nothing; no login is offered to the
// players. On the deal form, "Everyone passed" is a real button (44 px) above
// the taker, that only asks first; confirmed, the deal is saved as passed and
// the sheet leads to the next one.
// Usage: node sheet.js BASE_URL TABLE_LINK SHOTS_DIR
const assert = require('assert');
const { launch } = require('./common');

const [base, link, shots] = process.argv.slice(2);

/** The names broken inside a word in the sheet's cells: a line that starts
 *  inside one text, the character before it neither a space nor a hyphen. */
const brokenNames = (page) => page.evaluate(() => {
  const bad = [];
  for (const el of document.querySelectorAll('table.sheet th, table.sheet td')) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      let top = null;
      let before = null;
      for (let i = 0; i < n.data.length; i++) {
        const ch = n.data[i];
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const rect = r.getClientRects()[0];
        if (!/\s/.test(ch) && rect) {
          if (top !== null && rect.top > top + 2 && !/[\s\-\u2010]/.test(before)) bad.push(`${n.data} (at ${i})`);
          top = rect.top;
        }
        before = ch;
      }
    }
  }
  return bad;
});

/** Headings of the page's main part with nothing after them. */
const emptyHeadings = (page) => page.evaluate(() => [...document.querySelectorAll('main h2')]
  .filter((h) => { const next = h.nextElementSibling; return !next || next.textContent.trim() === ''; })
  .map((h) => h.textContent.trim()));

/** Height and width of the elements matched, by their text. */
const sizes = (page, sel) => page.$$eval(sel, (els) => els.map((e) => {
  const r = e.getBoundingClientRect();
  return { text: e.textContent.trim(), w: r.width, h: r.height, top: r.top };
}));

async function sheetRules(page, lang, next) {
  const lead = await sizes(page, '.lead-next a.button.next');
  assert.strictEqual(lead.length, 1, `${lang}: one lead button`);
  assert.ok(lead[0].h >= 44, `${lang}: the next-deal button is ${lead[0].h} px high`);
  assert.ok(lead[0].text.endsWith(` ${next}`), `${lang}: the lead button says ${lead[0].text}`);
  const main = await page.$$eval('main > *', (els) => els.filter((e) => e.getBoundingClientRect().height > 0)
    .map((e) => e.tagName + '.' + e.className));
  // Leads: nothing but the title, the clock and a save's notice above it.
  const order = await page.evaluate(() => {
    const b = document.querySelector('.lead-next').getBoundingClientRect().top;
    return [...document.querySelectorAll('main table, main form, main section, main .scroll, main p:not(.lead-next):not(.clock)')]
      .filter((e) => !e.closest('.lead-next, .saved') && e.getBoundingClientRect().height > 0 && e.getBoundingClientRect().top < b)
      .map((e) => e.outerHTML.slice(0, 80));
  });
  assert.deepStrictEqual(order, [], `${lang}: above the lead button (${main})`);
  for (const a of await sizes(page, 'table.sheet a')) {
    assert.ok(a.h >= 44 && a.w >= 44, `${lang}: deal link ${a.text} is ${a.w}x${a.h} px`);
  }
  assert.deepStrictEqual(await brokenNames(page), [], `${lang}: names broken inside a word`);
  assert.deepStrictEqual(await emptyHeadings(page), [], `${lang}: headings over nothing`);
  const heads = await page.$$eval('table.sheet thead th', (ths) => ths.map((t) => t.textContent.trim()));
  assert.ok(heads.includes('Robot 1'), `${lang}: the robot's column: ${heads}`);
  assert.strictEqual(await page.$$eval('a[href^="/login"]', (as) => as.length), 0, `${lang}: a login offered`);
}

(async () => {
  const browser = await launch();
  try {
    let k = 1;
    for (const [lang, saved, passed] of [['fr-FR', 'Donne', 'Tout le monde a passé'], ['en-GB', 'Deal', 'Everyone passed']]) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: lang,
                                           extraHTTPHeaders: { 'Accept-Language': lang } });
      page.setDefaultTimeout(15000);
      await page.goto(base + link);
      await sheetRules(page, lang, k);
      await page.screenshot({ path: `${shots}/sheet-${lang}-390.png`, fullPage: true });
      // The next deal's form: "Everyone passed" a real button, above the taker.
      await Promise.all([page.waitForNavigation(), page.click('.lead-next a')]);
      const [button] = await sizes(page, 'details.passed > summary');
      assert.ok(button && button.text.startsWith(passed), `${lang}: ${JSON.stringify(button)}`);
      assert.ok(button.h >= 44, `${lang}: the passed button is ${button.h} px high`);
      const [taker] = await sizes(page, 'fieldset[data-field=taker]');
      assert.ok(button.top < taker.top, `${lang}: the passed button is above the taker`);
      assert.ok(await page.evaluate(() => getComputedStyle(document.querySelector('details.passed > summary')).borderTopWidth !== '0px'),
        `${lang}: the passed button looks like one`);
      assert.ok(!(await page.isVisible('details.passed button')), `${lang}: a void deal in one tap`);
      await page.click('details.passed > summary');
      assert.ok(await page.isVisible('details.passed button'), `${lang}: the question asked`);
      await page.screenshot({ path: `${shots}/sheet-passed-${lang}-390.png` });
      await Promise.all([page.waitForNavigation(), page.click('details.passed button')]);
      assert.strictEqual(new URL(page.url()).pathname, link, `${lang}: back on the sheet`);
      assert.match(await page.textContent('.saved'), new RegExp(`${saved} ${k}`));
      k++;
      await sheetRules(page, lang, k);
      assert.ok((await page.$$eval('ol.explain li', (li) => li.length)) === k - 1, `${lang}: the deals listed`);
      await page.close();
    }
    console.log('sheet passed');
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
