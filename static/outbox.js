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
// One entry per key: a double tap sends once. A seat's action (a form
// marked `data-swap`) is answered with the seat's page, which seat.js swaps
// in (event `outbox-answer`) instead of leaving the page.
(function () {
  "use strict";
  var STORE = "chelem-outbox";
  var banner = document.getElementById("outbox");
  var sending = {};
  var retries = {};

  function load() {
    try {
      var all = JSON.parse(localStorage.getItem(STORE) || "{}");
      return all && typeof all === "object" ? all : {};
    } catch (e) {
      return {};
    }
  }

  function save(all) {
    localStorage.setItem(STORE, JSON.stringify(all));
  }

  function waiting() {
    var all = load();
    return Object.keys(all).map(function (k) { return all[k]; })
      .sort(function (a, b) { return a.time - b.time; });
  }

  function show() {
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

  // The server's page in place of this one (a refusal or a conflict).
  function replaceDocument(html) {
    document.open();
    document.write(html);
    document.close();
  }

  function send(entry) {
    if (sending[entry.key]) return;
    sending[entry.key] = true;
    fetch(entry.url, {
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
        if (entry.swap) {
          // A seat's action: its page swaps the answer in (static/seat.js),
          // a refusal included; another page has nothing to show of it.
          document.dispatchEvent(new CustomEvent("outbox-answer", { detail: { entry: entry, html: html } }));
        } else if (!r.ok) {
          replaceDocument(html);
        } else if (entry.page === location.pathname + location.search) {
          location.assign(r.url);
        } else if (!document.getElementById("deal-form") && waiting().length === 0) {
          // A sheet: what was waiting is on it now.
          location.reload();
        }
      });
    }).catch(function () {
      // No answer (or an unavailable server): kept for later, tried again
      // soon after a first miss, then every few seconds.
      sending[entry.key] = false;
      show();
      var n = (retries[entry.key] || 0) + 1;
      retries[entry.key] = n;
      if (n <= 3) setTimeout(resend, [300, 1000, 2000][n - 1]);
    });
  }

  function resend() {
    waiting().forEach(send);
  }

  function keyOf(form, data) {
    var key = data.get("key");
    if (key) return key;
    // A seat's action: one per state of the deal (the server answers the
    // same action at the same version as done, whenever it arrives).
    if (form.hasAttribute("data-swap")) return form.getAttribute("action") + "|" + data.get("version");
    // A confirmation: one per deal, version and defender.
    return form.getAttribute("action") + "|" + data.get("version") + "|" + data.get("player");
  }

  function submitted(e) {
    var form = e.target;
    if (!form.hasAttribute || !form.hasAttribute("data-outbox")) return;
    e.preventDefault();
    var data = new FormData(form);
    if (e.submitter && e.submitter.name) data.append(e.submitter.name, e.submitter.value);
    var key = keyOf(form, data);
    var all = load();
    if (!all[key]) {
      all[key] = {
        key: key,
        url: form.action,
        body: new URLSearchParams(data).toString(),
        label: form.getAttribute("data-label") || "",
        page: location.pathname + location.search,
        swap: form.hasAttribute("data-swap"),
        time: Date.now(),
      };
      save(all);
    }
    show();
    send(all[key]);
  }

  document.addEventListener("submit", submitted);
  window.addEventListener("online", resend);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") resend();
  });
  // One timer per window, even after a page written in place of this one.
  if (window.chelemOutboxTimer) clearInterval(window.chelemOutboxTimer);
  window.chelemOutboxTimer = setInterval(resend, 5000);
  show();
  resend();
})();
