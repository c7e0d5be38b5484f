// The set-up decisions before play (zone, split, draft, form) in one panel:
// the owner's hand, the draft pool, the zones to choose, the battalion slots.
// Every button is a legal row the kernel sent; nothing is judged here.

import { cardFace } from "./cardface";
import type { Ctx } from "./ctx";
import { h, s } from "./dom";
import { t, term, tr } from "./i18n";
import { ZONE_COLOURS } from "./palette";

export const OPENING = new Set(["zone", "split", "draft", "form", "deploy"]);

/** A card of the hand or the draft pool: the compact card, every action shown (no army is built blind). */
export function miniCard(ctx: Ctx, id: string, attrs: Record<string, string | number | boolean | EventListener>,
  extra?: HTMLElement | null): HTMLElement {
  return cardFace({ lang: ctx.lang, cards: ctx.cards, phases: ctx.board.phases }, id,
    { ...attrs, class: `dw-mini${attrs.class ? ` ${String(attrs.class).replace(/\bdw-mini\b/, "")}` : ""}` }, extra);
}

function swatch(zone: string): SVGElement {
  return s("svg", { viewBox: "-9 -9 18 18", class: "dw-swatch", "aria-hidden": "true" },
    s("path", { d: "M0,-8L7,-4V4L0,8L-7,4V-4Z", fill: ZONE_COLOURS[zone] ?? "currentColor", stroke: "currentColor" }));
}

export function renderOpening(ctx: Ctx): HTMLElement | null {
  const { lang, view, options, board, ui } = ctx;
  if (!OPENING.has(view.decision) || view.current_player === null) return null;
  const owner = view.current_player;
  const box = h("section", { class: "dw-opening", "data-testid": "opening", "data-decision": view.decision },
    h("h4", {}, `${t(lang, "setup")} · ${ctx.playerName(owner)}: ${term(lang, "decision", view.decision)}`));
  const mine = options.all.length > 0;
  const hint = { zone: "zoneHint", split: "splitHint", draft: "draftHint", form: "formHint", deploy: "deployHint" } as const;
  const placing = options.ofKind("deploy")[0]?.battalion ?? "";
  box.append(h("div", { class: "dw-hint" },
    mine ? t(lang, hint[view.decision as keyof typeof hint], { b: placing }) : t(lang, "waitOther")));
  if (view.decision === "deploy") {
    const row = h("div", { class: "dw-act-row" });
    for (const o of options.ofKind("deploy")) {
      row.append(h("button", { class: "dw-act", "data-action": o.notation, "data-key": `act:${o.notation}`,
        onclick: () => ctx.act(o.notation) }, t(lang, "deployTo", { b: o.battalion, s: o.target })));
    }
    box.append(row);
    for (const [label, cards] of Object.entries(view.deploying ?? {})) {     // no token placed blind
      box.append(h("div", { class: `dw-token-cards${label === placing ? " dw-token-now" : ""}`, "data-token-cards": label },
        h("b", {}, t(lang, "deployHolds", { b: label })),
        h("div", { class: "dw-minis" }, ...cards.map((id) => miniCard(ctx, id, { "data-token-card": id })))));
    }
  }
  const zoneName = (z: string) => tr(lang, board.zones[z], z);

  if (view.decision === "zone" || view.decision === "split") {
    const row = h("div", { class: "dw-act-row" });
    for (const o of options.all) {
      const zones = o.target.split("-");
      row.append(h("button", { class: "dw-act dw-zone-choice", "data-action": o.notation, "data-key": `act:${o.notation}`,
        onclick: () => ctx.act(o.notation) }, ...zones.flatMap((z) => [swatch(z), zoneName(z), " "])));
    }
    box.append(row);
    const taken = view.players.filter((p) => p.zone).map((p) => `${ctx.playerName(p.index)}: ${zoneName(p.zone ?? "")}`);
    if (taken.length) box.append(h("div", { class: "dw-taken" }, taken.join(" · ")));
  }

  if (view.decision === "draft" && view.pool && view.pool.length) {
    const pool = h("div", { class: "dw-minis", "data-testid": "pool" });
    for (const id of view.pool) {
      const o = options.all.find((x) => x.kind === "draft" && x.card === id);
      pool.append(miniCard(ctx, id, {}, o ? h("button", { class: "dw-act", "data-action": o.notation,
        "data-key": `act:${o.notation}`, onclick: () => ctx.act(o.notation) }, t(lang, "draft")) : null));
    }
    box.append(h("div", {}, h("b", {}, t(lang, "pool", { n: view.pool.length }))), pool);
  }

  const hand = view.players[owner]?.hand;
  if (hand && !(view.decision === "deploy" && Object.keys(view.deploying ?? {}).length)) {
    const list = h("div", { class: "dw-minis", "data-testid": "hand" });
    for (const id of hand) {
      const forms = options.all.filter((o) => o.kind === "form" && o.card === id);
      const picked = ui.pick === id;
      list.append(miniCard(ctx, id, forms.length ? {
        class: `dw-mini dw-pickable${picked ? " dw-picked" : ""}`, role: "button", tabindex: 0, "data-hand-card": id,
        "aria-pressed": String(picked), "data-key": `hand:${id}`,
        onclick: () => ctx.update({ pick: picked ? null : id }),
      } : { "data-hand-card": id }));
    }
    box.append(h("div", {}, h("b", {}, t(lang, "hand", { n: hand.length }))), list);
  }

  if (view.decision === "form") {
    const slots = [...new Set(options.ofKind("form").map((o) => o.battalion))].sort();
    const own = view.battalions.filter((b) => b.owner === owner).map((b) => b.label);
    const all = [...new Set([...own, ...slots])].sort();
    const row = h("div", { class: "dw-slots", "data-testid": "slots" });
    for (const label of all) {
      const b = view.battalions.find((x) => x.label === label);
      const o = ui.pick ? options.all.find((x) => x.kind === "form" && x.card === ui.pick && x.battalion === label) : undefined;
      const cards = (b?.cards ?? []).map((c) => (c ? ctx.cardName(c) : "?")).join(", ") || t(lang, "empty");
      row.append(h("button", {
        class: `dw-slot${o ? " dw-slot-open" : ""}`, "data-slot": label, "data-key": `slot:${label}`, disabled: !o,
        "data-action": o?.notation, title: o ? t(lang, "putIn", { card: ctx.cardName(ui.pick ?? ""), b: label }) : "",
        onclick: () => o && ctx.act(o.notation),
      }, h("b", {}, label), ` ${b ? `@${b.sector} ` : ""}· ${cards}`));
    }
    box.append(h("div", {}, h("b", {}, t(lang, "slots"))), row);
  }
  return box;
}
