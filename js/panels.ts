// The panels beside the board: status, players' Energy, the options owed now,
// the selected battalion, the Hireling deck and the Dump, and the log.

import { cardFace } from "./cardface";
import { faceDown, renderCard } from "./cards";
import type { Ctx } from "./ctx";
import { h, s } from "./dom";
import { countBattalions, t, term, tr } from "./i18n";
import { OPENING } from "./opening";
import { PLAYER_COLOURS, shapePath } from "./palette";
import { turnOf } from "./tablebar";

export function renderStatus(ctx: Ctx): HTMLElement {
  const { lang, view } = ctx;
  let text: string;
  if (view.is_over) {
    const result = view.winner !== null
      ? t(lang, "wins", { player: ctx.playerName(view.winner) })
      : view.end_reason === "turn-cap" ? t(lang, "turnCap") : t(lang, "draw");
    text = `${t(lang, "over")}: ${result}`;
  } else if (ctx.playback) {
    const b = ctx.playback.battle;
    const phase = b.phase;
    text = t(lang, "playingStatus", { battle: `${b.attacker} ⚔ ${b.defender ?? t(lang, "guild", { s: b.guild ?? "" })}`,
      phase: tr(lang, ctx.board.phases[phase], phase) });
  } else if (view.held && view.current_player !== null && view.bot_owes) {
    text = t(lang, "heldStatus", { player: ctx.playerName(view.current_player) });
  } else if (view.bot_owes && view.current_player !== null) {
    text = t(lang, "thinking", { player: ctx.playerName(view.current_player) });
  } else {
    text = t(lang, "owes", {
      player: ctx.playerName(view.current_player ?? 0), decision: term(lang, "decision", view.decision),
    });
  }
  return h("div", { class: "dw-status", "data-testid": "status", role: "status", "aria-live": "polite" },
    h("span", { class: "dw-turn", "data-testid": "turn-cap" }, turnOf(lang, view.turn, ctx.board.turn_cap)), " · ", text);
}

export function renderPlayers(ctx: Ctx): HTMLElement {
  const { lang, view, board } = ctx;
  const list = h("div", { class: "dw-players", "data-testid": "players" });
  for (const p of view.players) {
    const pips = h("div", { class: "dw-energy", role: "meter", "aria-valuemin": 0, "aria-valuemax": p.energy_max,
      "aria-valuenow": p.energy, "aria-label": t(lang, "energy") });
    for (let i = 0; i < p.energy_max; i++) pips.append(h("span", { class: `dw-pip${i < p.energy ? " dw-pip-on" : ""}` }));
    const viewer = view.viewer ?? board.viewer;
    const tags = [board.bots.includes(p.index) ? t(lang, "bot") : "", viewer === p.index ? t(lang, "you") : ""]
      .filter(Boolean).join(", ");
    list.append(h("div", {
      class: `dw-player${view.current_player === p.index ? " dw-current" : ""}`, "data-player": p.index,
      "data-energy": p.energy,
    },
      s("svg", { viewBox: "-10 -10 20 20", class: "dw-swatch", "aria-hidden": "true" },
        s("path", { d: shapePath(p.index, 8), fill: PLAYER_COLOURS[p.index % 4] })),
      h("b", {}, ctx.playerName(p.index)), tags ? ` (${tags})` : "",
      h("span", { class: "dw-energy-num" }, ` ${t(lang, "energy")} ${p.energy}/${p.energy_max}`),
      h("span", { class: "dw-count" }, ` · ${countBattalions(lang, p.battalions)}`),
      p.zone ? h("span", { class: "dw-count" }, ` · ${tr(lang, board.zones[p.zone], p.zone)}`) : null,
      p.hand_size ? h("span", { class: "dw-count" }, ` · ${t(lang, "hand", { n: p.hand_size })}`) : null,
      pips,
    ));
  }
  return list;
}

/** Option kinds with a place of their own: on the board, on cards, or in the row below. */
const SHOWN_ELSEWHERE = new Set([
  "move", "use", "exchange", "attack", "attack-guild", "damage",
  "end", "end-turn", "pass", "roll", "skip-roll", "reveal", "hireling", "energy", "hire", "discard", "zone", "split", "draft",
  "form", "deploy",
]);

/** The options not shown on the board, on cards or in the action bar (end, end-turn, pass: actionbar.ts):
 * rolls, rewards, discards, reveals; menus and exchanges. */
