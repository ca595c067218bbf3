// Chelem: check-in at the door, on the tournament's dashboard.
//
// Each player's row is a form whose button fills the row; without
// JavaScript it posts and comes back to the row (#player-<id>). Here the
// same form is sent by fetch, with the same CSRF token, asking for JSON: the
// server answers the row and the counts as it renders them, swapped in
// place — no reload, the page keeps its place. The form says what to set
// (present=1 or 0), so a double tap or a resend never flips twice. A refusal
// is shown by the row, in the server's words.
//
// The search box filters the rows as one types (without JavaScript it is a
// GET ?q= filtered by the server; so is Enter when the list is long enough
// to come a page at a time). Each row carries its name and licence
// already folded by the server (data-search); only what is typed is folded
// here, the same way: accents, case and extra spaces set aside.
(function () {
  "use strict";

  var list = document.querySelector("ul.checkin-list");
  if (!list || !window.fetch || !window.URLSearchParams) return;

  var box = document.getElementById("checkin-q");
  var shown = document.getElementById("checkin-shown");
  var none = document.getElementById("checkin-none");
  var all = document.querySelector("a.checkin-all");

  var fold = function (s) {
    return s
      .normalize("NFD")
      .replace(/[\u0300-\u036f\u200b-\u200f\u2066-\u2069]/g, "")
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .join(" ");
  };

  var query = function () {
    return box ? box.value : "";
  };

  // Shows the rows that hold what is typed.
  var filter = function () {
    var want = fold(query());
    var count = 0;
    list.querySelectorAll("li.checkin-row").forEach(function (li) {
      var keep = want === "" || (li.getAttribute("data-search") || "").indexOf(want) !== -1;
      li.hidden = !keep;
      if (keep) count++;
      var q = li.querySelector('input[name="q"]');
      if (q) q.value = query();
    });
    if (shown) shown.textContent = want === "" ? "" : list.getAttribute("data-shown").replace("#", String(count));
    if (none) none.hidden = count > 0;
  };

  if (box) {
    box.addEventListener("input", filter);
    box.form.addEventListener("submit", function (e) {
      // A list sent a page at a time ([data-partial]): the server searches
      // every player; typing still filters the rows of this page.
      if (list.hasAttribute("data-partial")) return;
      e.preventDefault();
      filter();
    });
  }

  var say = function (li, text) {
    var p = li.querySelector(".checkin-error");
    if (!p) return;
    p.textContent = text;
    p.hidden = !text;
  };

  list.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.classList || !form.classList.contains("checkin-form")) return;
    e.preventDefault();
    var li = form.closest("li.checkin-row");
    if (li.getAttribute("aria-busy") === "true") return;
    li.setAttribute("aria-busy", "true");
    var hadFocus = li.contains(document.activeElement);
    fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      body: new URLSearchParams(new FormData(form)),
    })
      .then(function (r) {
        return r
          .json()
          .catch(function () {
            return {};
          })
          .then(function (body) {
            return { ok: r.ok, body: body };
          });
      })
      .then(function (a) {
        if (!a.ok || typeof a.body.row !== "string") {
          li.removeAttribute("aria-busy");
          say(li, a.body.error || list.getAttribute("data-failed"));
          return;
        }
        var t = document.createElement("template");
        t.innerHTML = a.body.row.trim();
        var fresh = t.content.firstElementChild;
        li.replaceWith(fresh);
        var counts = document.getElementById("players-counts");
        if (counts) counts.innerHTML = a.body.counts;
        var next = document.getElementById("next-count");
        if (next) next.textContent = a.body.next_count;
        if (all) all.hidden = a.body.waiting === 0;
        filter();
        if (hadFocus) {
          var b = fresh.querySelector("button.checkin-tap");
          if (b) b.focus();
        }
      })
      .catch(function () {
        li.removeAttribute("aria-busy");
        say(li, list.getAttribute("data-failed"));
      });
  });
})();
