/// The view page's style sheet: the grid seed's look (square cells 4 pt apart, chosen photos
/// shrunk to 86% with rounded corners, a check mark at the bottom trailing corner while
/// selecting), the app bar, the toolbar, the picker tray, and the replay controls. System
/// fonts only: the page loads nothing.
enum ViewPageStyle {
    static let css = #"""
    :root { color-scheme: light; --accent: #0a84ff; --ink: #1c1c1e; --muted: #6e6e73; --line: #d1d1d6;
      --bg: #f2f2f7; --card: #fff; font-family: -apple-system, system-ui, "Segoe UI", Roboto, sans-serif; }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    body { margin: 0; background: var(--bg); color: var(--ink); font-size: 14px; }
    header.page { padding: 10px 16px; background: var(--card); border-bottom: 1px solid var(--line); }
    header.page h1 { font-size: 16px; margin: 0; }
    header.page p { margin: 2px 0 0; color: var(--muted); }
    main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; flex-wrap: wrap; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .phone { background: var(--card); border-radius: 28px; border: 1px solid var(--line); overflow: hidden;
      position: relative; flex: none; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
    .appbar { display: flex; align-items: center; min-height: 44px; padding: 8px 16px; gap: 8px; }
    .appbar h2 { flex: 1; font-size: 20px; margin: 0; font-variant-numeric: tabular-nums; }
    .appbar button, .toolbar button, .tabbar span { font: inherit; border: 0; background: none; color: var(--accent); padding: 6px 4px; }
    .appbar .bordered { background: #e5e5ea; border-radius: 8px; padding: 6px 12px; }
    button:disabled { color: #b0b0b5; }
    /* The app bar's buttons are always enabled in the app; the replica's are inert, not dimmed. */
    .appbar button:disabled { color: var(--accent); }
    .overview { margin: 0 16px 6px; }
    .overview canvas { width: 100%; height: 18px; display: block; border-radius: 4px; background: #e5e5ea; }
    .overview p { margin: 2px 0 0; font-size: 11px; color: var(--muted); }
    .grid { display: grid; gap: 4px; overflow-y: auto; max-height: 560px; position: relative; }
    .gridrow { display: contents; }
    .cell { position: relative; aspect-ratio: 1; overflow: visible; }
    .cell .img { position: absolute; inset: 0; transition: transform .25s, border-radius .25s; display: flex;
      align-items: center; justify-content: center; color: rgba(255,255,255,.9); font-weight: 600; font-size: 15px; }
    .reduce .cell .img { transition: none; }
    .cell[aria-selected="true"] .img { transform: scale(.86); border-radius: 14px; }
    .check { position: absolute; right: 8px; bottom: 8px; width: 24px; height: 24px; border-radius: 50%;
      border: 2px solid #fff; background: rgba(0,0,0,.25); box-shadow: 0 0 3px rgba(0,0,0,.3); display: none; }
    .selecting .check { display: block; }
    .cell[aria-selected="true"] .check { background: var(--accent); }
    .cell[aria-selected="true"] .check::after { content: ""; position: absolute; left: 6px; top: 2px; width: 6px; height: 11px;
      border: solid #fff; border-width: 0 2.5px 2.5px 0; transform: rotate(45deg); }
    .cell.focus .img { box-shadow: 0 0 0 4px #ff9f0a inset; }
    @keyframes flash { from { box-shadow: 0 0 0 4px var(--mark) inset; } to { box-shadow: 0 0 0 0 transparent inset; } }
    .cell.m-chosen { --mark: #34c759; } .cell.m-unchosen { --mark: #ff3b30; } .cell.m-inserted { --mark: #af52de; } .cell.m-moved { --mark: #ff9f0a; }
    .cell.mark::before { content: ""; position: absolute; inset: 0; z-index: 2; animation: flash 1.6s ease-out forwards; pointer-events: none; }
    .cell.mark::after { content: ""; position: absolute; inset: 2px; z-index: 2; border: 2px dashed var(--mark); pointer-events: none; }
    .reduce .cell.mark::before { animation: none; box-shadow: 0 0 0 4px var(--mark) inset; }
    .window-note { font-size: 11px; color: var(--muted); padding: 4px 16px; margin: 0; }
    .tray { padding: 10px 16px; border-top: 1px solid var(--line); }
    .tray p { margin: 0 0 6px; color: var(--muted); font-weight: 500; }
    .tray ol { display: flex; gap: 8px; list-style: none; margin: 0; padding: 0; overflow-x: auto; min-height: 56px; }
    .tray li { width: 56px; height: 56px; border-radius: 12px; position: relative; flex: none; color: #fff;
      display: flex; align-items: center; justify-content: center; font-size: 12px; font-weight: 600; }
    .tray li span.x { position: absolute; top: -4px; right: -4px; width: 18px; height: 18px; border-radius: 50%;
      background: rgba(0,0,0,.55); color: #fff; font-size: 11px; line-height: 18px; text-align: center; }
    .tray .empty { border: 1.5px dashed #c7c7cc; color: #c7c7cc; }
    .toolbar, .tabbar { display: flex; justify-content: space-around; border-top: 1px solid var(--line); padding: 8px 4px 14px; background: #f9f9f9; }
    .tabbar span { color: var(--muted); }
    .sheet { position: absolute; left: 0; right: 0; bottom: 0; height: 45%; background: #fff; border-radius: 16px 16px 0 0;
      box-shadow: 0 -4px 20px rgba(0,0,0,.25); padding: 16px; z-index: 5; }
    .sheet h3 { margin: 0 0 6px; }
    .scrim { position: absolute; inset: 0; background: rgba(0,0,0,.25); z-index: 4; }
    .side { flex: 1; min-width: 340px; display: flex; flex-direction: column; gap: 12px; }
    .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 12px; }
    .card h2 { font-size: 14px; margin: 0 0 8px; }
    .transport { display: flex; align-items: center; gap: 6px; flex-wrap: wrap; }
    .transport button { font: inherit; min-width: 36px; min-height: 32px; border-radius: 8px; border: 1px solid var(--line); background: #fff; }
    .transport input[type=range] { flex: 1; min-width: 160px; }
    .transport output { font-variant-numeric: tabular-nums; }
    button:focus-visible, input:focus-visible, [tabindex]:focus-visible { outline: 3px solid #ff9f0a; outline-offset: 2px; }
    .changes dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0; }
    .changes dt { color: var(--muted); } .changes dd { margin: 0; word-break: break-all; }
    .steps { height: 340px; overflow-y: auto; position: relative; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px; }
    .steps .row { position: absolute; left: 0; right: 0; height: 22px; line-height: 22px; padding: 0 6px; white-space: pre;
      overflow: hidden; text-overflow: ellipsis; cursor: pointer; }
    .steps .row[aria-selected="true"] { background: #dbeafe; font-weight: 600; }
    .steps .rejected { color: #c41e3a; } .steps .ignored { color: var(--muted); }
    .touches .pair { display: flex; gap: 12px; align-items: flex-start; flex-wrap: wrap; }
    .touches svg { width: 100%; height: auto; background: #fafafa; border: 1px solid var(--line); border-radius: 8px; flex: none; }
    .touches ul { margin: 0; padding-left: 18px; flex: 1; min-width: 180px; }
    .legend span { display: inline-block; margin-right: 10px; font-size: 12px; }
    .legend i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
    """#
}
