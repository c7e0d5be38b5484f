"""Actions: small value types with a readable notation that round-trips.

=====================================  =============================================
notation                               meaning
=====================================  =============================================
``A1 move c4``                         standard move to an adjacent free sector (R14)
``A1 T01:turbo-jump d4``               a card's Maneuvers action, with its target
``A1 exchange A3 give T02 take T08``   exchange cards with an adjacent battalion (R17)
``A1 attack B2``                       attack an adjacent enemy battalion (R13)
``A1 attack guild c3``                 attack an adjacent Guild (R25)
``A1 end``                             end this battalion's activation (R12)
``end-turn``                           end the turn; battalions not yet activated do nothing
``T04:acceleration``                   a card's battle action (``T10:aimed-shot C08`` with a target)
``pass``                               no more actions from this side in this phase (R19)
``roll`` / ``skip-roll``               against a Guild, roll or skip a roll that cannot change the outcome (R25)
``damage T10``                         the loser's card to damage (R23)
``hireling`` / ``hire H01`` / ``energy``  the reward for a captured Guild (R26)
``discard H01``                        the card to put in the Dump from a 4-card battalion (R26)
``zone green``                         choose a Starting Zone (Triumvirate, Dissension)
``draft T04``                          take a card in the draft (Chaos)
``form T04 A2``                        put a card into a battalion while forming them (M2, M3, M5, M6)
``A1 deploy b4``                       place a battalion token on a sector of one's Starting Zone (R9)
``reveal T04``                         turn a face-down card up for a battle against a Guild (M4)
``wait``                               pass an activation (variant catch_up)
``split green-yellow``                 choose the pair of Starting Zones in play (variant roll_off_setup)
``chance 4``                           the outcome of a chance event: a die's face, or which of n cards is drawn
                                       (0..n-1), with ``Game.new(..., chance="explicit")``
``resign 1``                           player 1 (from 0) resigns; a table action (``Game.table_actions``)
``offer-draw 0``                       player 0 offers a draw; ``accept-draw 1`` / ``decline-draw 1`` answer it
=====================================  =============================================

>>> a = Action.parse("A1 exchange A3 give T02 take T08,T09")
>>> a.kind, a.battalion, a.target, a.give, a.take
('exchange', 'A1', 'A3', ('T02',), ('T08', 'T09'))
>>> str(a)
'A1 exchange A3 give T02 take T08,T09'
>>> str(Action.parse("  T10:aimed-shot   C08 "))
'T10:aimed-shot C08'
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from .errors import IllegalAction
from .vocabulary import KINDS, TABLE_KINDS, Kind

_LABEL = re.compile(r"^[A-D][1-9]$")
_SECTOR = re.compile(r"^[a-z][0-9]{1,2}$")
_CARD = re.compile(r"^[A-Z][A-Za-z0-9]{1,7}$")
_USE = re.compile(r"^([A-Z][A-Za-z0-9]{1,7}):([a-z][a-z0-9-]{0,31})$")


class Action(NamedTuple):
    """One decision. Compare, hash and print it; build it with :meth:`parse` or take it
    from ``game.legal_actions()``. A named tuple: cheap to make, since move generation makes many.

    >>> a = Action.parse("A1 move c4"); a
    Action.parse('A1 move c4')
    >>> a == Action("move", battalion="A1", target="c4"), eval(repr(a)) == a
    (True, True)
    """

    kind: str
    battalion: str = ""
    card: str = ""
    ability: str = ""
    target: str = ""
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join(KINDS[Kind(self.kind)].notation.format(
            battalion=self.battalion, card=self.card, ability=self.ability, target=self.target,
            give=",".join(self.give) or "-", take=",".join(self.take) or "-").split())   # blank fields leave no spaces

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read a notation. Raises :class:`IllegalAction` naming what is malformed."""
        if not isinstance(text, str):
            raise IllegalAction("action.not_text", type=type(text).__name__)
        words = text.split()
        if not words:
            raise IllegalAction("action.empty")
        shown = " ".join(words)
        head = words[0]
        if len(words) == 1 and head in ("end-turn", "pass", "roll", "skip-roll", "hireling", "energy", "wait"):
            return cls(head)
        if head == "zone" and len(words) == 2 and words[1].isalpha() and words[1].islower():
            return cls("zone", target=words[1])
        if head == "split" and len(words) == 2 and re.match(r"^[a-z]+-[a-z]+$", words[1]):
            return cls("split", target=words[1])
        if head in TABLE_KINDS:
            if len(words) != 2 or not words[1].isdigit():
                raise IllegalAction("action.expect_player", action=shown, head=head)
            return cls(head, target=str(int(words[1])))
        if head == "chance":
            if len(words) != 2 or not words[1].isdigit():
                raise IllegalAction("action.expect_chance", action=shown)
            return cls("chance", target=str(int(words[1])))
        if head == "form":
            if len(words) != 3 or not _CARD.match(words[1]) or not _LABEL.match(words[2]):
                raise IllegalAction("action.expect_form", action=shown)
            return cls("form", battalion=words[2], card=words[1])
        if head in ("damage", "hire", "discard", "draft", "reveal"):
            if len(words) != 2 or not _CARD.match(words[1]):
                raise IllegalAction("action.expect_card", action=shown, head=head)
            return cls(head, card=words[1])
        use = _USE.match(head)
        if use:
            if len(words) > 2:
                raise IllegalAction("action.one_target", action=shown)
            return cls("use", card=use[1], ability=use[2], target=words[1] if len(words) == 2 else "")
        if not _LABEL.match(head):
            raise IllegalAction("action.unknown_head", action=shown, head=head)
        if len(words) < 2:
            raise IllegalAction("action.no_verb", action=shown, battalion=head)
        verb, rest = words[1], words[2:]
        if verb == "end" and not rest:
            return cls("end", battalion=head)
        if verb in ("move", "deploy") and len(rest) == 1 and _SECTOR.match(rest[0]):
            return cls(verb, battalion=head, target=rest[0])
        if verb == "attack" and len(rest) == 1 and _LABEL.match(rest[0]):
            return cls("attack", battalion=head, target=rest[0])
        if verb == "attack" and len(rest) == 2 and rest[0] == "guild" and _SECTOR.match(rest[1]):
            return cls("attack-guild", battalion=head, target=rest[1])
        if verb == "exchange" and len(rest) == 5 and rest[1] == "give" and rest[3] == "take":
            give, take = _cards(rest[2], shown), _cards(rest[4], shown)
            if _LABEL.match(rest[0]):
                return cls("exchange", battalion=head, target=rest[0], give=give, take=take)
        use = _USE.match(verb)
        if use and len(rest) <= 1:
            return cls("use", battalion=head, card=use[1], ability=use[2], target=rest[0] if rest else "")
        raise IllegalAction("action.unreadable", action=shown)


@cache
def make(kind: str, battalion: str = "", card: str = "", ability: str = "", target: str = "") -> Action:
    """An action, shared: actions are immutable, and move generation asks for the same ones often.

    >>> make("move", "A1", target="c4") is make("move", "A1", target="c4")
    True
    """
    return Action(kind, battalion, card, ability, target)


def _cards(text: str, shown: str) -> tuple[str, ...]:
    if text == "-":
        return ()
    ids = tuple(text.split(","))
    if not all(_CARD.match(c) for c in ids):
        raise IllegalAction("action.card_list", action=shown, text=text)
    return ids
