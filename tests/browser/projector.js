// The projector of a 60-player evening at a room's size (1920x1080): round 1
// closed (the race chart), round 2 at its bell, one player withdrawn. On the
// whole room's projector and on a room's own, in French and in English:
// the bell's banner on its own line and at most a tenth of the screen's
// height, the title and counters each on one line; every name of 24
// characters in full and every player on the screen within one turn of the
// slides; the chart a slide of its own, never beside fewer rows; the
// withdrawn mark readable (4.5:1). Screenshots go to SHOTS.
// Usage: node projector.js BASE_URL TOURNAMENT_ID NAMES_JSON SHOTS   (exit status 0 = passed)
const assert = require('assert');
const { launch } = require('./common');

const [base, id, namesJson, shots] = process.argv.slice(2);
const names = JSON.parse(namesJson);
const [WIDTH, HEIGHT] = [1920, 1080];

/** The WCAG contrast ratio of two "rgb(r, g, b)" colours. */
function contrast(a, b) {
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/** What the screen shows now: the rows on it, each name's fit, the chart. */
function seen(page) {
  return page.evaluate(([w, h]) => {
    const onScreen = (el) => {
      const r = el.getBoundingClientRect();
      return el.offsetParent !== null && r.height > 0 && r.top >= 0 && r.bottom <= h && r.left >= 0 && r.right <= w;
    };
    const rows = [...document.querySelectorAll('.projector-table tbody tr')].filter(onScreen).map((tr) => {
      const td = tr.querySelector('td.name');
      const name = td.querySelector('bdi');
      const room = td.getBoundingClientRect().right - parseFloat(getComputedStyle(td).paddingRight);
      const marked = !!td.querySelector('.mark');
      return {
        text: name.textContent.replace(/[\u2066-\u2069]/g, ''),
        full: name.getBoundingClientRect().right <= room + 0.5 && (marked || td.scrollWidth <= td.clientWidth),
        font: parseFloat(getComputedStyle(td).fontSize),
      };
    });
    const chart = document.querySelector('.projector-race');
    return { rows, chart: !!chart && onScreen(chart) };
  }, [WIDTH, HEIGHT]);
}

async function check(browser, path, lang, tag) {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, locale: lang,
                                       extraHTTPHeaders: { 'Accept-Language': lang } });
  page.setDefaultTimeout(20000);
  await page.goto(base + path, { waitUntil: 'domcontentloaded' });
  // The bell: its banner, on its own line, a tenth of the screen at most.
  await page.waitForSelector('.projector-head .clock.clock-over');
  const head = await page.evaluate(() => {
    const box = (sel) => {
      const r = document.querySelector(sel).getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width };
    };
    const h1 = document.querySelector('.projector-head h1');
    return { clock: box('.projector-head .clock'), h1: box('.projector-head h1'), round: box('.projector-round'),
             head: box('.projector-head'), line: parseFloat(getComputedStyle(h1).lineHeight),
             text: document.querySelector('.projector-head .clock').textContent.trim() };
  });
  const over = lang.startsWith('fr') ? /^Temps écoulé/ : /^Time is up/;
  assert.match(head.text, over, `${tag}: the bell's words`);
  assert(head.clock.height <= HEIGHT / 10, `${tag}: the bell's banner is ${head.clock.height} px high`);
  assert(head.clock.top >= head.round.bottom - 1 && head.clock.top >= head.h1.bottom - 1,
         `${tag}: the bell's banner shares a line with the title or the counters: ${JSON.stringify(head)}`);
  assert(head.h1.height <= head.line * 1.5, `${tag}: the title wraps (${head.h1.height} px for lines of ${head.line})`);
  assert(head.round.width >= WIDTH / 2, `${tag}: the counters squeezed into ${head.round.width} px`);
  assert(head.head.bottom <= HEIGHT / 5, `${tag}: the header takes ${head.head.bottom} px of ${HEIGHT}`);
  await page.screenshot({ path: `${shots}/projector-${tag}-bell-1920x1080.png` });

  // One whole turn of the slides (at most 40 s): every player seen in full.
  const full = new Set();
  const cut = new Set();
  let alone = null;
  let withChart = 0;
  let chartShot = false;
  const start = Date.now();
  while (Date.now() - start < 40000) {
    const now = await seen(page);
    for (const r of now.rows) (r.full ? full : cut).add(r.text);
    if (now.chart) {
      withChart = Math.max(withChart, now.rows.length);
      if (!chartShot) {
        await page.screenshot({ path: `${shots}/projector-${tag}-chart-1920x1080.png` });
        chartShot = true;
      }
    } else {
      alone = Math.max(alone || 0, now.rows.length);
      const small = Math.min(...now.rows.map((r) => r.font));
      assert(small >= 20, `${tag}: the rows' type is ${small} px: too small for a room`);
    }
    if (chartShot && full.size >= names.length && alone !== null) break;
    await page.waitForTimeout(500);
  }
  const missing = names.filter((n) => !full.has(n));
  assert.deepStrictEqual(missing, [], `${tag}: players never on the screen in full (cut: ${[...cut].slice(0, 5).join(', ')})`);
  assert(chartShot, `${tag}: the race chart never shown`);
  assert(withChart === 0 || withChart >= alone,
         `${tag}: with the chart, ${withChart} rows show instead of ${alone}`);

  // The withdrawn player's mark, readable on the dark rows.
  const marks = await page.$$eval('.projector-table .mark', (ms) => ms.map((m) => {
    let bg = 'rgba(0, 0, 0, 0)';
    for (let el = m; el && /rgba\(\d+, \d+, \d+, 0\)|transparent/.test(bg); el = el.parentElement) {
      bg = getComputedStyle(el).backgroundColor;
    }
    return { fg: getComputedStyle(m).color, bg };
  }));
  assert(marks.length >= 1, `${tag}: no withdrawn mark`);
  for (const m of marks) {
    const ratio = contrast(m.fg, m.bg);
    assert(ratio >= 4.5, `${tag}: the withdrawn mark's contrast is ${ratio.toFixed(2)}:1 (${m.fg} on ${m.bg})`);
  }
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert(wide <= 0, `${tag}: the projector is ${wide} px wider than the screen`);
  console.log(`${tag}: ${full.size} names in full, ${alone} rows at once, the chart alone (${withChart} rows beside it)`);
  await page.close();
}

(async () => {
  const browser = await launch();
  try {
    await check(browser, `/tournaments/${id}/projector`, 'fr-FR', 'fr');
    await check(browser, `/tournaments/${id}/projector?room=1`, 'fr-FR', 'room');
    await check(browser, `/tournaments/${id}/projector`, 'en-GB', 'en');
    console.log('projector passed');
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error(e); process.exit(1); });
