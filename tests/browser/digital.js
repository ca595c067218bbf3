// A whole deal played on a phone: one person at seat 0 against three bots,
// by taps on the seat's page (bids, discard, cards), the page following the
// bots' play live. Checks that only legal cards can be tapped, that the
// previous trick opens on request and that the page never gets wider than
// the phone, that a card tapped while the Wi-Fi is down waits and goes once
// when it is back, and that the result is explained as an entered deal is;
// then the replay. Screenshots (seat page mid-deal, the result,
// the replay, the organizer's game pages) go to SHOTS.
// Usage: node digital.js BASE_URL SEAT_PATH GAME_ID USER PASSWORD SHOTS   (exit status 0 = passed)
const assert = require('assert');
const { launch, phonePage, login } = require('./common');

const [base, seatPath, game, user, password, shots] = process.argv.slice(2);

(async () => {
  const browser = await launch();
  try {
    const { page, nav } = await phonePage(browser);
    await page.goto(base + seatPath);
    let taps = 0;
    let midShot = false;
    let legalChecked = false;
    let offlineChecked = false;
    let tableChecked = false;
    let confirmChecked = false;
    let whyChecked = false;
    let discarded = false;
    // The table: four seats, this one at the bottom, the next one (who
    // plays after it) on its right, the one across at the top; one dealer.
    const checkTable = async () => {
      const places = await page.$$eval('.felt .place', ps => ps.map(p => {
        const r = p.getBoundingClientRect();
        return { cls: p.className, x: r.left + r.width / 2, y: r.top + r.height / 2, name: p.querySelector('.who').textContent };
      }));
      assert.strictEqual(places.length, 4, 'four seats around the table');
      const at = c => places.find(p => p.cls.split(' ').includes(c));
      const [me, right, top, left] = ['me', 'p-right', 'p-top', 'p-left'].map(at);
      assert(me && right && top && left, JSON.stringify(places));
      assert(me.y > right.y && me.y > left.y && top.y < right.y, 'this seat at the bottom, the one across at the top');
      assert(right.x > me.x && left.x < me.x, 'the next seat on the right');
      assert.strictEqual(await page.$$eval('.felt .seat-mark.dealer', d => d.length), 1, 'one dealer');
      assert.strictEqual(await page.$$eval('.felt .seat-mark.bot', d => d.length), 3, 'three bots marked');
      // Card faces are drawn: each suited card shows its suit's shape.
      const faces = await page.$$eval('.hand span.card', cs => cs.map(c => [c.dataset.card, (c.querySelector('use') || {}).getAttribute ? c.querySelector('use').getAttribute('href') : null]));
      for (const [code, href] of faces) {
        const suit = code.slice(-1);
        if ('SHDC'.includes(suit) && code !== 'EX') assert.strictEqual(href, '#suit-' + suit, code);
        if (code === 'EX') assert.strictEqual(href, '#suit-X');
      }
      tableChecked = true;
    };
    const version = () => page.$eval('#seat', el => el.getAttribute('data-version'));
    // Taps `selector` and waits for the page to move on (the deal's version changes).
    const act = async (selector) => {
      const before = await version();
      await page.click(selector);
      taps++;
      await page.waitForFunction(b => {
        const s = document.getElementById('seat');
        return s && s.getAttribute('data-version') !== b;
      }, before);
    };
    for (let step = 0; step < 400; step++) {
      if (await page.$('.result')) break;
      if (process.env.DEBUG) console.log(step, await version(), (await page.textContent('.turn')).trim());
      if (!tableChecked && await page.$('.felt .place')) await checkTable();
      if (await page.$('button[name=bid]')) {
        if (!confirmChecked && await page.$('details.confirm-bid')) {
          // Garde sans and garde contre ask first: hidden until asked for.
          assert(!(await page.isVisible('details.confirm-bid button[name=bid]')), 'an overbid takes two taps');
          await page.click('details.confirm-bid summary');
          assert(await page.isVisible('details.confirm-bid[open] button[name=bid]'));
          await page.click('details.confirm-bid summary');
          confirmChecked = true;
        }
        const garde = await page.$('button[name=bid][value=garde]');
        await act(garde ? 'button[name=bid][value=garde]' : 'button[name=bid][value=pass]');
      } else if (await page.$('button[name=call]')) {
        await act('button[name=call]');
      } else if (await page.$('form[data-discard]')) {
        const need = Number(await page.$eval('form[data-discard]', f => f.dataset.discard));
        discarded = true;
        const kept = await page.$('label.card-pick.disabled');
        if (kept) {
          // A card the rules keep out of the écart says why when tapped.
          await kept.click({ force: true });
          assert.match(await page.textContent('form[data-discard] .why'), /écart/);
          whyChecked = true;
        }
        const free = await page.$$('label.card-pick:not(.disabled)');
        assert(free.length >= need, `only ${free.length} cards may go to the discard`);
        assert.strictEqual(await page.$eval('.discard-submit', b => b.disabled), true, 'nothing picked yet');
        for (const l of free.slice(0, need)) { await l.click(); taps++; }
        assert.strictEqual(await page.$eval('.discard-submit', b => b.disabled), false);
        await act('.discard-submit');
      } else if (await page.$('button[name=chelem]')) {
        await act('button[name=chelem][value=no]');
      } else if (await page.$('.handful-offer button')) {
        await act('.handful-offer button');
      } else if (await page.$('button.card-button.legal')) {
        // Only the legal cards can be tapped.
        const [legal, disabled, all] = await page.$$eval('.hand button.card-button', bs => [
          bs.filter(b => b.classList.contains('legal') && !b.disabled).length,
          bs.filter(b => b.disabled).length, bs.length]);
        assert.strictEqual(legal + disabled, all);
        if (disabled > 0) legalChecked = true;
        if (midShot && !offlineChecked) {
          // The Wi-Fi drops as a card is tapped (twice): the move waits in
          // the phone, said so, and goes once when the network is back.
          const context = page.context();
          await context.route('**/s/**', r => r.request().method() === 'POST' ? r.abort('internetdisconnected') : r.continue());
          await context.setOffline(true);
          const before = await version();
          await page.click('button.card-button.legal');
          await page.click('button.card-button.legal', { force: true }).catch(() => {});
          taps++;
          await page.waitForSelector('#outbox:not([hidden])');
          assert.match(await page.textContent('#outbox'), /votre coup attend le réseau/);
          const kept = await page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('chelem-outbox') || '{}')).length);
          assert.strictEqual(kept, 1, 'a double tap keeps one move');
          assert.strictEqual(await version(), before, 'nothing moved while offline');
          await page.screenshot({ path: `${shots}/seat-offline-390.png` });
          await context.unroute('**/s/**');
          await context.setOffline(false);
          await page.waitForFunction(b => document.getElementById('seat').getAttribute('data-version') !== b, before);
          await page.waitForSelector('#outbox', { state: 'hidden' });
          assert.ok(!(await page.$('#seat [role=alert]')), 'the move was taken, not refused');
          offlineChecked = true;
          continue;
        }
        const tricks = await page.$('details.last-trick');
        if (tricks && !midShot && (await page.$$('.hand .card')).length <= 12) {
          await page.click('details.last-trick summary');
          await page.waitForSelector('details.last-trick[open] .played');
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert(wide <= 0, `the seat page is ${wide} px wider than the phone`);
          // The previous trick opens from the winner's pile, on the table.
          assert(await page.$('.felt .place details.last-trick.pile[open]'), 'the pile at the winner opens the last trick');
          // The whole table and hand fit the phone without scrolling.
          const low = await page.$eval('.hand-section', h => h.getBoundingClientRect().bottom - window.innerHeight);
          assert(low <= 0, `the hand ends ${low} px below the phone's screen`);
          // The cards of the trick lie before the seats that played them.
          const laid = await page.$$eval('.trick-area .tc', ts => ts.map(t => t.className));
          assert(laid.every(c => /p-(me|left|right|top)/.test(c)), JSON.stringify(laid));
          await page.screenshot({ path: `${shots}/seat-mid-deal-390.png`, fullPage: true });
          midShot = true;
        }
        await act('button.card-button.legal');
      } else {
        // A bot's turn: the page follows by itself.
        await page.waitForTimeout(100);
      }
    }
    await page.waitForSelector('.result');
    assert(midShot, 'a screenshot was taken mid-deal');
    const result = await page.textContent('.result');
    assert(/Résultat de la donne/.test(result), result);
    // The same explanation line as an entered deal's.
    const explained = await page.textContent('.result .explain-line');
    assert.match(explained, /^(Petite|Garde|Garde sans|Garde contre) .+ (faite|chutée) de \d+ : .+ = −?\d+/);
    assert(offlineChecked, 'a move was made offline');
    assert(tableChecked, 'the table was checked');
    assert(!discarded || whyChecked, 'a card kept out of the écart said why');
    // Each camp's points and oudlers, and the dog and the écart face up.
    if (!/Tout le monde a passé/.test(explained)) {
      assert.match(await page.textContent('.result .camps'), /Attaque : \d+(\.5)? points.*Défense : \d+(\.5)? points/s);
      assert((await page.$$('.result .shown span.card')).length >= 6, 'the dog and the écart shown');
    }
    // French elides "de" before a vowel, here as in the explanation.
    if (/Odile/.test(explained)) assert.match(await page.textContent('.contract-line'), /^Garde d'\u2068?Odile/);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(wide <= 0, `the result is ${wide} px wider than the phone`);
    // The table's scores fit the phone without scrolling sideways.
    const over = await page.$eval('table.scores.compact', t => t.scrollWidth - t.parentElement.clientWidth);
    assert(over <= 0, `the scores are ${over} px wider than their box`);
    await page.screenshot({ path: `${shots}/seat-result-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${shots}/seat-result-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    // The replay, trick by trick.
    await nav(() => page.click('.result a[href*="/replay"]'));
    const tricks = await page.$$eval('ol.replay-tricks li', ls => ls.length);
    assert.strictEqual(tricks, 18, 'a deal of 4 has 18 tricks');
    const hands = await page.$$eval('.replay-hand', ps => ps.length);
    assert.strictEqual(hands, 5, 'four hands and the dog');
    await page.screenshot({ path: `${shots}/replay-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.screenshot({ path: `${shots}/replay-1366.png`, fullPage: true });

    // The organizer's pages of casual games.
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, nav, base, user, password);
    for (const [path, name] of [['/games', 'games'], [`/games/${game}`, 'game']]) {
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
        await page.goto(base + path);
        const w = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert(w <= 0, `${path} is ${w} px wider than the screen at ${width}`);
        if (name === 'game') {
          // Each player's name sits over their scores: both ends aligned right.
          const off = await page.$$eval('table.scores', ts => ts.flatMap(t => {
            const right = (c) => { const r = document.createRange(); r.selectNodeContents(c); return r.getBoundingClientRect().right; };
            const head = [...t.querySelectorAll('thead th')].slice(1, -1);
            const sum = [...t.querySelectorAll('tfoot th')].slice(1);
            return head.map((h, i) => Math.abs(right(h) - right(sum[i])));
          }));
          assert(off.length === 4 && off.every(d => d < 2), `the names stand off their scores by ${off} px at ${width}`);
        }
        await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
      }
    }
    console.log(`digital deal passed: ${taps} taps${legalChecked ? ', illegal cards disabled' : ''}, a card sent after a Wi-Fi drop; "${explained.trim()}"`);
  } finally {
    await browser.close();
  }
})().catch(e => { console.error(e); process.exit(1); });
