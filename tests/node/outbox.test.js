// The queue of static/outbox.js under node's own test runner (`node --test
// tests/node/outbox.test.js`, run by tests/app/outbox.rs): a tap kept until
// the server answers, sent again, removed only once answered; a conflict
// shown, not retried; where the browser keeps nothing, the form posts as
// without the script; one key per content.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');

const { create, STORE } = require(path.join(__dirname, '..', '..', 'static', 'outbox.js'));

// localStorage as a browser keeps it; `full`: every write refused.
function memoryStorage({ full = false } = {}) {
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => {
      if (full) throw new Error('QuotaExceededError');
      items.set(k, String(v));
    },
    removeItem: (k) => items.delete(k),
  };
}

// A page's world: its storage (or a blocked one), a fetch whose answers the
// test gives one by one, timers and answers recorded.
function world(storage) {
  const w = { posts: [], timers: [], answered: [], clock: 0 };
  w.env = {
    storage: () => {
      if (storage === 'blocked') throw new Error('SecurityError: the operation is insecure');
      return storage;
    },
    fetch: (url, init) => new Promise((resolve, reject) => {
      w.posts.push({
        url,
        body: new URLSearchParams(init.body),
        answer: (status) => resolve({
          status,
          ok: status >= 200 && status < 300,
          url,
          text: () => Promise.resolve(`<p>${status}</p>`),
        }),
        drop: () => reject(new TypeError('Failed to fetch')),
      });
    }),
    formData: (form) => {
      const d = new FormData();
      for (const [k, v] of Object.entries(form.fields)) d.append(k, v);
      return d;
    },
    banner: null,
    page: () => '/t/tok/deals/1',
    now: () => ++w.clock,
    setTimeout: (f, ms) => w.timers.push(ms),
    answered: (entry, r, html, left) => w.answered.push({ key: entry.key, status: r.status, html, left }),
  };
  w.outbox = create(w.env);
  return w;
}

// The deal form of a table (its hidden key and version, its fields).
function dealForm(fields = {}) {
  const attrs = { 'data-outbox': '', 'data-label': 'Donne 1' };
  return {
    action: 'http://tablet/t/tok/deals/1',
    fields: { csrf: 'c5rf', version: '0', key: 'k0123456789abcdef', taker: '7', contract: 'garde', points: '47', ...fields },
    hasAttribute: (n) => n in attrs,
    getAttribute: (n) => (n in attrs ? attrs[n] : null),
  };
}

