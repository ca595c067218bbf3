// The deal form, built for thumbs (progressive enhancement: without this
// script the form works the same and the server shows the score after
// saving). As the form is filled, the server's own scoring is asked for the
// score and its explanation, shown before saving; a refusal is shown beside
// the field at fault. Offline, the score is computed in the page
// (static/score.js) and said to be so. The taker cannot be tapped as their
// own partner.
(function () {
  "use strict";
  var form = document.getElementById("deal-form");
  if (!form) return;
  var out = document.getElementById("preview");
  var url = form.getAttribute("data-preview");
  var timer = null;
  var asked = 0;

  function partnerFollowsTaker() {
    var taker = form.querySelector('input[name="taker"]:checked');
    var partners = form.querySelectorAll('input[name="partner"]');
    for (var i = 0; i < partners.length; i++) {
      var p = partners[i];
      var isTaker = taker && p.value === taker.value;
      p.disabled = !!isTaker;
      if (isTaker && p.checked) p.checked = false;
      p.parentNode.classList.toggle("disabled", !!isTaker);
    }
  }

  function markField(field) {
    var sets = form.querySelectorAll("[data-field]");
    for (var i = 0; i < sets.length; i++) {
      sets[i].classList.toggle("invalid", !!field && sets[i].getAttribute("data-field") === field);
    }
  }

  function ask() {
    var data = new FormData(form);
    data.delete("csrf");
    data.delete("key");
    var n = ++asked;
    fetch(url + "?" + new URLSearchParams(data).toString(), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        if (n !== asked) return;
        out.innerHTML = html;
        var refused = out.querySelector("[data-field]");
        markField(refused ? refused.getAttribute("data-field") : "");
      })
      .catch(function (e) {
        // A refusal of the preview itself: the server checks on save.
        if (typeof e === "number") return;
        // Offline: the score computed here (static/score.js); the server
        // checks the deal once it is sent (the outbox).
        if (n !== asked) return;
        var local = offline();
        if (local) {
          out.replaceChildren(local);
        } else {
          out.textContent = out.getAttribute("data-offline") || "";
        }
        markField("");
      });
  }

  // The preview computed in the page, in the server's words, or null while
  // the form is not a whole deal.
  function offline() {
    var tpl = document.getElementById("offline-score");
    if (!window.ChelemScore || !tpl) return null;
    var d = window.ChelemScore.fromForm(form);
    var rules = JSON.parse(form.getAttribute("data-rules") || "{}");
    var names = JSON.parse(form.getAttribute("data-terms") || "{}");
    var r = d && window.ChelemScore.score(d, rules, names);
    if (!r) return null;
    var taker = form.querySelector('input[name="taker"]:checked');
    var contract = form.querySelector('input[name="contract"]:checked');
    var sentence = taker.getAttribute(r.won ? "data-made" : "data-failed")
      .split("{contract}").join(contract.parentNode.textContent.trim())
      .split("{margin}").join(String(r.margin))
      .split("{formula}").join(r.formula);
    var frag = tpl.content.cloneNode(true);
    frag.querySelector(".explain-line").textContent = sentence;
    var lines = frag.querySelectorAll("li[data-player]");
    for (var i = 0; i < lines.length; i++) {
      var seat = d.seats.indexOf(lines[i].getAttribute("data-player"));
      var v = seat < 0 ? 0 : r.scores[seat];
      lines[i].querySelector(".num").textContent = (v > 0 ? "+" : "") + v;
    }
    return frag;
  }
  // For the browser test that compares this preview with the server's.
  window.chelemOfflinePreview = offline;

  function changed() {
    partnerFollowsTaker();
    clearTimeout(timer);
    timer = setTimeout(ask, 120);
  }

  form.addEventListener("change", changed);
  form.addEventListener("input", changed);
  partnerFollowsTaker();
})();
