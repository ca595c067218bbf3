// Pages anyone can use (issue 24, part 7), in a real browser:
//  1. axe-core (WCAG 2.1 A and AA rules: contrast, labels, button names,
//     language…; WCAG 2.2's target size; axe's best practices: landmarks
//     named apart, no empty header…) over every kind of page, at 390x844 and
//     1366x768; and at 390 px nothing wider than the screen (a standings
//     table and the log whole, without a sideways scroll);
//  2. text enlarged to 200 % (the root font size, what a browser's "very
//     large text" setting does) on the pages used most: nothing clipped, no
//     control over another, every link and button still there to tap;
//  3. the keyboard on the organizer's pages: Tab reaches every control and
//     each one shows a visible focus; starting a round, checking a player in,
//     withdrawing one and entering a deal work with Tab, Space and Enter alone.
// Every failure is listed (rule, page, width, element) before the script fails.
//
// Usage: node a11y.js BASE_URL USER PASSWORD SETUP_URL DATA_JSON SHOTS
//   DATA_JSON: {"stats": id of a played tournament (closed rounds, deals),
//               "player": a player id of it,
//               "open": id of a tournament whose round 1 is open, no deal in,
//               "keys": id of a tournament with no round yet (the keyboard's),
//               "seat": path of a human seat of a digital game against bots,
//               "replay": id of a game played by four bots,
//               "season": id of a season holding "stats",
//               "club": a second club, "stats" and the season shared with it}
//   SETUP_URL: the first account's link of another server, with no account yet.
const assert = require('assert');
const fs = require('fs');
const { launch, login, tap } = require('./common');

const [base, user, password, setupUrl, dataJson, shots] = process.argv.slice(2);
const data = JSON.parse(dataJson);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
// WCAG 2.2 AA (target size: 24 px) and axe's best practices (landmarks
// named apart, one main, headings in order…) too.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SIZES = [[390, 844], [1366, 768]];
// Pages whose look this check changed (a scrolling box now takes the focus), kept as screenshots.
const SHOTS = ['/tournaments/{id}/stats', '/tournaments/{id}/players/{pid}', '/tournaments/{id}/projector',
               '/tournaments/{id}/rounds/{n}/sheets', '/tournaments/{id}/standings/print', '/tournaments/{id}',
               '/tournaments/{id}/rounds/{n}/tables/{t}', '/tournaments/{id}/audit', '/tournaments/{id}/deals/{d}',
               '/players/{pid}', '/seasons/{id}', '/tournaments/{id}/teams', '/tournaments/{id}/prizes',
               '/tournaments/{id}/prizes/settings', '/tournaments/{id}/prizes/sheet', '/directory/merge', '/players',
               '/tournaments/{id}/teams (a team event)', '/tournaments/{id}/teams/edit', '/tournaments/{id}/teams/print',
               '/tournaments/{id}/projector (a team event)', '/clubs', '/tournaments/new', '/clubs/{id}',
               '/tournaments/{id}/clubs', '/seasons/{id}/clubs', '/'];
const failures = [];
const fail = (what) => { failures.push(what); };
let audits = 0;

// The routes of src/web answered with something else than an HTML page: the
// Rust side (tests/app/browser.rs) checks that every GET route is either
// audited below or named here.
const NOT_PAGES = [
  '/api/', '/static/', '/healthz', '/tournaments/{id}/deals.csv', '/tournaments/{id}/standings.csv', '/tournaments/{id}/travellers.csv',
  '/tournaments/{id}/export.json', '/tournaments/{id}/federation.csv', '/tournaments/{id}/prizes.csv', '/tournaments/{id}/federation.json',
  '/tournaments/{id}/results.csv', '/tournaments/{id}/teams.csv', '/tournaments/{id}/results.json', '/tournaments/{id}/charts/{name}', // an SVG image, drawn in /stats
  '/tournaments/{id}/rounds/{n}/tables/{t}/qr.svg', '/s/{token}/events', '/seasons/{id}/standings.csv',
  // Pieces of a page, fetched by static/entry.js and put into the deal form (audited there).
  '/t/{token}/deals/{k}/preview', '/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}/preview',
];

/** A new page of the browser context `ctx`, at a size. */
async function newPage(ctx, [width, height]) {
  const page = await ctx.newPage();
  await page.setViewportSize({ width, height });
  page.setDefaultTimeout(15000);
  return page;
}

/** Runs axe on `page` as it is; each violation becomes a failure line. */
async function axe(page, label) {
  audits++;
  await page.evaluate(axeSource);
  const result = await page.evaluate((tags) => window.axe.run(document, {
    runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'],
  }), TAGS);
  for (const v of result.violations) {
    for (const n of v.nodes) fail(`axe ${v.id} on ${label}: ${n.target.join(' ')} (${v.help})`);
  }
  return result.violations.length;
}

