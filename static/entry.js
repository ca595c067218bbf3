// The deal form, built for thumbs (progressive enhancement: without this
// script the form works the same and the server shows the score after
// saving). As the form is filled, the server's own scoring is asked for the
// score and its explanation, shown before saving; a refusal is shown beside
// the field at fault. The taker cannot be tapped as their own partner.
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
        // Offline: the server scores the deal once it is sent (the outbox).
        if (n !== asked) return;
        out.textContent = out.getAttribute("data-offline") || "";
        markField("");
      });
  }

  function changed() {
    partnerFollowsTaker();
    clearTimeout(timer);
    timer = setTimeout(ask, 120);
  }

  form.addEventListener("change", changed);
  form.addEventListener("input", changed);
  partnerFollowsTaker();
})();
