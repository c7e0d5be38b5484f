// Set-up mode: the position as a scenario edited by clicks (battalions placed
// and moved, cards added from a palette of every card, Guild tokens, Energy,
// whose turn), then "Play from here". The kernel checks every edit and the
// whole scenario; refusals show in the error box and change nothing.

import { cardFace } from "./cardface";
import { h, s, clickable } from "./dom";
import { centre, corners, SIZE, viewBox } from "./hexes";
import { t, tr } from "./i18n";
import { GUILD_COLOUR, PLAYER_COLOURS, ZONE_COLOURS, shapePath } from "./palette";
import type { Board, Card, Lang, SetupEdit } from "./types";

export interface SetupState {
  battalions: Record<string, { sector: string; cards: string[]; damaged?: string[] }>;
  energy?: number[];
  guilds?: string[];
  player?: number;
  mission: string;
}

export interface EditorUi {
  tool: "select" | "add" | "guild";
  owner: number;
  selected: string | null;
}

export interface EditorEnv {
  lang: Lang;
  board: Board;
  cards: Record<string, Card>;
  setup: SetupState;
  ui: EditorUi;
  error: string;
  edit(edit: SetupEdit): void;
  play(): void;
  update(change: Partial<EditorUi>): void;
  toggleLang(): void;
  dismiss(): void;
}

const OWNER = "ABCD";

export function renderEditor(env: EditorEnv): HTMLElement[] {
  const { lang, board, setup, ui } = env;
  const n = board.num_players;
  const player = (p: number) => t(lang, "player", { n: p + 1 });
  const tool = (id: EditorUi["tool"], label: string) => h("button", {
    "data-tool": id, "aria-pressed": String(ui.tool === id), class: ui.tool === id ? "dw-tool dw-tool-on" : "dw-tool",
    onclick: () => env.update({ tool: id }),
  }, label);
  const owners = h("span", { class: "dw-owners" }, ...Array.from({ length: n }, (_, p) => h("button", {
    "data-owner-choice": p, "aria-pressed": String(ui.owner === p), class: ui.owner === p ? "dw-tool dw-tool-on" : "dw-tool",
    onclick: () => env.update({ owner: p, tool: "add" }),
  }, swatch(p), player(p))));
  const left = h("div", { class: "dw-left" },
    h("div", { class: "dw-header" }, h("h3", {}, `${t(lang, "title")} · ${t(lang, "setupMode")}`),
      h("button", { "data-testid": "lang", onclick: () => env.toggleLang() }, t(lang, "language"))),
    h("div", { class: "dw-act-row dw-tools" }, tool("select", t(lang, "toolSelect")), tool("add", t(lang, "toolAdd")),
      tool("guild", t(lang, "toolGuild")), owners),
    editorBoard(env),
    h("div", { class: "dw-hint" }, t(lang, "setupHint")),
  );
  const energy = h("div", { class: "dw-act-row" }, h("b", {}, `${t(lang, "energy")}:`),
    ...Array.from({ length: n }, (_, p) => h("label", {}, ` ${player(p)} `, h("input", {
      type: "number", min: 0, max: 99, value: setup.energy?.[p] ?? 6, "data-energy-input": p, class: "dw-num",
      onchange: (e: Event) => env.edit({ op: "energy", player: p, value: Number((e.target as HTMLInputElement).value) }),
    }))));
  const turn = h("div", { class: "dw-act-row" }, h("b", {}, `${t(lang, "whoseTurn")}:`),
    ...Array.from({ length: n }, (_, p) => h("button", {
      "data-turn-choice": p, "aria-pressed": String((setup.player ?? 0) === p),
      class: (setup.player ?? 0) === p ? "dw-tool dw-tool-on" : "dw-tool",
      onclick: () => env.edit({ op: "player", player: p }),
    }, swatch(p), player(p))));
  const right = h("div", { class: "dw-right" },
    env.error ? h("div", { class: "dw-error", role: "alert", "data-testid": "error" },
      h("b", {}, `${t(lang, "error")}: `), h("span", {}, env.error),
      h("button", { onclick: () => env.dismiss() }, t(lang, "dismiss"))) : null,
    h("section", { class: "dw-opening", "data-testid": "editor" }, energy, turn,
      h("button", { class: "dw-act dw-play-here", "data-testid": "play-here", onclick: () => env.play() }, `▶ ${t(lang, "playHere")}`)),
    selectedPanel(env),
    palette(env),
  );
  return [left, right];
}

function swatch(p: number): SVGElement {
  return s("svg", { viewBox: "-10 -10 20 20", class: "dw-swatch", "aria-hidden": "true" },
    s("path", { d: shapePath(p, 8), fill: PLAYER_COLOURS[p % 4] }));
}

