extension ReportPage {
    /// The timeline: a canvas drawn by hand (tracks of passes, callouts,
    /// blocked time, sets, commits with their phases, the server's renders
    /// and frames, transactions from start to screen, vsyncs), zoomed with
    /// the wheel or the buttons and panned by dragging. After each draw it
    /// writes the number of items drawn to the canvas's `data-drawn`.
    package static let timelineScript = #"""
    "use strict";
    const NS = 1e9;
    function fmtTime(ns) { return (ns / NS).toFixed(Math.abs(ns) % 1e6 === 0 ? 3 : 6) + " s"; }
    function fmtDur(ns) {
      if (ns >= NS) return (ns / NS).toFixed(3) + " s";
      if (ns >= 1e6) return (ns / 1e6).toFixed(3) + " ms";
      if (ns >= 1e3) return (ns / 1e3).toFixed(3) + " µs";
      return ns + " ns";
    }
    const KIND_COLOURS = { timer:"#4e79a7", source0:"#59a14f", source1:"#8c6d31", observer:"#9aa3b5", block:"#d4a72c",
      mainQueue:"#b07aa1", event:"#f28e2b", displayLink:"#2ca6a4" };
    const PHASE_COLOURS = ["#7b61ff", "#2ca6a4", "#e377c2", "#3767d6"];
    const PHASE_NAMES = ["layout", "display", "prepare", "commit"];

