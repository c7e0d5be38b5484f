"""Findings from the numbers: comparisons of two rule sets, and the sentences a lesson prints about them.

A lesson states a finding only through these functions, so that the sentence always follows the interval it
rests on: "even" only when the interval holds the fair share, "changed" only when the interval of the
difference leaves 0 out. Each finding is a dict with its figures and its sentence in English (``en``) and
Russian (``ru``); :func:`say` prints it.

>>> f = share(290, 600, what={"en": "The peeking bot", "ru": "Подглядывающий бот"})
>>> print(f["en"])
The peeking bot: 48.3% [44.4%, 52.3%] of 600; the interval holds 50%: no edge this sample can see.
>>> print(f["ru"])
Подглядывающий бот: 48,3% [44,4%, 52,3%] из 600; интервал накрывает 50%: перевеса, видимого на этой выборке, нет.
>>> print(change({"difference": -0.08, "lo": -0.10, "hi": -0.05}, what="Guild battles per game", spec="+.2f")["en"])
Guild battles per game: -0.08 [-0.10, -0.05]: down, the whole interval lies below 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from . import intervals

if TYPE_CHECKING:                  # tables only: a share or a change needs no pandas (lesson 01 runs in JupyterLite)
    import pandas as pd

Text = str | Mapping[str, str]
THE_SHARE: Text = MappingProxyType({"en": "The share", "ru": "Доля"})
THE_DIFFERENCE: Text = MappingProxyType({"en": "The difference", "ru": "Разность"})
"""What a finding is called when its caller names nothing (``what=``), in each language."""
LANGS = ("en", "ru")
SECONDS_PER_DECISION = 20
"""The course's one assumption of how long a person takes over a decision, declared here once (lessons 01 and 05
and the lesson plans use it) until a class times itself (lesson 01, "Time yourself")."""


def words(text: Text, lang: str) -> str:
    """``text`` in ``lang``: a plain string is the same in both."""
    return text if isinstance(text, str) else text[lang]


def number(x: float, spec: str, lang: str) -> str:
    """``format(x, spec)``, with the Russian decimal comma (and a no-break space between thousands); a value that
    rounds to zero has no sign (``+0.000`` would read as if it lay above 0).

    >>> number(0.4832, ".1%", "ru"), number(-0.08, "+.2f", "en"), number(0.0004, "+.3f", "en")
    ('48,3%', '-0.08', '0.000')
    >>> number(1000, ",d", "en"), number(1000, ",d", "ru") == "1\u00a0000"
    ('1,000', True)
    """
    text = format(x, spec)
    if text[:1] in "+-" and not any(c in "123456789" for c in text):
        text = text[1:]
    return text.replace(",", "\u00a0").replace(".", ",") if lang == "ru" else text


def rounds_to(x: float, spec: str, at: float = 0.0) -> bool:
    """Whether ``x`` prints as ``at`` with ``spec``: an end of an interval that, as printed, touches the value it
    is tested against, so a verdict must not claim it lies on one side.

    >>> rounds_to(0.0004, "+.3f"), rounds_to(-0.0004, "+.3f"), rounds_to(0.0006, "+.3f"), rounds_to(0.50004, ".1%", 0.5)
    (True, True, False, True)
    """
    return number(x, spec.lstrip("+"), "en") == number(at, spec.lstrip("+"), "en")


PLURALS: dict[str, tuple[tuple[str, str], tuple[str, str, str]]] = {
    "game": (("game", "games"), ("партия", "партии", "партий")),
    "game:gen": (("game", "games"), ("партии", "партий", "партий")),      # из 1 партии, из 5 партий
    "game:loc": (("game", "games"), ("партии", "партиях", "партиях")),    # в 1 партии, в 5 партиях
    "game:acc": (("game", "games"), ("партию", "партии", "партий")),      # за 1 партию, за 5 партий
    "game:each": (("game", "games"), ("партии", "партии", "партий")),     # по 1 партии, по 2 партии, по 5 партий
    "fresh game": (("fresh game", "fresh games"), ("новая партия", "новые партии", "новых партий")),
    "fresh game:loc": (("fresh game", "fresh games"), ("новой партии", "новых партиях", "новых партиях")),
    "win": (("win", "wins"), ("победа", "победы", "побед")),
    "decision": (("decision", "decisions"), ("решение", "решения", "решений")),
    "decision:gen": (("decision", "decisions"), ("решения", "решений", "решений")),   # после 1 решения
    "turn:gen": (("turn", "turns"), ("хода", "ходов", "ходов")),                     # до предела 1 хода, 200 ходов
    "turn": (("turn", "turns"), ("ход", "хода", "ходов")),
    "paired game": (("paired game", "paired games"), ("парная партия", "парные партии", "парных партий")),
    "attack": (("attack", "attacks"), ("атака", "атаки", "атак")),
    "battle:gen": (("battle", "battles"), ("боя", "боёв", "боёв")),                 # из 1 боя, из 17 боёв
    "trial": (("trial", "trials"), ("проба", "пробы", "проб")),
    "time": (("time", "times"), ("раз", "раза", "раз")),
    "case:loc": (("case", "cases"), ("случае", "случаях", "случаях")),            # в 1 случае, в 15 случаях
    "fresh seed": (("fresh seed", "fresh seeds"), ("новое зерно", "новых зерна", "новых зёрен")),
    "fresh seed:loc": (("fresh seed", "fresh seeds"), ("новом зерне", "новых зёрнах", "новых зёрнах")),
}
"""The nouns a lesson counts, in English (one, many) and Russian (1, 2–4, 5+ of the case named after the colon)."""


def plural(n: int, forms: tuple[str, ...]) -> str:
    """The form of a word that agrees with the number ``n``: ``forms`` is English ``(one, many)`` or Russian
    ``(1, 2–4, 5+)`` (21 takes the first, 11–14 the last).

    >>> [plural(n, ("победа", "победы", "побед")) for n in (1, 2, 5, 11, 12, 21, 22, 25, 111)]
    ['победа', 'победы', 'побед', 'побед', 'побед', 'победа', 'победы', 'побед', 'побед']
    >>> plural(1, ("win", "wins")), plural(0, ("win", "wins")), plural(21, ("win", "wins"))
    ('win', 'wins', 'wins')
    """
    if len(forms) == 2:
        return forms[0] if n == 1 else forms[1]
    if n % 10 == 1 and n % 100 != 11:
        return forms[0]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return forms[1]
    return forms[2]


def count(n: int, noun: str, lang: str) -> str:
    """``n`` and a noun of :data:`PLURALS` that agrees with it, in ``lang``.

    >>> count(1, "win", "en"), count(21, "win", "ru"), count(3, "game:loc", "ru"), count(1000, "game", "en")
    ('1 win', '21 победа', '3 партиях', '1,000 games')
    """
    en, ru = PLURALS[noun]
    return f"{number(n, ',d', lang)} {plural(n, en if lang == 'en' else ru)}"


def interval(value: float, lo: float, hi: float, spec: str, lang: str) -> str:
    """A value and its interval, ``value [lo, hi]``, each formatted with ``spec`` in ``lang``.

    >>> interval(0.532, 0.501, 0.563, ".1%", "en")
    '53.2% [50.1%, 56.3%]'
    """
    return f"{number(float(value), spec, lang)} [{number(float(lo), spec, lang)}, {number(float(hi), spec, lang)}]"


def say(finding: Mapping[str, Any], lang: str | None = None) -> None:
    """Print a finding's sentence: in ``lang``, or in both languages (English first) when None."""
    for code in (lang,) if lang else LANGS:
        print(finding[code])


