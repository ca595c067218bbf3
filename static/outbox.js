// The outbox of a table's tablet: deals, "everyone passed", confirmations
// and the actions of a seat playing on the devices survive a Wi-Fi drop (progressive enhancement: without this script the
// forms post as before). A form marked `data-outbox` is not posted by the
// browser: its entry (address, body with its idempotency key, a label, the
// page it came from) is kept in localStorage, then sent with fetch. It leaves
// the outbox only once the server answered it:
// - 2xx (after redirects): acknowledged (the server answers a replayed key as
//   a success), the page goes where the server sent it;
// - another 4xx (a refusal 422, a conflict 409...): the server's page is
//   shown, never retried silently;
// - no answer or a 5xx: kept, shown in the banner, sent again when the
//   browser is back online, when the page becomes visible, every 5 s, and
//   by every table page that loads.
// One entry per key: a double tap sends once. One key per content: a form
// sent again with other content (the deal corrected while it waited) gets a
// key of its own, and replaces what waited unsent (the server refuses a key
// used with other content). Where the browser keeps nothing (site data
// blocked, storage full), the form posts as without this script. A seat's
// action (a form marked `data-swap`) is answered with the seat's page, which
// seat.js swaps in (event `outbox-answer`) instead of leaving the page.
//
// The outbox itself (`create`) takes the page's world as `env`, so that
// tests/node/outbox.test.js runs it under node (`node --test`).
(function () {
  "use strict";
  var STORE = "chelem-outbox";

  // A short fingerprint of a text (FNV-1a, base 36).
  function fingerprint(text) {
    var h = 0x811c9dc5;
    for (var i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h.toString(36);
  }

  // What a form sends, its key and CSRF token aside: what makes two taps
  // the same entry or two.
  function contentOf(data) {
    var kept = [];
    data.forEach(function (value, name) {
      if (name !== "key" && name !== "csrf") kept.push([name, String(value)]);
    });
    return new URLSearchParams(kept).toString();
  }

  // env: storage() (localStorage; may throw), fetch, formData(form),
  // banner (or null), page() (this page's path and query), now(),
  // setTimeout, and answered(entry, response, html, left): what the page
  // shows of an answer (left: how many entries still wait).
  function create(env) {
    var sending = {};
    var retries = {};

    function load() {
      try {
        var all = JSON.parse(env.storage().getItem(STORE) || "{}");
        return all && typeof all === "object" ? all : {};
      } catch (e) {
        return {};
      }
    }

    // Whether `all` was kept: false where the browser keeps nothing.
    function save(all) {
      try {
        env.storage().setItem(STORE, JSON.stringify(all));
        return true;
      } catch (e) {
        return false;
      }
    }

    function waiting() {
      var all = load();
      return Object.keys(all).map(function (k) { return all[k]; })
        .sort(function (a, b) { return a.time - b.time; });
    }

    function show() {
      var banner = env.banner;
      if (!banner) return;
      var n = waiting().length;
      banner.hidden = n === 0;
      banner.textContent = n === 1 ? banner.getAttribute("data-one")
        : banner.getAttribute("data-many").replace("#", String(n));
    }

    function remove(key) {
      var all = load();
      delete all[key];
      save(all);
      show();
    }

    function send(entry) {
      if (sending[entry.key]) return;
      sending[entry.key] = true;
      env.fetch(entry.url, {
        method: "POST",
        body: entry.body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        credentials: "same-origin",
        redirect: "follow",
      }).then(function (r) {
        if (r.status >= 500 || r.status === 408 || r.status === 429) throw new Error("HTTP " + r.status);
        return r.text().then(function (html) {
          sending[entry.key] = false;
          delete retries[entry.key];
          remove(entry.key);
          env.answered(entry, r, html, waiting().length);
        });
      }).catch(function () {
        // No answer (or an unavailable server): kept for later, tried again
        // soon after a first miss, then every few seconds.
        sending[entry.key] = false;
        show();
        var n = (retries[entry.key] || 0) + 1;
        retries[entry.key] = n;
        if (n <= 3) env.setTimeout(resend, [300, 1000, 2000][n - 1]);
      });
    }

    function resend() {
      waiting().forEach(send);
    }

    // The entry's key: the form's idempotency key while nothing else waits
    // for that form, the key of what waits with the same content, or one of
    // its own for other content.
    function keyOf(form, data, all) {
      var key = data.get("key");
      if (key) {
        var content = contentOf(data);
        var mine = Object.keys(all).filter(function (k) { return k === key || all[k].base === key; });
        var same = mine.filter(function (k) { return contentOf(new URLSearchParams(all[k].body)) === content; });
        if (same.length) return same[0];
        return mine.length ? key + "-" + fingerprint(content) : key;
      }
      // A seat's action: one per state of the deal (the server answers the
      // same action at the same version as done, whenever it arrives).
      if (form.hasAttribute("data-swap")) return form.getAttribute("action") + "|" + data.get("version");
      // A confirmation: one per deal, version and defender.
      return form.getAttribute("action") + "|" + data.get("version") + "|" + data.get("player");
    }

    // A form's submission: kept and sent, or, where nothing can be kept,
    // left to the browser (the event not prevented: it posts).
    function submitted(e) {
      var form = e.target;
      if (!form || !form.hasAttribute || !form.hasAttribute("data-outbox")) return;
      var data = env.formData(form);
      if (e.submitter && e.submitter.name) data.append(e.submitter.name, e.submitter.value);
      var all = load();
      var base = data.get("key");
      var key = keyOf(form, data, all);
      if (base) data.set("key", key);
      if (!all[key]) {
        // What waited unsent for this form, with other content, is replaced.
        Object.keys(all).forEach(function (k) {
          if (base && all[k].base === base && !sending[k]) delete all[k];
        });
        all[key] = {
          key: key,
          base: base || null,
          url: form.action,
          body: new URLSearchParams(data).toString(),
          label: form.getAttribute("data-label") || "",
          page: env.page(),
          swap: form.hasAttribute("data-swap"),
          time: env.now(),
        };
        if (!save(all)) return;
      }
      e.preventDefault();
      show();
      send(all[key]);
    }

    return { submitted: submitted, resend: resend, waiting: waiting, show: show };
  }

  if (typeof module !== "undefined" && module.exports) {
    module.exports = { create: create, STORE: STORE };
    return;
  }

  // The server's page in place of this one (a refusal or a conflict).
  function replaceDocument(html) {
    document.open();
    document.write(html);
    document.close();
  }

  var outbox = create({
    storage: function () { return window.localStorage; },
    fetch: function (url, init) { return window.fetch(url, init); },
    formData: function (form) { return new FormData(form); },
    banner: document.getElementById("outbox"),
    page: function () { return location.pathname + location.search; },
    now: function () { return Date.now(); },
    setTimeout: function (f, ms) { return window.setTimeout(f, ms); },
    answered: function (entry, r, html, left) {
      if (entry.swap) {
        // A seat's action: its page swaps the answer in (static/seat.js),
        // a refusal included; another page has nothing to show of it.
        document.dispatchEvent(new CustomEvent("outbox-answer", { detail: { entry: entry, html: html } }));
      } else if (!r.ok) {
        replaceDocument(html);
      } else if (entry.page === location.pathname + location.search) {
        location.assign(r.url);
      } else if (!document.getElementById("deal-form") && left === 0) {
        // A sheet: what was waiting is on it now.
        location.reload();
      }
    },
  });

  document.addEventListener("submit", outbox.submitted);
  window.addEventListener("online", outbox.resend);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") outbox.resend();
  });
  // One timer per window, even after a page written in place of this one.
  if (window.chelemOutboxTimer) clearInterval(window.chelemOutboxTimer);
  window.chelemOutboxTimer = setInterval(outbox.resend, 5000);
  outbox.show();
  outbox.resend();
})();
