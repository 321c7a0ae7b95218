extension ReportPage {
    /// The rest of the page: the header's figures, the filmstrip and the
    /// full-size viewer, the latency table and hitches, the expectations
    /// and the source. When done it sets `data-ready` on the body (and
    /// `data-error` with the message if anything threw).
    package static let script = #"""
    (function () {
      const $ = id => document.getElementById(id);
      const esc = s => String(s).replace(/[&<>"]/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
      try {
        const data = JSON.parse($("loopsim-data").textContent);
        const rec = data.record;
        // Header.
        const status = $("status");
        if (!rec) { status.textContent = "NO RESULTS"; status.className = "badge none"; }
        else if (rec.passed) { status.textContent = "PASSED"; status.className = "badge pass"; }
        else { status.textContent = rec.failure ? "ERROR" : "FAILED"; status.className = "badge fail"; }
        const lat = data.latencies, late = lat.filter(l => l.hitch > 0);
        const sorted = lat.map(l => l.latency).sort((a, b) => a - b);
        const facts = [["run", fmtDur(data.timeline.end)], ["events", data.events.toLocaleString("en")],
          ["commits", data.timeline.commits.length], ["frames", data.frameEvents.length],
          ["median latency", sorted.length ? fmtDur(sorted[(sorted.length - 1) >> 1]) : "—"], ["late", late.length]];
        if (rec) facts.unshift(["display", rec.width + "×" + rec.height + " @ " + rec.hz + " Hz"]);
        $("facts").innerHTML = facts.map(([k, v]) => "<div class=fact><b>" + esc(v) + "</b><span>" + esc(k) + "</span></div>").join("");

        // Timeline.
        const timeline = new Timeline($("timeline"), $("tip"), data);
        if (!timeline.showHash()) timeline.fit();
        window.addEventListener("hashchange", () => timeline.showHash());

        // Filmstrip and viewer.
        const strip = $("filmstrip");
        $("frames-count").textContent = data.frames.length === data.framesTotal ? data.framesTotal + " frames" : data.frames.length + " of " + data.framesTotal + " frames";
        if (data.framesNote) { $("frames-note").textContent = data.framesNote; $("frames-note").hidden = false; }
        if (!data.frames.length) strip.innerHTML = '<p class="muted">No frame files in this run folder' + (data.frameEvents.length ? " (the trace has " + data.frameEvents.length + " frames: run with frames to see them)." : ".") + "</p>";
        const lateTxns = new Set(late.map(l => l.txn));
        data.frames.forEach((f, i) => {
          const card = document.createElement("button");
          card.className = "thumb"; card.dataset.frame = f.frame;
          const img = document.createElement("img");
          img.src = data.images[f.thumb]; img.alt = "frame " + f.frame;
          img.onload = () => { const s = Math.max(1, Math.floor(Math.min(240 / img.naturalWidth, 160 / img.naturalHeight))); img.style.width = img.naturalWidth * s + "px"; };
          const box = document.createElement("div"); box.className = "img"; box.appendChild(img);
          const cap = document.createElement("div"); cap.className = "cap";
          cap.innerHTML = "<b>vsync " + f.frame + "</b> · " + fmtTime(f.present) + "<br>" +
            (f.txns.length ? f.txns.map(t => '<span class="chip' + (lateTxns.has(t) ? " late" : "") + '">txn ' + t + "</span>").join("") : '<span class="muted">no new txn</span>');
          card.append(box, cap);
          card.onclick = () => openFrame(i);
          strip.appendChild(card);
        });
        strip.dataset.images = String(strip.querySelectorAll("img").length);
        let current = -1;
        function openFrame(i) {
          if (i < 0 || i >= data.frames.length) return;
          current = i;
          const f = data.frames[i], full = f.full !== null ? data.images[f.full] : data.images[f.thumb];
          const img = $("viewer-img");
          img.onload = () => {
            const w = rec && f.full === null && img.naturalWidth < rec.width ? rec.width : img.naturalWidth;
            const h = Math.round(w * img.naturalHeight / img.naturalWidth);
            const s = Math.max(1, Math.floor(Math.min((innerWidth * 0.86) / w, (innerHeight * 0.72) / h)));
            img.style.width = w * s + "px"; img.style.height = h * s + "px";
            const rects = $("viewer-rects"); rects.innerHTML = "";
            if ($("viewer-damage").checked) for (const r of f.rects) {
              const d = document.createElement("div"); d.className = "rect";
              Object.assign(d.style, { left: r[0] * s + "px", top: r[1] * s + "px", width: r[2] * s + "px", height: r[3] * s + "px" });
              rects.appendChild(d);
            }
          };
          img.src = full;
          $("viewer-title").textContent = "vsync " + f.frame + " · on screen at " + fmtTime(f.present);
          $("viewer-info").textContent = (f.latch !== null ? "latched " + fmtTime(f.latch) + (f.render ? ", rendered " + fmtDur(f.render) : "") + " · " : "") +
            "txns " + (f.txns.join(", ") || "—") + " · " + f.file + (f.hash ? " · " + f.hash : "");
          $("viewer-note").textContent = (f.full === null && rec && (rec.width > 240 || rec.height > 160) ? "full-size image not embedded: the thumbnail, enlarged · " : "") +
            "damage " + (f.damage ? f.damage.join(", ") : "—") + " (" + f.rects.length + " rect" + (f.rects.length === 1 ? "" : "s") + ") · ← → to step, Esc to close";
          $("viewer").hidden = false;
          strip.querySelectorAll(".thumb").forEach((c, n) => c.classList.toggle("selected", n === i));
        }
        window.openFrame = openFrame;
        const close = () => { $("viewer").hidden = true; };
        $("viewer-close").onclick = close;
        $("viewer").onclick = e => { if (e.target === $("viewer")) close(); };
        $("viewer-prev").onclick = () => openFrame(current - 1);
        $("viewer-next").onclick = () => openFrame(current + 1);
        $("viewer-damage").onchange = () => openFrame(current);
        document.addEventListener("keydown", e => {
          if ($("viewer").hidden) return;
          if (e.key === "Escape") close(); else if (e.key === "ArrowLeft") openFrame(current - 1); else if (e.key === "ArrowRight") openFrame(current + 1);
        });

        // Latency and hitches.
        $("summary").innerHTML = rec && rec.summary.length ? rec.summary.map(s => "<div>" + esc(s) + "</div>").join("") : '<div>' + (lat.length ? lat.length + " transactions on screen" : "no transaction reached the screen") + "</div>";
        if (late.length) $("hitches").innerHTML = "<ul class=hitch-list>" + late.map(l =>
          '<li class="' + esc(l.late || "") + '"><b>frame ' + l.frame + "</b> · txn " + l.txn + " · " + fmtDur(l.hitch) + " late — <code>" + esc(l.cause || l.late || "late") + "</code></li>").join("") + "</ul>";
        // At most 2000 rows: the late ones first, then the others in order.
        const rows = lat.map((l, n) => n).filter(n => lat[n].hitch > 0).concat(lat.map((l, n) => n).filter(n => lat[n].hitch === 0)).slice(0, 2000).sort((a, b) => a - b);
        if (rows.length < lat.length) $("summary").insertAdjacentHTML("beforeend", '<p class="note">The table shows ' + rows.length + " of " + lat.length + " transactions: every late one, then the first on time.</p>");
        const body = $("latency").tBodies[0];
        body.innerHTML = rows.map(n => lat[n]).map((l, i) => '<tr data-n="' + rows[i] + '" class="' + (l.hitch > 0 ? "late" : "") + '"><td>' + l.txn + "</td><td>" + fmtTime(l.start) + "</td><td>" + (l.commit === null ? "—" : fmtTime(l.commit)) +
          "</td><td>" + l.frame + "</td><td>" + fmtTime(l.present) + '</td><td class=num>' + fmtDur(l.latency) + '</td><td class=num>' + (l.hitch ? fmtDur(l.hitch) : "—") + '</td><td class=cause>' + esc(l.cause || "") + "</td></tr>").join("");
        body.querySelectorAll("tr").forEach(tr => tr.onclick = () => { const l = lat[+tr.dataset.n]; timeline.show(l.start, l.present); $("timeline-section").scrollIntoView(); });
        if (!lat.length) body.innerHTML = '<tr><td colspan=8 class=muted>No latency events (a run without a render server has none).</td></tr>';

        // Expectations.
        const list = $("expectations");
        if (rec && rec.failure) $("failure").innerHTML = '<div class=error>' + esc(rec.failure) + "</div>";
        if (!rec) list.innerHTML = '<li><span></span><span class=muted>No run.json in this folder: the expectations are unknown.</span></li>';
        else if (!rec.expectations.length) list.innerHTML = '<li><span></span><span class=muted>The scenario has no expectations.</span></li>';
        else {
          const failed = rec.expectations.filter(e => !e.passed).length;
          $("expect-count").textContent = (rec.expectations.length - failed) + " passed, " + failed + " failed";
          list.innerHTML = rec.expectations.map(e => '<li class="' + (e.passed ? "pass" : "fail") + '"><span class="tag ' + (e.passed ? "pass" : "fail") + '">' + (e.passed ? "PASS" : "FAIL") +
            '</span><div><code>' + esc(e.summary) + '</code> <a class=line href="#L' + e.line + '" data-line="' + e.line + '">line ' + e.line + '</a><div class=observed>' + esc(e.observed) + "</div>" +
            (e.fates.length ? "<ul class=fates>" + e.fates.map(f => "<li>" + esc(f) + "</li>").join("") + "</ul>" : "") + "</div></li>").join("");
        }
        if (rec && rec.warnings.length) $("warnings").innerHTML = rec.warnings.map(w => "<div class=warning>" + esc(w) + "</div>").join("");

        // Source, with the expectations' lines marked.
        const marks = new Map();
        if (rec) for (const e of rec.expectations) marks.set(e.line, marks.get(e.line) === "fail" || !e.passed ? "fail" : "pass");
        $("source-name").textContent = rec ? rec.scenario : "";
        if (data.source === null) $("source").textContent = "No scenario.loop in this run folder.";
        else $("source").innerHTML = data.source.replace(/\n$/, "").split("\n").map((line, n) =>
          '<span class="l' + (marks.has(n + 1) ? " " + marks.get(n + 1) : "") + '" id="L' + (n + 1) + '">' + highlight(line) + "</span>").join("");
        list.querySelectorAll("a.line").forEach(a => a.onclick = () => { const l = $("L" + a.dataset.line); if (l) { l.classList.add("flash"); setTimeout(() => l.classList.remove("flash"), 1600); } });
        function highlight(line) {
          const hash = line.search(/#(?![0-9a-fA-F]{6})/), comment = line.indexOf("#") >= 0 && hash >= 0 && !/"[^"]*#/.test(line.slice(0, hash + 1)) ? hash : -1;
          const code = comment >= 0 ? line.slice(0, comment) : line, rest = comment >= 0 ? line.slice(comment) : "";
          const html = esc(code).replace(/(&quot;.*?&quot;)|\b(\d+(?:\.\d+)?(?:ms|us|s|min|ns)?)\b|^(\s*)(\w+)/g, (m, str, num, sp, kw) =>
            str ? '<span class=s>' + str + "</span>" : num ? '<span class=n>' + num + "</span>" : sp + '<span class=k>' + kw + "</span>");
          return html + (rest ? '<span class=c>' + esc(rest) + "</span>" : "");
        }
        document.body.dataset.ready = "1";
      } catch (e) {
        document.body.dataset.error = String(e && e.stack || e);
        const p = document.createElement("pre"); p.className = "error"; p.textContent = "The report's script failed: " + e; document.body.prepend(p);
      }
    })();
    """#
}