def capital(text: str) -> str:
    """``text`` with its first letter a capital (the rest as it is), to start a sentence.

    >>> capital("at cost 0 the Brood Mother pays"), capital("за 0")
    ('At cost 0 the Brood Mother pays', 'За 0')
    """
    return text[:1].upper() + text[1:]


def speaker(lang: str) -> Callable[[Mapping[str, Any]], None]:
    """A lesson's ``say``: a finding in both languages (English first) when the lesson is in English, in Russian
    only when it is in Russian (a Russian class reads no English).

    >>> say = speaker("ru")
    >>> say({"en": "even", "ru": "ровно"})
    ровно
    >>> speaker("en")({"en": "even", "ru": "ровно"})
    even
    ровно
    """
    def say_it(finding: Mapping[str, Any]) -> None:
        say(finding, "ru" if lang == "ru" else None)
    return say_it


def share(k: int, n: int, fair: float = 0.5, what: Text = THE_SHARE) -> dict[str, Any]:
    """``k`` of ``n`` against a fair share, with the 95% Wilson interval and its verdict.

    >>> f = share(532, 1000, what="Templars")
    >>> f["verdict"], print(f["en"])
    Templars: 53.2% [50.1%, 56.3%] of 1000; the whole interval lies above 50%: an edge.
    ('above', None)
    """
    lo, hi = intervals.wilson(k, n)
    rate = k / n if n else float("nan")
    touches = _touching(lo, hi, ".1%", fair)
    verdict = "holds" if lo <= fair <= hi or touches else ("above" if lo > fair else "below")
    out: dict[str, Any] = {"k": k, "n": n, "rate": rate, "lo": lo, "hi": hi, "fair": fair, "verdict": verdict}
    tails = {"holds": {"en": "the interval holds {f}: no edge this sample can see.",
                       "ru": "интервал накрывает {f}: перевеса, видимого на этой выборке, нет."},
             "touches": {"en": "the interval touches {f} (its {end} end is {f} to the printed digits): no edge this "
                               "sample can claim.",
                         "ru": "интервал касается {f} (его {end} конец равен {f} с точностью до напечатанных знаков): "
                               "перевеса, который эта выборка могла бы утверждать, нет."},
             "above": {"en": "the whole interval lies above {f}: an edge.",
                       "ru": "весь интервал выше {f}: перевес."},
             "below": {"en": "the whole interval lies below {f}: a handicap.",
                       "ru": "весь интервал ниже {f}: отставание."}}
    for lang in LANGS:
        of = "of" if lang == "en" else "из"
        out[lang] = (f"{words(what, lang)}: {interval(rate, lo, hi, '.1%', lang)} {of} {n}; "
                     + tails["touches" if touches else verdict][lang].format(
                         f=number(fair, ".0%", lang), end=_END[touches or "lower"][lang]))
    return out


