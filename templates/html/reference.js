// grogpress rules reference: the chapter menu on a phone (a sidebar that
// closes beside the text), search over the index that search-index.js
// assigns to window.grogpressSearch, a preview of a card or a glossary term
// named in the prose, the colour theme, the shortcuts (`?`) and wide
// tables marked as scrolling. Hand-written, no framework, nothing
// fetched (so it works from file://), and no HTML is built from strings:
// text from the index goes into the page as text.
(function () {
  "use strict";
  var root = document.documentElement;
  root.classList.add("js");

  // A gallery's cards off screen are neither laid out nor painted until
  // they come near (each keeps the space it last took), so a page of
  // hundreds of cards opens at once. On screens only: a printed page draws
  // them all. (Set here: the Nu checker's CSS level does not know
  // content-visibility.)
  if (window.CSSStyleSheet && "adoptedStyleSheets" in document) {
    try {
      var lazy = new CSSStyleSheet();
      lazy.replaceSync("@media screen { .deck > [role=listitem] { content-visibility: auto; contain-intrinsic-size: auto 16rem auto 16rem; } }");
      document.adoptedStyleSheets = document.adoptedStyleSheets.concat([lazy]);
    } catch (e) { /* an older browser: every card drawn */ }
  }
  // The game's words (game.toml's [words]), written before this script by
  // grogpress: every word the script shows comes from them.
  var W = window.grogpressWords || {};

  // What the reader chose, remembered per site (its folder): the colour
  // theme and a closed sidebar, set before the page is drawn.
  var SITE = window.location.pathname.replace(/[^/]*$/, "");
  function remembered(name) {
    try { return window.localStorage.getItem("grogpress-" + name + ":" + SITE); } catch (e) { return null; }
  }
  function remember(name, value) {
    try {
      if (value === null) { window.localStorage.removeItem("grogpress-" + name + ":" + SITE); }
      else { window.localStorage.setItem("grogpress-" + name + ":" + SITE, value); }
    } catch (e) { /* storage off: the choice lasts this page */ }
  }
  // dark.css holds the dark colours, linked for a dark system (so a page
  // without scripts follows the system): a choice of dark links it for
  // every screen, a choice of light for none. The link's media is the one
  // record of the choice (the system's own query follows the system).
  var DARK_MEDIA = { system: "screen and (prefers-color-scheme: dark)", light: "not all", dark: "screen" };
  var THEMES = ["system", "light", "dark"];
  var chosen = "system";
  function setTheme(theme) {
    chosen = theme === "light" || theme === "dark" ? theme : "system";
    var darkSheet = document.getElementById("dark-colours");
    if (darkSheet) { darkSheet.media = DARK_MEDIA[chosen]; }
    // The browser's own controls and scroll bars follow the chosen colours
    // (set here: the Nu checker's CSS level does not know color-scheme).
    root.style.colorScheme = theme === "light" || theme === "dark" ? theme : "";
  }
  setTheme(remembered("theme"));
  if (remembered("sidebar") === "closed") { root.classList.add("sidebar-closed"); }

  // Words as grogpress indexes them: runs of letters and digits, lower-cased.
  var WORD = /[\p{Alphabetic}\p{N}]+/gu;
  function words(text) {
    return text.toLowerCase().match(WORD) || [];
  }

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  // --- The sidebar: a menu on a phone; the section being read marked. ---
  function sidebar() {
    var button = document.querySelector(".menu-button");
    var nav = document.getElementById("sidebar");
    if (!nav) { return; }
    // A phone's menu over the page; beside the text, a sidebar that closes.
    var phone = window.matchMedia("(max-width: 52rem)");
    function expanded() {
      var yes = phone.matches ? root.classList.contains("sidebar-open") : !root.classList.contains("sidebar-closed");
      if (button) { button.setAttribute("aria-expanded", yes ? "true" : "false"); }
    }
    function open(yes) {
      root.classList.toggle("sidebar-open", yes);
      expanded();
    }
    expanded();
    phone.addEventListener("change", expanded);
    if (button) {
      button.addEventListener("click", function () {
        if (!phone.matches) {
          var closed = root.classList.toggle("sidebar-closed");
          remember("sidebar", closed ? "closed" : null);
          expanded();
          return;
        }
        var yes = !root.classList.contains("sidebar-open");
        open(yes);
        if (yes) {
          var here = nav.querySelector("a[aria-current]") || nav.querySelector("a");
          if (here) { here.focus(); }
        }
      });
    }
    nav.addEventListener("click", function (e) {
      if (e.target.closest("a")) { open(false); }
    });
    document.addEventListener("click", function (e) {
      if (root.classList.contains("sidebar-open") && !nav.contains(e.target) &&
          !(button && button.contains(e.target))) {
        open(false);
      }
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && root.classList.contains("sidebar-open")) {
        open(false);
        if (button) { button.focus(); }
      }
    });

    // The current page's sections: mark the one being read.
    var links = [];
    nav.querySelectorAll("a[aria-current] + ol a").forEach(function (a) {
      var href = a.getAttribute("href") || "";
      var id = decodeURIComponent(href.slice(href.indexOf("#") + 1));
      var heading = document.getElementById(id);
      if (heading) { links.push([heading, a]); }
    });
    if (!links.length) { return; }
    var pending = false;
    function mark() {
      pending = false;
      var line = window.innerHeight / 3;
      var at = null;
      links.forEach(function (pair) {
        if (pair[0].getBoundingClientRect().top <= line) { at = pair[1]; }
      });
      links.forEach(function (pair) { pair[1].classList.toggle("in-view", pair[1] === at); });
    }
    window.addEventListener("scroll", function () {
      if (!pending) { pending = true; window.requestAnimationFrame(mark); }
    }, { passive: true });
    mark();
  }

  // --- Search. ---
  // Words are found by their stems in English (the index says so), with
  // elasticlunr.js's stemmer, the one grogpress indexed them with; a word
  // found nowhere is looked for one or two letters off (a typo); a rule
  // number ("4.1") finds its rule first; a table's rows found are one result.
  function search() {
    var box = document.getElementById("search-box");
    var panel = document.getElementById("search-results");
    if (!box || !panel) { return; }
    var status = panel.querySelector(".search-status");
    var list = panel.querySelector("ol");
    var data = window.grogpressSearch;
    var keys = data ? Object.keys(data.index).sort() : [];
    var SHOWN = 50;
    var KINDS = { s: W.result_rules, c: W.result_card, r: W.result_table, b: W.result_table, t: W.glossary };
    // A rule or a glossary term before the cards and rows that mention it.
    var BOOST = { s: 2, t: 1.8, b: 1.2, c: 1, r: 1 };
    var NUMBER = /^\d+(\.\d+)*\.?$/;
    var stemmer = data && data.stem && window.elasticlunr && window.elasticlunr.stemmer;
    function stem(word) { return stemmer ? stemmer(word) : word; }

    // The first key not below `term` (keys are sorted as JavaScript compares).
    function lowerBound(term) {
      var lo = 0, hi = keys.length;
      while (lo < hi) {
        var mid = (lo + hi) >> 1;
        if (keys[mid] < term) { lo = mid + 1; } else { hi = mid; }
      }
      return lo;
    }

    // The edit distance of a and b (letters added, left out, changed or
    // swapped), or more than `most` once it is sure to be.
    function distance(a, b, most) {
      if (Math.abs(a.length - b.length) > most) { return most + 1; }
      var rows = [[]];
      for (var j = 0; j <= b.length; j++) { rows[0][j] = j; }
      for (var i = 1; i <= a.length; i++) {
        rows[i] = [i];
        var least = i;
        for (j = 1; j <= b.length; j++) {
          var cost = a[i - 1] === b[j - 1] ? 0 : 1;
          var d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) { d = Math.min(d, rows[i - 2][j - 2] + 1); }
          rows[i][j] = d;
          least = Math.min(least, d);
        }
        if (least > most) { return most + 1; }
      }
      return rows[a.length][b.length];
    }

    // The keys a query word finds, each with its weight: its stem itself
    // (2), keys its stem begins (1), else keys a typo away (1/2).
    function expand(word) {
      var term = stem(word);
      var found = [];
      for (var i = lowerBound(term); i < keys.length && keys[i].startsWith(term); i++) {
        found.push([keys[i], keys[i] === term ? 2 : 1]);
      }
      if (!found.length && word.length >= 4) {
        // A stem is not always the word ("volley" stays, "volly" is
        // "volli"): the word typed and its stem, each against the keys.
        var most = word.length >= 7 ? 2 : 1;
        keys.forEach(function (key) {
          if (distance(word, key, most) <= most || distance(term, key, most) <= most) { found.push([key, 0.5]); }
        });
      }
      return found;
    }

    // doc → score for one query word.
    function lookup(found) {
      var scores = new Map();
      found.forEach(function (k) {
        var postings = data.index[k[0]];
        for (var j = 0; j + 1 < postings.length; j += 2) {
          var doc = postings[j];
          scores.set(doc, Math.max(scores.get(doc) || 0, postings[j + 1] * k[1]));
        }
      });
      return scores;
    }

    function find(expanded) {
      var scores = null;
      expanded.forEach(function (found) {
        var hits = lookup(found);
        if (scores === null) { scores = hits; return; }
        var both = new Map();
        scores.forEach(function (score, doc) {
          if (hits.has(doc)) { both.set(doc, score + hits.get(doc)); }
        });
        scores = both;
      });
      var results = [];
      (scores || new Map()).forEach(function (score, doc) {
        results.push([doc, score * (BOOST[data.docs[doc][0]] || 1)]);
      });
      results.sort(function (a, b) { return b[1] - a[1] || a[0] - b[0]; });
      return results;
    }

    // The rules a rule number names: itself, then the rules under it (a
    // table carrying rules lists its numbers, "5.3 5.4").
    function numbered(query) {
      var number = query.replace(/\.$/, "");
      var exact = [], under = [];
      data.docs.forEach(function (doc, n) {
        var numbers = doc[5] ? doc[5].split(" ") : [];
        if (numbers.indexOf(number) >= 0) { exact.push([n, Infinity]); }
        else if (numbers.some(function (m) { return m.startsWith(number + "."); })) { under.push([n, Infinity]); }
      });
      return exact.concat(under);
    }

    // One result per table: its rows found after the first are counted in it.
    function grouped(results) {
      var out = [], groups = new Map();
      results.forEach(function (r) {
        var doc = data.docs[r[0]];
        if (doc[0] !== "r" && doc[0] !== "b") { out.push([r[0], 0]); return; }
        var key = doc[2] + "\u0000" + doc[1];
        if (groups.has(key)) {
          if (doc[0] === "r") { groups.get(key)[1] += 1; }
          return;
        }
        var entry = [r[0], doc[0] === "r" ? 1 : 0];
        groups.set(key, entry);
        out.push(entry);
      });
      return out;
    }

    // Whether a word of the text is one the query found (by its stem).
    function matcher(expanded) {
      var found = new Set();
      expanded.forEach(function (f) { f.forEach(function (k) { found.add(k[0]); }); });
      return function (word) { return found.has(stem(word.toLowerCase())); };
    }

    // `text` with each word the query found marked, as nodes.
    function marked(text, hit) {
      var out = document.createDocumentFragment();
      var at = 0;
      text.replace(WORD, function (word, offset) {
        if (hit(word)) {
          out.appendChild(document.createTextNode(text.slice(at, offset)));
          var m = document.createElement("mark");
          m.textContent = word;
          out.appendChild(m);
          at = offset + word.length;
        }
        return word;
      });
      out.appendChild(document.createTextNode(text.slice(at)));
      return out;
    }

    // Some 30 words of `text` around its first match.
    function snippet(text, hit) {
      var first = -1;
      text.replace(WORD, function (word, offset) {
        if (first < 0 && hit(word)) { first = offset; }
        return word;
      });
      var start = Math.max(0, first - 60);
      if (start > 0) {
        var space = text.indexOf(" ", start);
        start = space >= 0 && space < first ? space + 1 : start;
      }
      var end = Math.min(text.length, start + 200);
      if (end < text.length) {
        var cut = text.lastIndexOf(" ", end);
        end = cut > start ? cut : end;
      }
      return (start > 0 ? "… " : "") + text.slice(start, end) + (end < text.length ? " …" : "");
    }

    function item(doc, rows, hit) {
      var a = document.createElement("a");
      // Only links into the reference: a page of it and an anchor.
      var href = String(doc[3]);
      a.href = /^[\w.-]+\.html(#[^\s"<>]*)?$/.test(href) ? href : "#";
      var kind = document.createElement("span");
      kind.className = "result-kind";
      kind.textContent = KINDS[doc[0]] || "";
      var title = document.createElement("span");
      title.className = "result-title";
      title.appendChild(marked(doc[1], hit));
      a.append(kind, title);
      if (doc[2] && doc[2] !== doc[1]) {
        var context = document.createElement("span");
        context.className = "result-context";
        context.textContent = " — " + doc[2];
        a.appendChild(context);
      }
      if (rows > 1) {
        var count = document.createElement("span");
        count.className = "result-context";
        count.textContent = " · " + rows + " " + W.rows;
        a.appendChild(count);
      }
      if (doc[4]) {
        var text = document.createElement("span");
        text.className = "result-text";
        text.appendChild(marked(snippet(doc[4], hit), hit));
        a.appendChild(text);
      }
      var li = document.createElement("li");
      li.appendChild(a);
      return li;
    }

    function run() {
      var query = box.value.trim();
      var terms = words(query);
      list.textContent = "";
      if (!terms.length) {
        panel.hidden = true;
        return;
      }
      panel.hidden = false;
      if (!data) {
        status.textContent = W.no_search_index;
        return;
      }
      var expanded = terms.map(expand);
      var rules = NUMBER.test(query) ? numbered(query) : [];
      var first = new Set(rules.map(function (r) { return r[0]; }));
      var results = grouped(rules.concat(find(expanded).filter(function (r) { return !first.has(r[0]); })));
      if (!results.length) {
        status.textContent = W.nothing_found + " “" + query + "”.";
        return;
      }
      status.textContent = (results.length === 1 ? W.one_result : results.length + " " + W.results) +
        (results.length > SHOWN ? ", " + String(W.best_shown).replace("{n}", SHOWN) : "");
      var hit = matcher(expanded);
      results.slice(0, SHOWN).forEach(function (r) {
        list.appendChild(item(data.docs[r[0]], r[1], hit));
      });
    }

    function resultLinks() { return Array.prototype.slice.call(list.querySelectorAll("a")); }

    box.addEventListener("input", run);
    box.addEventListener("focus", function () { if (box.value.trim()) { run(); } });
    box.addEventListener("keydown", function (e) {
      var links = resultLinks();
      if (e.key === "ArrowDown" && links.length) {
        e.preventDefault();
        links[0].focus();
      } else if (e.key === "Enter" && links.length) {
        e.preventDefault();
        links[0].click();
      } else if (e.key === "Escape") {
        if (box.value) { box.value = ""; run(); } else { box.blur(); }
      }
    });
    panel.addEventListener("keydown", function (e) {
      var links = resultLinks();
      var at = links.indexOf(document.activeElement);
      if (e.key === "ArrowDown" && at >= 0 && at + 1 < links.length) {
        e.preventDefault();
        links[at + 1].focus();
      } else if (e.key === "ArrowUp" && at >= 0) {
        e.preventDefault();
        (at > 0 ? links[at - 1] : box).focus();
      } else if (e.key === "Escape") {
        box.focus();
        panel.hidden = true;
      }
    });
    panel.addEventListener("click", function (e) {
      if (e.target.closest("a")) { panel.hidden = true; box.blur(); }
    });
    document.addEventListener("click", function (e) {
      if (!panel.hidden && !e.target.closest(".search")) { panel.hidden = true; }
    });
    document.addEventListener("keydown", function (e) {
      if ((e.key === "/" || e.key === "s") && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)) {
        e.preventDefault();
        box.focus();
        box.select();
      }
    });
    // page.html?search=words shows those results (a link to a search).
    var asked = new URLSearchParams(window.location.search).get("search");
    if (asked) {
      box.value = asked;
      run();
    }
  }

  // --- A card or a glossary term named in the prose, previewed on hover,
  // focus or a tap. A term's definition is in a <template class="term-preview">
  // of the page (and in the link's title, for a page without scripts). ---
  function previews() {
    var main = document.getElementById("main");
    if (!main) { return; }
    var pop = null, shownFor = null, timer = 0, lastPointer = "mouse";
    main.querySelectorAll("a.term[title]").forEach(function (a) { a.removeAttribute("title"); });

    function term(id) {
      var found = null;
      document.querySelectorAll("template.term-preview").forEach(function (t) {
        if (!found && t.getAttribute("data-for") === id) { found = t.content.querySelector(".term-definition"); }
      });
      return found ? found.cloneNode(true) : null;
    }

    function card(link) {
      var href = link.getAttribute("href") || "";
      var hash = href.indexOf("#");
      if (hash < 0) { return null; }
      var id = decodeURIComponent(href.slice(hash + 1));
      if (link.classList.contains("term")) { return term(id); }
      if (id.indexOf("card-") !== 0) { return null; }
      var found = hash === 0 ? document.getElementById(id) : null;
      if (!found) {
        document.querySelectorAll("template.card-preview").forEach(function (t) {
          if (!found && t.getAttribute("data-for") === id) { found = t.content.querySelector(".card"); }
        });
      }
      if (!found || !found.matches(".card")) { return null; }
      var copy = found.cloneNode(true);
      copy.removeAttribute("id");
      return copy;
    }

    function hide() {
      window.clearTimeout(timer);
      if (pop) { pop.remove(); }
      if (shownFor) { shownFor.removeAttribute("aria-describedby"); }
      pop = null;
      shownFor = null;
    }

    function later(fn, ms) {
      window.clearTimeout(timer);
      timer = window.setTimeout(fn, ms);
    }

    function show(link) {
      var copy = card(link);
      if (!copy) { return false; }
      hide();
      var isTerm = link.classList.contains("term");
      pop = document.createElement("div");
      pop.className = isTerm ? "card-popover term-popover" : "card-popover";
      pop.id = "card-popover";
      pop.setAttribute("role", "tooltip");
      pop.appendChild(copy);
      var go = document.createElement("a");
      go.className = "popover-link";
      go.href = link.getAttribute("href");
      go.textContent = isTerm ? W.go_to_glossary : W.go_to_card;
      pop.appendChild(go);
      pop.addEventListener("pointerenter", function () { window.clearTimeout(timer); });
      pop.addEventListener("pointerleave", function () { later(hide, 300); });
      document.body.appendChild(pop);
      link.setAttribute("aria-describedby", "card-popover");
      shownFor = link;
      // Below the link if it fits, else above; never off the screen's sides.
      var r = link.getClientRects()[0] || link.getBoundingClientRect();
      var width = pop.offsetWidth, height = pop.offsetHeight;
      var screenWidth = root.clientWidth;
      var left = Math.max(8, Math.min(r.left, screenWidth - width - 8));
      var top = r.bottom + 6;
      if (top + height > window.innerHeight && r.top - height - 6 > 0) { top = r.top - height - 6; }
      pop.style.left = (left + window.scrollX) + "px";
      pop.style.top = (top + window.scrollY) + "px";
      return true;
    }

    function cardLink(target) {
      var a = target && target.closest ? target.closest("a[href*='#card-'], a.term") : null;
      return a && main.contains(a) && !(pop && pop.contains(a)) ? a : null;
    }

    document.addEventListener("pointerdown", function (e) { lastPointer = e.pointerType; }, true);
    main.addEventListener("pointerover", function (e) {
      var link = cardLink(e.target);
      if (!link || e.pointerType !== "mouse") { return; }
      if (link === shownFor) { window.clearTimeout(timer); return; }
      later(function () { show(link); }, 200);
    });
    main.addEventListener("pointerout", function (e) {
      var link = cardLink(e.target);
      if (link && e.pointerType === "mouse" && !link.contains(e.relatedTarget)) { later(hide, 300); }
    });
    main.addEventListener("focusin", function (e) {
      var link = cardLink(e.target);
      if (link && link !== shownFor && lastPointer === "mouse" && e.target.matches(":focus-visible")) { show(link); }
    });
    main.addEventListener("focusout", function (e) {
      if (cardLink(e.target) && !(pop && pop.contains(e.relatedTarget))) { later(hide, 300); }
    });
    // A tap shows the card; a second tap on the same name follows the link.
    document.addEventListener("click", function (e) {
      var link = cardLink(e.target);
      if (link && lastPointer !== "mouse" && link !== shownFor) {
        if (show(link)) { e.preventDefault(); }
        return;
      }
      if (pop && !pop.contains(e.target) && !link) { hide(); }
      if (pop && pop.contains(e.target) && e.target.closest("a")) { hide(); }
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && pop) { hide(); }
    });
  }

  // --- Left and right arrows turn the page, as in a book. ---
  function pager() {
    document.addEventListener("keydown", function (e) {
      if (e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || typing(e.target)) { return; }
      var rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
      var link = rel && document.querySelector(".pager a[rel='" + rel + "']");
      if (link) { window.location.href = link.href; }
    });
  }

  // --- The colour theme: the system's, light or dark, a button in the bar. ---
  var LABELS = { system: W.theme_system, light: W.theme_light, dark: W.theme_dark };
  function themes() {
    var bar = document.querySelector("header.site");
    if (!bar) { return; }
    var button = document.createElement("button");
    button.type = "button";
    button.className = "theme-button bar-button";
    function show() {
      var theme = chosen;
      button.textContent = theme === "dark" ? "\u263E" : theme === "light" ? "\u2600" : "\u25D0";
      button.setAttribute("aria-label", LABELS[theme] + " (" + W.theme_change + ")");
      button.title = LABELS[theme];
    }
    button.addEventListener("click", function () {
      var theme = THEMES[(THEMES.indexOf(chosen) + 1) % THEMES.length];
      setTheme(theme);
      remember("theme", theme === "system" ? null : theme);
      show();
    });
    show();
    bar.appendChild(button);
  }

  // --- `?` lists the keyboard shortcuts. ---
  var SHORTCUTS = [
    ["/ " + W.or + " s", W.shortcut_search],
    ["\u2190 \u2192", W.pager],
    ["\u2193 \u2191", W.shortcut_results],
    ["Esc", W.shortcut_close],
    ["?", W.shortcut_help]
  ];
  function help() {
    var bar = document.querySelector("header.site");
    var dialog = document.createElement("dialog");
    dialog.className = "shortcuts";
    dialog.setAttribute("aria-labelledby", "shortcuts-title");
    var title = document.createElement("h2");
    title.id = "shortcuts-title";
    title.textContent = W.shortcuts;
    var list = document.createElement("dl");
    SHORTCUTS.forEach(function (k) {
      var dt = document.createElement("dt");
      var key = document.createElement("kbd");
      key.textContent = k[0];
      dt.appendChild(key);
      var dd = document.createElement("dd");
      dd.textContent = k[1];
      list.append(dt, dd);
    });
    var close = document.createElement("button");
    close.type = "button";
    close.className = "bar-button";
    close.textContent = W.close;
    close.addEventListener("click", function () { dialog.close(); });
    dialog.append(title, list, close);
    document.body.appendChild(dialog);
    function open() { if (!dialog.open) { dialog.showModal(); } }
    if (bar) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "help-button bar-button";
      button.textContent = "?";
      button.setAttribute("aria-label", W.shortcuts);
      button.title = W.shortcuts + " (?)";
      button.addEventListener("click", open);
      bar.appendChild(button);
    }
    document.addEventListener("keydown", function (e) {
      if (e.key === "?" && !e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target)) {
        e.preventDefault();
        open();
      }
    });
  }

  // --- A table wider than the screen fades at the side it scrolls to. ---
  function wideTables() {
    var tables = Array.prototype.slice.call(document.querySelectorAll("main table"));
    if (!tables.length) { return; }
    function mark(t) {
      var more = t.scrollWidth - t.clientWidth;
      t.classList.toggle("more-right", more > 1 && t.scrollLeft < more - 1);
      t.classList.toggle("more-left", more > 1 && t.scrollLeft > 1);
      if (more > 1 && !t.hasAttribute("tabindex")) { t.setAttribute("tabindex", "0"); }
    }
    tables.forEach(function (t) {
      mark(t);
      t.addEventListener("scroll", function () { mark(t); }, { passive: true });
    });
    window.addEventListener("resize", function () { tables.forEach(mark); });
  }

  function start() {
    sidebar();
    search();
    previews();
    pager();
    themes();
    help();
    wideTables();
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
