// A table's tablet losing its Wi-Fi (static/outbox.js), two ways:
//
// offline BASE LINK SHOTS_DIR
//   Deal 1 filled in, the network switched off (DevTools emulation): the
//   preview is computed in the page and says so, Save (tapped twice) leaves the deal waiting
//   ("1 donne en attente d'envoi"); a reload while offline fails as the
//   browser must, and the page loaded again while posts still fail shows
//   the deal waiting still; the network back, it is sent once and the sheet
//   shows it. A defender's confirmation tapped offline is sent the same way.
//   Deal 2 entered offline while a second tablet saved it: back online, the
//   outbox shows the conflict page, and keeps nothing.
//
// proxy BASE TABLES_JSON DEALS WORKERS
//   A loopback proxy in front of the server drops 20 % of the answers to
//   posts after the server answered them (so after its commit); every deal
//   of every table (TABLES_JSON: [link, ...]) is entered through the proxy
//   by WORKERS tablets at once. Prints the counts; the Rust side checks the
//   database.
const assert = require('assert');
const http = require('http');
const { launch, tap } = require('./common');

const text = async (page, sel) => (await page.textContent(sel)).replace(/\s+/g, ' ').trim();

async function tablet(browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR',
                                             extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  // What became of every post (shown when a wait fails).
  page.chelemPosts = [];
  const at = (r) => `${new Date().toISOString().slice(11, 23)} ${r.method()} ${new URL(r.url()).pathname}`;
  page.on('requestfailed', r => r.method() === 'POST' && page.chelemPosts.push(`${at(r)} failed: ${r.failure().errorText}`));
  page.on('response', r => r.request().method() === 'POST' && page.chelemPosts.push(`${at(r.request())} ${r.status()} → ${r.headers()['location'] || ''}`));
  page.on('framenavigated', f => f === page.mainFrame() && page.chelemPosts.push(`${new Date().toISOString().slice(11, 23)} page ${f.url()}`));
  // What the page saw of taps and submissions (a native post shows as
  // `prevented=false`).
  page.on('console', m => m.text().startsWith('chelem: ') && page.chelemPosts.push(`${new Date().toISOString().slice(11, 23)} ${m.text().slice(8)}`));
  await context.addInitScript(() => {
    const log = (s) => console.log('chelem: ' + s);
    document.addEventListener('click', e => log(`click ${e.target.tagName}.${e.target.className} detail=${e.detail}`), true);
    window.addEventListener('submit', e => log(`submit ${e.target.id || e.target.getAttribute('action')}`), true);
    window.addEventListener('submit', e => log(`submit done, prevented=${e.defaultPrevented}`));
    window.addEventListener('beforeunload', () => log('beforeunload'));
  });
  return { context, page };
}

// The Wi-Fi off (DevTools network emulation) or back. While it is off, posts
// are also refused by a route: chromium's emulation may let a post it reports
// failed reach the server, which would make the steps below race.
const POSTS = '**/deals/**';
async function wifi(context, on) {
  if (on) {
    await context.unroute(POSTS);
    await context.setOffline(false);
  } else {
    await context.route(POSTS, r => r.request().method() === 'POST' ? r.abort('internetdisconnected') : r.continue());
    await context.setOffline(true);
  }
}

// A wait that failed, with what the tablet holds and shows: tells a lost
// entry from a slow page or one the server answered.
async function throw_with_state(page, e) {
  const posts = (page.chelemPosts || []).join('\n  ');
  const kept = await page.evaluate(() => localStorage.getItem('chelem-outbox')).catch(() => 'unreadable');
  const banner = await page.$eval('#outbox', b => b.outerHTML).catch(() => 'no banner');
  const main = await page.textContent('main').catch(() => '');
  throw new Error(`${e.message}\nposts:\n  ${posts}\nkept: ${kept}\nbanner: ${banner}\nurl: ${page.url()}\npage: ${main.replace(/\s+/g, ' ').slice(0, 400)}`);
}

const waiting = (page) => page.evaluate(() => Object.keys(JSON.parse(localStorage.getItem('chelem-outbox') || '{}')).length);