/**
 * Nothing wider than a phone (issue 45): at 390 px, every element whose right
 * edge passes the viewport is a failure, unless it lies in a box that
 * scrolls (or clips) sideways on purpose and that box itself fits. A
 * standings table fits whole, its scrolling box or not: the page every
 * player opens from the QR code shows every column without a sideways swipe
 * (and so does the organizer's log, read on a phone at the tables).
 */
const WHOLE = 'table.standings, table.audit';
async function fits(page, label) {
  const width = page.viewportSize().width;
  if (width > 400) return 0;
  const over = await page.evaluate((WHOLE) => {
    const limit = window.innerWidth + 0.5;
    const name = (e) => {
      const cls = typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\s+/).join('.') : '';
      const text = (e.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${cls}${text ? ` "${text}"` : ''}`;
    };
    const past = (e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.right > limit;
    };
    const ancestors = function* (e) {
      for (let a = e.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) yield a;
    };
    // In a box that scrolls (or clips) sideways and itself fits the screen:
    // what passes its edge is scrolled to, on purpose (a chart on a phone).
    const inBox = (e) => [...ancestors(e)].some(a => getComputedStyle(a).overflowX !== 'visible' && !past(a));
    const out = [];
    const wide = new Set();
    for (const e of document.querySelectorAll('body *')) {
      if (!e.checkVisibility({ visibilityProperty: true }) || e.closest('.visually-hidden')) continue;
      let reported = past(e) && (e.closest(WHOLE) || !inBox(e));
      if (!reported && e.matches(WHOLE)) {
        // Whole, even inside its scrolling box.
        const b = [...ancestors(e)].find(a => getComputedStyle(a).overflowX !== 'visible');
        reported = b && e.getBoundingClientRect().width > b.clientWidth + 0.5;
      }
      if (!reported) continue;
      wide.add(e);
      // The outermost only: its children are wide because it is.
      if (e.parentElement && wide.has(e.parentElement)) continue;
      const r = e.getBoundingClientRect();
      out.push(`${name(e)} (${Math.round(r.left)}–${Math.round(r.right)} px)`);
    }
    // Whatever escapes its box (a word positioned out of a scrolled table):
    // the page itself scrolls sideways.
    const page = document.documentElement.scrollWidth;
    if (!out.length && page > window.innerWidth) out.push(`the page itself (${page} px)`);
    return out;
  }, WHOLE);
  for (const o of over) fail(`wider than the screen on ${label}: ${o}`);
  return over.length;
}

/** The pages, by route: [route (and what is special), path, status if not 200]. */
function publicPages() {
  const s = data.stats;
  return [
    ['/', '/'],
    ['/tournaments/{id}/standings', `/tournaments/${s}/standings`],
    ['/tournaments/{id}/players/{pid}', `/tournaments/${s}/players/${data.player}`],
    ['/players/{pid}', `/players/${data.player}`],
    ['/tournaments/{id}/teams', `/tournaments/${s}/teams`],
    ['/tournaments/{id}/teams (a team event)', `/tournaments/${data.teams}/teams`],
    ['/tournaments/{id}/projector (a team event)', `/tournaments/${data.teams}/projector`],
    ['/tournaments/{id}/results.html', `/tournaments/${s}/results.html`],
    ['/tournaments/{id}/projector', `/tournaments/${s}/projector`],
    ['/tournaments/{id}/stats', `/tournaments/${s}/stats`],
    ['/tournaments/{id}/find', `/tournaments/${s}/find?name=od`],
    ['/tournaments/{id}/find (nobody)', `/tournaments/${s}/find?name=zzz`, 404],
    ['/t/{token}', data.table],
    ['/t/{token}/deals/{k}', data.table + '/deals/1'],
    ['/t/{token}/deals/{k} (closed round: the sheet)', data.closedTable + '/deals/1'],
    ['/s/{token}', data.seat],
    ['/games/{id}/replay', `/games/${data.replay}/replay`],
    ['/tournaments/{id}/deals', `/tournaments/${data.duplicate}/deals`],
    ['/tournaments/{id}/deals/{d}', `/tournaments/${data.duplicate}/deals/1`],
    ['/login', '/login'],
    ['/clubs/{id}', `/clubs/${data.club}`],
    ['404', '/tournaments/999999/standings', 404],
  ];
}

function organizerPages() {
  const s = data.stats;
  const o = data.open;
  return [
    ['/tournaments', '/tournaments'],
    ['/tournaments/new', '/tournaments/new'],
    ['/tournaments/{id}', `/tournaments/${o}`],
    ['/tournaments/{id} (played)', `/tournaments/${s}`],
    ['/tournaments/{id}/edit', `/tournaments/${o}/edit`],
    ['/tournaments/{id}/rounds/{n}', `/tournaments/${o}/rounds/1`],
    ['/tournaments/{id}/rounds/{n} (closed)', `/tournaments/${s}/rounds/1`],
    ['/tournaments/{id}/rounds/{n}/undo', `/tournaments/${o}/rounds/1/undo`],
    ['/tournaments/{id}/rounds/{n}/tables/{t}', `/tournaments/${s}/rounds/1/tables/1`],
    ['/tournaments/{id}/rounds/{n}/tables/{t}/deals/{k}', `/tournaments/${s}/rounds/1/tables/1/deals/2`],
    ['/tournaments/{id}/rounds/{n}/cards', `/tournaments/${o}/rounds/1/cards`],
    ['/tournaments/{id}/rounds/{n}/slips', `/tournaments/${o}/rounds/1/slips`],
    ['/tournaments/{id}/rounds/{n}/diagrams', `/tournaments/${data.duplicate}/rounds/1/diagrams`],
    ['/tournaments/{id}/rounds/{n}/sheets', `/tournaments/${s}/rounds/1/sheets`],
    ['/tournaments/{id}/rounds/{n}/sheets (blank)', `/tournaments/${o}/rounds/1/sheets?blank=1`],
    ['/tournaments/{id}/standings/print', `/tournaments/${s}/standings/print`],
    ['/tournaments/{id}/prizes', `/tournaments/${s}/prizes`],
    ['/tournaments/{id}/prizes/settings', `/tournaments/${s}/prizes/settings`],
    ['/tournaments/{id}/teams/edit', `/tournaments/${data.teams}/teams/edit`],
    ['/tournaments/{id}/teams/print', `/tournaments/${data.teams}/teams/print`],
    ['/tournaments/{id}/rounds/{n} (a team event)', `/tournaments/${data.teams}/rounds/1`],
    ['/tournaments/{id}/prizes/print', `/tournaments/${s}/prizes/print`],
    ['/tournaments/{id}/prizes/sheet', `/tournaments/${s}/prizes/sheet`],
    ['/tournaments/{id}/seating', `/tournaments/${s}/seating`],
    ['/tournaments/{id}/rooms', `/tournaments/${s}/rooms`],
    ['/tournaments/{id}/audit', `/tournaments/${s}/audit`],
    ['/tournaments/{id}/players/{pid}/withdraw', data.withdraw],
    ['/tournaments/{id}/checkin-all', `/tournaments/${data.keys}/checkin-all`],
    ['/tournaments/{id}/standings (organizer)', `/tournaments/${s}/standings`],
    ['/players', '/players'],
    ['/players/{pid}/edit', data.directoryEdit],
    ['/directory/merge', data.directoryMerge],
    ['/account/password', '/account/password'],
    ['/games', '/games'],
    ['/games/{id}', `/games/${data.replay}`],
    ['/seasons', '/seasons'],
    ['/seasons/{id}', `/seasons/${data.season}`],
    ['/seasons/{id}/projector', `/seasons/${data.season}/projector`],
    ['/seasons/{id}/print', `/seasons/${data.season}/print`],
    ['/seasons/{id}/clubs', `/seasons/${data.season}/clubs`],
    ['/tournaments/{id}/clubs', `/tournaments/${s}/clubs`],
    // The first account (made through the setup link) administers the server.
    ['/clubs', '/clubs'],
  ];
}

/** Audits every page of `list` in `ctx` at both sizes, two pages at a time
 *  (they only read: two renderers keep both cores busy). */
async function auditAll(ctx, list, who) {
  const jobs = list.flatMap(([route, path, status]) => SIZES.map(size => [route, path, status, size]));
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const [route, path, status, size] = jobs[next++];
      const page = await newPage(ctx, size);
      if (process.env.DEBUG) console.log(`${route} ${path} ${size[0]}`);
      const res = await page.goto(base + path);
      if (res.status() !== (status || 200)) fail(`${path}: status ${res.status()}`);
      await axe(page, `${route} [${who}, ${path}] at ${size[0]}`);
      await fits(page, `${route} [${who}, ${path}] at ${size[0]}`);
      if (SHOTS.includes(route)) await page.screenshot({ path: `${shots}/a11y-${route.replace(/[^a-z]+/gi, '-')}-${size[0]}.png`, fullPage: true });
      await page.close();
    }
  };
  await Promise.all([lane(), lane()]);
}

/** Audits the page `page` shows now at both sizes (a page reached by a form). */
async function auditHere(page, label) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size[0], height: size[1] });
    await axe(page, `${label} at ${size[0]}`);
    await fits(page, `${label} at ${size[0]}`);
  }
}

/** Presses Tab until the focused element matches `selector` (at most `max` times). */
async function tabTo(page, selector, max = 400) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement && document.activeElement.matches(sel), selector)) return;
  }
  throw new Error(`Tab never reached ${selector} on ${page.url()}`);
}

/**
 * Tabs through the whole page: every focusable element must be reached, and
 * each one, focused, must look different from itself unfocused (an outline,
 * a shadow, a border or a background: on it, or on what shows it when it is
 * hidden, the chip of a radio button).
 */
async function focusWalk(page, label) {
  // Every focusable element, marked, with how it and what may show its focus
  // for it (the chip beside a hidden radio button) look unfocused; a radio
  // group is one Tab stop.
  const expected = await page.evaluate(() => {
    if (document.activeElement) document.activeElement.blur();
    const sig = (x) => { if (!x) return ''; const c = getComputedStyle(x); return [c.outlineStyle, c.outlineWidth, c.outlineColor, c.boxShadow, c.borderColor, c.backgroundColor, c.textDecorationLine].join('|'); };
    const all = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]')]
      .filter(e => !e.disabled && e.tabIndex >= 0 && (e.closest('label') || e).checkVisibility());
    const keys = new Set();
    all.forEach((e, i) => {
      const key = e.type === 'radio' ? 'radio:' + e.name : 'k' + i;
      e.setAttribute('data-a11y-k', key);
      keys.add(key);
      e.a11yUnfocused = [sig(e), sig(e.nextElementSibling)];
    });
    return [...keys];
  });
  const look = () => page.evaluate(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return { key: null };
    const sig = (x) => { if (!x) return ''; const c = getComputedStyle(x); return [c.outlineStyle, c.outlineWidth, c.outlineColor, c.boxShadow, c.borderColor, c.backgroundColor, c.textDecorationLine].join('|'); };
    const r = e.getBoundingClientRect();
    const hidden = getComputedStyle(e).opacity === '0' || r.width <= 1 || r.height <= 1;
    // What shows it: itself, or the chip that stands for a hidden radio button.
    const [self, next] = e.a11yUnfocused || ['', ''];
    const changed = hidden ? sig(e.nextElementSibling) !== next : sig(e) !== self;
    return { key: e.getAttribute('data-a11y-k'), changed,
             what: e.tagName.toLowerCase() + (e.name ? `[name=${e.name}]` : '') + (e.className ? '.' + e.className : '') +
                   ` "${(e.textContent || e.value || '').trim().replace(/\s+/g, ' ').slice(0, 30)}"` };
  });
  const seen = new Set();
  let first = null;
  // A date field is a Tab stop per part (day, month, year).
  for (let i = 0; i < 3 * expected.length + 20; i++) {
    await page.keyboard.press('Tab');
    const now = await look();
    if (now.key === null) { if (seen.size > 0) break; continue; }
    if (now.key === first) break;
    if (first === null) first = now.key;
    seen.add(now.key);
    if (!now.changed) fail(`no visible focus on ${label}: ${now.what}`);
  }
  for (const k of expected.filter(k => !seen.has(k))) {
    const what = await page.evaluate((k) => document.querySelector(`[data-a11y-k="${k}"]`).outerHTML.slice(0, 120), k);
    fail(`Tab never reaches on ${label}: ${what}`);
  }
  return seen.size;
}

/**
 * Text at 200 % (the root font size doubled, as a browser's text-size
 * setting does: the stylesheet sizes text in rem and em): nothing is lost.
 */
async function bigText(page, label) {
  await page.setViewportSize({ width: 1366, height: 768 });
  const before = await page.evaluate(() => [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')]
    .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && e.checkVisibility(); }).length);
  const ratio = await page.evaluate(() => {
    const b = parseFloat(getComputedStyle(document.body).fontSize);
    document.documentElement.style.fontSize = '200%';
    return parseFloat(getComputedStyle(document.body).fontSize) / b;
  });
  if (ratio < 1.99) fail(`text does not grow with the browser's text size on ${label}: ×${ratio.toFixed(2)}`);
  // Tall enough to hold the whole page: nothing sticky lies over anything.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1366, height: Math.min(height + 10, 30000) });
  const problems = await page.evaluate(() => {
    const out = [];
    const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '') +
      ` "${(e.textContent || e.value || '').trim().replace(/\s+/g, ' ').slice(0, 30)}"`;
    // Drawn (not in a closed <details>, not display:none or visibility:hidden) and of some size.
    const visible = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && e.checkVisibility({ visibilityProperty: true }); };
    // Text cut off: a box that hides its overflow holding more than it shows.
    for (const e of document.querySelectorAll('body *')) {
      // Words for screen readers only are clipped to 1 px on purpose.
      if (!visible(e) || !e.textContent.trim() || e.classList.contains('visually-hidden')) continue;
      const c = getComputedStyle(e);
      const hides = (v) => v === 'hidden' || v === 'clip';
      if ((hides(c.overflowX) && e.scrollWidth > e.clientWidth + 1) || (hides(c.overflowY) && e.scrollHeight > e.clientHeight + 1) ||
          (c.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth + 1)) {
        out.push(`text cut off: ${name(e)}`);
      }
    }
    // Every control whole and on top (nothing over it), none over another.
    const controls = [...document.querySelectorAll('a[href], button, select, textarea, input:not([type=hidden]), summary')]
      .map(e => (e.type === 'radio' || e.type === 'checkbox') && e.closest('label') ? e.closest('label') : e)
      .filter((e, i, a) => a.indexOf(e) === i && visible(e));
    for (const e of controls) {
      const r = e.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (r.right > document.documentElement.clientWidth + 1 && !e.closest('.scroll')) out.push(`past the right edge: ${name(e)}`);
      const top = document.elementFromPoint(x, y);
      if (top && !e.contains(top) && !top.contains(e) && !(top.closest('label') && top.closest('label').contains(e))) {
        out.push(`covered: ${name(e)} under ${name(top)}`);
      }
    }
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i], b = controls[j];
        if (a.contains(b) || b.contains(a)) continue;
        // Box by box: a link wrapped on two lines is two boxes, not the rectangle around them.
        const hit = [...a.getClientRects()].some(p => [...b.getClientRects()].some(q => {
          const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
          const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
          return w > 2 && h > 2;
        }));
        if (hit) out.push(`overlap: ${name(a)} and ${name(b)}`);
      }
    }
    return out;
  });
  for (const p of problems) fail(`at 200 % text on ${label}: ${p}`);
  const after = await page.evaluate(() => [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea')]
    .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && e.checkVisibility(); }).length);
  if (after < before) fail(`at 200 % text on ${label}: ${before - after} controls gone`);
  await page.screenshot({ path: `${shots}/text200-${label.replace(/[^a-z0-9]+/gi, '-')}.png`, fullPage: true });
  await page.evaluate(() => { document.documentElement.style.fontSize = ''; });
  await page.setViewportSize({ width: 1366, height: 768 });
}

