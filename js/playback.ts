// A battle played step by step: when one decision runs several of its steps at once (a Pass that rolls,
// decides, damages and rewards), the screen shows them one after another at the widget's pace, from the
// battle's log events the kernel sends (`view.battle_steps`: those new since its last view, all of them when
// a battle starts or after an undo; kept here). Pace 0 or reduced motion: at once.

import type { Battle, BattleStep, EventKind, View } from "./types";
import { BATTLE_STARTS, DECIDING } from "./view_types";

/** The steps worth a pause: a phase, the Strength, the dice, a re-roll, the outcome and its consequences. */
const MOMENTS: ReadonlySet<EventKind> = new Set<EventKind>([
  ...BATTLE_STARTS, "phase", "strength", "roll", "reroll", "roll_skipped", ...DECIDING,
  "damage", "annihilated", "guild_taken", "hireling", "energy_reward", "discard", "use", "use_target",
]);
const DECIDED: ReadonlySet<EventKind> = new Set(DECIDING);
const STARTS: ReadonlySet<EventKind> = new Set(BATTLE_STARTS);

/** A battle as far as its first `count` steps tell it, with the re-rolled dice's earlier faces. */
export interface BattleSoFar {
  battle: Battle;
  step: BattleStep;
  index: number;                        // of `step` among the battle's steps
  rerolled: [number | null, number | null];   // the face a re-roll replaced, per side
}

const num = (v: unknown) => (typeof v === "number" ? v : 0);

/** The battle after its first `count` steps. `base` (the battle on or the last one) names the sides. */
export function battleAt(steps: BattleStep[], count: number, base: Battle): BattleSoFar {
  const b: Battle = {
    ...base, phase: "condition", stage: null, strength: [0, 0], dice: [0, 0], rolled: false, totals: [0, 0],
    winner: null, damaged: null,
  };
  const rerolled: [number | null, number | null] = [null, null];
  let strengthSeen = false;
  for (const s of steps.slice(0, count)) {
    const a = s.args;
    if (s.kind === "phase") b.phase = String(a.phase);
    else if (s.kind === "strength") {
      b.strength = [num(a.attacker), num(a.defender)];
      strengthSeen = true;
    } else if (s.kind === "roll") {
      b.dice = [num(a.attacker), num(a.defender)];
      b.totals = [num(a.attacker_total), num(a.defender_total)];
      b.strength = [b.totals[0] - b.dice[0], b.totals[1] - b.dice[1]];   // after the cards played before the roll
      b.rolled = true;
      strengthSeen = true;
    } else if (s.kind === "reroll") {
      const side = a.side === "attacker" ? 0 : 1;
      rerolled[side] = b.dice[side];
      b.totals[side] += num(a.roll) - b.dice[side];
      b.dice[side] = num(a.roll);
    } else if (DECIDED.has(s.kind)) {     // the figures it was decided with (after the cards' changes)
      b.winner = base.winner;
      b.totals = [...base.totals];
      b.strength = [...base.strength];
    } else if (s.kind === "damage" && b.winner) b.damaged = (a.card as string | null) ?? base.damaged;
  }
  if (!strengthSeen && count >= steps.length) b.strength = [...base.strength];
  const index = Math.max(0, Math.min(count, steps.length) - 1);
  return { battle: b, step: steps[index], index, rerolled };
}

/** Whether the browser asks for reduced motion. */
function reducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

/** Which steps of the current battle are on screen, and the timer that shows the next one. */
export class Playback {
  private key = -1;          // the log index of the battle's attack
  private shown = 0;         // its steps on screen
  private steps: BattleStep[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly redraw: () => void) {}

  /** A new view: its battle's steps not yet on screen are played at `pace` seconds each when there are
   * two or more moments among them (`first`: the widget has just opened: no old battle is replayed). */
  follow(view: View, pace: number, first: boolean): void {
    const incoming = view.battle_steps ?? [];
    let before = Math.min(this.shown, this.steps.length);
    if (!view.battle && !view.last_battle) {
      this.key = -1;
      this.steps = [];
      before = 0;
    } else if (incoming.length && STARTS.has(incoming[0].kind)) {       // a battle from its attack on
      const key = incoming[0].at;
      before = key === this.key ? Math.min(before, incoming.length) : 0;
      this.key = key;
      this.steps = incoming;
    } else if (incoming.length) {                                        // the battle's next steps
      this.steps = [...this.steps.filter((s) => s.at < incoming[0].at), ...incoming];
    }
    const steps = this.steps;
    const fresh = steps.slice(before).filter((s) => MOMENTS.has(s.kind)).length;
    if (first || pace <= 0 || reducedMotion() || fresh < 2) {
      this.stop();
      this.shown = steps.length;
      return;
    }
    this.shown = Math.max(before, 1);
    if (this.timer === null) this.tick(pace);
  }

  private tick(pace: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.shown += 1;          // the next moment; the steps between (Energy spent, ...) come with it
      while (this.shown < this.steps.length && !MOMENTS.has(this.steps[this.shown - 1].kind)) this.shown += 1;
      if (this.shown < this.steps.length) this.tick(pace);
      this.redraw();
    }, pace * 1000);
  }

  /** The battle as far as the screen has played it, or null when every step is on screen. */
  now(base: Battle | null): BattleSoFar | null {
    if (!base || this.shown >= this.steps.length || !this.steps.length) return null;
    return battleAt(this.steps, this.shown, base);
  }

  /** Every step of the battle the screen knows (on screen or still to come). */
  get known(): BattleStep[] {
    return this.steps;
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Every step on screen at once (Skip). */
  finish(): void {
    this.stop();
    this.shown = this.steps.length;
    this.redraw();
  }
}