_END = {"lower": {"en": "lower", "ru": "нижний"}, "upper": {"en": "upper", "ru": "верхний"}}


def _touching(lo: float, hi: float, spec: str, at: float = 0.0) -> str:
    """Which end of ``[lo, hi]`` prints as ``at`` with ``spec`` (``"lower"``, ``"upper"``), or ``""``: an interval
    that, as printed, touches the value it is tested against claims no side of it.

    >>> _touching(0.0, 0.12, "+.3f"), _touching(-0.2, -0.0004, "+.3f"), _touching(-0.1, 0.1, "+.3f")
    ('lower', 'upper', '')
    """
    return "lower" if rounds_to(lo, spec, at) else "upper" if rounds_to(hi, spec, at) else ""


FEW = 10
"""Below this many games a share gets no verdict: "too few games to tell", with its exact interval."""


def match(k: int, n: int, what: Text = THE_SHARE) -> dict[str, Any]:
    """A small match's share: as :func:`share` from :data:`FEW` games on; below that, "too few games to tell" with
    the exact (Clopper-Pearson) 95% interval and what it allows (verdict ``"few"``).

    >>> print(match(2, 4, what="MCTS")["en"])
    MCTS: 2 wins in 4 games, too few games to tell: the exact 95% interval of its share is [7%, 93%], which allows \
anything from a clear loss to a clear win.
    >>> match(6, 10)["verdict"]
    'holds'
    """
    if n >= FEW:
        return share(k, n, what=what)
    lo, hi = intervals.exact(k, n)
    wide = lo < 0.25 and hi > 0.75
    r = {lang: [number(x, ".0%", lang) for x in (lo, hi)] for lang in LANGS}
    return {"k": k, "n": n, "rate": k / n if n else float("nan"), "lo": lo, "hi": hi, "verdict": "few",
            "en": f"{words(what, 'en')}: {count(k, 'win', 'en')} in {count(n, 'game:loc', 'en')}, too few games to "
                  f"tell: the exact 95% interval of its "
                  f"share is [{r['en'][0]}, {r['en'][1]}]"
                  + (", which allows anything from a clear loss to a clear win." if wide else "."),
            "ru": f"{words(what, 'ru')}: {count(k, 'win', 'ru')} в {count(n, 'game:loc', 'ru')} — слишком мало "
                  f"партий, чтобы сказать: точный "
                  f"95-процентный интервал его доли — [{r['ru'][0]}, {r['ru'][1]}]"
                  + (", он допускает что угодно от явного поражения до явной победы." if wide else ".")}