// A tap on Save: the event as the page's listener gets it.
function tap(w, form) {
  const e = { target: form, submitter: null, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
  w.outbox.submitted(e);
  return e;
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const keys = (w) => w.outbox.waiting().map((e) => e.key);

test('a tap is kept, sent, and kept while no answer comes', async () => {
  const storage = memoryStorage();
  const w = world(storage);
  const e = tap(w, dealForm());
  assert.ok(e.defaultPrevented, 'the outbox posts, not the browser');
  assert.strictEqual(w.posts.length, 1);
  assert.strictEqual(w.posts[0].url, 'http://tablet/t/tok/deals/1');
  assert.strictEqual(w.posts[0].body.get('key'), 'k0123456789abcdef');
  assert.strictEqual(w.posts[0].body.get('points'), '47');
  assert.deepStrictEqual(keys(w), ['k0123456789abcdef']);
  assert.ok(JSON.parse(storage.getItem(STORE))['k0123456789abcdef'], 'in the storage');
  w.posts[0].drop();
  await settle();
  assert.deepStrictEqual(keys(w), ['k0123456789abcdef'], 'kept: no answer');
  assert.deepStrictEqual(w.timers, [300], 'tried again soon');
  assert.strictEqual(w.answered.length, 0);
});

test('what waits is sent again, and leaves only once acknowledged', async () => {
  const storage = memoryStorage();
  const w = world(storage);
  tap(w, dealForm());
  w.posts[0].drop();
  await settle();
  // Sent again: the server unavailable (503) keeps it.
  w.outbox.resend();
  assert.strictEqual(w.posts.length, 2);
  w.posts[1].answer(503);
  await settle();
  assert.deepStrictEqual(keys(w), ['k0123456789abcdef'], 'kept: 503 is no answer');
  // A page loaded later, on the same storage, sends what waits.
  const later = world(storage);
  later.outbox.resend();
  assert.strictEqual(later.posts.length, 1);
  assert.strictEqual(later.posts[0].body.get('key'), 'k0123456789abcdef');
  assert.deepStrictEqual(keys(later), ['k0123456789abcdef'], 'not removed before the answer');
  later.posts[0].answer(200);
  await settle();
  assert.deepStrictEqual(keys(later), [], 'acknowledged: removed');
  assert.deepStrictEqual(later.answered, [{ key: 'k0123456789abcdef', status: 200, html: '<p>200</p>', left: 0 }]);
  later.outbox.resend();
  assert.strictEqual(later.posts.length, 1, 'nothing left to send');
});

test('a double tap sends once', async () => {
  const w = world(memoryStorage());
  tap(w, dealForm());
  const again = tap(w, dealForm());
  assert.ok(again.defaultPrevented);
  assert.strictEqual(w.posts.length, 1, 'one post while the first is under way');
  assert.deepStrictEqual(keys(w), ['k0123456789abcdef']);
});

test('a conflict is shown and not retried silently', async () => {
  const w = world(memoryStorage());
  tap(w, dealForm());
  w.posts[0].answer(409);
  await settle();
  assert.deepStrictEqual(w.answered.map((a) => a.status), [409], "the server's page is shown");
  assert.deepStrictEqual(keys(w), [], 'answered: not sent again');
  w.outbox.resend();
  assert.strictEqual(w.posts.length, 1);
  assert.deepStrictEqual(w.timers, []);
});

test('where the browser keeps nothing, the form posts as without the script', () => {
  for (const storage of ['blocked', memoryStorage({ full: true })]) {
    const w = world(storage);
    const e = tap(w, dealForm());
    assert.strictEqual(e.defaultPrevented, false, 'the browser posts the form');
    assert.strictEqual(w.posts.length, 0, 'nothing sent by the outbox');
    assert.deepStrictEqual(keys(w), []);
    w.outbox.resend();
    w.outbox.show();
    assert.strictEqual(w.posts.length, 0);
  }
});

test('one key per content: a corrected deal gets its own key and replaces what waited', async () => {
  const w = world(memoryStorage());
  tap(w, dealForm());
  w.posts[0].drop();
  await settle();
  // Corrected while it waits: a key of its own, the first content replaced.
  tap(w, dealForm({ points: '60' }));
  assert.strictEqual(w.posts.length, 2);
  const key = w.posts[1].body.get('key');
  assert.notStrictEqual(key, 'k0123456789abcdef');
  assert.match(key, /^[A-Za-z0-9_-]{8,100}$/, 'a key the server takes');
  assert.ok(key.startsWith('k0123456789abcdef-'), key);
  assert.strictEqual(w.posts[1].body.get('points'), '60');
  assert.strictEqual(w.posts[1].body.get('csrf'), 'c5rf');
  assert.deepStrictEqual(keys(w), [key], 'the unsent first content is replaced');
  // The same correction again: the same key, sent once.
  tap(w, dealForm({ points: '60' }));
  assert.strictEqual(w.posts.length, 2);
  assert.deepStrictEqual(keys(w), [key]);
  // Another correction while that one is under way: both go (the one under
  // way cannot be called back), each with its own key.
  tap(w, dealForm({ points: '61' }));
  assert.strictEqual(w.posts.length, 3);
  const third = w.posts[2].body.get('key');
  assert.ok(third !== key && third !== 'k0123456789abcdef', third);
  assert.deepStrictEqual(keys(w).sort(), [key, third].sort());
  w.posts[1].answer(200);
  w.posts[2].answer(200);
  await settle();
  assert.deepStrictEqual(keys(w), []);
});