async function offline(base, link, shots) {
  const browser = await launch();
  try {
    const { context, page } = await tablet(browser);
    const form1 = base + link + '/deals/1';
    await page.goto(form1);
    const players = await page.$$eval('input[name=taker]', is => is.map(i => i.value));
    await tap(page, 'taker', players[0]);
    await tap(page, 'contract', 'garde');
    await tap(page, 'oudlers', '2');
    await page.fill('input[name=points]', '50');
    await page.waitForFunction(() => /\+/.test(document.querySelector('#preview').textContent));
    // The outbox's script running before the Wi-Fi drops (a CI run under
    // load once saw the form post natively, as if it were not there yet).
    await page.waitForFunction(() => !!window.chelemOutboxTimer)
      .catch(async (e) => throw_with_state(page, new Error(`static/outbox.js is not running: ${e.message}`)));

    await wifi(context, false);
    await page.fill('input[name=points]', '51');
    // The score computed in the page, said to be so.
    await page.waitForFunction(() => /sur cet appareil/.test(document.querySelector('#preview').textContent));
    assert.match(await text(page, '#preview'), /faite de 10 : \(25 \+ 10\) × 2 = 70/);
    await page.dblclick('button.save');
    await page.waitForSelector('#outbox:not([hidden])').catch(async (e) => throw_with_state(page, e));
    assert.strictEqual(await text(page, '#outbox'), '1 donne en attente d\'envoi');
    assert.strictEqual(await waiting(page), 1, 'a double tap keeps one entry');
    assert.strictEqual(new URL(page.url()).pathname, link + '/deals/1', 'still on the form');
    await page.screenshot({ path: `${shots}/outbox-waiting-phone.png`, fullPage: false });

    // A reload while offline: the browser's own error page (no service
    // worker on plain http); the entry stays in the tablet.
    const reloaded = await page.reload().then(() => true, () => false);
    assert.ok(!reloaded, 'a reload offline reached the server');
    // Out of the browser's error page before the network comes back: that
    // page reloads itself on `online` (chromium's auto-reload), and the
    // form it loads sends the waiting deal, racing the steps below (a CI
    // run saw the deal sent there, outside the route that fails posts).
    await page.waitForURL(/^chrome-error:/);
    await page.goto('about:blank');
    // The page again while posts still fail: the deal is still waiting.
    await context.setOffline(false);
    await page.goto(form1);
    await page.waitForSelector('#outbox:not([hidden])').catch(async (e) => throw_with_state(page, e));
    assert.strictEqual(await text(page, '#outbox'), '1 donne en attente d\'envoi');
    await context.setOffline(true);
    // Back online: sent once, the sheet shows the deal.
    await wifi(context, true);
    await page.waitForURL(u => u.pathname === link && u.search === '?saved=1');
    assert.match(await text(page, '.saved'), /Donne 1 enregistrée/);
    assert.ok(await page.isHidden('#outbox'), 'the banner is gone');
    assert.strictEqual(await waiting(page), 0);
    await page.screenshot({ path: `${shots}/outbox-sent-phone.png`, fullPage: true });

    // A defender's confirmation tapped offline, sent when back.
    await wifi(context, false);
    await page.click('.confirm form button');
    await page.waitForSelector('#outbox:not([hidden])');
    assert.strictEqual(await text(page, '#outbox'), '1 donne en attente d\'envoi');
    await wifi(context, true);
    await page.waitForURL(u => u.pathname === link && u.search === '');
    assert.strictEqual(await page.$$eval('.confirm form', fs => fs.length), 0, 'deal 1 still to confirm');
    assert.ok(await page.isHidden('#outbox'));

    // Deal 2 entered offline while another tablet saves it: the conflict.
    const form2 = base + link + '/deals/2';
    await page.goto(form2);
    await tap(page, 'taker', players[1]);
    await tap(page, 'contract', 'petite');
    await tap(page, 'oudlers', '1');
    await page.fill('input[name=points]', '60');
    await wifi(context, false);
    await page.click('button.save');
    await page.waitForSelector('#outbox:not([hidden])');
    const { page: other } = await tablet(browser);
    await other.goto(form2);
    await tap(other, 'taker', players[2]);
    await tap(other, 'contract', 'garde');
    await tap(other, 'oudlers', '3');
    await other.fill('input[name=points]', '40');
    await Promise.all([other.waitForNavigation(), other.click('button.save')]);
    assert.match(other.url(), /saved=2/);
    await wifi(context, true);
    await page.waitForSelector('.conflict');
    assert.match(await text(page, '.conflict'), /modifiée entre-temps/);
    assert.strictEqual(await waiting(page), 0, 'a conflict is not retried');
    assert.ok(await page.isHidden('#outbox'));
    await page.screenshot({ path: `${shots}/outbox-conflict-phone.png`, fullPage: true });
    console.log('outbox offline passed: deal 1 and its confirmation kept offline and sent when back, deal 2 a conflict');
  } finally {
    await browser.close();
  }
}