export function renderDecisions(ctx: Ctx): HTMLElement {
  const { lang, view, options, ui } = ctx;
  const box = h("div", { class: "dw-decisions", "data-testid": "decisions" }, h("h4", {}, t(lang, "decisions")));
  const button = (notation: string, label: string) =>
    h("button", { class: "dw-act", "data-action": notation, "data-key": `act:${notation}`, onclick: () => ctx.act(notation) }, label);
  if (ui.menu && !ui.menu.at) {         // a hex's menu opens at the hex (app.ts)
    const menu = ui.menu;
    box.append(h("div", { class: "dw-menu", "data-testid": "menu", role: "group", "aria-label": menu.title },
      h("div", {}, `${menu.title} — ${t(lang, "choose")}`),
      ...menu.options.map((o) => button(o.notation, o.label)),
      h("button", { class: "dw-cancel", onclick: () => ctx.update({ menu: null }) }, t(lang, "cancel")),
    ));
  }
  if (ui.exchange && ui.selected) box.append(renderExchange(ctx, ui.selected));
  const hiring = renderHiring(ctx);
  if (hiring) box.append(hiring);
  const row = h("div", { class: "dw-act-row" });
  for (const o of options.all) {
    if (o.kind === "roll") row.append(button(o.notation, t(lang, "roll")));
    else if (o.kind === "skip-roll") row.append(button(o.notation, t(lang, "skipRoll")));
    else if (o.kind === "reveal") row.append(button(o.notation, t(lang, "reveal", { card: ctx.cardName(o.card) })));
    else if (o.kind === "hireling") row.append(button(o.notation, t(lang, "hireling")));
    else if (o.kind === "energy") row.append(button(o.notation, t(lang, "energyReward")));
    else if (o.kind === "hire") row.append(button(o.notation, t(lang, "hire", { card: ctx.cardName(o.card) })));
    else if (o.kind === "discard") row.append(button(o.notation, t(lang, "discard", { card: ctx.cardName(o.card) })));
  }
  for (const o of options.all) {          // options of kinds this front end has no place for
    if (!SHOWN_ELSEWHERE.has(o.kind) && !row.querySelector(`[data-action="${o.notation}"]`)) {
      row.append(button(o.notation, readable(ctx, o.notation)));
    }
  }
  if (ui.selected) {
    for (const partner of options.partners(ui.selected)) {
      row.append(h("button", {
        class: "dw-act", "data-exchange": partner, "data-key": `exchange:${partner}`,
        onclick: () => ctx.update({ exchange: { partner, give: new Set(), take: new Set() }, menu: null }),
      }, t(lang, "exchangeWith", { b: partner })));
    }
  }
  if (row.childElementCount) box.append(row);
  const attacks = ui.selected ? options.of(ui.selected).filter((o) => o.kind === "attack" || o.kind === "attack-guild") : [];
  if (attacks.length) {      // filled in place when the odds arrive (odds.ts); on a hidden mission, as the seat knows
    box.append(h("div", { class: "dw-odds-list", "data-testid": "odds" }, h("b", {}, `${t(lang, "oddsTitle")}:`),
      ...attacks.map((o) => {
        const target = o.kind === "attack" ? o.target : t(lang, "guild", { s: o.target });
        return h("div", { "data-odds-for": o.notation }, `${o.battalion} → ${target}: `, h("span", { class: "dw-odds-value" }, "…"));
      })));
  }
  else if (!ui.menu && !view.battle && !OPENING.has(view.decision)) box.append(h("div", { class: "dw-hint" }, options.all.length ? t(lang, "selectHint") : t(lang, "nothing")));
  return box;
}

/** R26, a full battalion: the drawn Hireling, shown to the player who chooses the discard (the engine
 * shows it to them only: `view.hiring`); the others read that a Hireling was drawn. */
function renderHiring(ctx: Ctx): HTMLElement | null {
  const { lang, view } = ctx;
  if (view.decision !== "discard") return null;
  const box = h("div", { class: "dw-hiring", "data-testid": "hiring", role: "group" });
  const id = view.hiring;
  if (!id) {
    box.append(h("div", {}, t(lang, "hiringOther", { player: ctx.playerName(view.current_player ?? 0) })));
    return box;
  }
  const battalion = view.battle?.attacker ?? view.battalions.find((b) => b.active)?.label ?? "";   // the Guild's taker
  const text = t(lang, "hiringDrawn", { card: ctx.cardName(id), b: battalion });
  box.setAttribute("aria-label", text);
  box.append(h("div", { class: "dw-hiring-text" }, text), h("div", { class: "dw-cards" }, renderCard(ctx, id, "")));
  return box;
}

/** R17: two battalions trade cards. Each card shows its face; the Exchange button is off until the ticks make
 * an exchange the kernel lists, and says why; the dialog says that both battalions' activations end. */
