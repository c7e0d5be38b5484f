// The battle: phase by phase (Condition, Strength, Collision, Damage), both
// sides' Strength, dice and totals, who acts now, their card actions and the
// loser's choice of the card to damage.

import { botsBattle } from "./actionbar";
import { faceDown, renderBattleCard } from "./cards";
import type { Ctx } from "./ctx";
import { h } from "./dom";
import { t, term, tr } from "./i18n";
import { battleAt, type BattleSoFar } from "./playback";
import type { Battle } from "./types";

const PHASES = ["condition", "strength", "collision", "damage"];
const DIE = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function renderBattle(ctx: Ctx): HTMLElement | null {
  const live = ctx.view.battle;
  const play = ctx.playback;
  const battle = play?.battle ?? live ?? ctx.ui.lastBattle;
  if (!battle) return null;
  const { lang, board, view } = ctx;
  const moving = Boolean(live) || play !== null;      // phases still to come (or being played)
  const phaseAt = PHASES.indexOf(battle.phase);
  const steps = h("ol", { class: "dw-steps" });
  PHASES.forEach((p, i) => {
    const state = !moving ? "done" : i < phaseAt ? "done" : i === phaseAt ? "current" : "todo";
    steps.append(h("li", {
      class: `dw-step dw-step-${state}`, "data-phase": p, "aria-current": state === "current" ? "step" : null,
    }, `${i < phaseAt || !moving ? "✓ " : ""}${tr(lang, board.phases[p], p)}`));
  });
  const all = ctx.steps;
  const shown: BattleSoFar | null = play ?? (all.length ? battleAt(all, all.length, battle) : null);
  const caption = play ? ctx.log[play.step.at] ?? "" : "";
  const owner = live && view.current_player !== null ? ctx.playerName(view.current_player) : "";
  const who = live?.stage ? `${t(lang, "acts", { player: owner })} (${term(lang, "stages", live.stage)})` : "";
  return h("section", {
    class: `dw-battle${moving ? "" : " dw-battle-over"}`, "data-testid": "battle", "data-phase": battle.phase,
    "data-stage": live?.stage ?? "", "data-live": String(Boolean(live)), "data-playing": String(play !== null),
    "data-step-kind": play?.step.kind ?? "", "data-step": play ? play.index : null, "data-held": String(view.held),
  },
    h("h4", {}, live || play ? t(lang, "battle") : t(lang, "battleOver"), `: ${battle.attacker} ⚔ ${battle.defender ?? t(lang, "guild", { s: battle.guild ?? "" })}`),
    steps,
    scoreTable(ctx, battle, shown, play),
    play ? h("div", { class: "dw-step-caption", "data-testid": "battle-step", role: "status", "aria-live": "polite" },
      caption) : null,
    result(ctx, battle),
    who && !play ? h("div", { class: "dw-who" }, who) : null,
    view.held && !play ? h("div", { class: "dw-held", "data-testid": "held" },
      t(lang, botsBattle(ctx) ? "heldResult" : "heldResultOwn")) : null,
    live ? sides(ctx, live) : null,
  );
}

/** Strength, dice and totals. `shown` tells the re-rolls, `play` the step on screen (its dice roll). */
function scoreTable(ctx: Ctx, b: Battle, shown: BattleSoFar | null, play: BattleSoFar | null): HTMLElement {
  const { lang } = ctx;
  const row = (side: 0 | 1) => {
    const name = side === 0 ? b.attacker : b.defender ?? t(lang, "guild", { s: b.guild ?? "" });
    const sideName = side === 0 ? "attacker" : "defender";
    const rolling = play
      ? play.step.kind === "roll" || (play.step.kind === "reroll" && play.step.args.side === sideName)
      : ctx.ui.rolledNow;
    const before = shown?.rerolled[side] ?? null;
    const die = b.rolled
      ? [h("span", { class: `dw-die${rolling ? " dw-rolling" : ""}`, "aria-hidden": "true" }, DIE[b.dice[side]] ?? "🎲"),
        ` ${b.dice[side]}`,
        before !== null ? h("span", { class: "dw-reroll", "data-testid": `reroll-${sideName}` },
          ` (${t(lang, "rerolled", { was: before })})`) : null]
      : ["–"];
    return h("tr", { "data-side": side === 0 ? "attacker" : "defender" },
      h("th", {}, `${side === 0 ? t(lang, "attacker") : t(lang, "defender")}: ${name}`),
      h("td", { "data-testid": side === 0 ? "strength-attacker" : "strength-defender" }, String(b.strength[side])),
      h("td", { "data-testid": side === 0 ? "die-attacker" : "die-defender" }, ...die),
      h("td", {
        "data-testid": side === 0 ? "total-attacker" : "total-defender",
        title: b.rolled ? `${b.strength[side]} + ${b.dice[side]} = ${b.totals[side]}` : null,
      }, b.rolled ? String(b.totals[side]) : "–"),
    );
  };
  return h("table", { class: "dw-score" },
    h("thead", {}, h("tr", {}, h("th", {}), h("th", {}, t(lang, "strength")), h("th", {}, t(lang, "die")), h("th", {}, t(lang, "total")))),
    h("tbody", {}, row(0), row(1)));
}

