// Timed rounds in a real browser: the countdown counts from the server's
// clock, not the device's. The page's own clock is shifted by an hour
// (Date.now and new Date() one hour ahead); the table sheet, the deal form
// and the projector still show the server's remaining time within a second;
// the organizer moves the end from the round page and the open sheet follows
// (event: clock); a projector opened before a round starts shows the
// round's clock once the organizer starts it; a round of a few seconds shows "time is up" at its bell;
// without JavaScript the page says when the round ends. Screenshots at
// 390 px, 1366 px and 1920x1080 go to SHOTS.
// Usage: node clock.js BASE_URL USER PASSWORD DATA_JSON SHOTS   (exit status 0 = passed)
//   DATA_JSON: {"id": tournament, "round": 1, "table": token of table 1,
//               "ends_at": the round's end (RFC 3339),
//               "short": {"id": …, "table": token, "ends_at": …} a round of seconds,
//               "later": {"id": …} a timed tournament with no round yet}
const assert = require('assert');
const { launch, login } = require('./common');

const [base, user, password, dataJson, shots] = process.argv.slice(2);
const data = JSON.parse(dataJson);
const HOUR = 3600 * 1000;

/** A page whose clock is an hour ahead of the server's. */
async function shiftedPage(browser, width, height, options = {}) {
  const page = await browser.newPage({ viewport: { width, height }, locale: 'fr-FR',
                                       extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' }, ...options });
  page.setDefaultTimeout(15000);
  await page.addInitScript((shift) => {
    const RealDate = Date;
    const realNow = RealDate.now.bind(RealDate);
    function Shifted(...args) {
      if (!new.target) return new RealDate(realNow() + shift).toString();
      return args.length ? new RealDate(...args) : new RealDate(realNow() + shift);
    }
    Shifted.prototype = RealDate.prototype;
    Shifted.now = () => realNow() + shift;
    Shifted.parse = RealDate.parse;
    Shifted.UTC = RealDate.UTC;
    window.Date = Shifted;
  }, HOUR);
  return page;
}

/** The seconds left the page shows, and the server's own (this process runs on the server's machine). */
async function remaining(page, endsAt) {
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-ends-at]');
    return el && el.hasAttribute('data-remaining');
  });
  const shown = Number(await page.$eval('[data-ends-at]', el => el.getAttribute('data-remaining')));
  const end = Date.parse(await page.$eval('[data-ends-at]', el => el.getAttribute('data-ends-at')));
  // The page's exact reckoning and the server's, at one moment.
  const before = Date.now();
  const left = await page.$eval('[data-ends-at]', el => el.chelemLeft());
  const after = Date.now();
  const server = (end - (before + after) / 2) / 1000;
  return { shown, left: left / 1000, server, end, endsAt, took: (after - before) / 1000 };
}

function within(r, where) {
  const off = Math.abs(r.left - r.server) - r.took / 2;
  assert(off < 1, `${where}: the page reckons ${r.left.toFixed(2)} s left, the server has ${r.server.toFixed(2)} s`);
  // The whole seconds shown: the exact value rounded up, as of the last tick.
  assert(r.shown >= Math.floor(r.left) && r.shown <= Math.ceil(r.left) + 1, `${where}: shows ${r.shown} s for ${r.left.toFixed(2)} s`);
  console.log(`${where}: ${(r.left - r.server).toFixed(3)} s from the server's clock`);
}

