// What every renderer gets: the synced state, the legal options, the local UI
// state (selection and pending choices, never sent to the kernel) and handlers.

import type { Option, Options } from "./legal";
import type { BattleSoFar } from "./playback";
import type { Battle, BattleStep, Board, Card, Lang, Odds, View } from "./types";

export interface Menu {
  title: string;
  at?: string;                   // a sector: the menu opens at that hex (several options land there)
  options: { label: string; notation: string }[];
}

export interface Exchange {
  partner: string;
  give: Set<string>;
  take: Set<string>;
}

export interface Ui {
  selected: string | null;       // battalion label
  armed: string | null;          // "card:ability" whose sector targets are shown
  menu: Menu | null;             // several options behind one click
  exchange: Exchange | null;
  tabs: Map<string, string>;     // card id -> phase tab shown
  lastBattle: Battle | null;     // kept on screen after the battle ends
  pick: string | null;           // set-up: the hand card picked to put into a battalion slot
  why: string | null;            // why the control just clicked is off (shown in the action bar)
  rolledNow: boolean;            // the dice were rolled by the last decision: they roll on screen
  zoom: string | null;           // a card shown large (the card zoom)
}

export interface Ctx {
  /** Unique to this rendering of the widget: the prefix of its element ids (two widgets on a page share none). */
  uid: string;
  lang: Lang;
  board: Board;
  cards: Record<string, Card>;
  view: View;
  options: Options;
  ui: Ui;
  odds: Record<string, Odds>;     // attack notation -> odds, when the kernel has sent them
  log: readonly (string | undefined)[];
  battles: Battle[];              // the game's latest finished battles, oldest first (trait `battles`)
  /** The battle as far as the screen has played it (one decision ran several steps), or null: all shown. */
  playback: BattleSoFar | null;
  /** The steps of the battle on (or the last one) as far as they are known. */
  steps: BattleStep[];
  /** A replay (no kernel): nothing is decided here, so no control that would decide is shown. */
  replay: boolean;
  /** Show the rest of a battle's playback at once (the "Skip" control). */
  skip(): void;
  /** Send one legal action's notation to the kernel. */
  act(notation: string): void;
  /** Several options: one is sent directly, more open a menu. */
  offer(title: string, options: Option[], label: (o: Option) => string): void;
  undo(): void;
  /** "Continue": the result of a bot's battle is read, the bots play on. */
  resume(): void;
  /** Change local UI state and redraw. */
  update(change: Partial<Ui>): void;
  clickBattalion(label: string): void;
  clickSector(id: string): void;
  cardName(id: string): string;
  playerName(p: number): string;
}
