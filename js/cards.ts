// A card: name, type, Strength, damaged mark, phase tabs and its actions, each
// action usable only when the kernel listed it.

import { cardHead, phaseIcon } from "./cardface";
import type { Ctx } from "./ctx";
import { h } from "./dom";
import { t, term, tr } from "./i18n";
import type { Option } from "./legal";
import type { Ability, Card } from "./types";

const PHASES = ["maneuvers", "condition", "strength", "collision", "damage"];

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
  const env = { lang, cards: ctx.cards, phases: board.phases };
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
    }, phaseIcon(env, phase), ` ${tr(lang, board.phases[phase], phase)}`));
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
      useButton(ctx, id, ab, opts, armed, direct?.notation),
    ));
  }
  for (const p of tab === PHASES[0] ? card.passives : []) {
    panel.append(h("div", { class: "dw-ability dw-passive" }, h("b", {}, tr(lang, p.name)), " ", tr(lang, p.text)));
  }
  return h("div", {
    class: `dw-card${damaged ? " dw-damaged" : ""}`, "data-card": id, "data-damaged": String(damaged),
  },
    withZoom(ctx, cardHead(env, card, id), id),
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

/** A card in a battle, compact so that both sides fit beside the board: its head, then each action on one line
 * (phase icon, name, cost, Use); the text of the actions of the phase being fought, the others' on hover. The
 * whole card opens large (zoom). */
export function renderBattleCard(ctx: Ctx, id: string, extra?: HTMLElement): HTMLElement {
  const { lang, board } = ctx;
  const env = { lang, cards: ctx.cards, phases: board.phases };
  const card = ctx.cards[id];
  if (!card) return h("div", { class: "dw-card dw-battle-card", "data-card": id }, id);
  const damaged = ctx.view.damaged.includes(id);
  const now = ctx.playback?.battle.phase ?? ctx.view.battle?.phase ?? "";
  const actions = h("div", { class: "dw-battle-actions" });
  for (const ab of card.actions) {
    const opts = ctx.options.ability(id, ab.id, "");
    const text = tr(lang, ab.text);
    actions.append(h("div", { class: `dw-ability${ab.phase === now ? " dw-ability-now" : ""}`, "data-phase": ab.phase,
      title: ab.phase === now ? null : text },
      h("div", { class: "dw-ability-head" },
        h("span", {}, phaseIcon(env, ab.phase), " ", h("b", {}, tr(lang, ab.name))),
        h("span", { class: "dw-cost" }, ab.cost ? t(lang, "cost", { n: ab.cost }) : t(lang, "free"))),
      ab.phase === now ? h("div", { class: "dw-ability-text" }, text) : null,
      useButton(ctx, id, ab, opts, ctx.ui.armed === `${id}:${ab.id}`, opts.length === 1 ? opts[0].notation : undefined)));
  }
  return h("div", {
    class: `dw-card dw-battle-card${damaged ? " dw-damaged" : ""}`, "data-card": id, "data-damaged": String(damaged),
  },
    withZoom(ctx, cardHead(env, card, id), id),
    damaged ? h("span", { class: "dw-damaged-mark" }, `✖ ${t(lang, "damaged")}`) : null,
    actions,
    extra ?? null);
}

/** A card's head with the zoom button (the card shown large). */
function withZoom(ctx: Ctx, head: HTMLElement, id: string): HTMLElement {
  const name = ctx.cards[id] ? tr(ctx.lang, ctx.cards[id].name) : id;
  head.append(h("button", { class: "dw-zoom-button", "data-zoom": id, "data-key": `zoom:${id}`,
    title: t(ctx.lang, "zoom", { card: name }), "aria-label": t(ctx.lang, "zoom", { card: name }),
    onclick: () => ctx.update({ zoom: id }) }, "⤢"));
  return head;
}

/** A card action's Use button: live when the kernel lists it, else off with the reason (focusable, so the
 * keyboard reads it too; a click shows it in the action bar). */
function useButton(ctx: Ctx, id: string, ab: Ability, opts: Option[], armed: boolean, notation?: string): HTMLElement | null {
  const { lang } = ctx;
  if (ctx.replay) return null;            // a replay decides nothing
  const name = tr(lang, ab.name);
  const key = `${id}:${ab.id}`;
  const why = opts.length ? "" : whyNotUse(ctx, ab);
  const reasonId = `${ctx.uid}-why-${key}`;
  return h("span", { class: "dw-control" },
    h("button", {
      class: `dw-use${armed ? " dw-armed" : ""}${why ? " dw-off" : ""}`, "data-ability": key, "data-key": `ability:${key}`,
      "data-action": notation, "aria-disabled": why ? "true" : null, "aria-pressed": armed ? "true" : null,
      title: why || null, "data-reason": why || null, "aria-describedby": why ? reasonId : null,
      onclick: () => (why ? ctx.update({ why: `${name}: ${why}` })
        : ctx.offer(name, opts, (o) => (o.target ? ctx.cardName(o.target) : name))),
    }, `${t(lang, "use")}: ${name}`),
    why ? h("span", { id: reasonId, class: "dw-sr" }, why) : null);
}

/** Why a card action cannot be used now, in plain words. */
function whyNotUse(ctx: Ctx, ab: Ability): string {
  const { lang, view, board } = ctx;
  const owner = view.current_player;
  if (view.is_over) return t(lang, "whyOver");
  if (ctx.playback) return t(lang, "whyPlaying");
  if (view.bot_owes || !ctx.options.all.length) return t(lang, "whyNotYours", { player: ctx.playerName(owner ?? 0) });
  const now = view.battle ? view.battle.phase : "maneuvers";
  if (ab.phase !== now) return t(lang, "whyPhase", { phase: tr(lang, board.phases[ab.phase], ab.phase) });
  const energy = owner === null ? 0 : view.players[owner]?.energy ?? 0;
  if (ab.cost > energy) return t(lang, "whyEnergy", { n: ab.cost, e: energy });
  return t(lang, "whyUse");
}

/** A card its owner keeps face down (Fog of War): only its damage mark shows. */
export function faceDown(ctx: Ctx, damaged: boolean): HTMLElement {
  return h("div", { class: `dw-card dw-face-down${damaged ? " dw-damaged" : ""}`, "data-card": "", "data-hidden": "true",
    "data-damaged": String(damaged), title: t(ctx.lang, "hidden"), "aria-label": t(ctx.lang, "hidden") },
    h("div", { class: "dw-card-head" }, h("b", {}, "?")),
    damaged ? h("span", { class: "dw-damaged-mark" }, `✖ ${t(ctx.lang, "damaged")}`) : null);
}
