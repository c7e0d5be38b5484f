"""The rulebook's own Russian words (issue 15): ``cards/glossary.toml`` is the one source.

Three checks:

* every glossary entry is well formed;
* no spelling the glossary avoids appears in a shipped text: ``cards/**/*.toml``
  (but the glossary itself), ``js/*.ts``, ``notebooks/**/*.ipynb`` (every string of the
  file: sources, outputs, saved widget state), ``docs/**/*.md``, ``README.md`` and the
  string literals of ``dictator_widget/**/*.py`` and ``scripts/*.py`` (the notebook
  generators); the rulebook's own other spellings (``variants``) may appear only in
  ``docs/rulebook.md``, a transcription of the rulebook;
* the data names things as the glossary does: every card, ability and mission whose
  English name is in the glossary has the glossary's Russian name (and every such
  entry names something in the data), and the phase, type and faction names of
  ``cards/messages.toml`` and of the widget's ``js/i18n.ts`` are the glossary's.

How a spelling matches (the glossary's header says it too): a whole word, where a
word is letters and digits joined by hyphens, so that "Диктатор-Контроль" (the
game's title) never counts as the ability's old name "Контроль"; ``*`` is any
ending, so that one spelling covers a word's declension ("Биожучк*"); a space is
the gap between two words, with the colons, quotes and markdown emphasis that may
stand in it ("фаз* Повреждени*" finds "Фаза: Повреждения"). ``avoid`` ignores
letter case (Python's ``re.IGNORECASE`` folds Cyrillic too); ``avoid_case`` does
not. The latter is how an ordinary word is kept out of the net: "Контроль" is
avoided only in «» or capitalised as a name, "повреждения" (damage) only right
after "фаза" (the Damage Phase is «Фаза Ущерба»), "Туман войны" only with its
lower-case "войны" (the mission is «Туман Войны»).
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "cards" / "glossary.toml"
KINDS = {"card", "ability", "phase", "mission", "type", "faction", "level", "term"}
FIELDS = {"en", "ru", "short", "kind", "rulebook", "source", "message", "variants", "avoid", "avoid_case", "note"}
REQUIRED = {"en", "ru", "kind", "rulebook", "source", "avoid"}
TRANSCRIPTION = Path("docs/rulebook.md")   # the rulebook's own text: its variant spellings belong there
GAP = r"[\s:«»\"“”*_]+"                     # between the words of a spelling


def _terms() -> list[dict[str, Any]]:
    terms: list[dict[str, Any]] = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["term"]
    return terms


def spelling(text: str, *, case: bool) -> re.Pattern[str]:
    """The pattern of one avoided spelling (see the module's docstring).

    >>> bool(spelling("Биожучк*", case=False).search("«Биожучков» Инфильтратора"))
    True
    >>> bool(spelling("Контроль", case=True).search("Диктатор-Контроль"))
    False
    >>> bool(spelling("фаз* Повреждени*", case=False).search("Фаза: Повреждения."))
    True
    >>> bool(spelling("фаз* Повреждени*", case=False).search("наносятся повреждения"))
    False
    """
    body = ""
    for part in re.split(r"(\*| )", text):
        body += r"\w*" if part == "*" else GAP if part == " " else re.escape(part)
    return re.compile(rf"(?<![\w-]){body}(?![\w-])", 0 if case else re.IGNORECASE)


def _rules() -> list[tuple[str, str, re.Pattern[str], bool]]:
    """(entry, spelling, pattern, allowed in the rulebook's transcription) for every entry."""
    rules = []
    for t in _terms():
        for s in t.get("avoid", []):
            rules.append((t["en"], s, spelling(s, case=False), False))
        for s in t.get("avoid_case", []):
            rules.append((t["en"], s, spelling(s, case=True), False))
        for s in t.get("variants", []):
            rules.append((t["en"], s, spelling(s, case=False), True))
    return rules


# ------------------------------------------------------------ well formed ----

def test_every_entry_is_well_formed() -> None:
    terms = _terms()
    assert len(terms) > 50
    seen: set[tuple[str, str]] = set()
    for t in terms:
        where = t.get("en", t)
        assert t.keys() >= REQUIRED, (where, REQUIRED - t.keys())
        assert t.keys() <= FIELDS, (where, t.keys() - FIELDS)
        assert t["kind"] in KINDS, where
        assert t["source"] in ("rulebook", "ours"), where
        for key in ("en", "ru", "rulebook"):
            assert isinstance(t[key], str) and t[key].strip() == t[key] and t[key], (where, key)
        assert re.search(r"[А-Яа-яЁё]", t["ru"]) or t["ru"] == t["en"], (where, "a Russian word")
        if t["source"] == "rulebook":   # the quote shows the word, in some form
            stem = t["ru"].split()[0][:3].lower()
            assert stem in t["rulebook"].lower(), (where, "the quote should show", t["ru"])
        else:
            assert "only in English" in t["rulebook"], where
        for key in ("avoid", "avoid_case", "variants"):
            value = t.get(key, [])
            assert isinstance(value, list) and all(isinstance(s, str) and s.strip() for s in value), (where, key)
            for s in value:   # the word itself must not be caught by its own net
                assert not spelling(s, case=key == "avoid_case").search(t["ru"]), (where, key, s)
                assert not spelling(s, case=key == "avoid_case").search(t.get("short", "")), (where, key, s)
        if t["kind"] == "phase":
            assert t.get("short") and t.get("message", "").startswith("phase."), where
        assert (t["kind"], t["en"].lower()) not in seen, ("twice", where)
        seen.add((t["kind"], t["en"].lower()))


# --------------------------------------------------------- shipped texts ----

def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _py_strings(path: Path) -> Iterator[tuple[int, str]]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value


def shipped_texts() -> Iterator[tuple[Path, list[tuple[int, str]]]]:
    """(file, [(line or string number, text)]) for every shipped text."""
    paths = [p for p in sorted((ROOT / "cards").rglob("*.toml")) if p != GLOSSARY]
    paths += sorted((ROOT / "js").glob("*.ts")) + sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
    for p in paths:
        yield p.relative_to(ROOT), list(enumerate(p.read_text(encoding="utf-8").splitlines(), 1))
    for p in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        yield p.relative_to(ROOT), list(enumerate(_strings(json.loads(p.read_text(encoding="utf-8"))), 1))
    for p in sorted((ROOT / "dictator_widget").rglob("*.py")) + sorted((ROOT / "scripts").glob("*.py")):
        yield p.relative_to(ROOT), list(_py_strings(p))


def _piece(spelling_: str) -> str:
    """The longest run of plain letters in an avoided spelling, case-folded: every text it matches holds it.

    >>> _piece("фаз* Повреждени*")
    'повреждени'
    """
    return max(re.split(r"[* ]", spelling_), key=len).casefold()


def test_no_avoided_spelling_in_any_shipped_text() -> None:
    rules = _rules()
    found = []
    for path, texts in shipped_texts():
        # A rule is tried on a file's texts only if the file holds the longest piece of its spelling, in any case
        # (a plain substring search: the patterns, which start with a look-behind, are tried at every character).
        whole = "\n".join(text for _, text in texts).casefold()
        present = [rule for rule in rules if _piece(rule[1]) in whole]
        for where, text in texts:
            for entry, s, pattern, variant in present:
                if variant and path == TRANSCRIPTION:
                    continue
                for m in pattern.finditer(text):
                    found.append(f"{path}:{where}: {m.group(0)!r} ({entry}: not {s!r})")
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("spelling_", "case", "text", "hit"), [
    ("ОСА", False, "A1: ОСА применяет «Турбопрыжок»", True),
    ("ОСА", False, "ОСАДА", False),
    ("Раздор*", False, "## dissension — Dissension / Раздор", True),
    ("«Контрол*»", False, "«Контролем» Всадницы", True),
    ("Контроль", True, "title: \"Диктатор-Контроль\"", False),
    ("Туман войны", True, "Туман Войны", False),
    ("Сброс*", False, "dump: \"Сброс ({n})\"", True),
    ("стартов* зон*", False, "в зелёной стартовой зоне", True),
    ("биомех*", False, "Бесполезно против отряда без биомехов.", True),
    ("биомех*", False, "Биомеханика", True),
    ("фаз* Повреждени*", False, "Всё решают действия фазы Повреждений", True),
    ("Всадник*", False, "Всадница", False),
])
def test_spellings_match_whole_words(spelling_: str, case: bool, text: str, hit: bool) -> None:
    assert bool(spelling(spelling_, case=case).search(text)) is hit


# ----------------------------------------------------------------- data ----

def _same(a: str, b: str) -> bool:
    """Equal, but for the first letter's case (a name may open a sentence)."""
    return a[:1].lower() == b[:1].lower() and a[1:] == b[1:]


def _names(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict[str, str]]]:
    """Every `name = { en, ru }` in a TOML document, with where it stands."""
    if isinstance(value, dict):
        name = value.get("name")
        if isinstance(name, dict) and {"en", "ru"} <= name.keys():
            yield path, name
        for k, v in value.items():
            yield from _names(v, (*path, str(k)))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _names(v, (*path, str(i)))