function mmss(s) {
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

(async () => {
  const browser = await launch();
  try {
    // The page's clock is an hour ahead.
    const phone = await shiftedPage(browser, 390, 844);
    await phone.goto(`${base}/t/${data.table}`);
    const skew = await phone.evaluate(() => Date.now() - new Date(performance.timeOrigin + performance.now()).getTime());
    assert(Math.abs(skew - HOUR) < 5000, `the page's clock is not an hour ahead: ${skew} ms`);
    let r = await remaining(phone, data.ends_at);
    within(r, 'table sheet');
    assert.strictEqual(r.end, Date.parse(data.ends_at));
    const text = await phone.textContent('.clock');
    assert(/^Fin de la partie dans \d+:\d\d$/.test(text.trim()), text);
    const wide = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert(wide <= 0, `the table sheet is ${wide} px wider than a phone`);
    await phone.screenshot({ path: `${shots}/clock-sheet-390.png` });

    // A few seconds later the count still follows the server.
    await phone.waitForTimeout(2500);
    within(await remaining(phone, data.ends_at), 'table sheet after 2.5 s');

    // The deal form.
    const form = await shiftedPage(browser, 390, 844);
    await form.goto(`${base}/t/${data.table}/deals/1`);
    within(await remaining(form, data.ends_at), 'deal form');
    await form.screenshot({ path: `${shots}/clock-deal-form-390.png` });
    await form.close();

    // The organizer moves the end by 5 minutes from the round page; the
    // open sheet follows.
    const org = await shiftedPage(browser, 1366, 768);
    const nav = (fn) => Promise.all([org.waitForNavigation(), fn()]);
    await login(org, nav, base, user, password);
    await org.goto(`${base}/tournaments/${data.id}/rounds/${data.round}`);
    within(await remaining(org, data.ends_at), 'round page');
    await org.screenshot({ path: `${shots}/clock-round-1366.png` });
    const before = (await remaining(phone, data.ends_at)).shown;
    await nav(() => org.click('form.clock-move button[value="5"]'));
    const moved = Date.parse(data.ends_at) + 5 * 60 * 1000;
    await phone.waitForFunction((m) => Date.parse(document.querySelector('[data-ends-at]').getAttribute('data-ends-at')) === m, moved);
    r = await remaining(phone, data.ends_at);
    within(r, 'table sheet after the end moved');
    assert(r.shown >= before + 295, `moved by 5 min: ${before} s then ${r.shown} s`);
    within(await remaining(org, data.ends_at), 'round page after the move');

    // The projector, at a room's size.
    const room = await shiftedPage(browser, 1920, 1080);
    await room.goto(`${base}/tournaments/${data.id}/projector`);
    within(await remaining(room, data.ends_at), 'projector');
    const clockBox = await room.$eval('.projector-head .clock', el => el.getBoundingClientRect().right);
    assert(clockBox <= 1920, 'the clock fits the projector');
    await room.screenshot({ path: `${shots}/clock-projector-1920x1080.png` });
    await room.close();

    // A projector on the wall before the round starts: no clock; the
    // organizer starts a timed round and the clock appears, counting from
    // the server's time, without a reload.
    const hall = await shiftedPage(browser, 1920, 1080);
    await hall.goto(`${base}/tournaments/${data.later.id}/projector`);
    assert(await hall.$eval('.projector-head .clock', el => el.hidden), 'no clock before the round starts');
    await org.goto(`${base}/tournaments/${data.later.id}`);
    await nav(() => org.click(`form[action="/tournaments/${data.later.id}/rounds"] button[type=submit]`));
    await hall.waitForSelector('.projector-head .clock:not([hidden])');
    const started = await hall.$eval('[data-ends-at]', el => el.getAttribute('data-ends-at'));
    within(await remaining(hall, started), 'projector of a round started after it was opened');
    assert.match(await hall.textContent('.projector-head .clock'), /^\s*Fin de la partie dans \d+(:\d\d)+\s*$/);
    // The head says the round too (live.js, from the same stream).
    await hall.waitForFunction(() => /Partie 1/.test(document.querySelector('.projector-round').textContent));
    await hall.screenshot({ path: `${shots}/clock-projector-next-round-1920x1080.png` });
    await hall.close();

    // A round of a few seconds: the bell.
    const short = await shiftedPage(browser, 390, 844);
    await short.goto(`${base}/t/${data.short.table}`);
    await short.waitForFunction(() => document.querySelector('.clock.clock-over'), null, { timeout: 20000 });
    const over = await short.textContent('.clock');
    assert.strictEqual(over.trim(), 'Temps écoulé : terminez la donne en cours');
    // …and the server agrees the bell has rung.
    assert(Date.now() >= Date.parse(data.short.ends_at), 'time is up before the server says so');
    await short.screenshot({ path: `${shots}/clock-over-390.png` });

    // Without JavaScript: the end time.
    const plain = await browser.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false,
                                          extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
    await plain.goto(`${base}/t/${data.table}`);
    const still = await plain.textContent('.clock');
    assert(/^Fin de la partie à \d\d h \d\d$/.test(still.trim()), still);
    console.log(`shown ${mmss(r.shown)} left after the move`);
    console.log('clock passed');
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
