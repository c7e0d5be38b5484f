"""The game's words, written once: action kinds and their notation, steps, phases, decisions, end reasons,
battalion labels.

Every word is a string-valued enum member, so it equals its string: JSON, saves and the notation read
the same as before, and ``Kind.MOVE == "move"``.

>>> Kind("attack-guild") is Kind.ATTACK_GUILD, Kind.MOVE == "move"
(True, True)
>>> KINDS[Kind.MOVE].notation, KINDS[Kind.MOVE].steps
('{battalion} move {target}', ('activation',))
>>> label(1, 2), owner("B3")
('B3', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Word(StrEnum):
    """A word of the game: equal to its string, and shown as that string (``'zone'``, not ``<Step.ZONE ...>``)."""

    def __repr__(self) -> str:
        return repr(self.value)


class Step(Word):
    """Where the game stands: before the first turn, a turn's activations, a battle, its spoils, the end."""

    SPLIT = "split"              # variant roll_off_setup: the pair of Starting Zones
    ZONE = "zone"                # R9, M1: a Starting Zone
    DRAFT = "draft"              # M3 (Chaos)
    FORM = "form"                # M2, M3, M5, M6: cards into battalions
    DEPLOY = "deploy"            # R9: battalion tokens onto the zone
    ACTIVATION = "activation"    # R12-R17
    BATTLE = "battle"            # R19-R25
    REWARD = "reward"            # R26
    DISCARD = "discard"          # R26: a card too many
    OVER = "over"


SETUP_STEPS: tuple[Step, ...] = (Step.SPLIT, Step.ZONE, Step.DRAFT, Step.FORM, Step.DEPLOY)


class Phase(Word):
    """The five phases in which card actions are used (R16, R20-R23); a battle has the last four."""

    MANEUVERS = "maneuvers"
    CONDITION = "condition"
    STRENGTH = "strength"
    COLLISION = "collision"
    DAMAGE = "damage"


PHASES: tuple[Phase, ...] = tuple(Phase)
BATTLE_PHASES: tuple[Phase, ...] = PHASES[1:]


class Decision(Word):
    """What ``Game.decision`` says is owed: a step outside battle, a battle phase, a chance event, the end."""

    SPLIT = "split"
    ZONE = "zone"
    DRAFT = "draft"
    FORM = "form"
    DEPLOY = "deploy"
    ACTIVATION = "activation"
    CONDITION = "condition"
    STRENGTH = "strength"
    COLLISION = "collision"
    DAMAGE = "damage"            # a battle's Damage Phase, the loser's choice included
    REWARD = "reward"
    DISCARD = "discard"
    CHANCE = "chance"            # chance="explicit": the outcome of a die or a draw
    OVER = "over"


class EndReason(Word):
    ANNIHILATION = "annihilation"    # R27: one player has battalions left
    MUTUAL = "mutual"                # R27: nobody has: a draw
    TURN_CAP = "turn-cap"            # the game's turn cap: no winner
    RESIGNED = "resigned"            # a player resigned (two players: the other wins)
    AGREED_DRAW = "agreed-draw"      # a draw offered and accepted: no winner


class Kind(Word):
    """The kinds of decision (``Action.kind``)."""

    MOVE = "move"
    USE = "use"
    EXCHANGE = "exchange"
    ATTACK = "attack"
    ATTACK_GUILD = "attack-guild"
    END = "end"
    END_TURN = "end-turn"
    WAIT = "wait"
    PASS = "pass"
    ROLL = "roll"
    SKIP_ROLL = "skip-roll"
    DAMAGE = "damage"
    HIRELING = "hireling"
    HIRE = "hire"
    ENERGY = "energy"
    DISCARD = "discard"
    REVEAL = "reveal"
    ZONE = "zone"
    SPLIT = "split"
    DRAFT = "draft"
    FORM = "form"
    DEPLOY = "deploy"
    CHANCE = "chance"
    RESIGN = "resign"
    OFFER_DRAW = "offer-draw"
    ACCEPT_DRAW = "accept-draw"
    DECLINE_DRAW = "decline-draw"


