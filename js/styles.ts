// The widget's CSS. Colours of the page follow JupyterLab's theme variables
// (light and dark); game colours are Okabe-Ito (see palette.ts).

export const CSS = `
.dw-root { --dw-fg: var(--jp-ui-font-color0, #111); --dw-bg: var(--jp-layout-color0, #fff);
  --dw-bg2: var(--jp-layout-color1, #f4f4f4); --dw-line: var(--jp-border-color1, #999);
  --dw-accent: var(--jp-brand-color1, #0072B2); --dw-warn: var(--jp-error-color1, #D55E00);
  color: var(--dw-fg); background: var(--dw-bg); font-family: var(--jp-ui-font-family, sans-serif);
  font-size: 13px; display: grid; gap: 8px 10px; padding: 6px; outline: none; align-items: start;
  grid-template-columns: minmax(300px, 560px) minmax(300px, 1fr); grid-template-rows: auto auto 1fr;
  grid-template-areas: "bar bar" "left battle" "left right"; }
.dw-root[data-narrow] { grid-template-columns: minmax(0, 1fr); grid-template-rows: none;
  grid-template-areas: "bar" "battle" "left" "right"; }
.dw-root > .dw-bar { grid-area: bar; } .dw-root > .dw-left { grid-area: left; }
.dw-root > .dw-battle { grid-area: battle; } .dw-root > .dw-right { grid-area: right; }
.dw-root > .dw-screen, .dw-root > .dw-over { grid-column: 1 / -1; }
.dw-root:focus-visible { box-shadow: 0 0 0 2px var(--dw-accent); }
.dw-left { min-width: 0; position: relative; }
.dw-hexmenu { position: absolute; z-index: 3; display: flex; flex-direction: column; gap: 3px; padding: 5px;
  background: var(--dw-bg); border: 2px solid var(--dw-accent); border-radius: 6px; max-width: 240px;
  box-shadow: 0 3px 8px color-mix(in srgb, var(--dw-fg) 25%, transparent); }
.dw-hexmenu-title { font-size: 11.5px; font-weight: 600; }
.dw-right { min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.dw-header { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.dw-header h3 { margin: 0 8px 0 0; font-size: 15px; }
.dw-root button { font: inherit; color: var(--dw-fg); background: var(--dw-bg2); border: 1px solid var(--dw-line);
  border-radius: 4px; padding: 3px 8px; cursor: pointer; }
.dw-root button:disabled { opacity: .45; cursor: default; }
.dw-root button:focus-visible, .dw-root [role=button]:focus-visible { outline: 3px solid var(--dw-accent); outline-offset: 1px; }
.dw-bar { position: relative; z-index: 4; background: var(--dw-bg); display: flex;
  flex-direction: column; gap: 3px; padding: 4px 6px; border: 1px solid var(--dw-line); border-radius: 6px;
  box-shadow: 0 2px 4px color-mix(in srgb, var(--dw-fg) 15%, transparent); }
.dw-bar.dw-pinned { border-color: var(--dw-accent); }
.dw-bar-buttons { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
.dw-root .dw-bar-button { font-weight: 600; padding: 4px 12px; }
.dw-root button.dw-off { opacity: .6; cursor: not-allowed; border-style: dashed; }
.dw-next { font-size: 13.5px; }
.dw-why { font-size: 12px; font-style: italic; border-left: 3px solid var(--dw-warn); padding-left: 6px; }
.dw-mission { font-size: 12px; }
.dw-goal { opacity: .9; }
.dw-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.dw-over { border: 3px solid var(--dw-accent); border-radius: 8px; padding: 6px 10px; background: var(--dw-bg2); }
.dw-over h3 { margin: 0 0 4px; font-size: 17px; }
.dw-over-players { margin: 3px 0; padding-left: 18px; }
.dw-status { font-weight: 600; padding: 4px 6px; border-left: 4px solid var(--dw-accent); background: var(--dw-bg2); }
.dw-error { border: 2px solid var(--dw-warn); color: var(--dw-fg); background: color-mix(in srgb, var(--dw-warn) 15%, var(--dw-bg));
  padding: 4px 8px; border-radius: 4px; display: flex; gap: 8px; align-items: center; }
.dw-board { width: 100%; height: auto; display: block; user-select: none; }
.dw-hex { stroke: var(--dw-line); stroke-width: 1; }
.dw-level-celesta .dw-hex { fill: color-mix(in srgb, var(--dw-fg) 3%, var(--dw-bg)); }
.dw-level-core .dw-hex { fill: color-mix(in srgb, var(--dw-fg) 14%, var(--dw-bg)); }
.dw-level-pit .dw-hex { fill: color-mix(in srgb, var(--dw-fg) 30%, var(--dw-bg)); }
.dw-hex-pattern { opacity: .35; }
.dw-pattern-ink { stroke: var(--dw-fg); } .dw-pattern-ink-fill { fill: var(--dw-fg); }
.dw-zone { fill: none; stroke-width: 3.5; stroke-dasharray: 7 3; }
.dw-zone-free { fill: none; stroke: var(--dw-fg); stroke-width: 1; stroke-dasharray: 2 1; }
.dw-zone-shape { stroke: var(--dw-bg); stroke-width: 1; }
.dw-site { font-size: 9px; font-weight: 700; fill: var(--dw-fg); text-anchor: middle; }
.dw-sector-id { font-size: 8px; fill: var(--dw-fg); opacity: .8; text-anchor: middle; }
.dw-target { cursor: pointer; }
.dw-target-ring { fill: color-mix(in srgb, var(--dw-accent) 22%, transparent); stroke: var(--dw-accent); stroke-width: 3; }
.dw-target-special .dw-target-ring { stroke-dasharray: 5 3; fill: color-mix(in srgb, var(--dw-accent) 10%, transparent); }
.dw-guild-token { stroke: #000; stroke-width: 1.2; }
.dw-guild-text { font-size: 12px; font-weight: 800; text-anchor: middle; fill: #000; }
.dw-guild.dw-attackable { cursor: crosshair; }
.dw-guild.dw-attackable .dw-guild-token { stroke: var(--dw-warn); stroke-width: 3; stroke-dasharray: 3 2; }
.dw-battalion { cursor: pointer; }
.dw-token { stroke: var(--dw-bg); stroke-width: 2; }
.dw-token-label { font-size: 12px; font-weight: 800; text-anchor: middle; fill: #fff; }
.dw-owner-2 .dw-token-label, .dw-owner-3 .dw-token-label { fill: #000; }
.dw-acted .dw-token { opacity: .5; }
.dw-acted-mark { font-size: 12px; font-weight: 800; fill: var(--dw-fg); text-anchor: middle; }
.dw-can-act .dw-token { stroke: var(--dw-fg); stroke-width: 1.5; }
.dw-selected .dw-token, .dw-active .dw-token { stroke: var(--dw-fg); stroke-width: 3.5; }
.dw-selected .dw-token { stroke-dasharray: 4 2; }
.dw-attack-ring { fill: none; stroke: var(--dw-warn); stroke-width: 3; stroke-dasharray: 4 3; }
.dw-attackable { cursor: crosshair; }
.dw-trail { pointer-events: none; }
.dw-trail-path { fill: none; stroke-width: 4; stroke-dasharray: 6 4; stroke-linecap: round; opacity: .85; }
.dw-trail-head { opacity: .9; }
.dw-trail-battle { stroke: var(--dw-warn); stroke-width: 3; stroke-dasharray: 2 4; stroke-linecap: round; }
.dw-trail-target { fill: none; stroke: var(--dw-warn); stroke-width: 3; opacity: .8; }
.dw-guide { border: 2px solid var(--dw-accent); border-radius: 6px; padding: 5px 8px; display: flex;
  flex-direction: column; gap: 3px; background: color-mix(in srgb, var(--dw-accent) 8%, var(--dw-bg)); }
.dw-guide button { align-self: flex-end; }
.dw-legend { display: flex; gap: 10px; flex-wrap: wrap; font-size: 11px; align-items: center; margin-top: 4px; }
.dw-legend svg { width: 18px; height: 18px; vertical-align: middle; }
.dw-players { display: flex; flex-direction: column; gap: 3px; }
.dw-player { padding: 2px 4px; border-radius: 4px; }
.dw-player.dw-current { background: var(--dw-bg2); outline: 1px solid var(--dw-line); }
.dw-swatch { width: 14px; height: 14px; vertical-align: -2px; margin-right: 4px; }
.dw-energy { display: flex; gap: 2px; margin: 2px 0 0 18px; }
.dw-pip { width: 10px; height: 10px; border: 1px solid var(--dw-fg); border-radius: 2px; }
.dw-pip-on { background: var(--dw-fg); }
.dw-decisions h4, .dw-selected-panel h4, .dw-battle h4 { margin: 2px 0 4px; font-size: 13px; }
.dw-act-row, .dw-menu { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.dw-menu { padding: 4px; border: 1px dashed var(--dw-line); margin-bottom: 4px; }
.dw-hint { opacity: .8; font-style: italic; }
.dw-hiring { border: 2px solid var(--dw-accent); border-radius: 6px; padding: 5px; margin-bottom: 4px; display: flex; flex-direction: column; gap: 4px; }
.dw-hiring-text { font-weight: 700; }
.dw-exchange { border: 1px solid var(--dw-line); padding: 4px; margin-bottom: 4px; }
.dw-exchange-sides { display: flex; flex-wrap: wrap; gap: 4px; }
.dw-exchange-side { flex: 1 1 200px; border: 1px solid var(--dw-line); margin: 2px 0; padding: 2px 4px;
  display: flex; flex-direction: column; gap: 3px; }
.dw-exchange-card { display: flex; gap: 4px; align-items: flex-start; cursor: pointer; }
.dw-exchange-card .dw-face { width: auto; flex: 1; }
.dw-exchange-ends { font-size: 12px; border-left: 3px solid var(--dw-warn); padding-left: 6px; margin: 3px 0; }
.dw-cards { display: flex; flex-wrap: wrap; gap: 6px; }
.dw-card { border: 1px solid var(--dw-line); border-radius: 6px; padding: 5px; width: 190px; background: var(--dw-bg); }
.dw-card.dw-damaged { border: 2px dashed var(--dw-warn);
  background: repeating-linear-gradient(135deg, transparent 0 8px, color-mix(in srgb, var(--dw-warn) 12%, transparent) 8px 11px); }
.dw-card-head { display: flex; flex-wrap: wrap; gap: 2px 4px; align-items: baseline; min-width: 0; }
.dw-card-name { flex: 1 1 auto; min-width: 0; overflow-wrap: anywhere; }
.dw-card-head .dw-strength { margin-left: auto; max-width: 100%; }
.dw-card-id { font-size: 10px; opacity: .7; }
.dw-icon { width: 14px; height: 14px; flex: none; fill: var(--dw-fg); vertical-align: -2px; }
.dw-faction-icon { fill: var(--dw-accent); }
.dw-strength { font-weight: 700; font-size: 11px; white-space: nowrap; padding: 0 5px; border-radius: 8px;
  border: 1.5px solid var(--dw-fg); background: var(--dw-bg2); }
.dw-face { width: 200px; font-size: 11px; transform-origin: top left; transition: transform .12s ease-out;
  position: relative; }
.dw-face:hover, .dw-face:focus-within, .dw-face:focus-visible { transform: scale(1.3); z-index: 6;
  box-shadow: 0 4px 12px color-mix(in srgb, var(--dw-fg) 30%, transparent); }
.dw-face:focus-visible { outline: 3px solid var(--dw-accent); }
/* A card with its own control (draft, add) grows from the corner the control sits in: grown from the top left, the
   control moved away from the pointer between the press and the release, and the click was lost. */
.dw-face-control { transform-origin: bottom left; }
.dw-face-actions { display: flex; flex-direction: column; gap: 2px; margin-top: 2px; }
.dw-face-action { border-top: 1px dotted var(--dw-line); padding-top: 2px; }
.dw-face-action .dw-ability-text { opacity: .9; }
.dw-face-foot { display: flex; gap: 6px; align-items: center; justify-content: space-between; margin-top: 3px; }
@media (prefers-reduced-motion: reduce) { .dw-face { transition: none; } }
.dw-card-sub, .dw-card-text { font-size: 11px; opacity: .85; }
.dw-card { position: relative; }
.dw-root .dw-zoom-button { position: absolute; right: 2px; bottom: 2px; padding: 0 4px; font-size: 11px;
  line-height: 1.2; border-style: dotted; }
.dw-zoom-back { position: fixed; inset: 0; z-index: 20; display: flex; align-items: center; justify-content: center;
  background: color-mix(in srgb, var(--dw-fg) 35%, transparent); }
.dw-zoom { display: flex; flex-direction: column; gap: 8px; align-items: flex-end; padding: 12px;
  background: var(--dw-bg); border: 2px solid var(--dw-accent); border-radius: 10px; max-height: 90vh; overflow-y: auto; }
.dw-face.dw-zoomed { width: 420px; max-width: 85vw; font-size: 17px; transform: none; box-shadow: none; }
.dw-zoomed .dw-icon { width: 22px; height: 22px; }
.dw-zoomed .dw-strength { font-size: 15px; }
.dw-damaged-mark { color: var(--dw-warn); font-weight: 800; margin-left: 4px; }
.dw-tabs { display: flex; flex-wrap: wrap; gap: 2px; margin-top: 3px; }
.dw-root .dw-tab { padding: 1px 5px; font-size: 11px; border-radius: 3px 3px 0 0; white-space: nowrap; }
.dw-root .dw-tab[aria-selected=true] { background: var(--dw-accent); color: #fff; }
.dw-tabpanel { border-top: 1px solid var(--dw-line); padding-top: 3px; }
.dw-ability { font-size: 11px; margin-bottom: 3px; }
.dw-ability-head { display: flex; justify-content: space-between; }
.dw-cost { opacity: .8; }
.dw-root .dw-use.dw-armed { background: var(--dw-accent); color: #fff; }
.dw-battle { border: 2px solid var(--dw-warn); border-radius: 6px; padding: 5px; min-width: 0; }
.dw-battle-sides .dw-cards { gap: 4px; }
.dw-battle-card { flex: 1 1 100px; min-width: 0; max-width: 190px; width: auto; padding: 3px 4px; font-size: 11px;
  overflow-wrap: anywhere; }
.dw-battle-card .dw-ability-head { flex-wrap: wrap; }
.dw-battle-card .dw-card-head { flex-wrap: wrap; row-gap: 1px; }
.dw-battle-card .dw-ability { margin: 2px 0 0; border-top: 1px dotted var(--dw-line); padding-top: 1px; }
.dw-battle-card .dw-ability-head { gap: 4px; align-items: baseline; }
.dw-battle-card .dw-ability-text { font-size: 10.5px; line-height: 1.25; }
.dw-battle-card .dw-cost { white-space: nowrap; }
.dw-battle-card .dw-phase-icon { width: 11px; height: 11px; }
.dw-root .dw-battle-card .dw-use { padding: 0 5px; font-size: 11px; margin-top: 1px; max-width: calc(100% - 22px);
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; }
.dw-battle-side h5 { margin: 2px 0 1px; }
.dw-battle-over { border-style: dashed; opacity: .9; }
.dw-steps { display: flex; gap: 4px; list-style: none; padding: 0; margin: 0 0 4px; flex-wrap: wrap; }
.dw-step { padding: 1px 6px; border: 1px solid var(--dw-line); border-radius: 10px; font-size: 11px; }
.dw-step-current { background: var(--dw-warn); color: #fff; font-weight: 700; border-color: var(--dw-warn); }
.dw-step-done { opacity: .75; }
.dw-score { border-collapse: collapse; font-size: 12px; }
.dw-score th, .dw-score td { padding: 1px 6px; text-align: left; }
.dw-score td { text-align: center; font-weight: 700; }
.dw-result { font-weight: 700; margin: 3px 0; }
.dw-step-caption { font-size: 13px; font-weight: 600; margin: 3px 0; padding: 2px 6px; border-left: 4px solid var(--dw-warn); }
.dw-held { margin: 3px 0; font-style: italic; }
.dw-reroll { font-size: 11px; font-weight: 600; font-style: italic; }
.dw-root .dw-bar-button[data-control=continue] { border: 2px solid var(--dw-accent); }
.dw-who { font-style: italic; margin-bottom: 3px; }
.dw-die { font-size: 30px; line-height: 1; vertical-align: middle; display: inline-block; }
.dw-rolling { animation: dw-roll .6s ease-out; }
@keyframes dw-roll { 0% { transform: rotate(-200deg) scale(.5); } 70% { transform: rotate(20deg) scale(1.15); } 100% { transform: none; } }
@media (prefers-reduced-motion: reduce) { .dw-rolling { animation: none; } }
.dw-history summary { cursor: pointer; font-weight: 600; }
.dw-history-list { margin: 2px 0; padding-left: 26px; font-size: 11.5px; max-height: 160px; overflow-y: auto; }
.dw-log { max-height: 170px; overflow-y: auto; margin: 0; padding-left: 34px; font-size: 11.5px; border: 1px solid var(--dw-line); background: var(--dw-bg2); }
.dw-piles { display: flex; flex-direction: column; gap: 3px; }
.dw-dump summary { cursor: pointer; }
.dw-dump-card { font-size: 11px; margin-left: 10px; }
.dw-dump-action { margin-left: 12px; opacity: .9; }
.dw-keys { font-size: 10.5px; opacity: .75; }
.dw-screen { flex: 1 1 100%; text-align: center; padding: 40px 10px; border: 2px dashed var(--dw-line); border-radius: 8px; }
.dw-screen h3 { font-size: 20px; margin: 0 0 10px; }
.dw-root .dw-screen button { font-size: 15px; padding: 6px 16px; margin-top: 12px; }
.dw-opening { border: 2px solid var(--dw-accent); border-radius: 6px; padding: 5px; display: flex; flex-direction: column; gap: 4px; }
.dw-minis { display: flex; flex-wrap: wrap; gap: 4px; }
.dw-token-cards { padding: 2px 4px; border-left: 3px solid transparent; }
.dw-token-cards.dw-token-now { border-left-color: var(--dw-accent); }
.dw-mini { border: 1px solid var(--dw-line); border-radius: 4px; padding: 2px 5px; font-size: 11.5px; background: var(--dw-bg); }
.dw-pickable { cursor: pointer; }
.dw-picked { outline: 3px solid var(--dw-accent); }
.dw-slots { display: flex; flex-wrap: wrap; gap: 4px; }
.dw-root .dw-slot-open { border: 2px solid var(--dw-accent); }
.dw-variants { font-size: 11px; display: flex; gap: 6px; flex-wrap: wrap; margin: 3px 0; }
.dw-variant { border: 1px solid var(--dw-line); border-radius: 8px; padding: 0 6px; cursor: help; }
.dw-odds { font-size: 9px; font-weight: 700; text-anchor: middle; fill: var(--dw-fg); }
.dw-odds-pill { display: none; pointer-events: none; }
[data-odds] > .dw-odds-pill, [data-odds] .dw-odds-pill { display: inline; }
.dw-pill { fill: var(--dw-bg); stroke: var(--dw-warn); stroke-width: 1.2; }
.dw-odds-list { font-size: 11.5px; }
.dw-root .dw-tool-on { background: var(--dw-accent); color: #fff; }
.dw-num { width: 48px; }
.dw-palette { max-height: 260px; overflow-y: auto; border: 1px solid var(--dw-line); padding: 3px; }
.dw-palette .dw-mini { margin: 2px 0; }
.dw-root .dw-play-here { font-weight: 700; border: 2px solid var(--dw-accent); }
`;
