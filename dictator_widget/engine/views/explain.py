"""Why an action is refused: a message that names the problem (for IllegalAction)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.actions import Action
from ..rules.vocabulary import KINDS, LETTERS, SETUP_STEPS, TABLE_KINDS

if TYPE_CHECKING:
    from ..rules.game import Game

def _owed(g: Game) -> str:
    who = "-" if g.current_player is None else g.current_player + 1
    return f"player {who} owes a decision of kind '{g.decision}'"


def _why_setup(g: Game, act: Action) -> str:
    s = g.state
    p = s.player
    if act.battalion[0] != LETTERS[p]:
        return f"battalion {act.battalion} is not player {p + 1}'s; {_owed(g)}"
    if act.kind == "deploy":
        zone = s.zones[p]
        if act.target not in g.geometry.zones.get(zone, ()):
            return f"{act.target} is not a sector of player {p + 1}'s Starting Zone ({zone}) (R9)"
        if act.target in s.at:
            return f"{act.target} already holds battalion {s.at[act.target]} (R4)"
        owed = [a.battalion for a in g.legal_actions()]
        return f"battalion tokens are placed in order: {owed[0] if owed else '-'} now (R9)"
    return "not legal now: a battalion may take a card only while every battalion can still be formed"


def _why_table(g: Game, act: Action) -> str:
    s = g.state
    p = int(act.target)
    if p >= g.num_players:
        return f"there is no player {p} in this game of {g.num_players} (players count from 0)"
    if s.step in SETUP_STEPS:
        return "the game has not begun: resign and draws wait for the first turn"
    offer = s.offer
    if act.kind in ("accept-draw", "decline-draw"):
        if offer is None:
            return "no draw is offered now"
        if offer[0] == p:
            return f"player {p + 1} offered the draw: another player answers it"
        if p in offer[1]:
            return f"player {p + 1} has already accepted the draw"
        return f"player {p + 1} has no battalion left: only players still in the game answer a draw"
    if g.current_player != p:
        return f"player {p + 1} may {act.kind.replace('-', ' ')} only at one of their decisions; {_owed(g)}"
    if act.kind == "offer-draw":
        return f"player {offer[0] + 1 if offer else '-'}'s draw offer stands: it is answered first"
    return "with more than two players, a player resigns between their activations (not in a battle)"


def why_illegal(g: Game, act: Action) -> str:
    s = g.state
    if s.outcome is not None:
        return f"the game is over ({s.outcome[0]})"
    if s.awaiting is not None:
        decision, kind, n = s.awaiting
        outcomes = g.chance_outcomes()
        if act.kind != "chance":
            return f"a chance event waits for its outcome ({kind} of {n}, for '{decision}'): apply one of " \
                   f"'{outcomes[0][0]}' .. '{outcomes[-1][0]}'"
        return f"the {kind} of {n} has the outcomes '{outcomes[0][0]}' .. '{outcomes[-1][0]}'"
    if act.kind in TABLE_KINDS:
        return _why_table(g, act)
    if act.kind == "chance":
        mode = "dice and draws come from the seed" if s.dice.given is None else "none is due now"
        return f"no chance event is pending ({mode}); {_owed(g)}"
    if act.kind not in KINDS or s.step not in KINDS[act.kind].steps:  # type: ignore[index]
        return f"not a '{act.kind}' decision now: {_owed(g)}"
    if act.kind in ("deploy", "form"):
        return _why_setup(g, act)
    if act.battalion:
        bat = s.battalions.get(act.battalion)
        if bat is None:
            return f"there is no battalion {act.battalion} on the map"
        if bat.owner != g.current_player:
            return f"battalion {act.battalion} belongs to player {bat.owner + 1}; {_owed(g)}"
        if act.battalion in s.acted:
            return f"battalion {act.battalion} has already acted this turn (R12)"
        if s.active is not None and s.active != act.battalion:
            return f"battalion {s.active} is being activated; end it first with '{s.active} end' (R12)"
    if act.card and act.card not in g.cards:
        return f"there is no card {act.card}"
    if act.kind == "move":
        if act.target not in g.geometry.coords:
            return f"there is no sector {act.target}"
        bat = s.battalions[act.battalion]
        if act.target not in g.geometry.adjacent[bat.sector]:
            return f"{act.target} is not adjacent to {bat.sector} (R14)"
        if act.target in s.at:
            return f"{act.target} holds battalion {s.at[act.target]} (R4, R14)"
        if act.target in s.guilds:
            return f"{act.target} holds a Guild token and is impassable (R6)"
        if s.moved:
            return f"{act.battalion} has already made its standard move this activation (R14)"
    if act.kind == "use":
        card = g.cards[act.card]
        ab = next((a for a in card.actions if a.id == act.ability), None)
        if ab is None:
            return f"{act.card} has no action '{act.ability}'; it has {[a.id for a in card.actions]}"
        owner = g.current_player
        assert owner is not None
        if ab.cost > s.energy[owner]:
            return f"{act.card}:{act.ability} costs {ab.cost} Energy and player {owner + 1} has {s.energy[owner]} (R5)"
        now = "maneuvers" if s.step == "activation" else g.decision
        if ab.phase != now:
            return f"{act.card}:{act.ability} works in the {ab.phase} phase, not now ({now})"
        if (act.card, act.ability) in s.used or (s.battle and (act.card, act.ability) in s.battle.used):
            return f"{act.card}:{act.ability} has already been used (R16, R19)"
        if g._table.acted_elsewhere(act.card, owner):
            return (f"{act.card} already acted this turn for player {s.marks[act.card] + 1}; a captured card "
                    "keeps that mark until the end of the turn")
    if act.kind in ("attack", "attack-guild"):
        bat = s.battalions[act.battalion]
        target_sector = act.target if act.kind == "attack-guild" else (
            s.battalions[act.target].sector if act.target in s.battalions else None)
        if target_sector is None:
            return f"there is no battalion {act.target} to attack"
        if target_sector not in g.geometry.adjacent[bat.sector]:
            return f"{act.target} is not adjacent to {act.battalion} (R13)"
        if act.kind == "attack-guild" and target_sector not in s.guilds:
            return f"there is no Guild token on {act.target} (R25)"
        if act.kind == "attack" and s.battalions[act.target].owner == bat.owner:
            return f"{act.target} is your own battalion (R13)"
    if act.kind in ("roll", "skip-roll"):
        return ("the dice are rolled by the engine; the attacker chooses only against a Guild, when no "
                f"roll can change the outcome (R25); {_owed(g)}")
    if act.kind == "exchange" and s.active is not None:
        return "an exchange must be a battalion's whole activation (R17)"
    if g.mission.hidden:                 # M4: the options name face-down cards; the refusal may reach anyone
        return f"not legal now; {_owed(g)}"
    sample = ", ".join(str(a) for a in g.legal_actions()[:6])
    more = len(g.legal_actions())
    return f"not legal now; {_owed(g)}; legal actions include {sample} ({more} in all)"