// A small deterministic generator (the drops are the same at every run).
function random(seed) {
  return () => {
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The proxy: forwards to `target`, drops 20 % of POST answers once the server gave them. */
function dropProxy(target, counts) {
  const up = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const roll = random(24);
  const server = http.createServer((req, res) => {
    const fwd = http.request({ host: up.hostname, port: up.port, method: req.method, path: req.url,
                               headers: req.headers, agent }, (answer) => {
      if (req.method === 'POST') {
        counts.posts++;
        if (roll() < 0.2) {
          // The server answered (committed): the answer never arrives.
          counts.dropped++;
          answer.resume();
          answer.on('end', () => req.socket.destroy());
          return;
        }
      }
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    });
    fwd.on('error', () => req.socket.destroy());
    // A page left (its live stream with it): the server's side closed too.
    res.on('close', () => { if (!res.writableFinished) fwd.destroy(); });
    req.pipe(fwd);
  });
  return new Promise(ok => server.listen(0, '127.0.0.1', () => ok(server)));
}

async function enterTable(page, base, link, ti, deals) {
  for (let k = 1; k <= deals; k++) {
    // The form works once its scripts ran (deferred: before DOMContentLoaded);
    // the sheet it goes back to counts as reached when its address commits.
    await page.goto(`${base}${link}/deals/${k}`, { waitUntil: 'domcontentloaded' });
    await page.evaluate(([k, ti]) => {
      const pick = (name, value) => { document.querySelector(`input[name="${name}"][value="${value}"]`).checked = true; };
      const takers = [...document.querySelectorAll('input[name=taker]')].map(i => i.value);
      pick('taker', takers[(k + ti) % takers.length]);
      pick('contract', ['petite', 'garde', 'garde_sans', 'garde_contre'][(k + ti) % 4]);
      pick('oudlers', String((k * 3 + ti) % 4));
      document.querySelector('input[name=points]').value = String(30 + ((k * 7 + ti * 5) % 40));
    }, [k, ti]);
    await Promise.all([page.waitForURL(u => u.pathname === link && u.search === `?saved=${k}`, { timeout: 60000, waitUntil: 'commit' }),
                       page.click('button.save')]);
  }
}

async function proxy(base, tables, deals, workers) {
  const counts = { posts: 0, dropped: 0 };
  const server = await dropProxy(base, counts);
  const front = `http://127.0.0.1:${server.address().port}`;
  const browser = await launch();
  try {
    let next = 0;
    const work = async () => {
      const { page } = await tablet(browser);
      while (next < tables.length) {
        const ti = next++;
        await enterTable(page, front, tables[ti], ti, deals);
        assert.strictEqual(await waiting(page), 0, 'nothing left waiting');
      }
    };
    await Promise.all(Array.from({ length: workers }, work));
    const entries = tables.length * deals;
    console.log(`outbox proxy passed: ${entries} entries, ${counts.posts} posts reached the server, ` +
                `${counts.dropped} answers dropped after the commit`);
  } finally {
    await browser.close();
    server.close();
  }
}

const [mode, ...args] = process.argv.slice(2);
(mode === 'offline' ? offline(args[0], args[1], args[2])
  : proxy(args[0], JSON.parse(args[1]), Number(args[2]), Number(args[3])))
  .catch(e => { console.error(e); process.exit(1); });
