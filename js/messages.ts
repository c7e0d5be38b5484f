// Generated from dictator_widget/ui/messages.py: do not edit; regenerate with:
//   make types

// The front end's messages to Python; `Model.send` takes a `Message`.
/** Play a decision, or a table action of a human seat on this screen (``resign 0``, ``offer-draw 0``). */
export interface Act {
  type: "act";
  notation: string;
}

/** Take back the last decision (the widget's undo policy says which). */
export interface Undo {
  type: "undo";
}

/** Hot-seat on a hidden mission: the player asked for takes the seat. */
export interface TakeSeat {
  type: "take-seat";
}

/** The odds of a battalion's attacks now (answered in the ``odds`` trait). */
export interface AskOdds {
  type: "odds";
  battalion: string;
}

/** Older log lines, ``from`` to ``to`` (answered by :class:`LogLines`). */
export interface AskLog {
  type: "log";
  from: number;
  to: number;
}

/** A game over: the same mission, seats and seed again. */
export interface Rematch {
  type: "rematch";
}

/** A game over: the same mission and seats, a new seed. */
export interface NewGame {
  type: "new-game";
}

/** A bot's battle waits on its result: the bots play on. */
export interface Continue {
  type: "continue";
}

/** The game's HTML replay, to save (answered by :class:`ReplayHtml`). */
export interface ExportHtml {
  type: "export-html";
}

/** Set-up mode: one edit of the scenario. */
export interface Edit {
  type: "edit";
  edit: SetupEdit;
}

/** Set-up mode: play from the edited scenario. */
export interface Play {
  type: "play";
}

/** The class server: a seat sets its own traits (in a notebook they sync by themselves). */
export interface SetTraits {
  type: "set";
  traits: SeatTraits;
}

/** The class server: is the socket alive (answered ``{"type": "pong"}``). */
export interface Ping {
  type: "ping";
}

/** The traits a seat of the class server may set. */
export interface SeatTraits {
  lang?: "en" | "ru";
  error?: string;
}

/** Any message of the front end to Python (``ui/messages.py``'s MESSAGES). */
export type Message =
  | Act
  | Undo
  | TakeSeat
  | AskOdds
  | AskLog
  | Rematch
  | NewGame
  | Continue
  | ExportHtml
  | Edit
  | Play
  | SetTraits
  | Ping;

// The edits of set-up mode (`Edit`), told apart by their `op`.
/** A battalion to a free sector. */
export interface MoveEdit {
  op: "move";
  label: string;
  sector: string;
}

/** A new battalion of ``owner`` (its next free label) on a free sector. */
export interface AddBattalion {
  op: "add-battalion";
  owner: number;
  sector: string;
}

export interface RemoveBattalion {
  op: "remove-battalion";
  label: string;
}

export interface AddCard {
  op: "add-card";
  label: string;
  card: string;
}

export interface RemoveCard {
  op: "remove-card";
  label: string;
  card: string;
}

/** A card of a battalion damaged, or repaired if it was. */
export interface DamageCard {
  op: "damage-card";
  label: string;
  card: string;
}

/** A Guild token on a sector, or off it. */
export interface ToggleGuild {
  op: "guild";
  sector: string;
}

export interface SetEnergy {
  op: "energy";
  player: number;
  value: number;
}

/** Whose turn it is. */
export interface SetPlayer {
  op: "player";
  player: number;
}

/** One edit of set-up mode. */
export type SetupEdit =
  | MoveEdit
  | AddBattalion
  | RemoveBattalion
  | AddCard
  | RemoveCard
  | DamageCard
  | ToggleGuild
  | SetEnergy
  | SetPlayer;

// Python's answers to some of them (``msg:custom``).

/** The answer to :class:`AskLog`: the log's lines from ``from`` in the widget's language. */
export interface LogLines {
  type: "log";
  from: number;
  lines: string[];
}

/** The answer to :class:`ExportHtml`: the replay file's text and a name for it. */
export interface ReplayHtml {
  type: "replay-html";
  html: string;
  filename: string;
}