(async () => {
  const browser = await launch();
  try {
    const opts = { locale: 'fr-FR', extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } };
    // Organizer's context: logged in.
    const org = await browser.newContext(opts);
    const op = await org.newPage();
    op.setDefaultTimeout(15000);
    const nav = (page, fn) => Promise.all([page.waitForNavigation(), fn()]);
    await login(op, (fn) => nav(op, fn), base, user, password);

    // Links the pages give: a table's link (open round), one of a closed round,
    // a withdrawal to confirm, a player of the directory.
    await op.goto(`${base}/tournaments/${data.open}/rounds/1`);
    data.table = new URL(await op.getAttribute('a.url', 'href')).pathname;
    await op.goto(`${base}/tournaments/${data.stats}/rounds/1`);
    data.closedTable = new URL(await op.getAttribute('a.url', 'href')).pathname;
    await op.goto(`${base}/tournaments/${data.open}`);
    data.withdraw = new URL(await op.$eval('#players form[action$="/withdraw"]', f => f.action)).pathname;
    await op.goto(`${base}/players`);
    data.directoryEdit = new URL(await op.$eval('a[href$="/edit"]', a => a.href)).pathname;
    // Two entries of the directory, as its radio buttons choose them for a merge.
    const entries = await op.$$eval('input[name=keep]', inputs => inputs.map(i => i.value));
    data.directoryMerge = `/directory/merge?keep=${entries[0]}&drop=${entries[1]}`;
    // The bots' game is over (the replay exists).
    for (let i = 0; i < 200; i++) {
      const r = await op.goto(`${base}/games/${data.replay}/replay`);
      if (r.status() === 200) break;
      await op.waitForTimeout(100);
    }

    // 0. The checks catch what they are for: text too pale, a focus that
    // does not show, text that does not grow (each broken on purpose here).
    const caught = async (what, fn, rule = /./) => {
      const before = failures.length;
      await fn();
      assert.ok(failures.slice(before).some(f => rule.test(f)), `the check of ${what} saw nothing wrong in a page broken on purpose`);
      console.log(`self-check: ${what} caught (${failures.slice(before).find(f => rule.test(f)).slice(0, 90)}…)`);
      failures.length = before;
    };
    await caught('contrast', async () => {
      await op.goto(`${base}/tournaments/${data.open}`);
      await op.evaluate(() => { document.querySelector('h1').style.color = '#c8c8c8'; });
      await axe(op, 'pale title');
    }, /axe color-contrast/);
    await caught('focus', async () => {
      await op.goto(`${base}/tournaments/${data.open}`);
      await op.evaluate(() => document.styleSheets[0].insertRule('*:focus, *:focus-visible { outline: none !important; box-shadow: none !important; }'));
      await focusWalk(op, 'focus hidden');
    });
    await caught('width', async () => {
      const p = await newPage(org, SIZES[0]);
      await p.goto(`${base}/tournaments/${data.stats}/standings`);
      await p.evaluate(() => { document.querySelector('table.standings td').style.minWidth = '30rem'; });
      await fits(p, 'a standings table made too wide');
      await p.close();
    }, /wider than the screen/);
    await caught('target size', async () => {
      await op.goto(`${base}/tournaments/${data.open}`);
      // Two links of 10 px side by side: too small, too close (WCAG 2.5.8).
      await op.evaluate(() => document.querySelector('main').insertAdjacentHTML('afterbegin',
        '<p><a href="#" style="display:inline-block;width:10px;height:10px;overflow:hidden">a</a><a href="#" style="display:inline-block;width:10px;height:10px;overflow:hidden">b</a></p>'));
      await axe(op, 'two tiny links');
    }, /axe target-size/);
    await caught('text size', async () => {
      await op.goto(`${base}/tournaments/${data.open}`);
      await op.evaluate(() => { document.body.style.fontSize = '17px'; });
      await bigText(op, 'text in pixels');
    });

    // 1. axe over every kind of page.
    const pub = await browser.newContext(opts);
    await auditAll(pub, publicPages(), 'public');
    await auditAll(org, organizerPages(), 'organizer');
    // The seat's page through a deal: the bids, then the cards to tap, and the result.
    const seat = await newPage(pub, SIZES[0]);
    await seat.goto(base + data.seat);
    const version = () => seat.$eval('#seat', el => el.getAttribute('data-version'));
    const seen = new Set();
    const act = async (selector) => {
      const before = await version();
      await seat.click(selector);
      await seat.waitForFunction(b => { const s = document.getElementById('seat'); return s && s.getAttribute('data-version') !== b; }, before);
    };
    for (let step = 0; step < 400 && seen.size < 3; step++) {
      const phase = await seat.$('button[name=bid]') ? 'bidding' : await seat.$('button.card-button.legal') ? 'playing'
        : await seat.$('.result') ? 'result' : null;
      if (phase && !seen.has(phase)) { seen.add(phase); await auditHere(seat, `/s/{token} ${phase}`); await seat.setViewportSize({ width: 390, height: 844 }); }
      if (phase === 'playing') {
        // A card is named in words, not by its face's letter and suit symbol.
        const names = await seat.$$eval('.hand .card', cs => cs.map(c => c.getAttribute('aria-label')));
        const words = /^((As|Valet|Cavalier|Dame|Roi|\d+) de (pique|cœur|carreau|trèfle)|\d+ d'atout|Petit \(1 d'atout\)|Excuse)$/;
        for (const n of names) if (!words.test(n)) fail(`a card of the seat's hand is named "${n}"`);
      }
      if (phase === 'bidding') await act('button[name=bid][value=pass]');
      else if (phase === 'playing') await act('button.card-button.legal');
      else if (await seat.$('button[name=chelem]')) await act('button[name=chelem][value=no]');
      else if (await seat.$('.handful-offer button')) await act('.handful-offer button');
      else if (await seat.$('button[name=call]')) await act('button[name=call]');
      else if (phase === 'result' && await seat.$('button[name=next]')) await act('button[name=next]');
      else await seat.waitForTimeout(100);
    }
    assert.strictEqual(seen.size, 3, `the seat's page seen bidding, playing and with a result: ${[...seen]}`);
    // The English pages too (a few: the same templates, other words).
    const en = await browser.newContext({ locale: 'en-GB', extraHTTPHeaders: { 'Accept-Language': 'en-GB,en;q=0.9' } });
    await auditAll(en, [['/ (en)', '/'], ['/tournaments/{id}/standings (en)', `/tournaments/${data.stats}/standings`],
                        ['/t/{token}/deals/{k} (en)', data.table + '/deals/1']], 'public');

    // Pages reached by a form.
    // A refused deal (422), as the server renders it (the page's scripts kept
    // away: the form posts itself).
    const np = await newPage(pub, SIZES[0]);
    await np.route(/\/static\/(entry|outbox)\.js$/, r => r.abort());
    await np.goto(base + data.table + '/deals/1');
    await np.fill('input[name=points]', '95');
    const [refused] = await Promise.all([np.waitForNavigation(), np.click('form#deal-form button[type=submit]')]);
    assert.strictEqual(refused.status(), 422, 'a refused deal is a 422');
    await auditHere(np, '/t/{token}/deals/{k} refused (422)');
    // Two tablets on the same deal: the second save is a conflict (409), both versions shown.
    const first = await newPage(pub, SIZES[0]);
    await first.route(/\/static\/(entry|outbox)\.js$/, r => r.abort());
    await np.goto(base + data.table + '/deals/2');
    await first.goto(base + data.table + '/deals/2');
    for (const [p, points] of [[first, '50'], [np, '61']]) {
      const takers = await p.$$eval('input[name=taker]', is => is.map(i => i.value));
      await tap(p, 'taker', takers[0]);
      await tap(p, 'contract', 'garde');
      await tap(p, 'oudlers', '2');
      await p.fill('input[name=points]', points);
    }
    await Promise.all([first.waitForNavigation(), first.click('form#deal-form button[type=submit]')]);
    const [clash] = await Promise.all([np.waitForNavigation(), np.click('form#deal-form button[type=submit]')]);
    assert.strictEqual(clash.status(), 409, 'the second save of a deal is a conflict');
    await auditHere(np, '/t/{token}/deals/{k} conflict (409)');
    // Same, with JavaScript: the refusal drawn by static/entry.js.
    const jp = await newPage(pub, SIZES[0]);
    await jp.goto(base + data.table + '/deals/1');
    await jp.fill('input[name=points]', '95');
    await jp.click('form#deal-form button[type=submit]');
    await jp.waitForSelector('p.error');
    await auditHere(jp, '/t/{token}/deals/{k} refused (script)');
    // The login refused.
    const lp = await newPage(pub, SIZES[0]);
    await lp.goto(base + '/login');
    await lp.fill('input[name=username]', user);
    await lp.fill('input[name=password]', 'not the password');
    await nav(lp, () => lp.click('form.stack button[type=submit]'));
    await auditHere(lp, '/login refused');
    // The import report.
    await op.goto(`${base}/tournaments/${data.open}`);
    await op.fill('textarea[name=csv_text]', 'name,club,licence\nNouvelle Venue,Club A,123\n,Club B,\nNouvelle Venue,Club A,123\n');
    await nav(op, () => op.click('form[action$="/players/import"] button[type=submit]'));
    await auditHere(op, 'import report (POST /tournaments/{id}/players/import)');
    // A form refused on the dashboard (a second round while the first is open: 409).
    await op.goto(`${base}/tournaments/${data.open}`);
    const [started] = await Promise.all([op.waitForNavigation(), op.click('form[action$="/rounds"] button[type=submit]')]);
    assert.strictEqual(started.status(), 409, 'a round while one is open: 409');
    await auditHere(op, 'dashboard refused (409)');
    // A password refused.
    await op.goto(`${base}/account/password`);
    const fields = await op.$$eval('form input[type=password]', is => is.map(i => i.name));
    for (const f of fields) await op.fill(`input[name=${f}]`, 'x');
    await op.$eval('main form', f => { f.noValidate = true; });
    await nav(op, () => op.click('main form button[type=submit]'));
    await auditHere(op, '/account/password refused');
    // The withdrawal confirmed twice: 409, the error page.
    const other = await org.newPage();
    await other.goto(base + data.withdraw);
    await op.goto(base + data.withdraw);
    await nav(other, () => other.click('form[action$="/withdraw"] button.danger'));
    await other.close();
    const [twice] = await Promise.all([op.waitForNavigation(), op.click('form[action$="/withdraw"] button.danger')]);
    assert.strictEqual(twice.status(), 409, 'withdrawn twice: 409');
    await auditHere(op, 'error page (409)');

    // 2. Text at 200 %.
    const keys = data.keys;
    const big = [
      [`/tournaments/${data.open}`, 'dashboard'], [`/tournaments/${data.open}/rounds/1`, 'round'],
      [data.table + '/deals/1', 'deal form'], [`/tournaments/${data.stats}/standings`, 'standings'],
      [data.seat, 'seat'], [data.table, 'table sheet'], [`/tournaments/${data.stats}/players/${data.player}`, 'player'],
    ];
    for (const [path, label] of big) {
      await op.goto(base + path);
      await bigText(op, label);
    }

    // 3. The keyboard, on the organizer's pages.
    await op.setViewportSize({ width: 1366, height: 768 });
    const walk = async (path, label) => {
      await op.goto(base + path);
      const n = await focusWalk(op, label);
      console.log(`keyboard: ${n} stops on ${label}`);
    };
    await walk(`/tournaments/${keys}`, 'dashboard');
    await walk(`/tournaments/${data.open}/rounds/1`, 'round page');
    await walk(data.table + '/deals/1', 'deal form');
    await walk(`/tournaments/${data.stats}/seating`, 'seating report');
    await walk(data.directoryEdit, 'player edit');
    await walk('/tournaments', 'tournaments');
    await walk('/tournaments/new', 'new tournament');
    await walk(`/tournaments/${data.open}/rounds/1/undo`, 'round undo');
    await walk(`/tournaments/${data.stats}/audit`, 'audit log');
    await walk('/games', 'casual games');
    // What the ring looks like, on a button and on a chip of the deal form.
    for (const [w, h] of SIZES) {
      await op.setViewportSize({ width: w, height: h });
      await op.goto(`${base}/tournaments/${keys}`);
      await tabTo(op, 'form[action$="/rounds"] button[type=submit]');
      await op.screenshot({ path: `${shots}/focus-dashboard-${w}.png` });
      await op.goto(base + data.table + '/deals/1');
      await tabTo(op, 'input[name=contract]');
      await op.screenshot({ path: `${shots}/focus-deal-form-${w}.png` });
    }
    await op.setViewportSize({ width: 1366, height: 768 });
    await walk(`/tournaments/${data.stats}/rounds/1/tables/1/deals/2`, 'correction form');

    // Check a player in, withdraw one, start the round: Tab and Enter only.
    await op.goto(`${base}/tournaments/${keys}`);
    // The row is the button; the check-in happens in place (checkin.js).
    const absent = '#players form.checkin-form:has(input[name=present][value="1"])';
    const late = await op.$eval(absent, f => f.querySelector('.checkin-name').textContent.trim());
    await tabTo(op, absent + ' button');
    await op.keyboard.press('Enter');
    await op.waitForFunction((sel) => !document.querySelector(sel), absent);
    assert.ok(!(await op.$(absent)), `${late} checked in from the keyboard`);
    // The withdrawal reached first from where the focus stands (the row just checked in).
    await tabTo(op, '#players form[action$="/withdraw"] button');
    const leaving = await op.evaluate(() => document.activeElement.form.action.replace(/\/withdraw$/, '/reinstate'));
    await nav(op, () => op.keyboard.press('Enter'));
    await tabTo(op, 'form[action$="/withdraw"] button.danger');
    await nav(op, () => op.keyboard.press('Space'));
    assert.ok(await op.$(`#players form[action="${new URL(leaving).pathname}"]`), 'withdrawn from the keyboard');
    await tabTo(op, 'form[action$="/rounds"] button[type=submit]');
    await nav(op, () => op.keyboard.press('Enter'));
    assert.ok(op.url().endsWith(`/tournaments/${keys}/rounds/1`), `round started from the keyboard: ${op.url()}`);
    // Enter a deal: from the round page to the table's sheet to deal 1.
    await tabTo(op, 'a.url');
    await nav(op, () => op.keyboard.press('Enter'));
    const sheet = new URL(op.url()).pathname;
    await tabTo(op, 'table.sheet a[href$="/deals/1"]');
    await nav(op, () => op.keyboard.press('Enter'));
    // Taker: the group's first radio, moved to the second with an arrow key.
    await tabTo(op, 'input[name=taker]');
    await op.keyboard.press('Space');
    await op.keyboard.press('ArrowRight');
    await tabTo(op, 'input[name=contract]');
    await op.keyboard.press('ArrowRight'); // garde
    await tabTo(op, 'input[name=oudlers]');
    await op.keyboard.press('ArrowRight');
    await op.keyboard.press('ArrowRight'); // 2
    await tabTo(op, 'input[name=points]');
    await op.keyboard.type('47');
    await tabTo(op, 'button.save');
    await nav(op, () => op.keyboard.press('Enter'));
    assert.strictEqual(new URL(op.url()).pathname, sheet, `the deal saved from the keyboard: ${await op.textContent('main')}`);
    const row = (await op.textContent('table.sheet tbody tr')).replace(/\s+/g, ' ');
    assert.match(row, /\d/, `deal 1 on the sheet: ${row}`);
    console.log('keyboard: checked in, withdrew, started a round and saved a deal');

    // The first account: the setup page, refused, done, then its link dead (410).
    const fresh = await browser.newContext(opts);
    const sp = await newPage(fresh, SIZES[0]);
    await sp.goto(setupUrl);
    await auditHere(sp, '/setup/{token}');
    await sp.fill('input[name=username]', 'premier');
    const pw = await sp.$$eval('form input[type=password]', is => is.map(i => i.name));
    for (const f of pw) await sp.fill(`input[name=${f}]`, 'court');
    await sp.$eval('main form', f => { f.noValidate = true; });
    await nav(sp, () => sp.click('main form button[type=submit]'));
    await auditHere(sp, '/setup/{token} refused');
    for (const f of pw) await sp.fill(`input[name=${f}]`, 'un mot de passe assez long');
    await nav(sp, () => sp.click('main form button[type=submit]'));
    const gone = await sp.goto(setupUrl);
    assert.strictEqual(gone.status(), 410, 'the first account link, used: 410');
    await auditHere(sp, '/setup/{token} used (410)');

    if (failures.length) {
      for (const f of failures) console.log('FAIL ' + f);
      console.log(`${failures.length} accessibility failures`);
      process.exit(1);
    }
    console.log(`a11y passed: ${audits} axe audits (the routes not audited are not pages: ${NOT_PAGES.join(' ')})`);
  } finally {
    await browser.close();
  }
})().catch(e => { console.error(e); process.exit(1); });
