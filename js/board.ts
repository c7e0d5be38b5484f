// The City as SVG: sectors by level (fill + pattern), Starting Zones (dashed border in the colour of the
// player holding it, one marker per zone with that player's token shape), sector ids at the top and Guild
// sites ([H]) at the bottom of each hex (clear of tokens), Guild tokens, battalions (owner's colour +
// shape + label), the selected battalion's legal destinations, attack odds in a pill beside the target.

import type { Ctx } from "./ctx";
import { clickable, s } from "./dom";
import { centre, corners, SIZE, viewBox } from "./hexes";
import { t, tr } from "./i18n";
import { GUILD_COLOUR, PLAYER_COLOURS, shapePath } from "./palette";
import type { Battalion, Sector } from "./types";

/** The level patterns, with ids of this rendering only (`url(#…)` resolves to the page's first
 * element of that id: two widgets with the same ids would share, or lose, their patterns). */
function patterns(ctx: Ctx): SVGElement {
  return s(
    "defs", {},
    s("pattern", { id: `${ctx.uid}-hatch`, width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
      s("line", { x1: 0, y1: 0, x2: 0, y2: 6, class: "dw-pattern-ink", "stroke-width": 1.6 })),
    s("pattern", { id: `${ctx.uid}-dots`, width: 7, height: 7, patternUnits: "userSpaceOnUse" },
      s("circle", { cx: 3.5, cy: 3.5, r: 1, class: "dw-pattern-ink-fill" })),
  );
}

const LEVEL_PATTERN: Record<string, string> = { pit: "hatch", core: "dots" };

/** The fill of a level's pattern (the Pit hatched, the Core dotted, Celesta plain: null). */
export function levelPattern(ctx: Ctx, level: string): string | null {
  const name = LEVEL_PATTERN[level];
  return name ? `url(#${ctx.uid}-${name})` : null;
}

export function renderBoard(ctx: Ctx): SVGElement {
  const { board, view, options, ui, lang } = ctx;
  const bySector = new Map<string, Battalion>(view.battalions.map((b) => [b.sector, b]));
  const guilds = new Set(view.guilds);
  const selected = view.battalions.find((b) => b.label === ui.selected) ?? null;
  const mine = selected !== null && options.actors().has(selected.label);
  const destinations = mine ? options.destinations(selected.label, ui.armed) : new Map();
  const svg = s("svg", {
    class: "dw-board", viewBox: viewBox(board.sectors), role: "group", "aria-label": t(lang, "title"),
    "data-testid": "board",
  }, patterns(ctx));

  for (const sec of board.sectors) {
    svg.append(renderSector(ctx, sec, destinations.get(sec.id)));
  }
  for (const sec of board.sectors) {
    if (guilds.has(sec.id)) svg.append(renderGuild(ctx, sec, mine ? selected.label : null));
  }
  const trail = renderTrail(ctx);
  if (trail) svg.append(trail);
  for (const sec of board.sectors) {
    const b = bySector.get(sec.id);
    if (b) svg.append(renderBattalion(ctx, sec, b, mine ? selected.label : null));
  }
  return svg;
}

/** The bots' last moves (each token's path, an arrow at its end) and the battles they began (a line from the
 * attacker to the target, crossed swords there), until the bots play again. */
function renderTrail(ctx: Ctx): SVGElement | null {
  const trail = ctx.view.bot_trail;
  if (!trail || ctx.replay) return null;
  const at = new Map(ctx.board.sectors.map((sec) => [sec.id, centre(sec.q, sec.r)]));
  const point = (id: string) => at.get(id) ?? at.get(ctx.view.battalions.find((b) => b.label === id)?.sector ?? "");
  const g = s("g", { class: "dw-trail", "data-testid": "bot-trail", "aria-hidden": "true" });
  for (const [label, path] of Object.entries(trail.moves)) {
    const pts = path.map((id) => at.get(id)).filter((p): p is [number, number] => p !== undefined);
    if (pts.length < 2) continue;
    const colour = PLAYER_COLOURS[(label.charCodeAt(0) - 65) % 4];
    const [x1, y1] = pts[pts.length - 2];
    const [x2, y2] = pts[pts.length - 1];
    const a = Math.atan2(y2 - y1, x2 - x1);
    const tip = [x2 - Math.cos(a) * SIZE * 0.6, y2 - Math.sin(a) * SIZE * 0.6];
    const wing = (d: number) => `${(tip[0] - Math.cos(a + d) * 9).toFixed(1)},${(tip[1] - Math.sin(a + d) * 9).toFixed(1)}`;
    g.append(s("g", { "data-trail": label, "data-path": path.join(" ") },
      s("polyline", { points: [...pts.slice(0, -1), tip].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "),
        class: "dw-trail-path", stroke: colour }),
      s("polygon", { points: `${tip[0].toFixed(1)},${tip[1].toFixed(1)} ${wing(0.5)} ${wing(-0.5)}`, fill: colour,
        class: "dw-trail-head" })));
  }
  for (const [attacker, target, fromAt, toAt] of trail.battles) {
    const from = at.get(fromAt ?? "") ?? point(attacker);
    const to = at.get(toAt ?? "") ?? point(target);
    if (!from || !to) continue;
    g.append(s("g", { "data-trail-battle": `${attacker} ${target}` },
      s("line", { x1: from[0].toFixed(1), y1: from[1].toFixed(1), x2: to[0].toFixed(1), y2: to[1].toFixed(1),
        class: "dw-trail-battle" }),
      s("circle", { cx: to[0].toFixed(1), cy: to[1].toFixed(1), r: SIZE * 0.7, class: "dw-trail-target" })));
  }
  return g.childElementCount ? g : null;
}

function renderSector(ctx: Ctx, sec: Sector, reach: { kind: string }[] | undefined): SVGElement {
  const { lang, board } = ctx;
  const [x, y] = centre(sec.q, sec.r);
  const level = tr(lang, board.levels[sec.level], sec.level);
  const zone = sec.zone ? tr(lang, board.zones[sec.zone], sec.zone) : "";
  const parts = [sec.id, level, zone, sec.guild_site ? t(lang, "guildSite") : ""].filter(Boolean).join(", ");
  const zoneOpt = ctx.view.decision === "zone" && sec.zone
    ? ctx.options.all.find((o) => o.kind === "zone" && o.target === sec.zone)
    : ctx.view.decision === "deploy"
      ? ctx.options.all.find((o) => o.kind === "deploy" && o.target === sec.id) : undefined;
  const target = reach !== undefined || zoneOpt !== undefined;
  const special = reach !== undefined && reach.every((o) => o.kind === "use");
  const attrs = zoneOpt
    ? { ...clickable(`${zoneOpt.kind === "deploy" ? t(lang, "deployTo", { b: zoneOpt.battalion, s: sec.id }) : zone} (${parts})`,
      () => ctx.act(zoneOpt.notation)), "data-action": zoneOpt.notation }
    : target
      ? clickable(`${t(lang, "moveTo", { b: ctx.ui.selected ?? "", s: sec.id })} (${parts})`, () => ctx.clickSector(sec.id))
      : { onclick: () => ctx.clickSector(sec.id) };
  const g = s("g", {
    class: `dw-sector dw-level-${sec.level}${target ? (special ? " dw-target dw-target-special" : " dw-target dw-target-move") : ""}`,
    "data-sector": sec.id, "data-level": sec.level, "data-zone": sec.zone ?? "", "data-key": `sector:${sec.id}`,
    ...attrs,
  },
    s("title", {}, parts),
    s("polygon", { points: corners(sec.q, sec.r), class: "dw-hex" }),
  );
  const pattern = levelPattern(ctx, sec.level);
  if (pattern) g.append(s("polygon", { points: corners(sec.q, sec.r, 1), fill: pattern, class: "dw-hex-pattern" }));
  if (sec.zone) {                  // a zone in its player's colour (a zone nobody holds: the line colour)
    const holder = zoneHolder(ctx, sec.zone);
    g.append(s("polygon", {
      points: corners(sec.q, sec.r, 4), class: "dw-zone", "data-holder": holder ?? "",
      stroke: holder === null ? "var(--dw-line)" : PLAYER_COLOURS[holder % 4],
    }));
    if (firstOfZone(ctx, sec)) {     // one marker per zone: its holder's token shape, never a letter
      g.append(s("g", {
        class: "dw-zone-marker", "data-zone-marker": sec.zone,
        transform: `translate(${(x - SIZE * 0.72).toFixed(1)},${y.toFixed(1)})`,      // beside the token, inside the hex
      },
      s("title", {}, holder === null ? zone : `${zone}: ${ctx.playerName(holder)}`),
      holder === null
        ? s("polygon", { points: corners(0, 0, SIZE - 6), class: "dw-zone-free" })
        : s("path", { d: shapePath(holder, 5), fill: PLAYER_COLOURS[holder % 4], class: "dw-zone-shape" })));
    }
  }
  // The sector's id at the top and its Guild site at the bottom: clear of the token in the middle.
  if (sec.guild_site) g.append(s("text", { x: x, y: y + SIZE * 0.84, class: "dw-site" }, `[${t(ctx.lang, "guildMark")}]`));
  g.append(s("text", { x: x, y: y - SIZE * 0.62, class: "dw-sector-id" }, sec.id));
  if (target) g.append(s("polygon", { points: corners(sec.q, sec.r, 3), class: "dw-target-ring" }));
  return g;
}

/** The player whose Starting Zone this is, or null (not chosen yet, or not in play). */
function zoneHolder(ctx: Ctx, zone: string): number | null {
  const p = ctx.view.players.find((x) => x.zone === zone);
  return p ? p.index : null;
}

/** Is this the zone's first sector on the board (where its one marker goes)? */
function firstOfZone(ctx: Ctx, sec: Sector): boolean {
  return ctx.board.sectors.find((x) => x.zone === sec.zone) === sec;
}

/** The win odds of an attack, in a pill beside the target (filled when they arrive: odds.ts). */
function oddsPill(notation: string): SVGElement {
  return s("g", { class: "dw-odds-pill", transform: `translate(${(SIZE * 0.98).toFixed(1)},0)` },
    s("rect", { x: -13, y: -8, width: 26, height: 13, rx: 6, class: "dw-pill" }),
    s("text", { x: 0, y: 2.5, class: "dw-odds", "data-odds-text": notation }));
}

function renderGuild(ctx: Ctx, sec: Sector, attacker: string | null): SVGElement {
  const { lang, board, options } = ctx;
  const [x, y] = centre(sec.q, sec.r);
  const attack = attacker ? options.attackGuild(attacker, sec.id) : undefined;
  const label = t(lang, "guildToken", { n: board.guild_strength });
  const attrs = attack
    ? clickable(t(lang, "attackGuild", { b: attacker ?? "", s: sec.id }), () => ctx.act(attack.notation))
    : {};
  return s("g", {
    class: `dw-guild${attack ? " dw-attackable" : ""}`, "data-guild": sec.id, "data-key": `guild:${sec.id}`,
    ...(attack ? { "data-action": attack.notation } : {}), ...attrs,
  },
    s("title", {}, `${label} (${sec.id})`),
    s("polygon", { points: corners(sec.q, sec.r, SIZE * 0.45), fill: GUILD_COLOUR, class: "dw-guild-token" }),
    s("text", { x, y: y + 4, class: "dw-guild-text" }, t(ctx.lang, "guildMark")),
    attack ? s("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` }, oddsPill(attack.notation)) : null,
  );
}

function renderBattalion(ctx: Ctx, sec: Sector, b: Battalion, attacker: string | null): SVGElement {
  const { lang, options, ui } = ctx;
  const [x, y] = centre(sec.q, sec.r);
  const attack = attacker && attacker !== b.label ? options.attack(attacker, b.label) : undefined;
  const name = `${b.label}, ${ctx.playerName(b.owner)}${b.acted ? `, ${t(lang, "acted")}` : ""}`;
  const label = attack ? t(lang, "attack", { b: attacker ?? "", t: b.label }) : name;
  const classes = ["dw-battalion", `dw-owner-${b.owner}`];
  if (b.acted) classes.push("dw-acted");
  if (b.active) classes.push("dw-active");
  if (ui.selected === b.label) classes.push("dw-selected");
  if (attack) classes.push("dw-attackable");
  if (options.actors().has(b.label)) classes.push("dw-can-act");
  const g = s("g", {
    class: classes.join(" "), "data-battalion": b.label, "data-owner": b.owner, "data-at": b.sector,
    "data-key": `battalion:${b.label}`, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})`,
    ...(attack ? { "data-action": attack.notation } : {}),
    ...clickable(label, () => ctx.clickBattalion(b.label)),
  },
    s("title", {}, label),
    s("path", { d: shapePath(b.owner, SIZE * 0.55), class: "dw-token", fill: PLAYER_COLOURS[b.owner % 4] }),
    s("text", { x: 0, y: 5, class: "dw-token-label" }, b.label),
  );
  if (b.acted) g.append(s("text", { x: SIZE * 0.45, y: SIZE * 0.55, class: "dw-acted-mark" }, "✓"));
  if (attack) g.append(s("circle", { r: SIZE * 0.78, class: "dw-attack-ring" }));
  if (attack) g.append(oddsPill(attack.notation));
  return g;
}
