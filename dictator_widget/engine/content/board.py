"""The City (R1): sectors, levels, Starting Zones and Guild sites, from ``cards/board.toml``.

Each sector has plain attributes (``q``, ``r``, ``level``, ``zone``, ``guild``: :attr:`Board.nodes`), the
engine's look-up tables are made from them once (:class:`Board`), and :attr:`Board.graph` gives the map as a
``networkx.Graph`` whose nodes are the sector names with those attributes. networkx is imported when the graph
is first asked for, not before: a game, a bot or a widget never needs it, and importing it takes half a second.

>>> board = load_board()
>>> board.nodes["d4"]["level"], board.adjacent["d4"]
('celesta', ('c4', 'c5', 'd3', 'd5', 'e3', 'e4'))
>>> g = board.graph
>>> g.nodes["d4"]["level"], len(g)
('celesta', 37)
>>> sorted(g.neighbors("d4"))
['c4', 'c5', 'd3', 'd5', 'e3', 'e4']
>>> board.distance("b4", "f4")
4
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..rules import hexes
from ..rules.errors import CardDataError, Message
from .data import bilingual, content_dir, read_toml

if TYPE_CHECKING:
    import networkx as nx

LEVELS = ("pit", "core", "celesta")


@dataclass(frozen=True, eq=False)
class Board:
    """The static map: each sector's attributes, and look-up tables made from them for the engine."""

    nodes: dict[str, dict[str, Any]]
    """Per sector: ``q``, ``r``, ``level``, ``zone`` (None outside the Starting Zones), ``guild`` (a Guild site's
    number, else None)."""
    sectors: tuple[str, ...]
    coords: dict[str, hexes.Hex]
    adjacent: dict[str, tuple[str, ...]]
    zones: dict[str, tuple[str, ...]]
    zone_names: dict[str, dict[str, str]]
    level_names: dict[str, dict[str, str]]
    guild_sites: tuple[str, ...]
    steps: dict[str, dict[str, int]] = field(init=False, repr=False)
    hops: dict[str, dict[str, int]] = field(init=False, repr=False)
    """Steps between two sectors along the map (a board with holes can make them more than ``steps``);
    sectors that no path joins are left out."""
    _balls: dict[tuple[str, int], tuple[str, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        table = {a: {b: hexes.distance(ha, hb) for b, hb in self.coords.items()} for a, ha in self.coords.items()}
        object.__setattr__(self, "steps", table)
        object.__setattr__(self, "hops", {s: self._walk(s) for s in self.coords})
        object.__setattr__(self, "_balls", {})

    def _walk(self, start: str) -> dict[str, int]:
        out = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for here in frontier:
                for n in self.adjacent[here]:
                    if n not in out:
                        out[n] = out[here] + 1
                        nxt.append(n)
            frontier = nxt
        return out

    @cached_property
    def graph(self) -> nx.Graph:
        """The map as a ``networkx.Graph``: a node per sector with its :attr:`nodes` attributes, an edge
        between neighbours (made on first use)."""
        import networkx as nx

        graph = nx.Graph()
        for sid, attributes in self.nodes.items():
            graph.add_node(sid, **attributes)
        graph.add_edges_from((a, b) for a in self.sectors for b in self.adjacent[a])
        return graph

    def distance(self, a: str, b: str) -> int:
        """Hex distance between two sectors (the cube formula, looked up)."""
        return self.steps[a][b]

    def ball(self, sector: str, steps: int) -> tuple[str, ...]:
        """The other sectors at most ``steps`` steps along the map from ``sector``, sorted by name.

        >>> load_board().ball("d1", 1)
        ('c2', 'd2', 'e1')
        """
        key = (sector, steps)
        out = self._balls.get(key)
        if out is None:
            out = self._balls[key] = tuple(sorted(x for x, d in self.hops[sector].items() if 0 < d <= steps))
        return out


@lru_cache(maxsize=8)
def load_board(path: str | Path | None = None) -> Board:
    """Read and check a board file (the shipped ``cards/board.toml`` by default)."""
    file = Path(path) if path is not None else content_dir() / "board.toml"
    name = str(file)
    data = read_toml(file)
    level_names = {
        key: bilingual(data.get("levels", {}).get(key), name, None, f"levels.{key}")
        for key in LEVELS
    }
    nodes: dict[str, dict[str, Any]] = {}
    coords: dict[str, hexes.Hex] = {}
    for i, entry in enumerate(data.get("sector", [])):
        sid = entry.get("id")
        where = f"sector[{i}]"
        if not isinstance(sid, str) or not sid:
            raise CardDataError(name, where, "id", "expected.sector_name", sid)
        q, r = entry.get("q"), entry.get("r")
        if not isinstance(q, int) or not isinstance(r, int):
            raise CardDataError(name, sid, "q/r", "expected.axial", (q, r))
        if entry.get("level") not in LEVELS:
            raise CardDataError(name, sid, "level", "expected.one_of", entry.get("level"), options=LEVELS)
        if sid in coords or (q, r) in coords.values():
            raise CardDataError(name, sid, "id", "expected.sector_once", sid)
        coords[sid] = (q, r)
        nodes[sid] = {"q": q, "r": r, "level": entry["level"], "zone": None, "guild": None}
    at = {h: s for s, h in coords.items()}
    adjacent = {sid: tuple(sorted(at[n] for n in hexes.neighbours(h) if n in at)) for sid, h in coords.items()}
    zones: dict[str, tuple[str, ...]] = {}
    zone_names: dict[str, dict[str, str]] = {}
    for zone, spec in data.get("zones", {}).items():
        sectors = spec.get("sectors")
        if not isinstance(sectors, list) or not sectors or not set(sectors) <= coords.keys():
            raise CardDataError(name, Message("data.zone", zone=zone), "sectors", "expected.known_sectors", sectors)
        zones[zone] = tuple(sectors)
        zone_names[zone] = bilingual(spec.get("name"), name, f"zone {zone}", "name")
        for s in sectors:
            nodes[s]["zone"] = zone
    sites = data.get("guild_sites")
    if not isinstance(sites, list) or not set(sites) <= coords.keys() or len(set(sites)) != len(sites):
        raise CardDataError(name, None, "guild_sites", "expected.distinct_sectors", sites)
    for number, s in enumerate(sites, start=1):
        nodes[s]["guild"] = number
    return Board(nodes, tuple(coords), coords, adjacent, zones, zone_names, level_names, tuple(sites))
