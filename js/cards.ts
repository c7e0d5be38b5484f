// A card: name, type, Strength, damaged mark, phase tabs and its actions, each
// action usable only when the kernel listed it.

import type { Ctx } from "./ctx";
import { h } from "./dom";
import { t, term, tr } from "./i18n";
import type { Card } from "./types";

const PHASES = ["maneuvers", "condition", "strength", "collision", "damage"];
/** A phase's mark beside its name (never alone: the name is always written). */
const PHASE_MARK: Record<string, string> = { maneuvers: "➜", condition: "◇", strength: "✚", collision: "⚄", damage: "✖" };
const TYPE_MARK: Record<string, string> = { infantry: "I", "par-infantry": "P", mech: "M", "bio-mech": "B" };

/** The phase a card's tabs open on: the battle's phase if the card acts in it. */
function defaultTab(ctx: Ctx, card: Card): string {
  const chosen = ctx.ui.tabs.get(card.id);
  if (chosen) return chosen;
  const phase = ctx.view.battle?.phase ?? "maneuvers";
  if (card.phases.includes(phase)) return phase;
  return card.phases[0] ?? "maneuvers";
}

/** One card. `battalion` is the label whose options its buttons use ("" in a battle). */
export function renderCard(ctx: Ctx, id: string, battalion: string, extra?: HTMLElement): HTMLElement {
  const { lang, board, ui } = ctx;
  const card = ctx.cards[id];
  if (!card) return h("div", { class: "dw-card", "data-card": id }, id);
  const damaged = ctx.view.damaged.includes(id);
  const tab = defaultTab(ctx, card);
  const tabs = h("div", { class: "dw-tabs", role: "tablist" });
  for (const phase of PHASES.filter((p) => card.phases.includes(p))) {    // only its phases, by full name
    tabs.append(h("button", {
      role: "tab", class: "dw-tab dw-tab-on", "aria-selected": String(phase === tab), "data-phase": phase,
      "data-key": `tab:${id}:${phase}`,
      onclick: () => {
        const next = new Map(ui.tabs);
        next.set(id, phase);
        ctx.update({ tabs: next });
      },
    }, `${PHASE_MARK[phase] ?? ""} ${tr(lang, board.phases[phase], phase)}`));
  }
  const panel = h("div", { class: "dw-tabpanel", role: "tabpanel" });
  for (const ab of card.actions.filter((a) => a.phase === tab)) {
    const opts = ctx.options.ability(id, ab.id, battalion);
    const key = `${id}:${ab.id}`;
    const armed = ui.armed === key;
    const name = tr(lang, ab.name);
    const direct = opts.length === 1 ? opts[0] : undefined;
    panel.append(h("div", { class: "dw-ability" },
      h("div", { class: "dw-ability-head" },
        h("b", {}, name),
        h("span", { class: "dw-cost" }, ab.cost ? t(lang, "cost", { n: ab.cost }) : t(lang, "free")),
      ),
      h("div", { class: "dw-ability-text" }, tr(lang, ab.text)),
      h("button", {
        class: `dw-use${armed ? " dw-armed" : ""}`, "data-ability": key, "data-key": `ability:${key}`,
        "data-action": direct?.notation, disabled: opts.length === 0, "aria-pressed": armed ? "true" : null,
        onclick: () => ctx.offer(name, opts, (o) => (o.target ? ctx.cardName(o.target) : name)),
      }, `${t(lang, "use")}: ${name}`),
    ));
  }
  for (const p of tab === PHASES[0] ? card.passives : []) {
    panel.append(h("div", { class: "dw-ability dw-passive" }, h("b", {}, tr(lang, p.name)), " ", tr(lang, p.text)));
  }
  return h("div", {
    class: `dw-card${damaged ? " dw-damaged" : ""}`, "data-card": id, "data-damaged": String(damaged),
  },
    h("div", { class: "dw-card-head" },
      h("span", { class: "dw-type", title: term(lang, "types", card.type) }, TYPE_MARK[card.type] ?? "?"),
      h("b", { class: "dw-card-name" }, tr(lang, card.name)),
      h("span", { class: "dw-card-id" }, id),
      h("span", { class: "dw-strength", title: t(lang, "strength") }, `${t(lang, "strength")} ${card.strength}`),
    ),
    h("div", { class: "dw-card-sub" },
      `${term(lang, "types", card.type)} · ${term(lang, "factions", card.faction)}`,
      damaged ? h("span", { class: "dw-damaged-mark" }, `✖ ${t(lang, "damaged")}`) : null,
    ),
    h("div", { class: "dw-card-text" }, tr(lang, card.text)),
    tabs,
    panel,
    extra ?? null,
  );
}

/** A card its owner keeps face down (Fog of War): only its damage mark shows. */
export function faceDown(ctx: Ctx, damaged: boolean): HTMLElement {
  return h("div", { class: `dw-card dw-face-down${damaged ? " dw-damaged" : ""}`, "data-card": "", "data-hidden": "true",
    "data-damaged": String(damaged), title: t(ctx.lang, "hidden"), "aria-label": t(ctx.lang, "hidden") },
    h("div", { class: "dw-card-head" }, h("b", {}, "?")),
    damaged ? h("span", { class: "dw-damaged-mark" }, `✖ ${t(ctx.lang, "damaged")}`) : null);
}
