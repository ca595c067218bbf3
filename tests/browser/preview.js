// The deal form's offline preview (static/score.js) against the server's.
//
// preview BASE LINKS_JSON COUNT SHOTS_DIR
//   On deal 1 of each table (LINKS_JSON: [link, ...]), COUNT random forms
//   are filled in (taker, partner at a called-king table, contract, oudlers,
//   points of either camp with a comma or a point, handfuls, petit au bout,
//   chelem, misères where the tournament plays them). For each, the
//   server's preview is asked (the same request entry.js makes) and the
//   page's own is computed; wherever the server scores the deal, both must
//   say the same sentence and the same score on every line. Then the
//   network off (DevTools emulation): typing into the form shows the page's
//   preview, marked as computed offline.
const assert = require('assert');
const { launch, tap } = require('./common');

async function compare(page, count, seed) {
  return page.evaluate(async ({ count, seed }) => {
    // A small seeded generator: a failure can be replayed.
    let x = seed >>> 0;
    const rnd = () => { x = (x * 1664525 + 1013904223) >>> 0; return x / 4294967296; };
    const pick = (a) => a[Math.floor(rnd() * a.length)];
    const form = document.getElementById('deal-form');
    const url = form.getAttribute('data-preview');
    const values = (name) => [...form.querySelectorAll(`input[name="${name}"]`)].map(i => i.value);
    const set = (name, value) => {
      for (const i of form.querySelectorAll(`input[name="${name}"]`)) i.checked = i.value === value;
    };
    const seats = values('taker');
    const perPlayer = (prefix) => seats.filter(s => form.querySelector(`input[name="${prefix}${s}"]`));
    const said = (root) => ({
      sentence: (root.querySelector('.explain-line') || { textContent: '' }).textContent.replace(/\s+/g, ' ').trim(),
      lines: [...root.querySelectorAll('.scores li')].map(li => li.textContent.replace(/\s+/g, ' ').trim()),
    });
    const out = { scored: 0, same: 0, refused: 0, localOnRefused: 0, mismatches: [], kinds: {} };
    for (let n = 0; n < count; n++) {
      set('taker', pick(seats));
      if (values('partner').length) set('partner', pick(values('partner')));
      const contract = pick(values('contract'));
      set('contract', contract);
      set('oudlers', pick(['0', '1', '2', '3']));
      set('camp', pick(['attack', 'defence']));
      const half = Math.floor(rnd() * 183);
      const points = half % 2 ? `${(half - 1) / 2}${pick([',5', '.5'])}` : String(half / 2);
      form.elements.points.value = points;
      for (const s of perPlayer('handful_')) set('handful_' + s, rnd() < 0.1 ? pick(['simple', 'double', 'triple']) : '');
      for (const s of perPlayer('misere_')) set('misere_' + s, rnd() < 0.1 ? pick(['trumps', 'heads']) : '');
      set('petit_au_bout', rnd() < 0.2 ? pick(['attack', 'defence']) : '');
      form.elements.chelem_announced.checked = rnd() < 0.05;
      set('chelem_made_by', rnd() < 0.05 ? pick(['attack', 'defence']) : '');

      const data = new FormData(form);
      data.delete('csrf');
      data.delete('key');
      const r = await fetch(url + '?' + new URLSearchParams(data).toString(), { credentials: 'same-origin' });
      const div = document.createElement('div');
      div.innerHTML = await r.text();
      const server = said(div);
      const local = window.chelemOfflinePreview();
      const mine = local ? said(local) : null;
      if (!server.sentence) {
        out.refused++;
        if (mine) out.localOnRefused++;
        continue;
      }
      out.scored++;
      out.kinds[contract] = (out.kinds[contract] || 0) + 1;
      if (mine && JSON.stringify(mine) === JSON.stringify(server)) {
        out.same++;
      } else if (out.mismatches.length < 5) {
        out.mismatches.push({ form: new URLSearchParams(data).toString(), server, mine });
      }
    }
    return out;
  }, { count, seed });
}

async function run(base, links, count, shots) {
  const browser = await launch();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'fr-FR',
                                               extraHTTPHeaders: { 'Accept-Language': 'fr-FR,fr;q=0.9' } });
    const page = await context.newPage();
    page.setDefaultTimeout(20000);
    let seed = 1;
    for (const link of links) {
      await page.goto(base + link + '/deals/1');
      const r = await compare(page, count, seed++);
      console.log(`${link}: ${r.scored} scored by the server, ${r.same} the same in the page; ` +
                  `${r.refused} refused (the page scored ${r.localOnRefused} of them, the server says why once online); ` +
                  `contracts ${JSON.stringify(r.kinds)}`);
      assert.deepStrictEqual(r.mismatches, [], 'the page and the server disagree');
      assert.strictEqual(r.same, r.scored);
      assert.ok(r.scored >= count / 4, `too few deals scored to compare (${r.scored} of ${count})`);
      assert.ok(Object.keys(r.kinds).length >= 3, 'most contracts compared');
    }

    // Offline, as a thumb types: the page's preview, said to be the page's.
    await page.goto(base + links[0] + '/deals/1');
    const takers = await page.$$eval('input[name=taker]', is => is.map(i => i.value));
    await tap(page, 'taker', takers[1]);
    if (await page.$('input[name=partner]')) await tap(page, 'partner', 'alone');
    await tap(page, 'contract', 'garde');
    await tap(page, 'oudlers', '2');
    await context.setOffline(true);
    await page.fill('input[name=points]', '51');
    await page.waitForFunction(() => /sur cet appareil/.test(document.querySelector('#preview').textContent));
    const shown = (await page.textContent('#preview')).replace(/\s+/g, ' ');
    assert.match(shown, /Garde .* faite de 10 : \(25 \+ 10\) × 2 = 70/);
    assert.match(shown, /Hors ligne : score calculé sur cet appareil/);
    await page.screenshot({ path: `${shots}/preview-offline-phone.png` });
    // Incomplete offline: said so, no score.
    await page.fill('input[name=points]', '');
    await page.waitForFunction(() => /quand la donne sera complète/.test(document.querySelector('#preview').textContent));
    await context.setOffline(false);
    console.log('offline preview passed');
  } finally {
    await browser.close();
  }
}

const [base, links, count, shots] = process.argv.slice(2);
run(base, JSON.parse(links), Number(count), shots).catch(e => { console.error(e); process.exit(1); });
