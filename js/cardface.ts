// The card's face, the same wherever a card is shown (battalion, battle, Hireling draw, draft hand and pool,
// Dump, set-up palette): its type icon and faction emblem (SVG drawn here), name, id and Strength badge, then
// each action with its phase icon (the phase's full name on hover and for screen readers), cost and text.
// Hover or keyboard focus enlarges a compact card. Icons never stand alone: the name is always written or titled.

import { h, s } from "./dom";
import { t, term, tr } from "./i18n";
import type { Bilingual, Card, Lang } from "./types";

/** What a card face needs: the language, the cards' facts and the phases' names (board.phases). */
export interface CardEnv {
  lang: Lang;
  cards: Record<string, Card>;
  phases: Record<string, Bilingual>;
}

/** 16×16 icons: filled paths (a stroke where said). */
const TYPE_ICON: Record<string, string> = {
  infantry: "M8 1.5a2.6 2.6 0 1 1 0 5.2a2.6 2.6 0 1 1 0-5.2ZM3 15L5 8H11L13 15Z",
  "par-infantry": "M9 1.5a2.4 2.4 0 1 1 0 4.8a2.4 2.4 0 1 1 0-4.8ZM6 15L7.5 7.5H12.5L14 15ZM1 7H6V11.5L3.5 14L1 11.5Z",
  mech: "M3 2H13V10H3ZM4 10H6.5V15H4ZM9.5 10H12V15H9.5ZM5.5 4V6.5H10.5V4Z",
  "bio-mech": "M8 1L10 5.2L14.8 5.6L11.2 8.8L12.3 14L8 11.3L3.7 14L4.8 8.8L1.2 5.6L6 5.2Z",
};
const FACTION_ICON: Record<string, string> = {
  templars: "M6.2 1H9.8V6.2H15V9.8H9.8V15H6.2V9.8H1V6.2H6.2Z",
  synclith: "M8 1.5a6.5 6.5 0 1 1 0 13a6.5 6.5 0 1 1 0-13ZM8 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8ZM8 6.2a1.8 1.8 0 1 1 0 3.6a1.8 1.8 0 1 1 0-3.6Z",
  hirelings: "M8 1L15 8L8 15L1 8ZM8 4.5L4.5 8L8 11.5L11.5 8Z",
};
const PHASE_ICON: Record<string, string> = {
  maneuvers: "M1 6.5H9V3L15 8L9 13V9.5H1Z",
  condition: "M8 1L15 8L8 15L1 8ZM8 4L4 8L8 12L12 8Z",
  strength: "M1.5 14.5H5V9H1.5ZM6.3 14.5H9.7V5.5H6.3ZM11 14.5H14.5V1.5H11Z",
  collision: "M2 1L8 6.2L14 1L15 2L9.8 8L15 14L14 15L8 9.8L2 15L1 14L6.2 8L1 2Z",
  damage: "M9.5 1L3 9H7.2L6 15L13 6.5H8.8Z",
};

/** An icon with its name: a tooltip (SVG title) and the accessible name. */
function icon(path: string | undefined, name: string, cls: string): SVGElement {
  return s("svg", { viewBox: "0 0 16 16", class: `dw-icon ${cls}`, role: "img", "aria-label": name },
    s("title", {}, name),
    s("path", { d: path ?? "M3 3H13V13H3Z", "fill-rule": "evenodd" }));
}

export function phaseIcon(env: CardEnv, phase: string): SVGElement {
  return icon(PHASE_ICON[phase], tr(env.lang, env.phases[phase], phase), "dw-phase-icon");
}

/** The card's head: type icon, faction emblem, name, id and Strength badge. */
export function cardHead(env: CardEnv, card: Card, id: string): HTMLElement {
  const { lang } = env;
  return h("div", { class: "dw-card-head" },
    icon(TYPE_ICON[card.type], term(lang, "types", card.type), "dw-type-icon"),
    icon(FACTION_ICON[card.faction], term(lang, "factions", card.faction), "dw-faction-icon"),
    h("b", { class: "dw-card-name" }, tr(lang, card.name)),
    h("span", { class: "dw-card-id" }, id),
    h("span", { class: "dw-strength", title: t(lang, "strength") }, `${t(lang, "strength")} ${card.strength}`));
}

/** Every action of the card (phase icon and name, cost, text) and its passives. */
export function cardActions(env: CardEnv, card: Card): HTMLElement {
  const { lang } = env;
  const list = h("div", { class: "dw-face-actions" });
  for (const ab of card.actions) {
    list.append(h("div", { class: "dw-face-action", "data-phase": ab.phase, "data-ability": `${card.id}:${ab.id}` },
      phaseIcon(env, ab.phase),
      h("b", {}, tr(lang, ab.name)), " ",
      h("span", { class: "dw-cost" }, ab.cost ? t(lang, "cost", { n: ab.cost }) : t(lang, "free")), " ",
      h("span", { class: "dw-ability-text" }, tr(lang, ab.text))));
  }
  for (const p of card.passives) {
    list.append(h("div", { class: "dw-face-action dw-passive" }, h("b", {}, tr(lang, p.name)), " ", tr(lang, p.text)));
  }
  return list;
}

type Attrs = Record<string, string | number | boolean | EventListener | null | undefined>;

/** The compact card: head, text, every action; hover or focus enlarges it. `attrs` (a class is added to
 * the card's own), `extra` (a button: draft, add, ...) below. */
export function cardFace(env: CardEnv, id: string, attrs: Attrs = {}, extra?: HTMLElement | null): HTMLElement {
  const card = env.cards[id];
  const cls = `dw-face${extra ? " dw-face-control" : ""}${attrs.class ? ` ${String(attrs.class)}` : ""}`;
  const key = `card:${id}`;       // a redraw gives the keyboard focus back to the same card
  if (!card) return h("div", { tabindex: 0, "data-key": key, ...attrs, class: cls, "data-card": id }, id, extra ?? null);
  return h("div", { tabindex: 0, "data-key": key, "aria-label": `${tr(env.lang, card.name)} (${id})`, ...attrs, class: cls, "data-card": id },
    cardHead(env, card, id),
    h("div", { class: "dw-card-text" }, tr(env.lang, card.text)),
    cardActions(env, card),
    extra ?? null);
}