def change(d: Mapping[str, float], what: Text = THE_DIFFERENCE, spec: str = "+.3f") -> dict[str, Any]:
    """The verdict on a difference with its interval (``difference`` or ``mean``, ``lo``, ``hi``): up, down, or
    no change this sample can see (with the largest fall and the largest rise the interval still allows, each
    named: an interval seldom lies evenly about 0).

    >>> print(change({"difference": 0.013, "lo": -0.031, "hi": 0.057}, what="Templars' share")["en"])
    ... # doctest: +NORMALIZE_WHITESPACE
    Templars' share: +0.013 [-0.031, +0.057]: no change this sample can see (the interval holds 0;
    it allows a fall of up to 0.031 or a rise of up to 0.057).
    >>> print(change({"difference": 0.013, "lo": -0.031, "hi": 0.057}, what="Доля Тамплиеров")["ru"])
    ... # doctest: +NORMALIZE_WHITESPACE
    Доля Тамплиеров: +0,013 [-0,031, +0,057]: изменения, видимого на этой выборке, нет (интервал накрывает 0;
    он допускает снижение до 0,031 или рост до 0,057).

    An end that prints as 0 touches 0: no direction is claimed, whichever side of 0 it lies on unrounded.

    >>> f = change({"difference": 0.06, "lo": 0.0002, "hi": 0.12}, what="Phagocyte")
    >>> f["verdict"], print(f["en"])  # doctest: +NORMALIZE_WHITESPACE
    Phagocyte: +0.060 [0.000, +0.120]: no change this sample can claim (the interval touches 0: its lower end is 0
    to the printed digits; it allows a rise of up to 0.120).
    ('none', None)
    """
    value = d["difference"] if "difference" in d else d["mean"]
    lo, hi = d["lo"], d["hi"]
    touches = _touching(lo, hi, spec)
    verdict = "none" if touches else "up" if lo > 0 else "down" if hi < 0 else "none"
    out: dict[str, Any] = {"difference": value, "lo": lo, "hi": hi, "verdict": verdict}
    for lang in LANGS:
        head = f"{words(what, lang)}: {interval(value, lo, hi, spec, lang)}: "
        ends = [(end, name[lang]) for end, name in ((lo, {"en": "a fall", "ru": "снижение"}),
                                                    (hi, {"en": "a rise", "ru": "рост"}))
                if end != 0 and not rounds_to(end, spec)]
        allows = {"en": " or ", "ru": " или "}[lang].join(
            f"{name} {'of up to' if lang == 'en' else 'до'} {number(abs(end), spec.lstrip('+'), lang)}"
            for end, name in ends)
        allowed = ({"en": f"it allows {allows}", "ru": f"он допускает {allows}"} if ends else
                   {"en": "it allows no change at all", "ru": "он не допускает никакого изменения"})[lang]
        tail = {"en": {"up": "up, the whole interval lies above 0.", "down": "down, the whole interval lies below 0.",
                       "none": f"no change this sample can see (the interval holds 0; {allowed})."},
                "ru": {"up": "больше, весь интервал выше 0.", "down": "меньше, весь интервал ниже 0.",
                       "none": f"изменения, видимого на этой выборке, нет (интервал накрывает 0; {allowed})."}
                }[lang][verdict]
        if touches:
            tail = {"en": f"no change this sample can claim (the interval touches 0: its {touches} end is 0 to the "
                          f"printed digits; {allowed}).",
                    "ru": f"изменения, которое эта выборка могла бы утверждать, нет (интервал касается 0: его "
                          f"{_END[touches]['ru']} конец равен 0 с точностью до напечатанных знаков; {allowed})."}[lang]
        out[lang] = head + tail
    return out


