// tdtool serve: the players' and the staff's pages. The data comes in with the page, then
// from the push (/api/events, server-sent events) at every change; the seconds count down
// here in between. Every text shown comes from the page's words (#words, translated in the
// templates) or from the server; names are put in with textContent, never as HTML.
"use strict";
(function () {
  const W = JSON.parse(document.getElementById("words").textContent);
  const page = document.body.dataset.page;
  const $ = (id) => document.getElementById(id);
  const num = (n) => (n === null || n === undefined ? "–" : Number(n).toLocaleString());
  let data = JSON.parse(document.getElementById("initial").textContent);
  let received = Date.now();
  let lastUpdate = new Date();

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function set(id, text) { const e = $(id); if (e) e.textContent = text; }

  function mmss(seconds) {
    const s = Math.max(0, Math.round(seconds));
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    const two = (x) => String(x).padStart(2, "0");
    return h ? `${h}:${two(m)}:${two(r)}` : `${two(m)}:${two(r)}`;
  }
  function blinds(l) {
    if (!l || !l.big_blind) return "";
    let t = `${num(l.small_blind)} / ${num(l.big_blind)}`;
    if (l.bb_ante) t += ` · ${W.bb_ante} ${num(l.bb_ante)}`;
    else if (l.ante) t += ` · ${W.ante} ${num(l.ante)}`;
    return t;
  }

  function remaining() {
    if (!data || data.remaining_seconds === null || data.remaining_seconds === undefined) return null;
    const gone = data.running ? (Date.now() - received) / 1000 : 0;
    return data.remaining_seconds - gone;
  }

  function drawClock() {
    if (!data) return;
    const left = remaining();
    set("time", left === null ? "--:--" : mmss(left));
    document.body.classList.toggle("paused", !data.running);
    document.body.classList.toggle("on-break", !!data.on_break);
    if (left !== null && left <= -1 && data.running) refresh();  // the level ended: ask once
  }

  function draw() {
    if (!data) return;
    let status = "";
    if (data.day_ended) status = W.day_ended;
    else if (data.status === "not started") status = W.not_started;
    else if (data.on_break) status = data.break_name || W["break"];
    else if (!data.running) status = W.paused;
    set("status", status);
    set("level", data.on_break ? W["break"] : `${W.level} ${data.level}`);
    set("blinds", data.on_break ? "" : blinds(data));
    const nxt = data.next_level;
    if ($("next")) {
      if (nxt && nxt.big_blind) set("next", `${W.next}: ${blinds(nxt)}`);
      else if (data.seconds_to_break !== null && data.seconds_to_break !== undefined) set("next", W.next_break);
      else set("next", data.past_last_level ? W.last_level : "");
    }
    set("left", num(data.players_left));
    set("entries", num(data.entries));
    set("average", num(data.average_stack));
    set("pool", num(data.prize_pool));
    const payouts = $("payouts");
    if (payouts) {
      payouts.replaceChildren(...(data.payouts || []).map((p) => {
        const li = el("li");
        li.append(el("span", `${p.place}.`, "n"), el("span", num(p.amount)));
        return li;
      }));
    }
    const results = $("results");
    if (results) {
      const rows = data.results || [];
      $("results-card").hidden = rows.length === 0;
      results.replaceChildren(...rows.map((r) => {
        const li = el("li");
        li.append(el("span", `${r.place}. ${r.name}`), el("span", r.prize ? num(r.prize) : ""));
        return li;
      }));
    }
    drawClock();
  }

  function take(text) {
    data = JSON.parse(text);
    received = Date.now();
    lastUpdate = new Date();
    $("live").hidden = true;
    draw();
    if (page === "staff") { loadNames(); loadStaff(); loadTerms(); }
  }

  let asked = false;
  function refresh() {
    if (asked) return;
    asked = true;
    fetch("/api/public").then((r) => r.text()).then(take).catch(() => {}).finally(() => {
      setTimeout(() => { asked = false; }, 3000);
    });
  }

  function follow() {
    const source = new EventSource("/api/events");
    source.addEventListener("state", (e) => take(e.data));
    source.onerror = () => {
      const live = $("live");
      live.textContent = `${W.offline} ${lastUpdate.toLocaleTimeString()}`;
      live.hidden = false;
    };
  }

  // -- the players' page: find my seat
  function findSeat(ev) {
    ev.preventDefault();
    const name = $("find-name").value;
    fetch("/api/seat?name=" + encodeURIComponent(name)).then((r) => r.json()).then((answer) => {
      const list = $("found");
      if (!answer.found || answer.found.length === 0) {
        list.replaceChildren(el("li", W.nobody));
        return;
      }
      list.replaceChildren(...answer.found.map((p) => {
        const li = el("li");
        li.append(el("span", p.name + ": "));
        if (p.table) li.append(el("b", `${W.table} ${p.table}, ${W.seat} ${p.seat}`));
        else if (p.place) li.append(el("span", `${W.out_in} ${p.place}`));
        else li.append(el("span", W.not_seated));
        return li;
      }));
    });
  }

  // -- the staff's page
  const csrf = () => document.querySelector('meta[name="csrf-token"]').content;
  function say(text, bad) {
    const m = $("message");
    m.textContent = text;
    m.className = bad ? "message error" : "message";
    m.hidden = false;
  }
  async function post(path, body) {
    const r = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf() },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const answer = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
    if (!r.ok) { say(answer.error || `HTTP ${r.status}`, true); return null; }
    return answer;
  }
  function lines(id, items) {
    const list = $(id);
    list.replaceChildren(...items.map((t) => el("li", t)));
  }

  let namesAt = 0;
  let seated = [];
  function loadNames() {
    const list = $("names");
    if (!list || Date.now() - namesAt < 500) return;
    namesAt = Date.now();
    fetch("/api/players").then((r) => (r.ok ? r.json() : { players: [] })).then((answer) => {
      seated = answer.players;
      chipRows(false);
      list.replaceChildren(...answer.players.map((p) => {
        const o = el("option");
        o.value = p.name;
        if (p.table) o.label = `${p.name} · ${W.table} ${p.table}/${p.seat}`;
        return o;
      }));
    });
  }

  async function bust(ev) {
    ev.preventDefault();
    const name = $("bust-name").value.trim();
    const by = $("bust-by").value.trim();
    const answer = await post("/api/players/bust", { names: [name], by: by ? [by] : [] });
    if (!answer) return;
    const out = answer.busted.map((b) => `${b.name} ${W.busted} ${b.place}`);
    lines("bust-result", out.concat(answer.lines, answer.slips));
    say(W.done, false);
    $("bust-name").value = "";
    $("bust-by").value = "";
  }

  // Registration, matched against the player registry as `player add` at a terminal: a
  // name it cannot settle alone comes back as a question, answered here by choosing; then
  // the same names go again with the choices, and only then is anyone registered.
  async function add(ev) {
    ev.preventDefault();
    const names = $("add-names").value.split(/\n|,/).map((s) => s.trim()).filter(Boolean);
    await register(names, {});
  }
  async function register(names, chosen) {
    const answer = await post("/api/players/add", { names, chosen });
    if (!answer) return;
    if (answer.ask && answer.ask.length) { askWho(names, chosen, answer.ask); return; }
    $("add-ask").replaceChildren();
    lines("add-result", answer.added.map((p) =>
      p.table ? `${W.registered} ${p.name}: ${W.table} ${p.table}, ${W.seat} ${p.seat}` : `${W.registered} ${p.name}`));
    say(W.done, false);
    $("add-names").value = "";
  }
  function askWho(names, chosen, asked) {
    let open = asked.length;
    $("message").hidden = true;
    $("add-ask").replaceChildren(...asked.map((a) => {
      const box = el("div", null, "ask");
      const one = a.candidates.length === 1;
      box.append(el("p", one ? fill(W.did_you_mean, { label: a.candidates[0].label }) : fill(W.could_be, { typed: a.typed })));
      const buttons = el("div", null, "buttons");
      const choice = (text, id, cls) => {
        const b = el("button", text, cls);
        b.type = "button";
        b.addEventListener("click", () => {
          chosen[a.typed] = id;
          box.remove();
          open -= 1;
          if (open === 0) register(names, chosen);
        });
        buttons.append(b);
      };
      for (const c of a.candidates) choice(one ? fill(W.yes_it_is, { label: c.label }) : c.label, c.id);
      choice(fill(W.someone_else, { typed: a.typed }), null, "danger");
      box.append(buttons);
      return box;
    }));
  }

  // Re-entry, rebuy, add-on: the button pressed says which.
  const fill = (text, values) => String(text).replace(/\{(\w+)\}/g, (m, k) =>
    (k in values ? (typeof values[k] === "number" ? num(values[k]) : values[k]) : m));
  async function buy(ev) {
    ev.preventDefault();
    const what = (ev.submitter && ev.submitter.dataset.buy) || "rebuy";
    const name = $("buy-name").value.trim();
    const answer = await post(`/api/players/${what}`, { name });
    if (!answer) return;
    const out = [];
    if (what === "reenter") {
      out.push(fill(W.reentered, { name: answer.name, entries: answer.entries }));  // the seat: a slip
    } else if (what === "rebuy") {
      out.push(fill(W.rebought, answer));
      if (answer.back_in && answer.back_in.table) out.push(fill(W.sits_at, answer.back_in));
    } else {
      out.push(fill(W.addon_taken, answer));
    }
    lines("buy-result", out.concat(answer.slips || []));
    say(W.done, false);
    $("buy-name").value = "";
  }

  async function clock(action) {
    const answer = await post("/api/clock", { action });
    if (answer) say(W.done, false);
  }

  async function undo() {
    if (!window.confirm(W.sure_undo)) return;
    const answer = await post("/api/undo", {});
    if (answer) say(`${W.undone}: ${answer.undone.map((e) => e.text || e.kind).join("; ")}`, false);
  }

  // One ruling as the floor reads it: misdeal or void, the decision, the rule, the steps.
  function rulingBlock(r) {
    const d = el("div", null, "pot");
    if (r.line) d.append(el("div", `${W.line} ${r.line}`, "rule"));
    if (r.title) d.append(el("div", r.title, "rule"));
    const head = r.misdeal ? `${r.irregularity === "duplicate-card" ? W.void_hand : W.misdeal}. ` : "";
    d.append(el("b", head + r.summary), el("div", `${W.rule}: ${r.rule}`, "rule"));
    const steps = el("ol", null, "steps");
    steps.append(...(r.steps || []).map((s) => el("li", s)));
    d.append(steps);
    if (r.example) d.append(el("div", `${W.as_in}: ${r.example}`, "rule"));
    return d;
  }

  function ruling(answer) {
    const box = $("hand-result");
    box.replaceChildren();
    if (!answer.legal) {
      box.append(el("p", `${W.illegal}: ${answer.error}`, "error"));
    }
    for (const r of answer.rulings || []) box.append(rulingBlock(r));
    for (const p of answer.pots || []) {
      const d = el("div", null, "pot");
      const who = p.winners.length > 1 ? `${p.winners.join(", ")} ${W.split}` : `${p.winners.join("")} ${W.wins}`;
      d.append(el("b", `${p.label || W.pot} ${num(p.amount)}: `), el("span", who));
      if (p.hand) d.append(el("div", p.hand, "rule"));
      box.append(d);
    }
    for (const [name, amount] of Object.entries(answer.returned || {})) {
      box.append(el("div", `${num(amount)} ${W.returned} ${name}`, "pot"));
    }
  }

  async function hand(ev) {
    ev.preventDefault();
    const answer = await post("/api/hand/check", { hand: $("hand-text").value });
    if (answer) { ruling(answer); $("message").hidden = true; }
  }

  // Chip counts: the players at the table typed, a count for each.
  function chipRows(typed) {
    const box = $("chips-rows");
    if (!box) return;
    const table = Number($("chips-table").value);
    if (!typed && box.dataset.table === String(table)) return;  // keep what is being typed
    box.dataset.table = String(table);
    const here = seated.filter((p) => p.table === table).sort((a, b) => a.seat - b.seat);
    if (!here.length) { box.replaceChildren(table ? el("p", W.nobody_at, "hint") : ""); return; }
    box.replaceChildren(...here.map((p) => {
      const row = el("label", `${p.seat} · ${p.name}`, "count");
      const input = el("input");
      Object.assign(input, { type: "number", min: "0", inputmode: "numeric" });
      input.dataset.name = p.name;
      row.append(input);
      return row;
    }));
  }
  async function chips(ev) {
    ev.preventDefault();
    const counts = [...document.querySelectorAll("#chips-rows input")]
      .filter((i) => i.value !== "")
      .map((i) => ({ name: i.dataset.name, chips: Number(i.value) }));
    const answer = await post("/api/players/chips", { counts });
    if (!answer) return;
    const out = answer.recorded.map((c) => `${W.recorded} ${c.name}: ${num(c.chips)}`);
    if (answer.chips && answer.chips.average_stack) out.push(`${W.average}: ${num(answer.chips.average_stack)}`);
    lines("chips-result", out);
    say(W.done, false);
    document.querySelectorAll("#chips-rows input").forEach((i) => { i.value = ""; });
  }

  async function balance() {
    const answer = await post("/api/seats/balance", {});
    if (!answer) return;
    lines("balance-result", answer.slips);
    say(W.done, false);
  }

  async function move(ev) {
    ev.preventDefault();
    const answer = await post("/api/seats/move", {
      name: $("move-name").value.trim(),
      table: Number($("move-table").value),
      seat: Number($("move-seat").value),
      lock: $("move-lock").checked,
    });
    if (!answer) return;
    lines("move-result", answer.slips);
    say(W.done, false);
    $("move-name").value = "";
  }

  // Deals (the director): work one out, then accept it when every player has agreed.
  async function deal(ev) {
    ev.preventDefault();
    const accept = (ev.submitter && ev.submitter.dataset.deal) === "accept";
    const typed = $("deal-stacks").value.split("\n").map((s) => s.trim()).filter(Boolean);
    const stacks = [];
    for (const line of typed) {
      const m = line.match(/^(.+?)[\s=:]+([\d.,\s]+)$/);
      if (!m) { say(W.bad_stack, true); return; }
      stacks.push({ name: m[1].trim(), chips: Number(m[2].replace(/[^\d]/g, "")) });
    }
    if (accept && !window.confirm(W.sure_deal)) return;
    const body = { method: $("deal-method").value, accept };
    if (stacks.length) body.stacks = stacks;
    const answer = await post("/api/deal", body);
    if (!answer) return;
    const box = $("deal-result");
    const table = el("table");
    const head = el("tr");
    head.append(...answer.headers.map((h) => el("th", h)));
    const row = (r, cls) => {
      const tr = el("tr", null, cls);
      tr.append(...r.map((c) => el("td", c)));
      return tr;
    };
    table.append(head, ...answer.rows.map((r) => row(r)), row(answer.total, "total"));
    box.replaceChildren(el("h3", answer.title), el("p", answer.prizes_line), table,
      ...answer.notes.map((n) => el("p", n, "hint")),
      el("p", answer.accepted ? W.deal_recorded : W.deal_not_yet, answer.accepted ? "" : "hint"));
    say(W.done, false);
  }

  // The hand builder: seats, blinds, the actions street by street, cards -> the hand
  // file's YAML (strings written as JSON, which YAML reads), checked by /api/hand/check.
  const steps = [];
  function seatRow(n) {
    const row = el("div", null, "seatrow");
    const field = (cls, label, type) => {
      const l = el("label", label);
      const i = el("input");
      i.className = cls;
      if (type) { i.type = type; i.min = "1"; i.inputMode = "numeric"; }
      l.append(i);
      row.append(l);
      return i;
    };
    field("b-seat", W.seat_no, "number").value = String(n);
    field("b-name", W.name).addEventListener("change", whoOptions);
    field("b-stack", W.stack, "number");
    field("b-cards", W.cards);
    $("build-seats").append(row);
  }
  function seatsTyped() {
    return [...document.querySelectorAll("#build-seats .seatrow")].map((r) => ({
      seat: Number(r.querySelector(".b-seat").value), name: r.querySelector(".b-name").value.trim(),
      stack: Number(r.querySelector(".b-stack").value), cards: r.querySelector(".b-cards").value.trim(),
    })).filter((s) => s.name);
  }
  function whoOptions() {
    for (const id of ["build-who", "build-other"]) {
      const who = $(id);
      const keep = who.value;
      who.replaceChildren(...seatsTyped().map((s) => { const o = el("option", s.name); o.value = s.name; return o; }));
      if (keep) who.value = keep;
    }
  }
  function drawSteps() { lines("build-actions", steps); }
  // Each choice of "What happened" carries the hand file's line it writes (data-line, as
  // docs/hand-file.md spells it): its {fields} are the inputs shown and filled in.
  const fields = { who: "build-who", other: "build-other", amount: "build-amount",
    which: "build-which", street: "build-odd-street", late: "build-late", chips: "build-chips",
    cards: "build-cards", reason: "build-reason" };
  const needs = (opt) => new Set([...((opt && opt.dataset.line) || "").matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  function verbShow() {
    const opt = $("build-verb").selectedOptions[0];
    const wanted = needs(opt);
    document.querySelectorAll("#build [data-need]").forEach((e) => { e.hidden = !wanted.has(e.dataset.need); });
    document.querySelector("#build [data-turn-box]").hidden = !(opt && "turn" in opt.dataset);
  }
  function act() {
    const opt = $("build-verb").selectedOptions[0];
    let missing = "";
    let line = opt.dataset.line.replace(/\{(\w+)\}/g, (m, k) => {
      const v = $(fields[k]).value.trim().replace(/\s+/g, " ");
      if (!v) missing = missing || k;
      return v;
    });
    if (missing) { say(missing === "amount" ? W.need_amount : W.need_field, true); return; }
    if ("turn" in opt.dataset && $("build-out-of-turn").checked) line += " out of turn";
    steps.push(line);
    for (const id of ["build-amount", "build-chips", "build-cards"]) $(id).value = "";
    $("build-out-of-turn").checked = false;
    $("message").hidden = true;
    drawSteps();
  }
  function dealStreet() {
    steps.push(`${$("build-street").value} ${$("build-board").value.trim()}`);
    $("build-board").value = "";
    const street = $("build-street");
    if (street.selectedIndex < street.options.length - 1) street.selectedIndex += 1;
    drawSteps();
  }
  function handYaml() {
    const q = (s) => JSON.stringify(s);
    const out = [];
    if ($("build-game").value !== "no-limit") out.push(`game: ${$("build-game").value}`);
    if ($("build-rules").value !== "tda") out.push(`rules: ${$("build-rules").value}`);
    out.push(`blinds: ${q($("build-blinds").value.trim())}`,
      `ante: ${Number($("build-ante").value || 0)}`, `bb_ante: ${Number($("build-bb-ante").value || 0)}`,
      `button: ${Number($("build-button").value)}`, "seats:");
    for (const s of seatsTyped()) {
      const cards = s.cards ? `, cards: ${q(s.cards)}` : "";
      out.push(`  ${s.seat}: {name: ${q(s.name)}, stack: ${s.stack}${cards}}`);
    }
    out.push("actions:", ...steps.map((a) => `  - ${q(a)}`));
    return out.join("\n") + "\n";
  }
  async function build(ev) {
    ev.preventDefault();
    const text = handYaml();
    const answer = await post("/api/hand/check", { hand: text });
    if (!answer) return;
    $("hand-text").value = text;  // the file it made, to read or to change by hand
    ruling(answer);
    $("message").hidden = true;
    $("hand-result").scrollIntoView();
  }
  if ($("build")) { for (let n = 1; n <= 3; n += 1) seatRow(n); verbShow(); }

  // Ruling ask (every role): `tdtool ruling ask`'s questions, answered by choosing; the
  // irregularities looked up in the book come from /api/rulings.
  const acted = [];
  const wantedBy = (opt) => new Set(((opt && opt.dataset.ask) || "").split(" ").filter(Boolean));
  function askShow() {
    const wanted = wantedBy($("ask-what").selectedOptions[0]);
    document.querySelectorAll("#ask [data-q]").forEach((e) => { e.hidden = !wanted.has(e.dataset.q); });
    const seat = $("ask-seat");
    const keep = seat.value;
    const players = Number($("ask-players").value);
    const seats = [];
    for (let n = 1; n <= players; n += 1) {
      const o = el("option", n === 1 ? `1 · ${W.small_blind}` : n === 2 ? `2 · ${W.big_blind}` : String(n));
      o.value = String(n);
      seats.push(o);
    }
    seat.replaceChildren(...seats);
    if (keep && Number(keep) <= players) seat.value = keep;
  }
  function drawActed() { set("ask-acted", acted.length ? acted.map((a) => W.verbs[a] || a).join(", ") : W.none_yet); }
  function loadBook() {
    const book = $("ask-book");
    if (!book) return;
    fetch("/api/rulings").then((r) => (r.ok ? r.json() : { book: [] })).then((menu) => {
      book.replaceChildren(...menu.book.map((e) => { const o = el("option", e.title); o.value = e.id; return o; }));
    });
  }
  async function askRuling(ev) {
    ev.preventDefault();
    const what = $("ask-what").value;
    const wanted = wantedBy($("ask-what").selectedOptions[0]);
    const answers = {};
    const number = (id) => Number($(id).value);
    if (wanted.has("players")) {
      Object.assign(answers, { players: number("ask-players"), seat: number("ask-seat"), round: number("ask-round") });
    }
    if (wanted.has("exposed_before")) answers.exposed_before = number("ask-exposed-before");
    if (wanted.has("boxed_before")) answers.boxed_before = number("ask-boxed-before");
    if (wanted.has("reason")) answers.reason = $("ask-reason").value;
    if (wanted.has("flop_action")) answers.flop_action = $("ask-flop-action").value === "yes";
    if (wanted.has("extra")) answers.extra = number("ask-extra");
    if (wanted.has("acted")) answers.acted = acted.slice();
    const answer = await post("/api/ruling/ask", { what, answers, rules: $("ask-rules").value });
    if (!answer) return;
    $("ask-result").replaceChildren(rulingBlock(answer));
    $("message").hidden = true;
    $("ask-result").scrollIntoView();
  }
  if ($("ask")) {
    askShow();
    drawActed();
    loadBook();
    on("ask", "submit", askRuling);
    on("ask-what", "change", askShow);
    on("ask-players", "change", askShow);
    on("ask-acted-clear", "click", () => { acted.length = 0; drawActed(); });
    document.querySelectorAll("[data-acted]").forEach((b) =>
      b.addEventListener("click", () => { acted.push(b.dataset.acted); drawActed(); }));
  }

  // Terms (the director): the common ones, changed before the first bust.
  let termsNow = {};
  function showTerms(t) {
    termsNow = t;
    document.querySelectorAll("[data-term]").forEach((i) => {
      const v = t[i.dataset.term];
      if (i.dataset.kind === "bool") i.checked = Boolean(v); else i.value = v === null || v === undefined ? "" : v;
      i.disabled = Boolean(t.fixed);
    });
    const fixed = $("terms-fixed");
    if (fixed) fixed.hidden = !t.fixed;
  }
  function loadTerms() {
    if (!$("terms")) return;
    fetch("/api/terms").then((r) => (r.ok ? r.json() : null)).then((t) => { if (t) showTerms(t); });
  }
  async function terms(ev) {
    ev.preventDefault();
    const changes = {};
    document.querySelectorAll("[data-term]").forEach((i) => {
      const v = i.dataset.kind === "bool" ? i.checked : Number(i.value || 0);
      if (v !== (termsNow[i.dataset.term] ?? (i.dataset.kind === "bool" ? false : 0))) changes[i.dataset.term] = v;
    });
    if (!Object.keys(changes).length) { say(W.done, false); return; }
    const answer = await post("/api/terms", { changes });
    if (!answer) return;
    showTerms(answer);
    say(W.done, false);
  }

  // Staff (the director): add with the link and its QR code, the list, take off.
  function loadStaff() {
    const list = $("staff-list");
    if (!list) return;
    fetch("/api/staff").then((r) => (r.ok ? r.json() : { staff: [] })).then((answer) => {
      if (!answer.staff.length) { list.replaceChildren(el("li", W.no_staff)); return; }
      list.replaceChildren(...answer.staff.map((p) => {
        const li = el("li", null, "person");
        li.append(el("span", `${p.name} · ${W.roles[p.role] || p.role}`));
        const b = el("button", W.revoke, "danger small");
        b.type = "button";
        b.addEventListener("click", () => revoke(p.name));
        li.append(b);
        return li;
      }));
    });
  }
  async function staffAdd(ev) {
    ev.preventDefault();
    const answer = await post("/api/staff/add", {
      name: $("staff-name").value.trim(), role: $("staff-role").value,
    });
    if (!answer) return;
    set("staff-link-what", fill(W.link_for, {
      name: answer.name, role: W.roles[answer.role] || answer.role, minutes: answer.minutes,
    }));
    $("staff-qr").src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(answer.qr);
    const a = $("staff-link-url");
    a.href = answer.link;
    a.textContent = answer.link;
    $("staff-link").hidden = false;
    $("staff-name").value = "";
    say(W.done, false);
    loadStaff();
  }
  async function revoke(name) {
    if (!window.confirm(fill(W.sure_revoke, { name }))) return;
    const answer = await post("/api/staff/revoke", { name });
    if (!answer) return;
    say(fill(W.revoked, { name: answer.name }), false);
    loadStaff();
  }

  function on(id, event, fn) { const e = $(id); if (e) e.addEventListener(event, fn); }
  on("find", "submit", findSeat);
  on("bust", "submit", bust);
  on("add", "submit", add);
  on("buy", "submit", buy);
  on("hand", "submit", hand);
  on("undo", "click", undo);
  on("chips", "submit", chips);
  on("chips-table", "input", () => chipRows(true));
  on("balance", "click", balance);
  on("move", "submit", move);
  on("staff-add", "submit", staffAdd);
  on("deal", "submit", deal);
  on("terms", "submit", terms);
  on("build", "submit", build);
  on("build-seat-add", "click", () => seatRow(document.querySelectorAll("#build-seats .seatrow").length + 1));
  on("build-act", "click", act);
  on("build-verb", "change", verbShow);
  on("build-deal", "click", dealStreet);
  on("build-back", "click", () => { steps.pop(); drawSteps(); });
  document.querySelectorAll("[data-clock]").forEach((b) =>
    b.addEventListener("click", () => clock(b.dataset.clock)));

  // -- the league's standings (/standings): asked again at each change of this tournament
  // (the push) and every 15 s (the league's other events, read by the server).
  function drawStandings(d) {
    set("standings-lead", d.lead || "");
    set("standings-note", d.note || "");
    set("standings-more", d.more || "");
    $("standings").replaceChildren(...(d.rows || []).map((r) => {
      const tr = el("tr", undefined, r.provisional ? "prov" : "");
      tr.append(el("td", r.rank, "n"), el("td", r.name, "name"), el("td", num(r.played), "n"),
        el("td", r.points + (r.provisional ? "*" : ""), "n"));
      return tr;
    }));
  }
  let standingsShown = "";
  function loadStandings() {
    const lang = document.documentElement.lang;
    fetch("/api/standings?lang=" + encodeURIComponent(lang), { cache: "no-store" })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((text) => {
        $("live").hidden = true;
        lastUpdate = new Date();
        const d = JSON.parse(text);
        const same = JSON.stringify({ ...d, version: 0 });
        if (same !== standingsShown) { standingsShown = same; drawStandings(d); }
      })
      .catch(() => {
        $("live").textContent = `${W.offline} ${lastUpdate.toLocaleTimeString()}`;
        $("live").hidden = false;
      });
  }
  if (page === "standings") {
    const source = new EventSource("/api/events");
    source.addEventListener("state", loadStandings);
    setInterval(loadStandings, 15000);
  }

  if (page === "players" || page === "staff") {
    draw();
    follow();
    setInterval(drawClock, 250);
    if (page === "staff") { loadNames(); loadStaff(); loadTerms(); }
  }
})();
