// FFT scoring in the page, for the deal form's preview while the tablet is
// offline: the same arithmetic as crates/core/src/tarot/score.rs (RULES.md), term by
// term, and the same formula text. The server remains the judge: it checks
// every fact of the deal (point bounds, handfuls, chelem...) when the entry
// is sent, and a refusal then shows beside its field. The browser test
// `offline_preview_scores_like_the_server` compares this file's answers
// with the server's on hundreds of random deals.
(function (root) {
  "use strict";

  var MINUS = "\u2212";

  // Points the attack needs with this many oudlers.
  function target(oudlers) {
    return [56, 51, 41, 36][oudlers];
  }

  function multiplier(contract, rules) {
    switch (contract) {
      case "petite": return 1;
      case "garde": return 2;
      case "garde_sans": return 4;
      case "garde_contre": return rules.garde_contre_x8 ? 8 : 6;
      default: return null;
    }
  }

  function handfulBonus(size, rules) {
    switch (size) {
      case "simple": return 20;
      case "double": return rules.handfuls_20_40_60 ? 40 : 30;
      case "triple": return rules.handfuls_20_40_60 ? 60 : 40;
      default: return null;
    }
  }

  // C: +400 announced and made, +200 made unannounced, −200 announced and
  // not made, −200 when the defence takes every trick (−400 if announced).
  function chelemBonus(announced, madeBy) {
    if (madeBy === "attack") return announced ? 400 : 200;
    if (madeBy === "defence") return announced ? -400 : -200;
    return announced ? -200 : 0;
  }

  // Nearest multiple of 10, halves away from zero.
  function roundTo10(s) {
    var r = Math.floor((Math.abs(s) + 5) / 10) * 10;
    return s < 0 ? -r : r;
  }

  function signed(v) {
    return v < 0 ? MINUS + -v : String(v);
  }

  function term(v) {
    return v < 0 ? " " + MINUS + " " + -v : " + " + v;
  }

  // " (name)" after a term that has a name.
  function named(name) {
    return name ? " (" + name + ")" : "";
  }

  // A deal by seats: {players, taker, partner (seat or null), contract,
  // oudlers, halfPoints (the attack's points × 2), handfuls: [size],
  // petitAuBout: "attack"|"defence"|"", announced, madeBy:
  // "attack"|"defence"|"", miseres: [seat]}, and the names of the formula's
  // terms ({petit_au_bout, chelem, misere, simple, double, triple}, as the
  // server's term_names; none: bare terms). Answers {won, margin, formula,
  // scores (by seat)} or null when a term is unknown.
  function score(d, rules, names) {
    names = names || {};
    var n = d.players;
    var t = target(d.oudlers);
    var m = multiplier(d.contract, rules);
    if (t === undefined || m === null) return null;
    var won = d.halfPoints >= 2 * t;
    var w = won ? 1 : -1;
    var margin = Math.ceil(Math.abs(d.halfPoints - 2 * t) / 2);
    var base = w * (25 + margin);
    var pab = d.petitAuBout === "attack" ? 10 : d.petitAuBout === "defence" ? -10 : 0;
    var handful = 0;
    for (var i = 0; i < d.handfuls.length; i++) {
      var b = handfulBonus(d.handfuls[i], rules);
      if (b === null) return null;
      handful += b;
    }
    handful *= w;
    var chelem = chelemBonus(d.announced, d.madeBy);
    var exact = (base + pab) * m + handful + chelem;
    var s = rules.round_to_10 ? roundTo10(exact) : exact;

    var scores = [];
    for (i = 0; i < n; i++) scores.push(-s);
    if (n === 5 && d.partner !== null) {
      scores[d.partner] = s;
      scores[d.taker] = 2 * s;
    } else {
      scores[d.taker] = (n - 1) * s;
    }
    var misere = [];
    for (i = 0; i < n; i++) misere.push(0);
    for (var k = 0; k < d.miseres.length; k++) {
      for (i = 0; i < n; i++) misere[i] += i === d.miseres[k] ? 10 * (n - 1) : -10;
    }
    for (i = 0; i < n; i++) scores[i] += misere[i];

    var f = "";
    var handfulName = d.handfuls.map(function (h) { return names[h]; }).filter(Boolean).join(" + ");
    var bracket = won || pab !== 0;
    if (bracket) f += "(";
    f += won ? "25 + " + margin : signed(base);
    if (pab !== 0) f += term(pab) + named(names.petit_au_bout);
    if (bracket) f += ")";
    f += " \u00d7 " + m;
    if (handful !== 0) f += term(handful) + named(handfulName);
    if (chelem !== 0) f += term(chelem) + named(names.chelem);
    f += " = " + signed(exact);
    if (s !== exact) f += " \u2192 " + signed(s);
    if (misere.some(function (v) { return v !== 0; })) {
      f += " | " + (names.misere || "mis\u00e8re");
      for (i = 0; i < n; i++) f += misere[i] < 0 ? " " + MINUS + -misere[i] : " +" + misere[i];
    }
    return { won: won, margin: margin, formula: f, scores: scores };
  }

  // The deal a form describes, by seats (the order of its taker choices),
  // or null while it is incomplete or not a deal (the server says why once
  // it can be asked).
  function fromForm(form) {
    function checked(name) {
      var el = form.querySelector('input[name="' + name + '"]:checked');
      return el ? el.value : "";
    }
    var seats = [];
    var takers = form.querySelectorAll('input[name="taker"]');
    for (var i = 0; i < takers.length; i++) seats.push(takers[i].value);
    var n = seats.length;
    var taker = seats.indexOf(checked("taker"));
    if (taker < 0) return null;
    var partner = null;
    if (form.querySelector('input[name="partner"]')) {
      var p = checked("partner");
      if (p === "") return null;
      if (p !== "alone") {
        partner = seats.indexOf(p);
        if (partner < 0 || partner === taker) return null;
      }
    }
    var contract = checked("contract");
    var oudlers = parseInt(checked("oudlers"), 10);
    var typed = (form.elements.points ? form.elements.points.value : "").trim().replace(",", ".");
    if (!contract || isNaN(oudlers) || !/^\d+(\.\d*)?$|^\.\d+$/.test(typed)) return null;
    var counted = parseFloat(typed);
    if (!(counted >= 0 && counted <= 91)) return null;
    var points = checked("camp") === "defence" ? 91 - counted : counted;
    var half = points * 2;
    if (Math.abs(half - Math.round(half)) > 1e-9) return null;
    var handfuls = [];
    var miseres = [];
    for (i = 0; i < n; i++) {
      var h = checked("handful_" + seats[i]);
      if (h) handfuls.push(h);
      if (checked("misere_" + seats[i])) miseres.push(i);
    }
    return {
      players: n,
      taker: taker,
      partner: partner,
      contract: contract,
      oudlers: oudlers,
      halfPoints: Math.round(half),
      handfuls: handfuls,
      petitAuBout: checked("petit_au_bout"),
      announced: checked("chelem_announced") === "1",
      madeBy: checked("chelem_made_by"),
      miseres: miseres,
      seats: seats
    };
  }

  root.ChelemScore = { score: score, fromForm: fromForm };
  if (typeof module !== "undefined" && module.exports) module.exports = root.ChelemScore;
})(typeof window !== "undefined" ? window : this);