def compare(label: Text, baseline: pd.Series, variant: pd.Series, names: tuple[str, str] = ("baseline", "variant"),
            lang: str = "en", spec: str = "+.2f") -> dict[str, Any]:
    """A per-game measure under two rule sets played on the same seeds: each mean, and the paired difference
    (variant less baseline, game by game) with its 95% bootstrap interval, printed with ``spec`` (``"+.3f"`` for
    a measure of fractions).

    >>> import pandas as pd
    >>> row = compare("decisions", pd.Series([100, 120, 90, 110]), pd.Series([101, 119, 92, 111]))
    >>> row["measure"], row["baseline"], row["variant"], row["difference"], row["verdict"]
    ('decisions', 105.0, 105.75, 0.75, 'none')
    """
    if len(baseline) != len(variant):
        raise ValueError(f"compare({words(label, 'en')!r}): the two tables must hold the same games (same seeds), "
                         f"got {len(baseline)} and {len(variant)}")
    from . import metrics

    d = metrics.mean_interval((variant.to_numpy(dtype=float) - baseline.to_numpy(dtype=float)).tolist())
    found = change(d, what=label, spec=spec)
    return {"measure": words(label, lang), names[0]: float(baseline.mean()), names[1]: float(variant.mean()),
            "difference": d["mean"], "lo": d["lo"], "hi": d["hi"], "verdict": found["verdict"],
            "en": found["en"], "ru": found["ru"]}


def rate(label: Text, count: Callable[[pd.DataFrame], tuple[int, int]], baseline: pd.DataFrame,
         variant: pd.DataFrame, names: tuple[str, str] = ("baseline", "variant"), lang: str = "en") -> dict[str, Any]:
    """A share under two rule sets: ``count(table)`` gives (successes, trials); each share, and the difference
    (variant less baseline) with Newcombe's 95% interval.

    >>> import pandas as pd
    >>> base = pd.DataFrame({"winner": [0, 0, 1, 1]})
    >>> alt = pd.DataFrame({"winner": [0, 0, 0, 1]})
    >>> firsts = lambda df: (int((df["winner"] == 0).sum()), len(df))
    >>> row = rate("player 1's share", firsts, base, alt)
    >>> row["baseline"], row["variant"], row["difference"], row["verdict"]
    (0.5, 0.75, 0.25, 'none')
    """
    k1, n1 = count(variant)
    k2, n2 = count(baseline)
    d = intervals.difference(k1, n1, k2, n2)
    found = change(d, what=label)
    return {"measure": words(label, lang), names[0]: d["rate2"], names[1]: d["rate1"], "difference": d["difference"],
            "lo": d["lo"], "hi": d["hi"], "verdict": found["verdict"], "en": found["en"], "ru": found["ru"]}


