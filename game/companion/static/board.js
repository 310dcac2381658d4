// The board as SVG, drawn from the map data the table sends (welcome.board): stations, connections, tokens,
// the passenger, the face-up destinations and, for a seat that may act, its legal track spaces.
// Pinch or wheel to zoom and drag to pan: both change the viewBox; "Fit" shows the whole board again.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";

function svgEl(name, attrs, parent) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, String(v));
  if (parent) parent.appendChild(el);
  return el;
}

class BoardDrawing {
  constructor(svg, board, onConnection) {
    this.svg = svg;
    this.board = board;
    this.onConnection = onConnection;
    this.full = [0, 0, board.width, board.height];
    this.view = this.full.slice();
    this.pointers = new Map();
    svg.textContent = "";
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.unit = Math.max(board.width, board.height) / 120;  // one "point" of the drawing, in map units
    svgEl("rect", {x: 0, y: 0, width: board.width, height: board.height, class: "board-bg"}, svg);
    this.gTrack = svgEl("g", {class: "track"}, svg);
    this.gTokens = svgEl("g", {class: "tokens"}, svg);
    this.gLegal = svgEl("g", {class: "legal"}, svg);
    this.gStations = svgEl("g", {class: "stations"}, svg);
    this.gNames = svgEl("g", {class: "names"}, svg);
    this.gMarks = svgEl("g", {class: "marks"}, svg);
    const u = this.unit;
    board.connections.forEach(([a, b, spaces, bends], i) => {
      svgEl("polyline", {points: this.points(i), class: "conn", "stroke-width": u * 0.5,
                         "stroke-dasharray": spaces > 1 ? `${u} ${u * 0.4}` : "none", "data-conn": i}, this.gTrack);
    });
    board.stations.forEach(([name, x, y, kinds], i) => {
      const big = kinds.includes("terminus") || kinds.includes("rer") || kinds.includes("start");
      svgEl("circle", {cx: x, cy: y, r: u * (big ? 0.9 : 0.65), class: "station " + kinds.join(" "),
                       "stroke-width": u * 0.2, "data-station": i}, this.gStations);
      const t = svgEl("text", {x: x + u * 1.1, y: y + u * 0.4, "font-size": u * 1.2, class: "name"}, this.gNames);
      t.textContent = name;
    });
    this.bindGestures();
    this.apply();
  }

  points(i) {
    const [a, b, , bends] = this.board.connections[i];
    const s = this.board.stations;
    const pts = [[s[a][1], s[a][2]], ...bends, [s[b][1], s[b][2]]];
    return pts.map(p => `${p[0]},${p[1]}`).join(" ");
  }

  offsetPoints(i, offset) {
    // the connection's path moved sideways by `offset` (lanes of tokens side by side)
    const [a, b, , bends] = this.board.connections[i];
    const s = this.board.stations;
    const pts = [[s[a][1], s[a][2]], ...bends, [s[b][1], s[b][2]]];
    const [x0, y0] = pts[0], [x1, y1] = pts[pts.length - 1];
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const nx = -(y1 - y0) / len * offset, ny = (x1 - x0) / len * offset;
    return pts.map(p => `${p[0] + nx},${p[1] + ny}`).join(" ");
  }

