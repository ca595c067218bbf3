// Chelem: the countdown of a timed round. An element [data-ends-at] carries
// the round's end and [data-now] the server's time when the page was made
// (RFC 3339); the count runs on performance.now() from that moment, never on
// the device's own clock, so a phone set an hour wrong still shows the
// server's remaining time. It listens to the page's stream (live.js), else
// opens [data-clock-live], the tournament's events: `clock` (the end moved) resets the end and the
// server's time. An element marked [data-follow] (the projector, which stays
// on the wall from round to round) takes up the clock of a later round when
// it starts, and hides when its round closes; it may start empty and hidden.
// Without JavaScript the element says when the round ends.
(function () {
  "use strict";

  var el = document.querySelector("[data-ends-at]");
  if (!el || !window.performance) return;
  var follow = el.hasAttribute("data-follow");
  var text = el.querySelector(".clock-text") || el;
  var end = Date.parse(el.getAttribute("data-ends-at"));
  var serverAt = Date.parse(el.getAttribute("data-now"));
  // The server wrote its time as it made the page: reckon it from when the
  // page's first byte came (the navigation's timing), else from now.
  var nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
  var perfAt = nav && nav.responseStart > 0 ? nav.responseStart : performance.now();
  if (isNaN(serverAt) || (isNaN(end) && !follow)) return;

  var two = function (n) {
    return (n < 10 ? "0" : "") + n;
  };
  var shown = null;
  var timer = null;
  // Whether the count was running at the last tick: when it reaches zero
  // on an open page, the page is told ("chelem:bell"), so that what it
  // offers follows the server's rule (live.js fetches it again).
  var counting = null;
  var serverNow = function () {
    return serverAt + (performance.now() - perfAt);
  };
  // What is left, in milliseconds, as this page reckons it (tests read it).
  el.chelemLeft = function () {
    return end - serverNow();
  };
  var tick = function () {
    var left = end - serverNow();
    var label;
    if (left > 0) {
      var s = Math.ceil(left / 1000);
      var h = Math.floor(s / 3600);
      var m = Math.floor((s % 3600) / 60);
      var clock = (h > 0 ? h + ":" + two(m) : String(m)) + ":" + two(s % 60);
      label = el.getAttribute("data-left").replace("%t", clock);
      el.setAttribute("data-remaining", String(s));
      el.classList.remove("clock-over");
      el.classList.toggle("clock-soon", s <= 300);
    } else {
      label = el.getAttribute("data-over");
      el.setAttribute("data-remaining", "0");
      el.classList.add("clock-over");
      el.classList.remove("clock-soon");
    }
    if (counting === true && left <= 0) document.dispatchEvent(new CustomEvent("chelem:bell"));
    counting = left > 0;
    if (label !== shown) {
      text.textContent = label;
      shown = label;
    }
    // Wake just after the next whole second.
    var wait = left > 0 ? (left % 1000) + 20 : 1000;
    timer = setTimeout(tick, Math.min(Math.max(wait, 50), 1000));
  };
  if (!isNaN(end)) tick();

  var url = el.getAttribute("data-clock-live");
  var round = el.getAttribute("data-round");
  // The page's stream when it has one (live.js, loaded before): a browser
  // keeps few connections per server, a second stream per page would use
  // them up.
  var events = window.chelemEvents || (url && window.EventSource ? new EventSource(url) : null);
  if (events) {
    events.addEventListener("clock", function (e) {
      var d;
      try {
        d = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      // Another round: a projector follows the later one, other pages
      // belong to their round.
      if (String(d.round) !== round && !(follow && Number(d.round) > Number(round || 0))) return;
      var newEnd = Date.parse(d.ends_at);
      var newNow = Date.parse(d.now);
      if (isNaN(newEnd) || isNaN(newNow)) return;
      round = String(d.round);
      el.setAttribute("data-round", round);
      el.hidden = false;
      end = newEnd;
      serverAt = newNow;
      perfAt = performance.now();
      el.setAttribute("data-ends-at", d.ends_at);
      clearTimeout(timer);
      tick();
    });
    if (follow) {
      // Its round closed: nothing to count until the next one starts.
      events.addEventListener("round", function (e) {
        var d;
        try {
          d = JSON.parse(e.data);
        } catch (err) {
          return;
        }
        if (String(d.round) !== round || (d.state !== "closed" && d.state !== "undone")) return;
        clearTimeout(timer);
        el.hidden = true;
      });
    }
  }
})();