def impact(row: Mapping[str, Any], lang: str = "en") -> str:
    """The verdict on one card's ablation impact (a row of ``metrics.card_impact``).

    >>> impact({"name": "Knight", "impact": -0.01, "lo": -0.05, "hi": 0.03})
    'Knight: -0.010 [-0.050, +0.030]: nothing this sample can measure (the interval holds 0).'
    >>> impact({"name": "Reactor", "impact": 0.09, "lo": 0.05, "hi": 0.13}, "ru")
    'Reactor: +0,090 [+0,050, +0,130]: помогает владельцу, весь интервал выше 0.'
    >>> impact({"name": "Phagocyte", "impact": 0.06, "lo": 0.0, "hi": 0.12})
    'Phagocyte: +0.060 [0.000, +0.120]: nothing this sample can measure (the interval touches 0: its lower end is 0 \
to the printed digits).'
    """
    head = f"{row['name']}: {interval(row['impact'], row['lo'], row['hi'], '+.3f', lang)}: "
    touches = _touching(row["lo"], row["hi"], "+.3f")
    if touches:
        return head + {"en": f"nothing this sample can measure (the interval touches 0: its {touches} end is 0 to the "
                             "printed digits).",
                       "ru": f"ничего измеримого на этой выборке (интервал касается 0: его {_END[touches]['ru']} "
                             "конец равен 0 с точностью до напечатанных знаков)."}[lang]
    verdict = "up" if row["lo"] > 0 else "down" if row["hi"] < 0 else "none"
    return head + {"en": {"up": "helps its holder, the whole interval lies above 0.",
                          "down": "hurts its holder, the whole interval lies below 0.",
                          "none": "nothing this sample can measure (the interval holds 0)."},
                   "ru": {"up": "помогает владельцу, весь интервал выше 0.",
                          "down": "вредит владельцу, весь интервал ниже 0.",
                          "none": "ничего измеримого на этой выборке (интервал накрывает 0)."}}[lang][verdict]


def lesson_folder(path: str, lang: str) -> str:
    """``path``, a folder a lesson reads relative to ``notebooks/`` (``"../docs/balance/before"``); a clear
    FileNotFoundError in ``lang`` when the notebook runs from elsewhere.

    >>> lesson_folder("no/such/folder", "ru")
    Traceback (most recent call last):
    ...
    FileNotFoundError: no/such/folder: такой папки нет; запускайте тетрадь там, где она лежит в репозитории
    """
    from pathlib import Path

    if not Path(path).is_dir():
        raise FileNotFoundError({"en": f"{path}: no such folder; run this notebook where it lies in the repository",
                                 "ru": f"{path}: такой папки нет; запускайте тетрадь там, где она лежит в "
                                       "репозитории"}[lang])
    return path


def translator(lang: str) -> Callable[[str, str], str]:
    """A lesson's ``t(en, ru)``: the words in the notebook's language.

    >>> t = translator("ru")
    >>> t("turns", "ходы")
    'ходы'
    """
    def t(en: str, ru: str) -> str:
        return ru if lang == "ru" else en
    return t


COLUMNS = {
    "games": "партии", "share": "доля", "wins": "победы", "decisive": "решённые", "name": "название",
    "faction": "фракция", "with_rate": "с картой", "blank_rate": "с пустой", "impact": "вклад", "lo": "от",
    "hi": "до", "end_reason": "как закончилась", "annihilation": "уничтожение", "mutual": "взаимное уничтожение",
    "turn-cap": "предел ходов", "all": "все", "turns_p50": "ходы (медиана)", "turns_mean": "ходы (среднее)",
    "turns_p90": "ходы (90-й процентиль)", "decisions_p50": "решения (медиана)",
    "decisions_mean": "решения (среднее)", "measure": "мера", "baseline": "базовые правила",
    "difference": "разность", "mean": "среднее", "n": "n", "card": "карта", "lead_changes": "смены лидера",
    "decisiveness": "решённость", "drama": "драматизм", "templars": "Тамплиеры", "synclith": "Синклит",
    "win_rate": "доля побед", "decisive_rate": "доля в решённых", "turn_cap": "предел ходов",
    "agent": "бот", "trial": "проба", "score": "оценка", "pareto": "Парето", "faction_rate": "доля фракции",
    "first_rate": "доля первого игрока", "Energy cost": "цена в Энергии", "verdict": "вывод",
}
"""The Russian of the column and row names a lesson's tables show."""


