// Chelem: pages that update by themselves. A page with a [data-live]
// element listens to its tournament's Server-Sent Events (FORMATS.md, "Live
// updates") and, on a change, fetches itself again and swaps its
// [data-live-region] parts (forms and scroll position stay as they are). A
// [data-autoscroll] box (the projector) shows its slides in turn, scrolling
// one slowly down when it is taller than the screen. Without JavaScript these pages
// reload every 30 seconds instead (a <noscript> refresh).
(function () {
  "use strict";

  var live = document.querySelector("[data-live]");
  if (live && window.EventSource && window.fetch && window.DOMParser) {
    var timer = null;
    var busy = false;
    var again = false;
    var schedule = function () {
      clearTimeout(timer);
      timer = setTimeout(refresh, 250);
    };
    var refresh = function () {
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      fetch(location.href, { credentials: "same-origin", cache: "no-store" })
        .then(function (r) {
          if (!r.ok) throw new Error("HTTP " + r.status);
          return r.text();
        })
        .then(function (html) {
          var doc = new DOMParser().parseFromString(html, "text/html");
          document.querySelectorAll("[data-live-region]").forEach(function (el) {
            var name = el.getAttribute("data-live-region");
            var fresh = doc.querySelector('[data-live-region="' + name + '"]');
            if (fresh && fresh.innerHTML !== el.innerHTML) el.innerHTML = fresh.innerHTML;
          });
          document.dispatchEvent(new Event("chelem:swapped"));
          document.documentElement.setAttribute("data-live-updated", String(Date.now()));
        })
        .catch(function () {})
        .then(function () {
          busy = false;
          if (again) {
            again = false;
            schedule();
          }
        });
    };
    var events = new EventSource(live.getAttribute("data-live"));
    // One stream per page: the countdown (clock.js) listens to this one.
    window.chelemEvents = events;
    // A moved end ("clock") changes what a table may still enter, as the
    // bell does when it rings (clock.js): the page again, a moment after
    // the server's own clock has passed it.
    ["deal", "round", "standings", "clock"].forEach(function (kind) {
      events.addEventListener(kind, schedule);
    });
    document.addEventListener("chelem:bell", function () {
      setTimeout(schedule, 1000);
    });
    // Too much was missed to replay: the whole page again.
    events.addEventListener("reload", function () {
      location.reload();
    });
    events.addEventListener("open", function () {
      document.documentElement.setAttribute("data-live-open", "1");
    });
  }

  // The projector's box ([data-autoscroll]) and its slides ([data-slide]:
  // the pages of the standings, the race chart): one shown at a time, for
  // its data-slide milliseconds, then the next; a slide taller than the
  // screen (a phone) scrolls slowly down first. The standings' type is made
  // smaller, step by step, until every name is in full and every row fits.
  var box = document.querySelector("[data-autoscroll]");
  if (box && window.requestAnimationFrame) {
    var reduced = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    var SPEED = 45; // pixels per second
    var PAUSE = 5000; // at the top and at the bottom of a long slide, in milliseconds
    var current = 0;
    var slides = function () {
      return Array.prototype.slice.call(box.querySelectorAll("[data-slide]"));
    };
    var cut = function (cols) {
      return Array.prototype.some.call(cols.querySelectorAll("td.name"), function (td) {
        var name = td.firstElementChild || td;
        var room = td.getBoundingClientRect().right - parseFloat(getComputedStyle(td).paddingRight);
        return name.getBoundingClientRect().right > room + 0.5;
      });
    };
    var fit = function (slide) {
      var cols = slide && slide.querySelector(".projector-columns");
      if (!cols) return;
      cols.style.fontSize = "";
      if (getComputedStyle(cols).display !== "flex") return; // a phone: one column that scrolls
      var size = parseFloat(getComputedStyle(cols).fontSize);
      var least = size * 0.6;
      while (size > least && (cut(cols) || box.scrollHeight > box.clientHeight + 1)) {
        size *= 0.95;
        cols.style.fontSize = size + "px";
      }
    };
    var show = function (k) {
      var all = slides();
      current = all.length ? k % all.length : 0;
      all.forEach(function (s, i) {
        s.hidden = i !== current;
      });
      box.scrollTop = 0;
      fit(all[current]);
    };
    var stay = function () {
      var slide = slides()[current];
      var tall = box.scrollHeight - box.clientHeight > 2;
      return tall ? PAUSE : Number(slide && slide.getAttribute("data-slide")) || PAUSE;
    };
    show(0);
    // A fresh copy of the slides (live updates): the same one stays shown.
    document.addEventListener("chelem:swapped", function () {
      show(current);
    });
    window.addEventListener("resize", function () {
      show(current);
    });
    var state = "top";
    var until = performance.now() + stay();
    var pos = 0;
    var last = null;
    var step = function (now) {
      var max = box.scrollHeight - box.clientHeight;
      if (now >= until) {
        if (state === "top" && max > 2) {
          state = "down";
          pos = box.scrollTop;
          last = now;
        } else if (state === "top" || state === "bottom") {
          show(current + 1);
          state = "top";
          until = now + stay();
        } else if (reduced) {
          // A page at a time, without motion.
          pos = Math.min(max, box.scrollTop + box.clientHeight * 0.9);
          box.scrollTop = pos;
          until = now + PAUSE;
          if (pos >= max) state = "bottom";
        } else {
          pos = Math.min(max, pos + ((now - last) * SPEED) / 1000);
          last = now;
          box.scrollTop = pos;
          if (pos >= max) {
            state = "bottom";
            until = now + PAUSE;
          }
        }
      }
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }
})();