def test_the_data_names_things_as_the_glossary_does() -> None:
    terms = {t["en"]: t for t in _terms()}
    wrong, found = [], set()
    for p in sorted((ROOT / "cards").rglob("*.toml")):
        if p in (GLOSSARY, ROOT / "cards" / "messages.toml"):
            continue
        for path, name in _names(tomllib.loads(p.read_text(encoding="utf-8"))):
            t = terms.get(name["en"])
            if t is None:
                continue
            found.add(t["en"])
            if not _same(name["ru"], t["ru"]):
                wrong.append(f"{p.relative_to(ROOT)} {'.'.join(path)}: {name['en']} is «{t['ru']}», not «{name['ru']}»")
    assert not wrong, "\n".join(wrong)
    missing = [t["en"] for t in terms.values() if t["kind"] in ("card", "ability", "mission") and t["en"] not in found]
    assert not missing, f"glossary entries that name nothing in the data (a typo in en?): {missing}"


def _i18n_table(lang: str, table: str) -> dict[str, str]:
    """One of the small tables of js/i18n.ts (types, factions, decision) in one language."""
    source = (ROOT / "js" / "i18n.ts").read_text(encoding="utf-8")
    block = source[source.index(f"\n  {lang}: {{"):]
    body = re.search(rf"\b{table}: \{{([^}}]*)\}}", block)
    assert body, (lang, table)
    return dict(re.findall(r"\"?([\w-]+)\"?: \"([^\"]*)\"", body.group(1)))


def test_messages_and_the_widget_print_the_glossarys_words() -> None:
    terms = {t["en"]: t for t in _terms()}
    messages = tomllib.loads((ROOT / "cards" / "messages.toml").read_text(encoding="utf-8"))
    wrong = []
    for entry in terms.values():
        if "message" in entry:
            table, key = entry["message"].split(".", 1)
            word, shown = entry.get("short", entry["ru"]), messages[table][key]["ru"]
            if not _same(shown, word):
                wrong.append(f"cards/messages.toml [{table}] {key}: «{word}», not «{shown}»")
    for table in ("types", "factions", "decision"):   # the widget's own names, by their English
        en, ru = _i18n_table("en", table), _i18n_table("ru", table)
        for key, english in en.items():
            t = terms.get(english)
            if t is not None and not _same(ru[key], t["ru"]):
                wrong.append(f"js/i18n.ts ru.{table}.{key} ({english}): «{t['ru']}», not «{ru[key]}»")
    assert not wrong, "\n".join(wrong)