def word(key: str, lang: str) -> str:
    """One of a table's words (an end reason, a faction, a column) in ``lang``.

    >>> word("turn-cap", "ru"), word("turn-cap", "en")
    ('предел ходов', 'turn-cap')
    """
    return COLUMNS.get(key, key) if lang == "ru" else key


def labels(table: pd.DataFrame, lang: str, extra: Mapping[str, str] | None = None) -> pd.DataFrame:
    """``table`` with its column names, index name, index labels and word values (a faction, an end reason) in
    ``lang`` (``extra`` adds words); in Russian its fractional numbers are shown with a decimal comma (as text: the
    table is for reading, not for computing on).

    >>> import pandas as pd
    >>> ru = labels(pd.DataFrame({"games": [3], "faction": ["templars"], "share": [0.25]},
    ...                          index=pd.Index(["all"], name="end_reason")), "ru")
    >>> list(ru.columns), ru.index.name, list(ru.index), list(ru["фракция"]), list(ru["доля"])
    (['партии', 'фракция', 'доля'], 'как закончилась', ['все'], ['Тамплиеры'], ['0,25'])
    """
    if lang != "ru":
        return table
    from pandas.api.types import is_float_dtype, is_numeric_dtype

    words = {**COLUMNS, **(extra or {})}
    out = table.copy()
    for column in out.columns:
        if not is_numeric_dtype(out[column]):
            out[column] = [words.get(v, v) if isinstance(v, str) else v for v in out[column]]
        elif is_float_dtype(out[column]):
            places = max((len(str(v).split(".")[1]) for v in out[column] if v == v and "." in str(v)), default=0)
            out[column] = [format(v, f".{min(places, 6)}f").replace(".", ",") if v == v else "" for v in out[column]]
    out = out.rename(columns=lambda c: words.get(str(c), c), index=lambda i: words.get(str(i), i))
    out.index.name = words.get(str(table.index.name), table.index.name) if table.index.name else None
    out.columns.name = words.get(str(table.columns.name), table.columns.name) if table.columns.name else None
    return out


def named(table: pd.DataFrame, lang: str, cards: str | Any = None) -> pd.DataFrame:
    """``table`` (indexed by card id, with a ``name`` column, as ``metrics.card_impact`` gives it) with each card's
    name in ``lang``, read from the card set ``cards`` (a folder laid over the shipped set, as for ``simulate``;
    default: the shipped set). Tables and plots of cards then speak the lesson's language.

    >>> import pandas as pd
    >>> list(named(pd.DataFrame({"name": ["Knight"]}, index=pd.Index(["T04"], name="card")), "ru")["name"])
    ['Рыцарь']
    """
    from ..engine import load_cards

    names = load_cards(None if cards is None else str(cards))
    out = table.copy()
    out["name"] = [names[c].name[lang] if c in names else n for c, n in zip(out.index, out["name"], strict=True)]
    return out


def impacts(table: pd.DataFrame, cards: str | Any = None) -> list[dict[str, str]]:
    """The verdict on each card of an ablation table (``metrics.card_impact``), in English and Russian with the
    card's name in each (``cards``: the set played, as for :func:`named`); :func:`say` prints each.

    >>> import pandas as pd
    >>> row = pd.DataFrame({"name": ["Knight"], "impact": [0.09], "lo": [0.05], "hi": [0.13]}, index=["T04"])
    >>> impacts(row)[0]["ru"]
    'Рыцарь: +0,090 [+0,050, +0,130]: помогает владельцу, весь интервал выше 0.'
    """
    by_lang = {lang: named(table, lang, cards) for lang in LANGS}
    return [{lang: impact(by_lang[lang].loc[card], lang) for lang in LANGS} for card in table.index]


