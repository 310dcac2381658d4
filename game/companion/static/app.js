// A phone at the table: a seat's hand (and, for a remote seat, its moves) or a spectator's view.
// The link's token is in the address (/seat/<token> or /watch/<token>); the table sends what this phone may
// see (docs/phones.md). The socket reconnects by itself and is sent the current state at once.
"use strict";

(function () {
  const [, page, token] = location.pathname.split("/");  // "seat" | "watch", the link's token
  const deviceKey = "underground-device:" + token;
  const FATAL = new Set(["bad_token", "refused", "replaced", "new_game", "too_many"]);
  let words = {};
  let board = null;
  let drawing = null;
  let state = null;
  let me = {role: page === "seat" ? "seat" : "spectator", seat: -1, kept: false};
  let ws = null;
  let retry = 500;
  let stopped = false;
  let pingTimer = null;
  let retryTimer = null;
  let noticeTimer = null;
  let sentVersion = -1;  // the version an action was sent on: buttons wait for the next state
  let selectedLine = null;

  const $ = id => document.getElementById(id);

  function t(key, values) {
    let s = words[key] || key;
    for (const [k, v] of Object.entries(values || {})) s = s.split("{" + k + "}").join(String(v));
    return s;
  }

  function el(tag, attrs, text, parent) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v; else e.setAttribute(k, String(v));
    }
    if (text !== undefined && text !== null) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }

  function setStatus(kind, text) {
    $("status").dataset.state = kind;
    $("status-text").textContent = text;
  }

  function notice(text, seconds) {
    const n = $("notice");
    n.textContent = text;
    n.hidden = false;
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { n.hidden = true; }, (seconds || 4) * 1000);
  }

  function problem(text) {
    const p = $("problem");
    p.textContent = text;
    p.hidden = !text;
  }

  // ---- the socket ----------------------------------------------------------------------------
  function connect() {
    clearTimeout(retryTimer);
    if (stopped) return;
    setStatus("connecting", words.connecting || "…");
    const sock = new WebSocket(`ws://${location.host}/ws`);
    ws = sock;  // an older socket still closing is ignored from now on
    sock.onopen = () => {
      retry = 500;
      sock.send(JSON.stringify({type: "hello", token: token, device: localStorage.getItem(deviceKey) || ""}));
      clearInterval(pingTimer);
      pingTimer = setInterval(() => { if (sock.readyState === 1) sock.send('{"type":"ping"}'); }, 15000);
    };
    sock.onmessage = ev => {
      if (sock !== ws) return;
      let m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      receive(m);
    };
    sock.onclose = () => {
      if (sock !== ws) return;
      clearInterval(pingTimer);
      sentVersion = -1;
      if (stopped) return;
      setStatus("reconnecting", t("reconnecting"));
      retryTimer = setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  document.addEventListener("visibilitychange", () => {
    // back from a locked screen: reconnect now instead of waiting for the next try
    if (!document.hidden && !stopped && ws && ws.readyState > 1) { retry = 500; connect(); }
  });

  function send(action) {
    if (!state || !ws || ws.readyState !== 1) return;
    sentVersion = state.version;
    ws.send(JSON.stringify({type: "act", version: state.version, action: action}));
    render();
  }

  function receive(m) {
    switch (m.type) {
      case "welcome":
        words = m.words;
        me = {role: m.role, seat: m.seat, kept: m.kept};
        document.documentElement.lang = m.language;
        for (const e of document.querySelectorAll("[data-word]")) e.textContent = t(e.dataset.word);
        document.title = (m.role === "seat" ? t("title_seat") : t("title_watch")) + " · " + m.board.name;
        if (!board || board.name !== m.board.name) {
          board = m.board;
          drawing = new BoardDrawing($("board"), board, onConnection);
        }
        setStatus(m.kept || m.role !== "seat" ? "connected" : "waiting",
                  m.kept || m.role !== "seat" ? board.name : t("waiting_keep"));
        problem("");
        render();
        break;
      case "kept":
        localStorage.setItem(deviceKey, m.device);
        me.kept = true;
        break;
      case "state":
        state = m;
        sentVersion = -1;
        setStatus("connected", board ? board.name : "");
        problem("");
        render();
        break;
      case "turn":
        if (me.role === "seat" && m.seat === me.seat) {
          if (navigator.vibrate) navigator.vibrate([200, 100, 200]);
          notice(t("your_turn"));
        }
        break;
      case "error":
        sentVersion = -1;
        problem(m.text);
        if (FATAL.has(m.code)) {
          stopped = true;
          setStatus("stopped", m.text);
          if (m.code !== "too_many") localStorage.removeItem(deviceKey);
        }
        render();
        break;
      default:
        break;
    }
  }

  // ---- what the phone shows ------------------------------------------------------------------
  function colourOf(line) {
    for (const p of state.players) for (const l of p.lines) if (l.line === line) return l.colour;
    return "";
  }

  function stationName(i) { return board ? board.stations[i][0] : String(i); }

  function swatch(colour, parent) {
    const s = el("span", {class: "swatch"}, "", parent);
    s.style.background = board.colours[colour] || colour;
    return s;
  }

  function render() {
    if (!board) return;
    const waiting = $("waiting");
    if (waiting) {
      waiting.hidden = me.kept || me.role !== "seat";
      waiting.textContent = t("waiting_keep");
    }
    if (!state) return;
    document.body.dataset.version = state.version;  // the position drawn (tests wait for it)
    const mine = me.role === "seat" && me.kept && state.seat >= 0 ? state.players[state.seat] : null;
    renderTurn(mine);
    if (mine) { renderObjectives(); renderMine(mine); }
    renderPlay(mine);
    renderCards();
    renderScores();
    renderLog();
    const legalConns = legalPlacements().filter(a => a.line === selectedLine).map(a => a.connection);
    drawing.update(state, board.colours, colourOf, legalConns);
  }

  function renderTurn(mine) {
    const box = $("turn");
    box.textContent = "";
    const who = state.players[state.actor];
    if (state.over) {
      const names = state.winners.map(w => state.players[w].name).join(", ");
      el("h2", {}, t("game_over"), box);
      el("p", {}, t("winner", {names: names}), box);
      box.dataset.mine = "false";
      return;
    }
    const myTurn = mine && state.actor === state.seat;
    box.dataset.mine = myTurn ? "true" : "false";
    el("h2", {id: "whose-turn"}, myTurn ? t("your_turn") : t("turn_of", {name: who.name}), box);
    el("p", {}, t("turn_n", {n: state.turn}) + " · " + t("actions_left", {n: state.actions_left}), box);
  }

  function renderObjectives() {
    const card = $("objectives-card");
    const list = $("objectives");
    list.textContent = "";
    card.hidden = state.objectives.length === 0;
    for (const o of state.objectives) {
      const li = el("li", {"data-card": o.card}, "", list);
      el("strong", {class: "objective-stations"}, o.stations.map(stationName).join(" · "), li);
      el("span", {class: "points"}, " (" + t("points_n", {n: o.points}) + ")", li);
      const met = o.met_by.map(l => t("colour_" + colourOf(l))).join(", ");
      el("div", {class: "met"}, met ? t("objective_met", {colours: met}) : t("objective_open"), li);
    }
  }

  function renderMine(p) {
    const box = $("mine");
    box.hidden = false;
    box.textContent = "";
    el("h2", {}, p.name + " · " + t("score") + " " + p.score, box);
    const lines = el("ul", {class: "lines"}, "", box);
    for (const l of p.lines) {
      const li = el("li", {"data-line": l.line}, "", lines);
      swatch(l.colour, li);
      el("span", {}, t("colour_" + l.colour) + " — " + t("tokens_left", {n: l.tokens_left}), li);
    }
    el("p", {id: "branch-tiles"}, t("branch_tiles") + ": " + p.branch_tiles, box);
    const held = Object.entries(p.landmarks).filter(([, n]) => n > 0);
    if (held.length) {
      el("p", {id: "landmarks"}, t("landmarks") + ": " + held.map(([k, n]) => t("landmark_" + k) + " ×" + n)
        .join(", "), box);
    }
    const cats = Object.entries(p.points).filter(([, n]) => n);
    if (cats.length) {
      const tbl = el("table", {class: "categories"}, "", box);
      for (const [k, n] of cats) {
        const tr = el("tr", {}, "", tbl);
        el("td", {}, t("cat_" + k), tr);
        el("td", {class: "num"}, String(n), tr);
      }
    }
  }

  function legalPlacements() {
    return state && state.legal ? state.legal.filter(a => a.type === "place") : [];
  }

  function button(label, action, parent, extra) {
    const b = el("button", Object.assign({type: "button", "data-action": JSON.stringify(action)}, extra || {}),
                 label, parent);
    b.disabled = sentVersion === state.version;
    b.addEventListener("click", () => send(action));
    return b;
  }

  function renderPlay(mine) {
    const box = $("play");
    if (!box) return;
    const acting = mine && state.legal.length + (state.can_undo ? 1 : 0) > 0;
    const remote = mine && mine.remote;
    box.hidden = !mine;
    if (!mine) return;
    const chips = $("line-choice");
    const buttons = $("buttons");
    chips.textContent = "";
    buttons.textContent = "";
    const hint = $("play-hint");
    if (!remote) { hint.textContent = t("plays_at_table"); chips.hidden = true; return; }
    chips.hidden = false;
    const placeable = new Set(legalPlacements().map(a => a.line));
    if (selectedLine === null || !placeable.has(selectedLine)) {
      selectedLine = placeable.size ? [...placeable][0] : null;
    }
    for (const l of mine.lines) {
      const c = el("button", {type: "button", class: "chip", "data-line": l.line,
                              "aria-pressed": l.line === selectedLine}, "", chips);
      swatch(l.colour, c);
      el("span", {}, t("colour_" + l.colour) + " (" + l.tokens_left + ")", c);
      c.disabled = !placeable.has(l.line);
      c.addEventListener("click", () => { selectedLine = l.line; render(); });
    }
    hint.textContent = acting && placeable.size ? t("tap_board") : "";
    for (const a of state.legal) {
      if (a.type === "branch") button(t("take_branch"), a, buttons);
      else if (a.type === "route") {
        const r = state.routes[a.option];
        const label = t("route_to", {station: stationName(r.destination)}) +
          (r.lines.length ? " · " + r.lines.map(l => t("colour_" + colourOf(l))).join(", ") : "");
        button(label, a, buttons, {class: "route"});
      } else if (a.type === "reward") button(t("reward_" + a.choice), a, buttons, {class: "reward"});
      else if (a.type === "complete_set") button(a.complete ? t("complete_set") : t("keep_tiles"), a, buttons);
    }
    if (state.phase === "route" && acting) el("p", {class: "hint"}, t("choose_route"), buttons);
    if (state.choice && state.choice.kind === "reward" && acting) {
      el("p", {class: "hint"}, t("choose_reward", {station: stationName(state.choice.station)}), buttons);
    }
    if (state.can_undo) button(t("undo"), {type: "undo"}, buttons, {class: "undo"});
  }

  function onConnection(conn) {
    if (selectedLine === null || sentVersion === state.version) return;
    send({type: "place", line: selectedLine, connection: conn});
  }

  function renderCards() {
    const box = $("cards");
    box.textContent = "";
    el("h2", {}, t("destinations"), box);
    const ul = el("ul", {id: "face-up"}, "", box);
    for (const s of state.face_up) el("li", {"data-station": s}, stationName(s), ul);
    el("p", {id: "passenger"}, state.passenger >= 0 ? t("passenger", {station: stationName(state.passenger)})
      : t("passenger_gone"), box);
    el("p", {}, t("deck_left", {n: state.deck_left}), box);
  }

  function renderScores() {
    const tbl = $("scores");
    tbl.textContent = "";
    state.players.forEach((p, i) => {
      const tr = el("tr", {"data-player": i, class: i === state.current ? "current" : ""}, "", tbl);
      const name = el("td", {}, "", tr);
      for (const l of p.lines) swatch(l.colour, name);
      el("span", {}, " " + p.name, name);
      el("td", {class: "num"}, String(p.score), tr);
      el("td", {class: "num"}, t("branch_tiles") + " " + p.branch_tiles, tr);
    });
  }

  function renderLog() {
    const ol = $("log");
    ol.textContent = "";
    for (const [turn, player, text] of state.log.slice().reverse()) el("li", {}, text, ol);
  }

  $("fit").addEventListener("click", () => drawing && drawing.fit());
  connect();
})();
