// tilekit rules reference: the reader's choice of expansions and publisher,
// its permalink, and the search box.
//
// Plain JavaScript with nothing fetched, so that the site works from file://
// and offline. Without this script every page shows everything; with it:
//
// - The choice is read from the URL query (x: comma-separated expansion and
//   part ids, absent for everything; p: a publisher, absent or empty for
//   all), else from localStorage ("tilekit-choice"), and set in the form
//   #selector.
// - Every element with data-needs="ID ID" is shown only when all of those ids
//   are selected (a part is selected when it or its whole expansion is; an
//   expansion when it or any of its parts is), and hidden when all the ids
//   of its data-unless are (the order of play without the Black Dragon, say);
//   every element with data-publishers="hig rgg" is shown only when no
//   publisher or one of these is chosen, and one with an empty
//   data-publishers only when no publisher is chosen (the steps' own
//   order of play, which a publisher's turn replaces). Each <p class="hidden-count" data-for="ID"> tells how many
//   entries of element ID the choice hides.
// - Internal links carry the choice, and a change of the form updates the
//   URL (history.replaceState) and localStorage, so every view is a
//   permalink and the choice follows the reader from page to page.
// - The tile gallery's filters (#tile-filters, boxes named kind) show only
//   the tiles whose data-kinds hold every checked kind; they live in the
//   gallery's URL (k) alone.
// - The search box #search filters window.tilekitSearch (written by
//   assets/search-index.js): every word typed but the stop words must occur
//   in an entry's title, question or text, case-insensitively; entries the
//   reader's choice leaves out are not found; the best come first (a word
//   in the title counts most, answers before prose), an answer with its
//   question and verdict; at most 20 results are listed in #search-results.
//   "/" opens the search box.
//
// The root element gets the class "js", so that the stylesheet can hide what
// is written for readers without the script.
//
// Interface strings can be given by the page, so that a translated site needs
// no change here: data-one and data-many on a hidden-count paragraph, and
// data-none and data-more on #search-results, with {n} for the number, and
// data-kind-KIND there for the word of a result's kind (else its id).
(function () {
  "use strict";

  // The page knows the script runs: what is written for readers without it
  // (the "needs" labels) hides (site.css, .js).
  document.documentElement.classList.add("js");

  var STORAGE_KEY = "tilekit-choice";
  var MAX_RESULTS = 20;

  // Choice is what the reader chose: ids (null for everything, else a list
  // of checked expansion and part ids), or, when except is a list, every
  // expansion but those ids; and publisher ("" for all).
  function Choice(ids, publisher, except) {
    this.ids = ids;
    this.publisher = publisher || "";
    this.except = except || null;
    this.edition = ""; // an edition's id, "" for every edition
    this.month = ""; // YYYY-MM, "" for today's rules
  }

  // withRules sets a choice's edition and month and returns it.
  Choice.prototype.withRules = function (edition, month) {
    this.edition = edition || "";
    this.month = month || "";
    return this;
  };

  // has reports whether a choice names an id among its checked ones (or,
  // for one made of exceptions, does not name it).
  Choice.prototype.has = function (id) {
    if (this.except !== null) {
      return this.except.indexOf(id) < 0 && this.except.indexOf(expansionOf(id)) < 0;
    }
    return this.ids === null || this.ids.indexOf(id) >= 0 || this.ids.indexOf(expansionOf(id)) >= 0;
  };

  // idList reads comma-separated ids from every value of a query parameter.
  function idList(params, key) {
    var ids = [];
    params.getAll(key).forEach(function (value) {
      value.split(",").forEach(function (id) {
        id = id.trim();
        if (id !== "" && ids.indexOf(id) < 0) {
          ids.push(id);
        }
      });
    });
    return ids;
  }

  // parseChoice reads a query string ("?x=a,b/c&p=hig", or "?n=a" for
  // every expansion but a). It accepts x given several times, as a form
  // submitted without this script sends it. It returns null when the query
  // says nothing about the choice.
  function parseChoice(query) {
    var params = new URLSearchParams(query);
    if (!params.has("x") && !params.has("n") && !params.has("p") && !params.has("e") && !params.has("m")) {
      return null;
    }
    var choice = params.has("n") && !params.has("x") ?
      new Choice(null, params.get("p") || "", idList(params, "n")) :
      new Choice(params.has("x") ? idList(params, "x") : null, params.get("p") || "");
    return choice.withRules(params.get("e"), params.get("m"));
  }

  // queryOf writes a choice as a query string without "?", "" for the
  // default (everything, every publisher). Slashes and commas are left
  // readable: ids are plain lower-case slugs.
  function queryOf(choice) {
    var parts = [];
    if (choice.except !== null) {
      parts.push("n=" + choice.except.map(encodeId).join(","));
    } else if (choice.ids !== null) {
      parts.push("x=" + choice.ids.map(encodeId).join(","));
    }
    if (choice.publisher !== "") {
      parts.push("p=" + encodeURIComponent(choice.publisher));
    }
    if (choice.edition !== "") {
      parts.push("e=" + encodeURIComponent(choice.edition));
    }
    if (choice.month !== "") {
      parts.push("m=" + encodeURIComponent(choice.month));
    }
    return parts.join("&");
  }

  function encodeId(id) {
    return encodeURIComponent(id).replace(/%2F/gi, "/");
  }

  function storedChoice() {
    try {
      var stored = window.localStorage.getItem(STORAGE_KEY);
      return stored === null ? null : parseChoice(stored) || new Choice(null, "");
    } catch (e) {
      return null; // storage refused (privacy settings): the URL alone
    }
  }

  function storeChoice(choice) {
    try {
      window.localStorage.setItem(STORAGE_KEY, queryOf(choice));
    } catch (e) {
      // Storage refused: the choice still lives in the URL.
    }
  }

  // Selector wraps the form #selector: its checkboxes (name x) and its
  // publisher select (name p).
  function Selector(form) {
    this.form = form;
    this.boxes = Array.prototype.slice.call(
      form.querySelectorAll('input[type="checkbox"][name="x"]'));
    this.publisherSelect = form.querySelector('select[name="p"]');
    this.editionSelect = form.querySelector('select[name="e"]');
    this.monthSelect = form.querySelector('select[name="m"]');
  }

  Selector.prototype.box = function (id) {
    for (var i = 0; i < this.boxes.length; i++) {
      if (this.boxes[i].value === id) {
        return this.boxes[i];
      }
    }
    return null;
  };

  // partsOf lists the checkboxes of an expansion's parts ("id/part").
  Selector.prototype.partsOf = function (expansion) {
    return this.boxes.filter(function (box) {
      return box.value.indexOf(expansion + "/") === 0;
    });
  };

  // set puts a choice into the form. An expansion that is checked checks
  // all its parts.
  Selector.prototype.set = function (choice) {
    var self = this;
    this.boxes.forEach(function (box) {
      box.checked = choice.has(box.value);
    });
    this.boxes.forEach(function (box) {
      if (!isPart(box.value)) {
        self.syncExpansion(box.value);
      }
    });
    if (this.publisherSelect) {
      this.publisherSelect.value = choice.publisher;
      if (this.publisherSelect.value !== choice.publisher) {
        this.publisherSelect.value = ""; // a publisher the site does not know
      }
    }
    if (this.editionSelect) {
      this.editionSelect.value = choice.edition;
      if (this.editionSelect.value !== choice.edition) {
        this.editionSelect.value = "";
      }
    }
    if (this.monthSelect) {
      this.monthSelect.value = eraOption(this.monthSelect, choice.month);
    }
  };

  // eraOption returns the option of the month select for a month: the
  // latest that starts by then, "" (today's rules) for a month of the last
  // era, for none and for one the select cannot read.
  function eraOption(select, month) {
    var chosen = "";
    if (!/^\d{4}-\d{2}$/.test(month)) {
      return chosen;
    }
    Array.prototype.forEach.call(select.options, function (option) {
      if (option.value !== "" && option.value <= month) {
        chosen = option.value;
      }
    });
    var starts = words(select.getAttribute("data-eras"));
    return starts.length > 0 && month >= starts[starts.length - 1] ? "" : chosen;
  }

  // rulesChosen returns the edition ("*" for every edition) and the index
  // of the era whose rules the form chooses.
  Selector.prototype.rulesChosen = function () {
    var edition = this.editionSelect && this.editionSelect.value !== "" ? this.editionSelect.value : "*";
    var starts = this.monthSelect ? words(this.monthSelect.getAttribute("data-eras")) : [];
    var era = starts.length - 1;
    if (this.monthSelect && this.monthSelect.value !== "") {
      era = starts.indexOf(this.monthSelect.value);
    }
    return { edition: edition, era: era };
  };

  // syncExpansion makes an expansion's box agree with its parts: checked
  // when all are, indeterminate when some are.
  Selector.prototype.syncExpansion = function (expansion) {
    var box = this.box(expansion);
    var parts = this.partsOf(expansion);
    if (!box || parts.length === 0) {
      return;
    }
    var checked = parts.filter(function (part) { return part.checked; }).length;
    box.checked = checked === parts.length;
    box.indeterminate = checked > 0 && checked < parts.length;
  };

  // changed keeps expansions and parts consistent after the reader ticked
  // or unticked one box.
  Selector.prototype.changed = function (box) {
    if (isPart(box.value)) {
      this.syncExpansion(expansionOf(box.value));
      return;
    }
    box.indeterminate = false;
    this.partsOf(box.value).forEach(function (part) {
      part.checked = box.checked;
    });
  };

  // choice reads the form: null ids when every box is checked; else each
  // whole expansion by its id, and the parts of the others one by one; or,
  // when that is shorter, the boxes left unchecked alike, as exceptions.
  Selector.prototype.choice = function () {
    var publisher = this.publisherSelect ? this.publisherSelect.value : "";
    var edition = this.editionSelect ? this.editionSelect.value : "";
    var month = this.monthSelect ? this.monthSelect.value : "";
    var all = this.boxes.every(function (box) { return box.checked; });
    if (all) {
      return new Choice(null, publisher).withRules(edition, month);
    }
    var ids = this.named(true);
    var except = this.named(false);
    return (except.length < ids.length ? new Choice(null, publisher, except) : new Choice(ids, publisher)).withRules(edition, month);
  };

  // named lists the boxes checked (or unchecked): each expansion whose
  // box is so by its id, and the parts of the others one by one.
  Selector.prototype.named = function (checked) {
    var self = this;
    var ids = [];
    this.boxes.forEach(function (box) {
      if (box.checked !== checked || box.indeterminate) {
        return;
      }
      if (isPart(box.value)) {
        var whole = self.box(expansionOf(box.value));
        if (whole && whole.checked === checked && !whole.indeterminate) {
          return; // said by the expansion's id
        }
      }
      ids.push(box.value);
    });
    return ids;
  };

  // setAll checks every box, or none.
  Selector.prototype.setAll = function (checked) {
    this.boxes.forEach(function (box) {
      box.checked = checked;
      box.indeterminate = false;
    });
  };

  // setOnly checks the boxes of the expansions named, with their parts,
  // and no other.
  Selector.prototype.setOnly = function (ids) {
    this.boxes.forEach(function (box) {
      box.checked = ids.indexOf(box.value) >= 0 || ids.indexOf(box.value.split("/")[0]) >= 0;
      box.indeterminate = false;
    });
  };

  // describe says what the form chooses, in the words the summary's
  // data attributes give: every expansion, or how many.
  Selector.prototype.describe = function (words) {
    var publisher = "";
    [this.publisherSelect, this.editionSelect, this.monthSelect].forEach(function (select) {
      if (select && select.value !== "") {
        publisher += " · " + select.options[select.selectedIndex].text;
      }
    });
    if (this.boxes.every(function (box) { return box.checked; })) {
      return (words.getAttribute("data-all") || "every expansion") + publisher;
    }
    var n = this.boxes.filter(function (box) { return !isPart(box.value) && (box.checked || box.indeterminate); }).length;
    var text = n === 1 ? words.getAttribute("data-one") : words.getAttribute("data-many");
    return (text || "{n} expansions").replace("{n}", String(n)) + publisher;
  };

  // selection takes a snapshot of the form and returns a function that
  // reports whether an id is selected: a part when it or its expansion is
  // checked, an expansion when it or any of its parts is. An id with no box
  // in the form (the base game) is always in.
  Selector.prototype.selection = function () {
    var checked = Object.create(null);
    var known = Object.create(null);
    var someChecked = Object.create(null); // expansions by a checked box of theirs
    this.boxes.forEach(function (box) {
      known[box.value] = true;
      known[expansionOf(box.value)] = true;
      if (box.checked) {
        checked[box.value] = true;
        someChecked[expansionOf(box.value)] = true;
      }
    });
    return function (id) {
      if (!known[id] && !known[expansionOf(id)]) {
        return true;
      }
      if (isPart(id)) {
        return checked[id] === true || checked[expansionOf(id)] === true;
      }
      return someChecked[id] === true;
    };
  };

  function isPart(id) {
    return id.indexOf("/") > 0;
  }

  function expansionOf(id) {
    var slash = id.indexOf("/");
    return slash > 0 ? id.slice(0, slash) : id;
  }

  function words(value) {
    return (value || "").trim().split(/\s+/).filter(function (word) {
      return word !== "";
    });
  }

  // FILTERED selects every element that the reader's choice or the tile
  // filters may hide.
  var FILTERED = "[data-needs], [data-unless], [data-publishers], [data-kinds], [data-in]";

  // applies reports whether an element is shown: all of its data-needs
  // selected, not all of its data-unless selected, the publisher among its data-publishers (when it has them and
  // one is chosen), and every checked kind of the tile filters among its
  // data-kinds (when it has them).
  function applies(element, selected, publisher, kinds, rules) {
    if (!rules.all && element.hasAttribute("data-in") && !inForce(element.getAttribute("data-in"), rules)) {
      return false;
    }
    var needs = words(element.getAttribute("data-needs"));
    for (var i = 0; i < needs.length; i++) {
      if (!selected(needs[i])) {
        return false;
      }
    }
    var unless = words(element.getAttribute("data-unless"));
    if (unless.length > 0 && unless.every(selected)) {
      return false;
    }
    if (publisher !== "" && element.hasAttribute("data-publishers") &&
        words(element.getAttribute("data-publishers")).indexOf(publisher) < 0) {
      return false;
    }
    if (kinds.length > 0 && element.hasAttribute("data-kinds")) {
      var has = words(element.getAttribute("data-kinds"));
      return kinds.every(function (kind) { return has.indexOf(kind) >= 0; });
    }
    return true;
  }

  // inForce reports whether a data-in ("*:0-19 C2:3-19": for each
  // edition, "*" for every edition, the ranges of eras by index) holds for
  // the edition and era chosen.
  function inForce(spec, rules) {
    var held = false;
    words(spec).forEach(function (token) {
      var colon = token.indexOf(":");
      if (colon < 0 || token.slice(0, colon) !== rules.edition) {
        return;
      }
      token.slice(colon + 1).split(",").forEach(function (range) {
        var ends = range.split("-");
        if (rules.era >= Number(ends[0]) && rules.era <= Number(ends[1])) {
          held = true;
        }
      });
    });
    return held;
  }

  // filter shows and hides every element that depends on the choice or the
  // tile filters, and then fills the hidden counts. An element that only
  // the edition or month hides (a ruling of other times, say) is marked
  // "other-rules": the hidden counts leave it out.
  function filter(selected, publisher, kinds, rules) {
    var always = { edition: rules.edition, era: rules.era, all: true };
    Array.prototype.forEach.call(document.querySelectorAll(FILTERED), function (element) {
      element.hidden = !applies(element, selected, publisher, kinds, rules);
      element.classList.toggle("other-rules", element.hidden &&
        element.hasAttribute("data-in") && applies(element, selected, publisher, kinds, always));
    });
    Array.prototype.forEach.call(
      document.querySelectorAll("p.hidden-count[data-for]"), fillHiddenCount);
    Array.prototype.forEach.call(
      document.querySelectorAll("p.differs-count[data-for]"), fillDiffersCount);
  }

  // fillDiffersCount counts the steps marked as differing (class differs)
  // that the choice shows inside the element the paragraph is for, and
  // says how many, from its data-none, data-one and data-many.
  function fillDiffersCount(paragraph) {
    var target = document.getElementById(paragraph.getAttribute("data-for"));
    if (!target) {
      return;
    }
    var count = 0;
    Array.prototype.forEach.call(target.querySelectorAll(".differs"), function (step) {
      if (!step.hidden && !hiddenAncestor(step, target)) {
        count++;
      }
    });
    var template = paragraph.getAttribute(count === 0 ? "data-none" : count === 1 ? "data-one" : "data-many");
    if (template) {
      paragraph.textContent = template.replace("{n}", String(count));
    }
  }

  // fillHiddenCount counts what the choice hides inside the element the
  // paragraph is for, leaving out what lies inside another hidden entry
  // (superseded rulings folded under a hidden row, say).
  function fillHiddenCount(paragraph) {
    var target = document.getElementById(paragraph.getAttribute("data-for"));
    if (!target) {
      paragraph.hidden = true;
      return;
    }
    var count = 0;
    var entries = target.querySelectorAll(FILTERED);
    Array.prototype.forEach.call(entries, function (entry) {
      // A ruling of other times or editions (class "then") is another
      // version of a row: it is never counted.
      if (entry.hidden && !entry.classList.contains("other-rules") && !entry.classList.contains("then") &&
          !hiddenAncestor(entry, target)) {
        count++;
      }
    });
    paragraph.hidden = count === 0;
    paragraph.textContent = count === 0 ? "" : hiddenCountText(paragraph, target, count);
  }

  function hiddenAncestor(element, limit) {
    for (var up = element.parentElement; up && up !== limit; up = up.parentElement) {
      if (up.hidden && up.matches(FILTERED)) {
        return true;
      }
    }
    return false;
  }

  function hiddenCountText(paragraph, target, count) {
    var template = paragraph.getAttribute(count === 1 ? "data-one" : "data-many");
    if (!template) {
      var noun = target.tagName === "TABLE" ? "row" : "entry";
      if (count !== 1) {
        noun = noun === "row" ? "rows" : "entries";
      }
      template = "{n} " + noun + " hidden by your choice";
    }
    return template.replace("{n}", String(count));
  }

  // withChoice returns an internal link that carries the choice in its
  // query, before any #anchor.
  function withChoice(href, query) {
    var hash = "";
    var at = href.indexOf("#");
    if (at >= 0) {
      hash = href.slice(at);
      href = href.slice(0, at);
    }
    var mark = href.indexOf("?");
    if (mark >= 0) {
      href = href.slice(0, mark);
    }
    return href + (query === "" ? "" : "?" + query) + hash;
  }

  // isInternal reports whether an href points into the site: relative, to
  // another page (a bare #anchor stays on this one and keeps its query).
  function isInternal(href) {
    return href !== "" && href.charAt(0) !== "#" && href.charAt(0) !== "/" &&
      !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(href);
  }

  function rewriteLinks(query) {
    Array.prototype.forEach.call(document.querySelectorAll("a[href]"), function (link) {
      if (link.hasAttribute("data-choice")) {
        return; // a link that sets a choice of its own (only this expansion)
      }
      if (!link.hasAttribute("data-href")) {
        var href = link.getAttribute("href");
        if (!isInternal(href)) {
          return;
        }
        link.setAttribute("data-href", href);
      }
      link.setAttribute("href", withChoice(link.getAttribute("data-href"), query));
    });
  }

  function updateLocation(query) {
    var url = window.location.pathname + (query === "" ? "" : "?" + query) +
      window.location.hash;
    try {
      window.history.replaceState(null, "", url);
    } catch (e) {
      // A browser that refuses to rewrite this URL: links still carry it.
    }
  }

  // rootPrefix is the relative path from this page to the site's root,
  // ending in "/" ("" at the root).
  function rootPrefix() {
    var root = document.body.getAttribute("data-root") || ".";
    return root === "." || root === "" ? "" : root.replace(/\/$/, "") + "/";
  }

  function currentQuery() {
    var choice = parseChoice(window.location.search);
    return choice === null ? "" : queryOf(choice);
  }

  // searchScope is the reader's choice that the search follows: what is
  // selected, and the publisher ("" for all). Without a selector everything
  // is in.
  var searchScope = { selected: function () { return true; }, publisher: "" };

  // STOP_WORDS are the words of a question that find nothing by
  // themselves ("can the dragon eat my fairy" searches for dragon, eat and
  // fairy). The page may give its own, for another language, in
  // data-stop-words on #search-results.
  var STOP_WORDS = "a an and are be by can could do does for from have i if in is it its may me might " +
    "must my of on or our should the their there this to was what when where which who will with would you your";

  function stopWords(list) {
    var set = Object.create(null);
    words((list && list.getAttribute("data-stop-words")) || STOP_WORDS).forEach(function (word) { set[word] = true; });
    return set;
  }

  // KIND_RANK ranks the kinds of entry: answers and tables come before
  // the prose of the rules, figures and examples.
  var KIND_RANK = { answer: 3, table: 2, figure: 1 };

  // searchEntries returns the entries of the index that the reader's
  // choice covers and that hold every word of the query but the stop words,
  // best first: a word in the title counts three, in the question two, in
  // the text one, and the kind breaks ties (answers first), then the
  // index's order.
  function searchEntries(index, query, stop) {
    var terms = words(query.toLowerCase().replace(/[?!.,;:"“”]/g, " ")).filter(function (t) { return !stop[t]; });
    if (terms.length === 0) {
      return [];
    }
    var scored = [];
    index.forEach(function (entry, order) {
      if (!words(entry.needs).every(searchScope.selected)) {
        return;
      }
      if (searchScope.publisher !== "" && entry.publishers && words(entry.publishers).indexOf(searchScope.publisher) < 0) {
        return;
      }
      var title = (entry.title || "").toLowerCase();
      var question = (entry.question || "").toLowerCase();
      var text = (entry.text || "").toLowerCase();
      var score = 0;
      for (var i = 0; i < terms.length; i++) {
        var t = terms[i];
        var s = (title.indexOf(t) >= 0 ? 3 : 0) + (question.indexOf(t) >= 0 ? 2 : 0) + (text.indexOf(t) >= 0 ? 1 : 0);
        if (s === 0) {
          return;
        }
        score += s;
      }
      scored.push({ entry: entry, score: score, rank: KIND_RANK[entry.kind] || 0, order: order });
    });
    scored.sort(function (a, b) { return b.score - a.score || b.rank - a.rank || a.order - b.order; });
    return scored.map(function (s) { return s.entry; });
  }

  function showResults(list, query) {
    var index = Array.isArray(window.tilekitSearch) ? window.tilekitSearch : [];
    var found = searchEntries(index, query, stopWords(list));
    while (list.firstChild) {
      list.removeChild(list.firstChild);
    }
    if (words(query).length === 0) {
      return;
    }
    var prefix = rootPrefix();
    var choiceQuery = currentQuery();
    found.slice(0, MAX_RESULTS).forEach(function (entry) {
      var item = document.createElement("li");
      var link = document.createElement("a");
      var href = prefix + entry.url;
      link.setAttribute("data-href", href);
      link.setAttribute("href", withChoice(href, choiceQuery));
      link.textContent = entry.title;
      item.appendChild(link);
      if (entry.verdict) {
        var verdict = document.createElement("span");
        verdict.className = "verdict";
        verdict.textContent = " · " + (entry.question ? entry.question + " " : "") + entry.verdict;
        item.appendChild(verdict);
      }
      if (entry.kind) {
        var kind = document.createElement("span");
        kind.className = "kind";
        kind.textContent = " " + (list.getAttribute("data-kind-" + entry.kind) || entry.kind);
        item.appendChild(kind);
      }
      list.appendChild(item);
    });
    if (found.length === 0 || found.length > MAX_RESULTS) {
      var note = document.createElement("li");
      note.className = "search-note";
      note.style.listStyle = "none"; // a remark, not a numbered result
      note.textContent = found.length === 0
        ? list.getAttribute("data-none") || "Nothing found."
        : (list.getAttribute("data-more") || "{n} more: add a word to narrow the search.")
          .replace("{n}", String(found.length - MAX_RESULTS));
      list.appendChild(note);
    }
  }

  function setUpSearch() {
    var box = document.getElementById("search");
    var list = document.getElementById("search-results");
    if (!box || !list) {
      return;
    }
    var run = function () { showResults(list, box.value); };
    box.addEventListener("input", run);
    // "/" anywhere but in a field opens the search, as on many sites.
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      var typing = target && (target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName));
      if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        box.focus();
      }
    });
    if (box.form) {
      box.form.addEventListener("submit", function (event) {
        event.preventDefault();
        run();
      });
    }
    if (box.value !== "") {
      run(); // a value the browser restored
    }
  }

  // TileFilters wraps the tile gallery's filters (#tile-filters): one box
  // (name kind) per feature kind or symbol; a tile shows when it has every
  // checked one. Their state lives in the URL (k) of the gallery alone: it is
  // neither remembered nor carried to other pages.
  function TileFilters(fieldset) {
    this.boxes = fieldset ? Array.prototype.slice.call(
      fieldset.querySelectorAll('input[type="checkbox"][name="kind"]')) : [];
  }

  TileFilters.prototype.set = function (query) {
    var kinds = [];
    new URLSearchParams(query).getAll("k").forEach(function (value) {
      kinds = kinds.concat(value.split(","));
    });
    this.boxes.forEach(function (box) {
      box.checked = kinds.indexOf(box.value) >= 0;
    });
  };

  TileFilters.prototype.kinds = function () {
    return this.boxes.filter(function (box) { return box.checked; })
      .map(function (box) { return box.value; });
  };

  TileFilters.prototype.query = function () {
    var kinds = this.kinds();
    return kinds.length === 0 ? "" : "k=" + kinds.map(encodeURIComponent).join(",");
  };

  function joinQueries(a, b) {
    return a === "" || b === "" ? a + b : a + "&" + b;
  }

  function everything() {
    return true;
  }

  function setUpSelector() {
    var form = document.getElementById("selector");
    var selector = form ? new Selector(form) : null;
    var tiles = new TileFilters(document.getElementById("tile-filters"));
    // A choice in the URL (a permalink, a link from another page) is
    // remembered; without one, the remembered choice comes back.
    var choice = parseChoice(window.location.search);
    var fromURL = choice !== null;
    if (choice === null) {
      choice = storedChoice() || new Choice(null, "");
    }
    if (selector) {
      selector.set(choice);
    }
    tiles.set(window.location.search);
    var summary = form ? form.parentNode.querySelector(".choice-now") : null;
    var apply = function (remember) {
      var current = selector ? selector.choice() : choice;
      if (selector && summary) {
        summary.textContent = selector.describe(summary);
      }
      var query = queryOf(current);
      searchScope = { selected: selector ? selector.selection() : everything, publisher: current.publisher };
      filter(searchScope.selected, current.publisher, tiles.kinds(),
        selector ? selector.rulesChosen() : { edition: "*", era: Number.MAX_SAFE_INTEGER });
      rewriteLinks(query);
      updateLocation(joinQueries(query, tiles.query()));
      if (remember) {
        storeChoice(current);
      }
    };
    apply(fromURL);
    var changed = function (event) {
      if (selector && event.target && event.target.name === "x") {
        selector.changed(event.target);
      }
      apply(selector !== null);
    };
    var submitted = function (event) {
      event.preventDefault();
      apply(selector !== null);
    };
    [form, document.getElementById("tile-filters")].forEach(function (element) {
      if (element) {
        element.addEventListener("change", changed);
      }
    });
    if (form) {
      form.addEventListener("submit", submitted);
      Array.prototype.forEach.call(form.querySelectorAll("button[data-select]"), function (button) {
        button.addEventListener("click", function () {
          selector.setAll(button.getAttribute("data-select") === "all");
          apply(true);
        });
      });
      Array.prototype.forEach.call(form.querySelectorAll("button[data-bundle]"), function (button) {
        button.addEventListener("click", function () {
          selector.setOnly(words(button.getAttribute("data-bundle")));
          apply(true);
        });
      });
    }
  }

  // hideHidden makes sure that what the script hides stays hidden, whatever
  // display a stylesheet gives a row or a list item.
  function hideHidden() {
    var style = document.createElement("style");
    style.textContent = "[data-needs][hidden], [data-unless][hidden], [data-publishers][hidden], " +
      "[data-kinds][hidden], [data-in][hidden], .hidden-count[hidden] { display: none !important; }";
    document.head.appendChild(style);
  }

  function start() {
    hideHidden();
    setUpSelector();
    setUpSearch();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