def means(label: Text, a: Any, b: Any, names: tuple[Text, Text] = ("a", "b"), spec: str = "+.2f",
          resamples: int = 2000, seed: int = 0) -> dict[str, Any]:
    """Two groups of *different* games (``a`` and ``b``, per-game values): each mean, and the difference ``b``
    less ``a`` with its 95% bootstrap interval (each group resampled on its own, seeded) and its verdict. For the
    same games under two rule sets, :func:`compare` (paired) is the sharper test.

    >>> f = means("Swarms a game", [1, 2, 1, 2], [1, 1, 2, 2], names=("lost", "won"))
    >>> f["difference"], f["verdict"]
    (0.0, 'none')
    """
    import numpy as np

    x, y = (np.asarray([v for v in group if v == v], dtype=float) for group in (a, b))
    if len(x) == 0 or len(y) == 0:
        raise ValueError(f"means({words(label, 'en')!r}): each group needs at least one game, got {len(x)} and "
                         f"{len(y)}")
    rng = np.random.default_rng(seed)
    diffs = (y[rng.integers(0, len(y), size=(resamples, len(y)))].mean(axis=1)
             - x[rng.integers(0, len(x), size=(resamples, len(x)))].mean(axis=1))
    lo, hi = (float(v) for v in np.quantile(diffs, [0.025, 0.975]))
    d = {"difference": float(y.mean() - x.mean()), "lo": lo, "hi": hi}
    out = change(d, what=label, spec=spec)
    for lang in LANGS:
        of = {"en": "of", "ru": "из"}[lang]
        groups = ", ".join(f"{words(n, lang)}: {number(float(g.mean()), spec.lstrip('+'), lang)} "
                           f"({of} {count(len(g), 'game:gen', lang)})" for n, g in zip(names, (x, y), strict=True))
        out[lang] = f"{groups[:1].upper()}{groups[1:]}. {out[lang]}"
    return {**out, "a": float(x.mean()), "b": float(y.mean())}


# Lessons 05-08 (lessons-b): a card's name, and a table's numbers, in the notebook's language.

def card_name(card: str, lang: str = "en") -> str:
    """A card's name in ``lang``, from the shipped set (an id it does not know is returned as it is).

    >>> card_name("T07"), card_name("T07", "ru"), card_name("X99", "ru")
    ('Gefestus', 'Гефест', 'X99')
    """
    from ..engine import load_cards

    cards = load_cards()
    return str(cards[card].name[lang]) if card in cards else card


def table(frame: pd.DataFrame, lang: str, digits: int = 3, extra: Mapping[str, str] | None = None) -> pd.DataFrame:
    """``frame`` as a lesson shows it: numbers rounded to ``digits`` (Russian: with the decimal comma, as text),
    names in ``lang`` (:func:`labels`; ``extra`` adds words, values included).

    >>> import pandas as pd
    >>> print(table(pd.DataFrame({"share": [0.48321], "games": [600]}, index=["templars"]), "ru"))
                доля  партии
    Тамплиеры  0,483     600

    A column of fractions keeps its digits on every row, as English does (``1,000``, not ``1``); a column of
    whole numbers stored as floats prints them whole.

    >>> print(table(pd.DataFrame({"p": [1.0, 0.25], "n": [3.0, 4.0]}), "ru"))
           p  n
    0  1,000  3
    1  0,250  4
    """
    words = {**COLUMNS, **(extra or {})}
    out = frame.round(digits)
    if lang == "ru":
        def cell(x: Any, spec: str) -> Any:
            if isinstance(x, bool):
                return "да" if x else "нет"
            if isinstance(x, float):
                return "" if x != x else number(x, spec, lang)
            return words.get(x, x) if isinstance(x, str) else x

        def column(values: pd.Series) -> pd.Series:
            whole = all(x == round(x) for x in values if isinstance(x, float) and x == x)
            spec = ".0f" if whole else f".{digits}f"
            return values.map(lambda x: cell(x, spec))

        out = out.astype(object).apply(column)
    return labels(out, lang, extra)