  update(state, colours, lineColour, legalConns) {
    const u = this.unit;
    this.gTokens.textContent = "";
    state.tokens.forEach((lines, i) => {
      lines.forEach((li, lane) => {
        const off = (lane - (lines.length - 1) / 2) * u * 0.9;
        svgEl("polyline", {points: this.offsetPoints(i, off), class: "token", "data-line": li,
                           stroke: colours[lineColour(li)] || "#888", "stroke-width": u * 0.8}, this.gTokens);
      });
    });
    this.gLegal.textContent = "";
    for (const c of legalConns) {
      // one bright mark whatever the line's colour (a black or grey line's own colour would not stand out)
      const el = svgEl("polyline", {points: this.points(c), class: "legal-conn", "data-conn": c,
                                    "stroke-width": u * 1.6, "stroke-dasharray": `${u * 1.2} ${u * 0.6}`},
                       this.gLegal);
      el.addEventListener("click", ev => { ev.stopPropagation(); this.onConnection(c); });
    }
    this.gMarks.textContent = "";
    for (const [station, type, left] of state.landmarks) {
      if (left <= 0) continue;
      const s = this.board.stations[station];
      svgEl("rect", {x: s[1] - u * 0.5, y: s[2] - u * 1.9, width: u, height: u, class: "landmark " + type},
            this.gMarks);
    }
    for (const station of state.face_up) {
      const s = this.board.stations[station];
      svgEl("circle", {cx: s[1], cy: s[2], r: u * 1.5, class: "destination", "stroke-width": u * 0.35},
            this.gMarks);
    }
    if (state.passenger >= 0) {
      const s = this.board.stations[state.passenger];
      svgEl("circle", {cx: s[1], cy: s[2], r: u * 1.0, class: "passenger", "stroke-width": u * 0.25,
                       "data-station": state.passenger}, this.gMarks);
    }
  }

  // ---- zoom and pan: the viewBox --------------------------------------------------------------
  apply() {
    const [x, y, w, h] = this.view;
    this.svg.setAttribute("viewBox", `${x} ${y} ${w} ${h}`);
    this.svg.classList.toggle("zoomed", w < this.full[2] * 0.45);  // names only when they can be read
  }

  fit() { this.view = this.full.slice(); this.apply(); }

  zoom(factor, cx, cy) {
    // zoom by `factor` (>1: closer) around the map point (cx, cy)
    let [x, y, w, h] = this.view;
    const nw = Math.min(this.full[2], Math.max(this.full[2] / 12, w / factor));
    const nh = nw * h / w;
    x = cx - (cx - x) * nw / w;
    y = cy - (cy - y) * nh / h;
    this.view = [x, y, nw, nh];
    this.clamp();
    this.apply();
  }

  clamp() {
    const [, , w, h] = this.view;
    const [fx, fy, fw, fh] = this.full;
    this.view[0] = Math.min(Math.max(this.view[0], fx - w * 0.25), fx + fw - w * 0.75);
    this.view[1] = Math.min(Math.max(this.view[1], fy - h * 0.25), fy + fh - h * 0.75);
  }

  toMap(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const [x, y, w, h] = this.view;
    const scale = Math.max(w / r.width, h / r.height);
    const ox = (r.width - w / scale) / 2, oy = (r.height - h / scale) / 2;
    return [x + (clientX - r.left - ox) * scale, y + (clientY - r.top - oy) * scale, scale];
  }

  bindGestures() {
    const svg = this.svg;
    svg.addEventListener("wheel", ev => {
      ev.preventDefault();
      const [mx, my] = this.toMap(ev.clientX, ev.clientY);
      this.zoom(ev.deltaY < 0 ? 1.25 : 0.8, mx, my);
    }, {passive: false});
    svg.addEventListener("pointerdown", ev => {
      this.pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
    });
    const end = ev => { this.pointers.delete(ev.pointerId); this.pinch = null; };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
    svg.addEventListener("pointermove", ev => {
      if (!this.pointers.has(ev.pointerId)) return;
      const before = this.pointers.get(ev.pointerId);
      this.pointers.set(ev.pointerId, [ev.clientX, ev.clientY]);
      const pts = [...this.pointers.values()];
      if (pts.length === 2) {  // pinch: zoom by the change of the fingers' distance, around their middle
        const d = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
        if (this.pinch) {
          const [mx, my] = this.toMap((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2);
          this.zoom(d / this.pinch, mx, my);
        }
        this.pinch = d;
      } else if (pts.length === 1 && this.view[2] < this.full[2]) {  // drag: pan
        const [, , scale] = this.toMap(ev.clientX, ev.clientY);
        this.view[0] -= (ev.clientX - before[0]) * scale;
        this.view[1] -= (ev.clientY - before[1]) * scale;
        this.clamp();
        this.apply();
      }
    });
  }
}

window.BoardDrawing = BoardDrawing;
