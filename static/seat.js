// A seat's page live: each change of the game (the seat's own stream, no
// cards in it) fetches the page again and swaps the #seat part; forms are
// sent by the outbox (kept through a Wi-Fi drop) and their answer swapped
// in the same way. Without
// JavaScript every form posts and the page reloads: the game plays the same.
(function () {
  "use strict";
  var root = document.getElementById("seat");
  if (!root || !window.fetch) return;
  var busy = false;
  // A change told while an action was on its way: look again after it.
  var missed = false;

  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("seat");
    var current = document.getElementById("seat");
    if (!fresh || !current) return;
    // Where the game is: (deal, actions). An answer older than the page
    // (two fetches crossing) is dropped, never shown over a newer state.
    var at = function (el) {
      return [parseInt(el.getAttribute("data-deal"), 10) || 0, parseInt(el.getAttribute("data-version"), 10) || 0];
    };
    var f = at(fresh), c = at(current);
    if (f[0] < c[0] || (f[0] === c[0] && f[1] < c[1])) return;
    // Nothing moved: keep the page as it is (a half-picked discard stays
    // picked, no element under a finger is replaced).
    // (A refusal's alert is swapped in or out; the écart's "why" line
    // under the cards is the page's own, not an answer.)
    var told = function (el) { return el.querySelector("[role=alert]:not(.why)") !== null; };
    if (f[0] === c[0] && f[1] === c[1] && !told(fresh) && !told(current)) return;
    // Keep the previous trick open if it was.
    var open = current.querySelector("details.last-trick[open]") !== null;
    current.replaceWith(fresh);
    if (open) {
      var d = fresh.querySelector("details.last-trick");
      if (d) d.open = true;
    }
    wire(fresh);
  }

  function refresh() {
    if (busy) { missed = true; return; }
    fetch(location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.text(); })
      .then(swap)
      .catch(function () {});
  }

  // The seat's forms go through the outbox (static/outbox.js, forms marked
  // data-outbox): kept through a Wi-Fi drop and sent again until answered;
  // here their buttons wait for the answer, which is swapped in.
  function wire(el) {
    // The colours' switch needs this script.
    el.querySelectorAll(".colours-row").forEach(function (p) { p.hidden = false; });
    el.querySelectorAll("form.act, .result form").forEach(function (form) {
      form.addEventListener("submit", function () {
        busy = true;
        setTimeout(function () {
          form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
        }, 0);
      });
    });
    // Cards picked by tapping (the écart, the two cards called at 6, a
    // handful): the button counts them and waits for a number allowed
    // (data-pick: one, or several separated by spaces: 10 13 15).
    el.querySelectorAll("form[data-pick]").forEach(function (form) {
      var needs = form.getAttribute("data-pick").split(" ").map(Number);
      var button = form.querySelector(".pick-submit");
      var count = function () {
        var n = form.querySelectorAll("input[type=checkbox]:checked").length;
        var need = needs.filter(function (k) { return k >= n; })[0] || needs[needs.length - 1];
        button.disabled = needs.indexOf(n) < 0;
        button.textContent = button.textContent.replace(/ \(\d+\/\d+\)$/, "") + " (" + n + "/" + need + ")";
      };
      form.addEventListener("change", count);
      count();
      // A card the rules keep out of the écart says why when tapped.
      var why = form.querySelector(".why");
      form.querySelectorAll("label.card-pick.disabled").forEach(function (l) {
        l.addEventListener("click", function () {
          if (!why) return;
          why.textContent = l.getAttribute("data-why") || "";
          why.hidden = !why.textContent;
        });
      });
    });
  }

  // Four colours (diamonds blue, clubs green) or two, kept on this device.
  var colours = function () {
    var four = localStorage.getItem("chelem-colours") === "4";
    document.documentElement.classList.toggle("four-colours", four);
    return four;
  };
  try { colours(); } catch (e) { /* no storage: two colours */ }
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("button.colours");
    if (!b) return;
    try {
      localStorage.setItem("chelem-colours", colours() ? "2" : "4");
      colours();
    } catch (err) { /* no storage */ }
  });

  document.addEventListener("outbox-answer", function (e) {
    if (!e.detail.entry.swap) return;
    busy = false;
    swap(e.detail.html);
    if (missed) { missed = false; refresh(); }
  });

  wire(root);
  if (window.EventSource) {
    var es = new EventSource(root.getAttribute("data-stream"));
    es.addEventListener("change", refresh);
    es.addEventListener("open", refresh);
  }
})();