function renderExchange(ctx: Ctx, label: string): HTMLElement {
  const { lang, view, options } = ctx;
  const ex = ctx.ui.exchange;
  if (!ex) return h("div");
  const env = { lang, cards: ctx.cards, phases: ctx.board.phases };
  const side = (who: string, chosen: Set<string>, verb: string) => {
    const b = view.battalions.find((x) => x.label === who);
    return h("fieldset", { class: "dw-exchange-side", "data-exchange-side": who }, h("legend", {}, `${who}: ${verb}`),
      ...(b?.cards ?? []).filter((c): c is string => c !== null).map((c) => h("label", { class: "dw-exchange-card" },
        h("input", {
          type: "checkbox", "data-exchange-card": c, checked: chosen.has(c), "aria-label": `${verb}: ${ctx.cardName(c)}`,
          onchange: (e: Event) => {
            const next = new Set(chosen);
            if ((e.target as HTMLInputElement).checked) next.add(c); else next.delete(c);
            ctx.update({ exchange: { ...ex, [chosen === ex.give ? "give" : "take"]: next } });
          },
        }), cardFace(env, c, { class: "dw-mini" }))));
  };
  const match = options.exchange(label, ex.partner, ex.give, ex.take);
  const why = match ? "" : t(lang, ex.give.size + ex.take.size ? "whyExchangeNone" : "whyExchangeEmpty");
  const reasonId = `${ctx.uid}-why-exchange`;
  const mine = view.battalions.filter((b) => b.owner === view.current_player && b.label !== label
    && b.label !== ex.partner && !b.acted);
  const ends = t(lang, "exchangeEnds", { a: label, b: ex.partner }) + (mine.length ? "" : ` ${t(lang, "exchangeEndsTurn")}`);
  return h("div", { class: "dw-exchange", "data-testid": "exchange", role: "group", "aria-label": t(lang, "exchangeWith", { b: ex.partner }) },
    h("div", {}, h("b", {}, t(lang, "exchangeWith", { b: ex.partner }))),
    h("div", { class: "dw-exchange-ends", "data-testid": "exchange-ends" }, ends),
    h("div", { class: "dw-exchange-sides" }, side(label, ex.give, t(lang, "give")), side(ex.partner, ex.take, t(lang, "take"))),
    h("div", { class: "dw-act-row" },
      h("span", { class: "dw-control" },
        h("button", {
          class: `dw-act${match ? "" : " dw-off"}`, "data-testid": "exchange-go", "data-action": match?.notation ?? null,
          "aria-disabled": match ? null : "true", title: why || null, "data-reason": why || null,
          "aria-describedby": match ? null : reasonId,
          onclick: () => (match ? ctx.act(match.notation) : ctx.update({ why })),
        }, t(lang, "exchange")),
        match ? null : h("span", { id: reasonId, class: "dw-sr" }, why)),
      match ? null : h("span", { class: "dw-hint", "data-testid": "exchange-why" }, why),
      h("button", { class: "dw-cancel", onclick: () => ctx.update({ exchange: null }) }, t(lang, "cancel"))),
  );
}

export function renderSelected(ctx: Ctx): HTMLElement {
  const { lang, view, ui } = ctx;
  const b = view.battalions.find((x) => x.label === ui.selected);
  const box = h("div", { class: "dw-selected-panel", "data-testid": "selected" });
  if (!b) return box;
  const extra = b.acted ? ` · ${t(lang, "acted")}` : "";
  box.append(h("h4", {}, `${t(lang, "cards", { b: b.label })} · ${ctx.playerName(b.owner)}${extra}`));
  const battleSide = view.battle && (view.battle.attacker === b.label || view.battle.defender === b.label);
  const list = h("div", { class: "dw-cards" });
  b.cards.forEach((c, i) => list.append(c === null
    ? faceDown(ctx, b.damaged_slots?.[i] ?? false)
    : renderCard(ctx, c, battleSide ? "" : b.label)));
  box.append(list);
  return box;
}

export function renderPiles(ctx: Ctx): HTMLElement {
  const { lang, view } = ctx;
  // R26: a Hireling drawn into a full battalion is out of the deck while its discard is chosen
  // (the engine keeps it in the deck until then).
  const deck = Math.max(0, view.deck_size - (view.decision === "discard" ? 1 : 0));
  const dump = h("details", { class: "dw-dump", "data-testid": "dump" },
    h("summary", {}, t(lang, "dump", { n: view.dump.length })));
  if (!view.dump.length) dump.append(h("div", { class: "dw-hint" }, t(lang, "empty")));
  const env = { lang, cards: ctx.cards, phases: ctx.board.phases };
  const list = h("div", { class: "dw-minis" });
  for (const id of [...view.dump].reverse()) list.append(cardFace(env, id, { class: "dw-mini dw-dump-card" }));
  if (view.dump.length) dump.append(list);
  return h("div", { class: "dw-piles" },
    h("div", { class: "dw-deck", "data-testid": "deck", "data-size": deck }, t(lang, "deck", { n: deck })),
    dump);
}

export function renderLog(ctx: Ctx): HTMLElement {
  const list = h("ol", { class: "dw-log", "data-testid": "log", "aria-label": t(ctx.lang, "log"), tabindex: 0 });
  for (let i = 0; i < ctx.log.length; i += 1) {       // a loop, not forEach: lines not received yet are holes
    list.append(h("li", { value: i + 1, "data-index": i }, ctx.log[i] ?? "…"));
  }
  return list;
}

/** A notation with card ids and zone ids replaced by their names: "draft Knight (T04)". */
function readable(ctx: Ctx, notation: string): string {
  return notation.split(" ").map((w) => {
    if (ctx.cards[w]) return ctx.cardName(w);
    const zone = ctx.board.zones[w];
    return zone ? tr(ctx.lang, zone) : w;
  }).join(" ");
}
