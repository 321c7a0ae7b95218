extension ReportPage {
    /// The page's CSS: a light, dense layout in the manner of trace viewers.
    package static let style = #"""
    :root { --bg:#f4f5f7; --card:#fff; --ink:#1d2330; --muted:#6b7385; --line:#e2e5ea; --accent:#3767d6;
      --pass:#1f8f4e; --fail:#c8322b; --warn:#b7791f; --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; }
    * { box-sizing: border-box; }
    html { scroll-behavior: smooth; }
    body { margin:0; background:var(--bg); color:var(--ink); font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "DejaVu Sans", sans-serif; }
    header.top { display:flex; align-items:center; gap:14px; flex-wrap:wrap; padding:14px 24px; background:#1d2330; color:#fff; }
    .brand { font-weight:700; letter-spacing:.04em; color:#9fb6ff; font-size:13px; text-transform:uppercase; }
    h1 { font-size:20px; margin:0; font-weight:600; }
    h2 { font-size:15px; margin:0; font-weight:600; }
    .badge { font-size:12px; font-weight:700; padding:3px 10px; border-radius:999px; letter-spacing:.05em; }
    .badge.pass { background:var(--pass); color:#fff; } .badge.fail { background:var(--fail); color:#fff; } .badge.none { background:#4a5163; color:#fff; }
    .facts { display:flex; gap:18px; margin-left:auto; flex-wrap:wrap; }
    .fact { display:flex; flex-direction:column; align-items:flex-end; }
    .fact b { font-size:16px; font-weight:600; font-variant-numeric: tabular-nums; }
    .fact span { font-size:11px; color:#aab3c5; text-transform:uppercase; letter-spacing:.05em; }
    nav.tabs { display:flex; gap:4px; padding:0 24px; background:#262d3d; position:sticky; top:0; z-index:5; }
    nav.tabs a { color:#cfd6e6; text-decoration:none; padding:8px 12px; font-size:13px; border-bottom:2px solid transparent; }
    nav.tabs a:hover { color:#fff; border-bottom-color:#9fb6ff; }
    main { padding:18px 24px 40px; display:flex; flex-direction:column; gap:18px; max-width:1600px; margin:0 auto; }
    .card { background:var(--card); border:1px solid var(--line); border-radius:10px; padding:14px 16px; box-shadow:0 1px 2px rgba(20,30,50,.04); min-width:0; }
    .card-head { display:flex; align-items:center; gap:12px; margin-bottom:10px; }
    .columns { display:grid; grid-template-columns: minmax(0,1.35fr) minmax(0,1fr); gap:18px; }
    @media (max-width: 1100px) { .columns { grid-template-columns: minmax(0,1fr); } }
    .muted { color:var(--muted); } .small { font-size:12px; margin:6px 0 0; }
    .tools { margin-left:auto; display:flex; align-items:center; gap:6px; }
    button { font:inherit; font-size:13px; border:1px solid var(--line); background:#f7f8fa; color:var(--ink); border-radius:6px; padding:3px 10px; cursor:pointer; }
    button:hover { background:#eef1f6; border-color:#c9cfda; }
    .timeline-wrap { position:relative; border:1px solid var(--line); border-radius:8px; overflow:hidden; background:#fbfbfc; }
    #timeline { display:block; width:100%; cursor:grab; }
    #timeline.dragging { cursor:grabbing; }
    .tip { position:absolute; pointer-events:none; background:rgba(25,30,42,.95); color:#fff; font-size:12px; padding:6px 9px; border-radius:6px; max-width:460px; white-space:pre-wrap; display:none; z-index:3; box-shadow:0 4px 14px rgba(0,0,0,.2); font-family:var(--mono); }
    .legend { display:flex; flex-wrap:wrap; gap:4px 14px; margin-top:8px; font-size:12px; color:var(--muted); }
    .legend i { display:inline-block; width:10px; height:10px; border-radius:2px; margin-right:5px; vertical-align:-1px; }
    .filmstrip { display:flex; gap:10px; overflow-x:auto; padding:4px 2px 10px; }
    .thumb { flex:0 0 auto; border:1px solid var(--line); border-radius:8px; background:#fff; padding:6px; cursor:pointer; text-align:left; width:auto; }
    .thumb:hover, .thumb.selected { border-color:var(--accent); box-shadow:0 0 0 2px rgba(55,103,214,.18); background:#fff; }
    .thumb .img { display:flex; align-items:center; justify-content:center; width:240px; height:160px; background:repeating-conic-gradient(#eceef2 0 25%, #fff 0 50%) 0 0/12px 12px; border-radius:4px; overflow:hidden; }
    .thumb img { image-rendering:pixelated; max-width:240px; max-height:160px; }
    .thumb .cap { font-size:12px; margin-top:5px; font-variant-numeric: tabular-nums; }
    .thumb .cap b { font-weight:600; }
    .chip { display:inline-block; font-size:11px; padding:0 6px; border-radius:4px; background:#e8eefc; color:#2d4fa8; margin:2px 3px 0 0; }
    .chip.late { background:#fde8e7; color:var(--fail); }
    .note { background:#fff8e6; border:1px solid #f2dfae; color:#7a5a12; padding:6px 10px; border-radius:6px; font-size:13px; margin:0 0 10px; }
    .summary div { font-family:var(--mono); font-size:12px; background:#f6f7f9; border-radius:6px; padding:6px 9px; margin-bottom:6px; white-space:pre-wrap; }
    .table-wrap { overflow:auto; max-height:460px; border:1px solid var(--line); border-radius:8px; margin-top:10px; }
    table { border-collapse:collapse; width:100%; font-size:13px; }
    th { position:sticky; top:0; background:#f3f4f7; text-align:left; font-weight:600; font-size:12px; color:var(--muted); padding:6px 10px; border-bottom:1px solid var(--line); }
    td { padding:5px 10px; border-bottom:1px solid #eef0f3; font-variant-numeric: tabular-nums; white-space:nowrap; }
    td.cause { white-space:normal; }
    tr.late td { background:#fff6f5; }
    tr:hover td { background:#f1f5ff; }
    .num { text-align:right; }
    .hitch-list { list-style:none; padding:0; margin:8px 0 0; }
    .hitch-list li { border-left:3px solid var(--fail); background:#fff6f5; padding:6px 10px; margin-bottom:6px; border-radius:0 6px 6px 0; }
    .hitch-list li.render { border-left-color:#d97706; background:#fff9ef; }
    .expectations { list-style:none; padding:0; margin:0; }
    .expectations li { display:grid; grid-template-columns:54px minmax(0,1fr); gap:8px; padding:8px 0; border-bottom:1px solid #eef0f3; }
    .expectations li:last-child { border-bottom:0; }
    .tag { font-size:11px; font-weight:700; border-radius:4px; padding:2px 0; text-align:center; height:fit-content; letter-spacing:.05em; }
    .tag.pass { background:#e3f4ea; color:var(--pass); } .tag.fail { background:#fde8e7; color:var(--fail); }
    .expectations code, .hitch-list code { font-family:var(--mono); font-size:12.5px; }
    .observed { color:var(--muted); font-size:13px; }
    .fates { margin:6px 0 0; padding:0; list-style:none; }
    .fates li { display:block; border:0; padding:3px 0 3px 12px; border-left:2px solid #f0b4b0; font-family:var(--mono); font-size:12px; color:#5d2422; }
    a.line { color:var(--accent); text-decoration:none; font-size:12px; }
    .error { background:#fde8e7; color:var(--fail); padding:8px 10px; border-radius:6px; font-family:var(--mono); font-size:12px; white-space:pre-wrap; margin-bottom:8px; }
    .warning { background:#fff8e6; color:#7a5a12; padding:6px 10px; border-radius:6px; font-family:var(--mono); font-size:12px; margin-top:6px; }
    .source { margin:0; font-family:var(--mono); font-size:12.5px; line-height:1.55; background:#fafbfc; border:1px solid var(--line); border-radius:8px; overflow:auto; max-height:560px; counter-reset: line; padding:8px 0; }
    .source span.l { display:block; padding:0 12px 0 0; white-space:pre; }
    .source span.l::before { counter-increment: line; content: counter(line); display:inline-block; width:3.2em; padding-right:1em; text-align:right; color:#a4abba; user-select:none; }
    .source span.l.pass { background:#eefaf2; } .source span.l.fail { background:#fdeeed; }
    .source span.l.flash { background:#fff1b8; }
    .source .c { color:#7d8597; font-style:italic; } .source .k { color:#7b3fc4; font-weight:600; } .source .s { color:#b0451b; } .source .n { color:#1c6bb0; }
    .viewer { position:fixed; inset:0; background:rgba(14,18,28,.72); display:flex; align-items:center; justify-content:center; z-index:20; }
    .viewer[hidden] { display:none; }
    .viewer-box { background:#fff; border-radius:12px; padding:12px 14px; max-width:94vw; max-height:94vh; display:flex; flex-direction:column; gap:8px; }
    .viewer-head { display:flex; gap:12px; align-items:center; }
    .viewer-tools { margin-left:auto; display:flex; gap:6px; align-items:center; font-size:13px; }
    .viewer-stage { overflow:auto; background:repeating-conic-gradient(#eceef2 0 25%, #fff 0 50%) 0 0/16px 16px; border-radius:6px; padding:10px; display:flex; justify-content:center; }
    .viewer-frame { position:relative; line-height:0; }
    .viewer-frame img { image-rendering:pixelated; box-shadow:0 0 0 1px #c9cfda; }
    .viewer-frame .rect { position:absolute; border:1px solid #ff2fb3; background:rgba(255,47,179,.12); }
    """#
}