    function Timeline(canvas, tip, data) {
      const tl = data.timeline, names = tl.names;
      const hz = data.record ? data.record.hz : 0;
      const end = Math.max(tl.end, 1);
      const gutter = 118, axisH = 26, rowH = 18;
      let maxDepth = 0;
      for (const c of tl.callouts) maxDepth = Math.max(maxDepth, c[2]);
      maxDepth = Math.min(maxDepth, 7);
      // Transactions in lanes so overlapping spans stack.
      const lanes = [], txnLane = [];
      for (const l of data.latencies) {
        let lane = lanes.findIndex(e => e <= l.start);
        if (lane < 0) { lane = lanes.length; lanes.push(0); }
        lanes[lane] = l.present; txnLane.push(Math.min(lane, 5));
      }
      const tracks = [];
      let y = axisH + 6;
      function track(name, rows) { const t = { name, y, rows }; tracks.push(t); y += rows * rowH + 8; return t; }
      const T = {
        passes: track("run loop", 1), main: track("main thread", maxDepth + 1), blocked: track("blocked", 1),
        sets: track("sets", 1), commits: track("commits", 1), render: track("render server", 1),
        frames: track("frames", 1), txns: track("transactions", Math.max(1, Math.min(lanes.length, 6))),
        vsync: track("vsync", 1),
      };
      const height = y + 4;
      let t0 = 0, t1 = end * 1.02, width = 800, hits = [];
      const minSpan = 1000;  // 1 µs
      function resize() {
        width = canvas.parentElement.clientWidth;
        const dpr = window.devicePixelRatio || 1;
        canvas.width = Math.round(width * dpr); canvas.height = Math.round(height * dpr);
        canvas.style.height = height + "px";
        canvas.getContext("2d").setTransform(dpr, 0, 0, dpr, 0, 0);
      }
      const xOf = t => gutter + (t - t0) / (t1 - t0) * (width - gutter - 8);
      const tOf = x => t0 + (x - gutter) / (width - gutter - 8) * (t1 - t0);
      function niceStep(span, px) {
        const raw = span / Math.max(1, px / 110), p = Math.pow(10, Math.floor(Math.log10(raw)));
        for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
        return 10 * p;
      }
      function draw() {
        const g = canvas.getContext("2d");
        g.clearRect(0, 0, width, height);
        hits = [];
        let drawn = 0;
        const right = width - 8;
        const visible = (a, b) => b >= t0 && a <= t1;
        // Track backgrounds and labels.
        g.font = "12px -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";
        for (const [i, tr] of tracks.entries()) {
          g.fillStyle = i % 2 ? "#fbfbfc" : "#f3f5f8";
          g.fillRect(0, tr.y - 4, width, tr.rows * rowH + 8);
          g.fillStyle = "#4a5163"; g.textBaseline = "middle";
          g.fillText(tr.name, 10, tr.y + rowH / 2);
        }
        g.fillStyle = "#e2e5ea"; g.fillRect(gutter - 1, axisH, 1, height - axisH);
        // The axis.
        const step = niceStep(t1 - t0, right - gutter);
        g.fillStyle = "#fff"; g.fillRect(0, 0, width, axisH);
        g.fillStyle = "#6b7385"; g.textBaseline = "alphabetic";
        for (let t = Math.ceil(t0 / step) * step; t <= t1; t += step) {
          const x = xOf(t); if (x < gutter) continue;
          g.fillStyle = "#e6e8ed"; g.fillRect(Math.round(x), axisH, 1, height - axisH);
          g.fillStyle = "#6b7385"; g.fillText(step >= 1e6 ? (t / NS).toFixed(step >= 1e8 ? 1 : step >= 1e7 ? 2 : 3) + " s" : fmtTime(t), x + 3, 17);
        }
        g.save(); g.beginPath(); g.rect(gutter, axisH, right - gutter, height - axisH); g.clip();
        function bar(tr, row, a, b, colour, tipText, onClick, minW) {
          if (!visible(a, b)) return;
          let x0 = xOf(a), x1 = xOf(b);
          if (x1 - x0 < (minW || 1.5)) { x1 = x0 + (minW || 1.5); }
          x0 = Math.max(x0, gutter - 2); x1 = Math.min(x1, right + 2);
          const yy = tr.y + row * rowH + 1, h = rowH - 3;
          g.fillStyle = colour; g.fillRect(x0, yy, x1 - x0, h);
          hits.push({ x0, x1, y0: yy, y1: yy + h, tip: tipText, onClick });
          drawn++;
          return { x0, x1, y: yy, h };
        }
        function label(box, text, colour) {
          if (!box || box.x1 - box.x0 < 40) return;
          g.save(); g.beginPath(); g.rect(box.x0, box.y, box.x1 - box.x0, box.h); g.clip();
          g.fillStyle = colour || "#fff"; g.textBaseline = "middle"; g.font = "11px -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif";
          g.fillText(text, Math.max(box.x0, gutter) + 4, box.y + box.h / 2 + 0.5); g.restore();
        }
        function marker(tr, t, colour, tipText, onClick) {
          if (!visible(t, t)) return;
          const x = xOf(t), yy = tr.y + rowH / 2 - 1;
          g.fillStyle = colour; g.beginPath(); g.moveTo(x, yy - 6); g.lineTo(x + 5, yy); g.lineTo(x, yy + 6); g.lineTo(x - 5, yy); g.closePath(); g.fill();
          hits.push({ x0: x - 5, x1: x + 5, y0: yy - 6, y1: yy + 6, tip: tipText, onClick });
          drawn++;
        }
        // Sleeps, then the passes as thin bars under them.
        for (const s of tl.sleeps) {
          const box = bar(T.passes, 0, s[0], s[1], "#dde1e9", "sleeping " + fmtDur(s[1] - s[0]) + "\n" + fmtTime(s[0]) + " – " + fmtTime(s[1]), null, 0.5);
          label(box, "sleeping " + fmtDur(s[1] - s[0]), "#5b6475");
        }
        let lastX = -1;
        for (const p of tl.passes) {
          if (!visible(p[0], p[1])) continue;
          const x = xOf(p[0]); if (x - lastX < 0.75 && xOf(p[1]) - x < 1) continue; lastX = x;
          const x1 = Math.max(xOf(p[1]), x + 1.5);
          g.fillStyle = p[2] % 2 ? "#5f7fc7" : "#93a9dc"; g.fillRect(x, T.passes.y + rowH - 6, x1 - x, 4);
          hits.push({ x0: x, x1, y0: T.passes.y + rowH - 8, y1: T.passes.y + rowH, tip: "pass #" + p[2] + "\n" + fmtTime(p[0]) + " – " + fmtTime(p[1]) });
          drawn++;
        }
        // Callouts by depth.
        const lastByRow = [];
        for (const c of tl.callouts) {
          if (!visible(c[0], c[1])) continue;
          const row = Math.min(c[2], maxDepth), x = xOf(c[0]);
          if (c[1] === c[0] && lastByRow[row] !== undefined && x - lastByRow[row] < 1) continue;
          lastByRow[row] = x;
          const kind = names[c[3]], name = names[c[4]];
          const box = bar(T.main, row, c[0], c[1], KIND_COLOURS[kind] || "#888", kind + " " + name + "\n" + fmtTime(c[0]) + (c[1] > c[0] ? " for " + fmtDur(c[1] - c[0]) : ""));
          label(box, kind === "event" ? name : kind + " " + name);
        }
        for (const b of tl.blocks) {
          const who = b[2] >= 0 ? " by `" + names[b[2]] + "`" : "";
          const box = bar(T.blocked, 0, b[0], b[0] + b[1], "#d9453d", "main thread blocked " + fmtDur(b[1]) + who + "\n" + fmtTime(b[0]) + " – " + fmtTime(b[0] + b[1]));
          label(box, "blocked " + fmtDur(b[1]) + who);
        }
        for (const s of tl.sets) {
          marker(T.sets, s[0], "#5b6475", "set " + names[s[1]] + "\ntxn " + s[2] + " at " + fmtTime(s[0]));
        }
        for (const l of tl.logs) {
          marker(T.sets, l[0], l[2] ? "#d97706" : "#2ca6a4", (l[2] ? "warn " : "log ") + names[l[1]] + "\n" + fmtTime(l[0]));
        }
        // Commits: the span of their phases, each phase in its colour.
        for (const c of tl.commits) {
          const p = c.phases, tipText = "commit at " + fmtTime(c.t) + " · txns " + c.txns.join(", ") + "\n" + c.changed + " layers changed, " + c.bytes + " bytes\n"
            + PHASE_NAMES.map((n, i) => n + " " + fmtDur(p[2 * i + 1])).join(" · ") + (c.changes.length ? "\n" + c.changes.slice(0, 12).join("\n") + (c.changes.length > 12 ? "\n…" : "") : "");
          if (p[0] >= c.t) { bar(T.commits, 0, c.t, c.t, "#3767d6", tipText, null, 3); continue; }
          for (let i = 0; i < 4; i++) if (p[2 * i + 1] > 0) label(bar(T.commits, 0, p[2 * i], p[2 * i] + p[2 * i + 1], PHASE_COLOURS[i], tipText), PHASE_NAMES[i] + " " + fmtDur(p[2 * i + 1]));
          bar(T.commits, 0, c.t, c.t, "#1d2330", tipText, null, 2);
        }
        // The server: renders from latch, frames at their on-screen time.
        const byFrame = new Map(data.frames.map((f, i) => [f.frame, i]));
        const lateFrames = new Set(data.latencies.filter(l => l.hitch > 0).map(l => l.frame));
        for (const f of data.frameEvents) {
          if (f[3] > 0) label(bar(T.render, 0, f[2], f[2] + f[3], "#e8913a", "render frame " + f[0] + "\nlatched at " + fmtTime(f[2]) + ", " + fmtDur(f[3])), "render " + f[0]);
          else bar(T.render, 0, f[2], f[2], "#e8913a", "frame " + f[0] + " latched at " + fmtTime(f[2]), null, 2);
          const i = byFrame.get(f[0]);
          marker(T.frames, f[1], lateFrames.has(f[0]) ? "#d9453d" : "#1f8f4e", (lateFrames.has(f[0]) ? "late " : "") + "frame " + f[0] + " on screen at " + fmtTime(f[1]) + (i === undefined ? "" : "\ntxns " + (data.frames[i].txns.join(", ") || "—") + "\nclick to view"),
            i === undefined ? null : () => window.openFrame(i));
        }
        for (const [n, l] of data.latencies.entries()) {
          const late = l.hitch > 0;
          const box = bar(T.txns, txnLane[n], l.start, l.present, late ? "#d9453d" : "#59a14f",
            "txn " + l.txn + ": " + fmtDur(l.latency) + " from its first change to the screen (frame " + l.frame + ")" + (late ? "\nhitch " + fmtDur(l.hitch) + (l.cause ? "\n" + l.cause : "") : ""));
          label(box, "txn " + l.txn + " · " + fmtDur(l.latency));
        }
        // Vsyncs, when they are at least 4 px apart.
        let vsyncs = 0;
        if (hz > 0 && (right - gutter) / ((t1 - t0) / (NS / hz)) >= 4) {
          const k0 = Math.max(0, Math.floor(t0 * hz / NS)), k1 = Math.ceil(t1 * hz / NS);
          g.fillStyle = "#9aa3b5";
          for (let k = k0; k <= k1 && k - k0 < 5000; k++) {
            const t = Math.floor(k * NS / hz), x = xOf(t);
            g.fillRect(x, T.vsync.y + 3, 1, rowH - 6);
            hits.push({ x0: x - 2, x1: x + 2, y0: T.vsync.y, y1: T.vsync.y + rowH, tip: "vsync " + k + " at " + fmtTime(t) });
            drawn++; vsyncs++;
          }
        } else if (hz > 0) {
          g.fillStyle = "#9aa3b5"; g.textBaseline = "middle";
          g.fillText(hz + " Hz: zoom in to see each vsync", gutter + 6, T.vsync.y + rowH / 2);
        }
        g.restore();
        if (tl.dropped) { g.fillStyle = "#b7791f"; g.textBaseline = "alphabetic"; g.fillText(tl.dropped + " items past the cap are not drawn", gutter + 6, height - 6); }
        canvas.dataset.drawn = String(drawn);
        canvas.dataset.vsyncs = String(vsyncs);
        document.getElementById("range").textContent = fmtTime(Math.max(0, Math.round(t0))) + " – " + fmtTime(Math.round(t1)) + "  (" + fmtDur(Math.round(t1 - t0)) + " shown)";
      }
      function zoom(factor, atX) {
        const at = atX === undefined ? (t0 + t1) / 2 : tOf(atX);
        let span = Math.max(minSpan, Math.min((t1 - t0) * factor, end * 1.5));
        const f = (at - t0) / (t1 - t0);
        t0 = at - f * span; t1 = t0 + span;
        clamp(); draw();
      }
      function clamp() {
        const span = t1 - t0, lo = -end * 0.02, hi = end * 1.04;
        if (t0 < lo) { t0 = lo; t1 = lo + span; }
        if (t1 > hi) { t1 = hi; t0 = hi - span; }
      }
      function fit() { t0 = -end * 0.005; t1 = end * 1.02; draw(); }
      this.fit = fit; this.draw = draw;
      // `report.html#t=A,B` opens on A s to B s.
      this.showHash = () => {
        const m = /^#t=(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/.exec(location.hash);
        if (!m || +m[2] <= +m[1]) return false;
        t0 = +m[1] * NS; t1 = Math.max(+m[2] * NS, t0 + minSpan); draw(); return true;
      };
      this.show = (a, b) => { const pad = Math.max((b - a) * 0.15, 2e6); t0 = a - pad; t1 = b + pad; clamp(); draw(); };
      canvas.addEventListener("wheel", e => { e.preventDefault(); const r = canvas.getBoundingClientRect(); zoom(Math.exp(e.deltaY * 0.0015), e.clientX - r.left); }, { passive: false });
      let drag = null, moved = false;
      canvas.addEventListener("mousedown", e => { drag = { x: e.clientX, t0, t1 }; moved = false; canvas.classList.add("dragging"); });
      window.addEventListener("mouseup", () => { drag = null; canvas.classList.remove("dragging"); });
      window.addEventListener("mousemove", e => {
        const r = canvas.getBoundingClientRect(), x = e.clientX - r.left, yy = e.clientY - r.top;
        if (drag) {
          const dt = (e.clientX - drag.x) / (width - gutter - 8) * (drag.t1 - drag.t0);
          if (Math.abs(e.clientX - drag.x) > 2) moved = true;
          t0 = drag.t0 - dt; t1 = drag.t1 - dt; clamp(); draw(); tip.style.display = "none"; return;
        }
        if (x < 0 || yy < 0 || x > r.width || yy > r.height) { tip.style.display = "none"; return; }
        const hit = findHit(x, yy);
        if (!hit) { tip.style.display = "none"; canvas.style.cursor = ""; return; }
        canvas.style.cursor = hit.onClick ? "pointer" : "";
        tip.textContent = hit.tip; tip.style.display = "block";
        const tx = Math.min(x + 14, r.width - tip.offsetWidth - 6);
        tip.style.left = Math.max(4, tx) + "px"; tip.style.top = (yy + 16) + "px";
      });
      function findHit(x, yy) {
        for (let i = hits.length - 1; i >= 0; i--) { const h = hits[i]; if (x >= h.x0 - 1 && x <= h.x1 + 1 && yy >= h.y0 && yy <= h.y1) return h; }
        return null;
      }
      canvas.addEventListener("click", e => {
        if (moved) return;
        const r = canvas.getBoundingClientRect(), hit = findHit(e.clientX - r.left, e.clientY - r.top);
        if (hit && hit.onClick) hit.onClick();
      });
      canvas.addEventListener("dblclick", fit);
      document.getElementById("zoom-in").onclick = () => zoom(0.5);
      document.getElementById("zoom-out").onclick = () => zoom(2);
      document.getElementById("zoom-fit").onclick = fit;
      window.addEventListener("resize", () => { resize(); draw(); });
      resize();
      const legend = document.getElementById("legend");
      const entries = Object.entries(KIND_COLOURS).concat([["blocked", "#d9453d"], ["sleeping", "#dde1e9"], ["pass", "#5f7fc7"]], PHASE_NAMES.map((n, i) => [n + " phase", PHASE_COLOURS[i]]),
        [["render", "#e8913a"], ["frame", "#1f8f4e"], ["txn on time", "#59a14f"], ["txn late", "#d9453d"]]);
      legend.innerHTML = entries.map(([n, c]) => '<span><i style="background:' + c + '"></i>' + n + "</span>").join("");
    }
    """#
}