class EventKind(Word):
    """The kinds of log event (``Event.kind``), each with its texts in ``cards/messages.toml``'s [event] table.

    The front end reads them by the same names (``js/view_types.ts``, generated from this class).

    >>> EventKind("attack_guild") is EventKind.ATTACK_GUILD, EventKind.WINNER in DECIDING
    (True, True)
    """

    SCENARIO = "scenario"            # a game started from a scenario
    SETUP = "setup"                  # placement="fixed": an army deployed in its mission zone
    ZONE = "zone"                    # R9, M1: a Starting Zone taken
    DRAFT = "draft"                  # M3 (Chaos)
    DEPLOY = "deploy"                # R9: a battalion token placed
    FORM = "form"                    # M2, M3, M5, M6: a card into a battalion
    REVEAL = "reveal"                # M4: face-down cards turned up
    CONCEAL = "conceal"              # M4: ... and down again
    SIEGE = "siege"                  # variant siege_tokens
    ORDER = "order"                  # variant catch_up: who moves first this round
    WAIT = "wait"                    # variant catch_up: a pass
    ROLL_OFF = "roll_off"            # variant roll_off_setup
    SPLIT = "split"                  # variant roll_off_setup: the pair of zones
    INITIATIVE = "initiative"        # R11: a roll for the initiative
    FIRST = "first"                  # R11: who moves first
    TURN = "turn"                    # R12: a turn begins
    MOVE = "move"                    # R14
    USE = "use"                      # R16: a card action
    USE_TARGET = "use_target"        # R16: a card action with its target
    ENERGY = "energy"                # Energy spent or gained
    EXCHANGE = "exchange"            # R17
    ATTACK = "attack"                # R13: a battle begins
    ATTACK_GUILD = "attack_guild"    # R25: a battle against a Guild begins
    PHASE = "phase"                  # R19: a battle phase begins
    STRENGTH = "strength"            # R21
    ROLL = "roll"                    # R22
    ROLL_SKIPPED = "roll_skipped"    # R25: a roll that cannot change the outcome
    REROLL = "reroll"                # a card's re-roll
    WINNER = "winner"                # R22: the battle decided for a battalion
    GUILD_WINS = "guild_wins"        # R25: ... for the Guild
    DRAW = "draw"                    # R22: ... for nobody
    DAMAGE = "damage"                # R23
    REPAIR = "repair"
    DUMP = "dump"                    # a card into the Dump
    TAKE = "take"                    # a card taken from the Dump
    ANNIHILATED = "annihilated"      # R24
    GUILD_TAKEN = "guild_taken"      # R25
    HIRELING = "hireling"            # R26
    ENERGY_REWARD = "energy_reward"  # R26
    DISCARD = "discard"              # R26: a card too many
    END = "end"                      # R12: an activation ends
    END_TURN = "end_turn"
    OVER = "over"                    # R27: a winner
    OVER_DRAW = "over_draw"          # R27: no winner
    RESIGN = "resign"                # table actions (conclude.py)
    DRAW_OFFER = "draw_offer"
    DRAW_ACCEPT = "draw_accept"
    DRAW_DECLINE = "draw_decline"
    DRAW_LAPSE = "draw_lapse"


EVENT_KINDS: dict[str, EventKind] = {k.value: k for k in EventKind}
"""A kind by its name: ``Event`` looks its kind up here (a dict is ten times quicker than ``EventKind(name)``)."""
BATTLE_STARTS: tuple[EventKind, ...] = (EventKind.ATTACK, EventKind.ATTACK_GUILD)
"""The events that begin a battle: a battle's events run from one of these to the next."""
DECIDING: tuple[EventKind, ...] = (EventKind.WINNER, EventKind.GUILD_WINS, EventKind.DRAW)
"""The events that decide a battle (``battle.decide``): they carry the totals it was decided with."""


TABLE_KINDS: frozenset[str] = frozenset({Kind.RESIGN, Kind.OFFER_DRAW, Kind.ACCEPT_DRAW, Kind.DECLINE_DRAW})
"""Table actions (``Game.table_actions``): a seat's, named by its index, never among ``legal_actions()``
(bots, OpenSpiel and PettingZoo see the game's decisions only), recorded and replayed like any decision."""