function editorBoard(env: EditorEnv): SVGElement {
  const { board, setup, ui, lang } = env;
  const guilds = new Set(setup.guilds ?? []);
  const at = new Map(Object.entries(setup.battalions).map(([label, b]) => [b.sector, label]));
  const svg = s("svg", { class: "dw-board", viewBox: viewBox(board.sectors), "data-testid": "board", role: "group",
    "aria-label": t(lang, "setupMode") });
  const click = (sector: string) => {
    const here = at.get(sector);
    if (ui.tool === "guild") return env.edit({ op: "guild", sector });
    if (here) return env.update({ selected: here });
    if (ui.tool === "add") return env.edit({ op: "add-battalion", owner: ui.owner, sector });
    if (ui.selected) return env.edit({ op: "move", label: ui.selected, sector });
  };
  for (const sec of board.sectors) {
    const [x, y] = centre(sec.q, sec.r);
    const g = s("g", { class: `dw-sector dw-level-${sec.level}`, "data-sector": sec.id,
      ...clickable(`${sec.id}`, () => click(sec.id)) },
      s("polygon", { points: corners(sec.q, sec.r), class: "dw-hex" }));
    if (sec.zone) g.append(s("polygon", { points: corners(sec.q, sec.r, 4), class: "dw-zone", stroke: ZONE_COLOURS[sec.zone] ?? "currentColor" }));
    if (sec.guild_site) g.append(s("text", { x, y: y + SIZE * 0.72, class: "dw-site" }, "[H]"));
    g.append(s("text", { x: x + SIZE * 0.42, y: y - SIZE * 0.3, class: "dw-sector-id" }, sec.id));
    if (guilds.has(sec.id)) {
      g.append(s("polygon", { points: corners(sec.q, sec.r, SIZE * 0.45), fill: GUILD_COLOUR, class: "dw-guild-token", "data-guild": sec.id }));
      g.append(s("text", { x, y: y + 4, class: "dw-guild-text" }, "H"));
    }
    const label = at.get(sec.id);
    if (label) {
      const owner = Math.max(0, OWNER.indexOf(label[0]));
      g.append(s("g", { class: `dw-battalion dw-owner-${owner}${ui.selected === label ? " dw-selected" : ""}`,
        "data-battalion": label, "data-at": sec.id, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
        s("title", {}, `${label}: ${setup.battalions[label].cards.join(", ")}`),
        s("path", { d: shapePath(owner, SIZE * 0.55), class: "dw-token", fill: PLAYER_COLOURS[owner % 4] }),
        s("text", { x: 0, y: 5, class: "dw-token-label" }, label)));
    }
    svg.append(g);
  }
  return svg;
}

function selectedPanel(env: EditorEnv): HTMLElement | null {
  const { lang, setup, ui } = env;
  const label = ui.selected;
  const b = label ? setup.battalions[label] : undefined;
  if (!label || !b) return h("div", { class: "dw-hint" }, t(lang, "noSelection"));
  const damaged = new Set(b.damaged ?? []);
  return h("section", { class: "dw-selected-panel", "data-testid": "selected" },
    h("h4", {}, `${t(lang, "cards", { b: label })} · @${b.sector}`),
    ...b.cards.map((c) => h("div", { class: "dw-mini", "data-card": c },
      h("b", {}, env.cards[c] ? tr(lang, env.cards[c].name) : c), ` ${c} `,
      h("label", {}, h("input", { type: "checkbox", checked: damaged.has(c), "data-damage-card": c,
        onchange: () => env.edit({ op: "damage-card", label, card: c }) }), ` ${t(lang, "damaged")} `),
      h("button", { "data-remove-card": c, onclick: () => env.edit({ op: "remove-card", label, card: c }) }, t(lang, "removeCard")))),
    h("button", { "data-testid": "remove-battalion", onclick: () => {
      env.edit({ op: "remove-battalion", label });
      env.update({ selected: null });
    } }, t(lang, "removeBattalion", { b: label })));
}

function palette(env: EditorEnv): HTMLElement {
  const { lang, setup, ui } = env;
  const where = new Map<string, string>();
  for (const [label, b] of Object.entries(setup.battalions)) for (const c of b.cards) where.set(c, label);
  const box = h("details", { class: "dw-palette", "data-testid": "palette", open: true },
    h("summary", {}, t(lang, "palette")));
  const ids = Object.keys(env.cards).sort();
  for (const id of ids) {
    const holder = where.get(id);
    box.append(cardFace({ lang, cards: env.cards, phases: env.board.phases }, id,
      { class: "dw-mini", "data-palette-card": id },
      h("div", { class: "dw-face-foot" },
        holder ? h("span", { class: "dw-card-id" }, t(lang, "inBattalion", { b: holder })) : null,
        h("button", { "data-add-card": id, disabled: !ui.selected || Boolean(holder),
          onclick: () => ui.selected && env.edit({ op: "add-card", label: ui.selected, card: id }) },
          `+ ${ui.selected ?? ""}`))));
  }
  return box;
}
