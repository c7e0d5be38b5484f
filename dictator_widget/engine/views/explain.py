"""Why an action is refused: a message that names the problem (for IllegalAction), in English and Russian.

>>> import dictator_widget as dw
>>> g = dw.Game.new("standard", seed=7)
>>> why = why_illegal(g, Action("chance", target="3"))
>>> why.text("en")[:30], why.text("ru")[:30]
('no chance event is pending (di', 'сейчас нет случайного события ')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.actions import Action
from ..rules.errors import Message
from ..rules.log import messages
from ..rules.vocabulary import KINDS, LETTERS, SETUP_STEPS, TABLE_KINDS

if TYPE_CHECKING:
    from ..rules.game import Game

def _owed(g: Game) -> Message:
    who = "-" if g.current_player is None else g.current_player + 1
    return Message("why.owed", player=who, decision=_named("decision", str(g.decision)))


def _named(table: str, word: str) -> dict[str, str] | str:
    """A phase's or a decision's name in both languages (``messages.toml``'s [phase], [decision]), or ``word``."""
    return dict(messages()[table].get(word, {})) or word


def _why_setup(g: Game, act: Action) -> Message:
    s = g.state
    p = s.player
    if act.battalion[0] != LETTERS[p]:
        return Message("why.not_yours_setup", battalion=act.battalion, player=p + 1, owed=_owed(g))
    if act.kind == "deploy":
        zone = s.zones[p]
        if act.target not in g.geometry.zones.get(zone, ()):
            return Message("why.not_in_zone", sector=act.target, player=p + 1, zone=zone)
        if act.target in s.at:
            return Message("why.sector_taken_setup", sector=act.target, battalion=s.at[act.target])
        owed = [a.battalion for a in g.legal_actions()]
        return Message("why.deploy_order", battalion=owed[0] if owed else "-")
    return Message("why.form_late")


def _why_table(g: Game, act: Action) -> Message:
    s = g.state
    p = int(act.target)
    if p >= g.num_players:
        return Message("why.no_player", player=p, players=g.num_players)
    if s.step in SETUP_STEPS:
        return Message("why.not_begun")
    offer = s.offer
    if act.kind in ("accept-draw", "decline-draw"):
        if offer is None:
            return Message("why.no_offer")
        if offer[0] == p:
            return Message("why.own_offer", player=p + 1)
        if p in offer[1]:
            return Message("why.accepted", player=p + 1)
        return Message("why.out_of_game", player=p + 1)
    if g.current_player != p:
        return Message("why.table_turn", player=p + 1, action=Message(f"table_kind.{act.kind}"), owed=_owed(g))
    if act.kind == "offer-draw":
        return Message("why.offer_stands", player=offer[0] + 1 if offer else "-")
    return Message("why.resign_between")


def why_illegal(g: Game, act: Action) -> Message:
    """Why ``act`` is not legal in ``g`` now: a Message (``.text("en")``, ``.text("ru")``)."""
    s = g.state
    if s.outcome is not None:
        reason = messages()["reason"].get(s.outcome[0])
        return Message("why.over", reason=dict(reason) if reason else s.outcome[0])
    if s.awaiting is not None:
        decision, kind, n = s.awaiting
        outcomes = g.chance_outcomes()
        if act.kind != "chance":
            return Message("why.chance_waits", kind=kind, n=n, decision=_named("decision", decision),
                           first=str(outcomes[0][0]), last=str(outcomes[-1][0]))
        return Message("why.chance_outcomes", kind=kind, n=n, first=str(outcomes[0][0]), last=str(outcomes[-1][0]))
    if act.kind in TABLE_KINDS:
        return _why_table(g, act)
    if act.kind == "chance":
        mode = Message("why.chance_seeded" if s.dice.given is None else "why.chance_none_due")
        return Message("why.no_chance", mode=mode, owed=_owed(g))
    if act.kind not in KINDS or s.step not in KINDS[act.kind].steps:  # type: ignore[index]
        return Message("why.wrong_kind", kind=act.kind, owed=_owed(g))
    if act.kind in ("deploy", "form"):
        return _why_setup(g, act)
    if act.battalion:
        bat = s.battalions.get(act.battalion)
        if bat is None:
            return Message("why.no_battalion", battalion=act.battalion)
        if bat.owner != g.current_player:
            return Message("why.not_yours", battalion=act.battalion, player=bat.owner + 1, owed=_owed(g))
        if act.battalion in s.acted:
            return Message("why.acted", battalion=act.battalion)
        if s.active is not None and s.active != act.battalion:
            return Message("why.other_active", battalion=s.active)
    if act.card and act.card not in g.cards:
        return Message("why.no_card", card=act.card)
    if act.kind == "move":
        if act.target not in g.geometry.coords:
            return Message("why.no_sector", sector=act.target)
        bat = s.battalions[act.battalion]
        if act.target not in g.geometry.adjacent[bat.sector]:
            return Message("why.not_adjacent_move", sector=act.target, origin=bat.sector)
        if act.target in s.at:
            return Message("why.sector_taken", sector=act.target, battalion=s.at[act.target])
        if act.target in s.guilds:
            return Message("why.guild_blocks", sector=act.target)
        if s.moved:
            return Message("why.moved", battalion=act.battalion)
    if act.kind == "use":
        card = g.cards[act.card]
        ab = next((a for a in card.actions if a.id == act.ability), None)
        if ab is None:
            return Message("why.no_ability", card=act.card, ability=act.ability, abilities=[a.id for a in card.actions])
        owner = g.current_player
        assert owner is not None
        if ab.cost > s.energy[owner]:
            return Message("why.energy", card=act.card, ability=act.ability, cost=ab.cost, player=owner + 1,
                           energy=s.energy[owner])
        now = "maneuvers" if s.step == "activation" else g.decision
        if ab.phase != now:
            return Message("why.phase", card=act.card, ability=act.ability, phase=_named("phase", ab.phase),
                           now=_named("phase", str(now)))
        if (act.card, act.ability) in s.used or (s.battle and (act.card, act.ability) in s.battle.used):
            return Message("why.used", card=act.card, ability=act.ability)
        if g._table.acted_elsewhere(act.card, owner):
            return Message("why.marked", card=act.card, player=s.marks[act.card] + 1)
    if act.kind in ("attack", "attack-guild"):
        bat = s.battalions[act.battalion]
        target_sector = act.target if act.kind == "attack-guild" else (
            s.battalions[act.target].sector if act.target in s.battalions else None)
        if target_sector is None:
            return Message("why.no_target", battalion=act.target)
        if target_sector not in g.geometry.adjacent[bat.sector]:
            return Message("why.not_adjacent_attack", target=act.target, battalion=act.battalion)
        if act.kind == "attack-guild" and target_sector not in s.guilds:
            return Message("why.no_guild", sector=act.target)
        if act.kind == "attack" and s.battalions[act.target].owner == bat.owner:
            return Message("why.own_battalion", battalion=act.target)
    if act.kind in ("roll", "skip-roll"):
        return Message("why.roll", owed=_owed(g))
    if act.kind == "exchange" and s.active is not None:
        return Message("why.exchange_whole")
    if g.mission.hidden:                 # M4: the options name face-down cards; the refusal may reach anyone
        return Message("why.not_legal", owed=_owed(g))
    sample = ", ".join(f"'{a}'" for a in g.legal_actions()[:6])
    more = len(g.legal_actions())
    return Message("why.not_legal_sample", owed=_owed(g), sample=sample, count=more)