@dataclass(frozen=True)
class KindSpec:
    """A kind's notation (``str.format`` over the action's fields, ``give``/``take`` joined by commas or
    ``-``; blank fields and their spaces dropped), the steps it is decided in, and what it means."""

    notation: str
    steps: tuple[Step, ...]
    meaning: str


_A, _B = (Step.ACTIVATION,), (Step.BATTLE,)

KINDS: dict[Kind, KindSpec] = {
    Kind.MOVE: KindSpec("{battalion} move {target}", _A, "standard move to an adjacent free sector (R14)"),
    Kind.USE: KindSpec("{battalion} {card}:{ability} {target}", (Step.ACTIVATION, Step.BATTLE),
                       "a card's action, with its target (R16; in battle without the battalion)"),
    Kind.EXCHANGE: KindSpec("{battalion} exchange {target} give {give} take {take}", _A,
                            "exchange cards with an adjacent battalion (R17)"),
    Kind.ATTACK: KindSpec("{battalion} attack {target}", _A, "attack an adjacent enemy battalion (R13)"),
    Kind.ATTACK_GUILD: KindSpec("{battalion} attack guild {target}", _A, "attack an adjacent Guild (R25)"),
    Kind.END: KindSpec("{battalion} end", _A, "end this battalion's activation (R12)"),
    Kind.END_TURN: KindSpec("end-turn", _A, "end the turn; battalions not yet activated do nothing"),
    Kind.WAIT: KindSpec("wait", _A, "pass an activation (variant catch_up)"),
    Kind.PASS: KindSpec("pass", _B, "no more actions from this side in this phase (R19)"),
    Kind.ROLL: KindSpec("roll", _B, "against a Guild, roll (R25)"),
    Kind.SKIP_ROLL: KindSpec("skip-roll", _B, "against a Guild, skip a roll that cannot change the outcome (R25)"),
    Kind.DAMAGE: KindSpec("damage {card}", _B, "the loser's card to damage (R23)"),
    Kind.HIRELING: KindSpec("hireling", (Step.REWARD,), "the reward for a captured Guild: the Hireling (R26)"),
    Kind.HIRE: KindSpec("hire {card}", (Step.REWARD,), "one of the top Hirelings shown (Big Brother)"),
    Kind.ENERGY: KindSpec("energy", (Step.REWARD,), "the reward for a captured Guild: 1 Energy (R26)"),
    Kind.DISCARD: KindSpec("discard {card}", (Step.DISCARD,), "the card to put in the Dump (R26)"),
    Kind.REVEAL: KindSpec("reveal {card}", _B, "turn a face-down card up against a Guild (M4)"),
    Kind.ZONE: KindSpec("zone {target}", (Step.ZONE,), "choose a Starting Zone (R9, M1)"),
    Kind.SPLIT: KindSpec("split {target}", (Step.SPLIT,), "choose the pair of Starting Zones (roll_off_setup)"),
    Kind.DRAFT: KindSpec("draft {card}", (Step.DRAFT,), "take a card in the draft (Chaos)"),
    Kind.FORM: KindSpec("form {card} {battalion}", (Step.FORM,), "put a card into a battalion (M2, M3, M5, M6)"),
    Kind.DEPLOY: KindSpec("{battalion} deploy {target}", (Step.DEPLOY,), "place a battalion token (R9)"),
    Kind.CHANCE: KindSpec("chance {target}", (), "the outcome of a chance event (chance=\"explicit\")"),
    Kind.RESIGN: KindSpec("resign {target}", (), "player {target} (from 0) resigns, at one of its decisions"),
    Kind.OFFER_DRAW: KindSpec("offer-draw {target}", (), "player {target} offers a draw, at one of its decisions"),
    Kind.ACCEPT_DRAW: KindSpec("accept-draw {target}", (), "player {target} accepts the draw offered"),
    Kind.DECLINE_DRAW: KindSpec("decline-draw {target}", (), "player {target} declines the draw offered"),
}

LETTERS = "ABCD"
"""Battalion labels: player 0's are A1, A2, ..., player 1's B1, ... (R4)."""


def label(player: int, index: int) -> str:
    """The label of a player's battalion number ``index`` (from 0)."""
    return f"{LETTERS[player]}{index + 1}"


def owner(battalion_label: str) -> int:
    """The player a battalion label belongs to."""
    return LETTERS.index(battalion_label[0])
