// The shapes of the synced traits (see dictator_widget/ui/widget.py) and of the model.

export type Lang = "en" | "ru";

// The view's shapes are generated from dictator_widget/ui/view_schema.py (js/view_types.ts);
// these are the names the front end reads them by.
import type {
  AbilityView, BattalionView, BattleView, CardView, PlayerView, ScreenView, SeatView, SectorView, WidgetBoard,
} from "./view_types";

import type { Message } from "./messages";

export type { BattleStep, Bilingual, EventKind, LegalRow, ScreenView, SeatView } from "./view_types";
// The messages to Python and its answers are generated from dictator_widget/ui/messages.py (js/messages.ts).
export type { AskLog, LogLines, Message, ReplayHtml, SeatTraits, SetupEdit } from "./messages";
/** The trait `view`: a seat's position, or the hot-seat screen between two players. */
export type { View as ViewTrait } from "./view_types";
export type Sector = SectorView;
/** What never changes during a game (trait `board`). */
export type Board = WidgetBoard;
export type Ability = AbilityView;
export type Card = CardView;
export type Battalion = BattalionView;
export type Battle = BattleView;
export type Player = PlayerView;
/** The position while a seat is shown (trait `view`, not the hot-seat screen): what renderers read. */
export type View = SeatView;
export type Screen = ScreenView;

export interface Odds {
  win: number;
  draw: number;
  loss: number;
}

/** The part of anywidget's model this front end uses. */
export interface Model {
  get(name: string): unknown;
  set(name: string, value: unknown): void;
  save_changes(): void;
  send(content: Message): void;
  on(event: string, callback: (...args: never[]) => void): void;
  off(event?: string | null, callback?: ((...args: never[]) => void) | null): void;
}
