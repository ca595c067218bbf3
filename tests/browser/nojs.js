// A whole deal played on a phone with JavaScript switched off: the seat's
// page is plainer (forms that load a new page, a refresh while others play)
// but playable from the first bid to the result: the overbids still ask to
// confirm (a <details>), the écart is picked by tapping the cards (their
// checkboxes) and sent with one button, the cards are buttons.
// Usage: node nojs.js BASE_URL SEAT_PATH SHOTS   (exit status 0 = passed)
const assert = require('assert');
const { launch } = require('./common');

const [base, seatPath, shots] = process.argv.slice(2);

(async () => {
  const browser = await launch();
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: 'fr-FR',
                                               extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    const nav = (selector) => Promise.all([page.waitForNavigation(), page.click(selector)]);
    await page.goto(base + seatPath);
    let cards = 0;
    let discarded = false;
    for (let step = 0; step < 600; step++) {
      if (await page.$('.result')) break;
      assert(!(await page.$('#seat [role=alert]:not([hidden])')), `refused: ${await page.textContent('main')}`);
      if (await page.$('button[name=bid]')) {
        await nav(await page.$('button[name=bid][value=garde]') ? 'button[name=bid][value=garde]' : 'button[name=bid][value=pass]');
      } else if (await page.$('form[data-discard]')) {
        const need = Number(await page.$eval('form[data-discard]', f => f.dataset.discard));
        const free = page.locator('form[data-discard] label.card-pick:not(.disabled)');
        for (let i = 0; i < need; i++) await free.nth(i).click();
        assert.strictEqual(await page.$$eval('form[data-discard] input:checked', x => x.length), need, 'the taps pick the cards');
        await page.screenshot({ path: `${shots}/nojs-discard-390.png` });
        await nav('.discard-submit');
        discarded = true;
      } else if (await page.$('button[name=chelem]')) {
        await nav('button[name=chelem][value=no]');
      } else if (await page.$('.handful-offer button')) {
        await nav('.handful-offer button');
      } else if (await page.$('button.card-button.legal')) {
        if (cards === 3) await page.screenshot({ path: `${shots}/nojs-play-390.png`, fullPage: true });
        await nav('button.card-button.legal');
        cards++;
      } else {
        // Others play: the page refreshes itself every few seconds; sooner here.
        await page.waitForTimeout(100);
        await page.reload();
      }
    }
    assert(await page.$('.result'), 'the deal reached its result');
    const explained = await page.textContent('.result .explain-line');
    assert(cards > 0 || /passé/.test(explained), 'this seat played its cards');
    await page.screenshot({ path: `${shots}/nojs-result-390.png`, fullPage: true });
    console.log(`deal without JavaScript passed: ${cards} cards${discarded ? ', an écart' : ''}; "${explained.trim()}"`);
  } finally {
    await browser.close();
  }
})().catch(e => { console.error(e); process.exit(1); });