function result(ctx: Ctx, b: Battle): HTMLElement | null {
  const { lang } = ctx;
  if (!b.winner) return null;
  if (b.winner === "draw") return h("div", { class: "dw-result", "data-testid": "battle-result" }, t(lang, "drawBattle"));
  const label = b.winner === "attacker" ? b.attacker : b.defender ?? t(lang, "guild", { s: b.guild ?? "" });
  const damaged = b.damaged ? ` · ${t(lang, "damaged")}: ${ctx.cardName(b.damaged)}` : "";
  return h("div", { class: "dw-result", "data-testid": "battle-result" }, t(lang, "winner", { who: label }), damaged);
}

/** Both battalions' cards, with the battle actions and damage choices the kernel lists. */
function sides(ctx: Ctx, b: Battle): HTMLElement {
  const box = h("div", { class: "dw-battle-sides" });
  const damage = ctx.options.ofKind("damage");
  for (const label of [b.attacker, b.defender]) {
    const bat = ctx.view.battalions.find((x) => x.label === label);
    if (!bat) continue;
    const cards = h("div", { class: "dw-cards" });
    bat.cards.forEach((c, i) => {
      if (c === null) {
        cards.append(faceDown(ctx, bat.damaged_slots?.[i] ?? false));
        return;
      }
      const choice = damage.find((o) => o.card === c);
      const extra = choice
        ? h("button", { class: "dw-act dw-damage", "data-action": choice.notation, "data-key": `act:${choice.notation}`,
          onclick: () => ctx.act(choice.notation) }, `${t(ctx.lang, "damage")}: ${ctx.cardName(c)}`)
        : undefined;
      cards.append(renderBattleCard(ctx, c, extra));
    });
    box.append(h("div", { class: "dw-battle-side", "data-battalion-side": label },
      h("h5", {}, `${label} · ${ctx.playerName(bat.owner)}`), cards));
  }
  return box;
}

/** One finished battle in a line: who fought, the figures it was decided with, the outcome. */
export function battleLine(ctx: Ctx, b: Battle): string {
  const { lang } = ctx;
  const defender = b.defender ?? t(lang, "guild", { s: b.guild ?? "" });
  const outcome = b.winner === "draw" ? t(lang, "drawBattle")
    : t(lang, "winner", { who: b.winner === "attacker" ? b.attacker : defender });
  const damaged = b.damaged ? ` · ${t(lang, "damaged")}: ${ctx.cardName(b.damaged)}` : "";
  return `${b.attacker} ⚔ ${defender} · ${t(lang, "strength")} ${b.strength[0]}–${b.strength[1]} · `
    + `${t(lang, "die")} ${b.rolled ? `${b.dice[0]}–${b.dice[1]}` : "–"} · ${t(lang, "total")} ${b.totals[0]}–${b.totals[1]}`
    + ` · ${outcome}${damaged}`;
}

/** The battle history: the game's latest finished battles, newest first, for review and teaching. */
export function renderHistory(ctx: Ctx): HTMLElement | null {
  if (!ctx.battles.length) return null;
  const list = h("ol", { class: "dw-history-list", reversed: true, tabindex: 0, "aria-label": t(ctx.lang, "history", { n: ctx.battles.length }) });
  ctx.battles.forEach((b, i) => list.prepend(h("li", { "data-index": i, value: i + 1 }, battleLine(ctx, b))));
  return h("details", { class: "dw-history", "data-testid": "battle-history" },
    h("summary", {}, t(ctx.lang, "history", { n: ctx.battles.length })), list);
}
