"""Order languages: the Spanish, Russian and Bulgarian name tables (``engine/data/names``).

Each language reads its own rulebook's notation (rules digest §2.3), knows the 75 provinces
(§7.2), and encodes the abbreviation traps of §7.3 as data: a spelling that really means two
provinces in that language is listed under both, and the parser settles it from the position
or asks. Whatever the formatter writes in a language must read back as the same order.
"""
from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import given, settings, strategies as st

from engine import (
    STANDARD, Build, Convoy, Disband, Hold, Location, Move, OrderParseError, Position, Power,
    Retreat, SupportHold, SupportMove, Unit, UnitType, Waive, format_order, parse_order,
    parse_orders,
)
from tests.engine.support import LOCATIONS, ORDERS as ALL_ORDERS, all_locations
from engine.names import Entry, look_alikes, table, tokens
from engine.phase import PhaseKind

A, F = UnitType.ARMY, UnitType.FLEET
L = Location.parse
LANGUAGES = ("es", "ru", "bg")
MOVEMENT, RETREAT, ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT


def _raw(language: str) -> dict:
    text = resources.files("engine").joinpath(f"data/names/{language}.json").read_text("utf-8")
    return json.loads(text)


def _position(phase: str, *units: tuple[Power, str]) -> Position:
    return Position.build(phase, [Unit(power, UnitType(text[0]), L(text[2:])) for power, text in units])


def _ambiguous(text: str, language: str, **kwargs) -> OrderParseError:
    with pytest.raises(OrderParseError) as err:
        parse_order(text, language=language, **kwargs)
    assert err.value.code == "ambiguous", str(err.value)
    return err.value


# -- the rulebooks' own examples (digest §2.3 and the sample game) --------------------------

RULEBOOK = {
    "es": [
        ("E Par - Bor", None, "A PAR - BUR"),
        ("E París-Borgoña", None, "A PAR - BUR"),
        ("E Paris - Borgona", None, "A PAR - BUR"),
        ("E Par A E Mar - Bor", None, "A PAR S A MAR - BUR"),
        ("E Tir A E Boh - Mun", None, "A TYR S A BOH - MUN"),
        ("F Din A F Bal", None, "F DEN S F BAL"),
        ("F Rom A F MTi M", None, "F ROM S F TYS"),
        ("F MNe T E Ank - Seb", None, "F BLA C A ANK - SEV"),
        ("F Mar Negro transporta E Ankara - Sebastopol", None, "F BLA C A ANK - SEV"),
        ("F Con - CE Bul", None, "F CON - BUL/EC"),
        ("F Con–CS Bul", None, "F CON - BUL/SC"),
        ("F Con - Costa Este Bulgaria", None, "F CON - BUL/EC"),
        ("F Londres se mantiene", None, "F LON H"),
        ("F Lon M", None, "F LON H"),
        ("E Lon - Bel vía transporte", None, "A LON - BEL VIA"),
        ("E Lon - Bel via convoy", None, "A LON - BEL VIA"),
        ("F Edi", ADJUSTMENT, "F EDI B"),
        ("E Mun", ADJUSTMENT, "A MUN B"),
        ("construye F CN SPt", None, "F STP/NC B"),
        ("E SPt–Mos", RETREAT, "A STP R MOS"),
        ("E SPt R Mos", None, "A STP R MOS"),
        ("retira E Var", None, "A WAR D"),
        ("E Var disuelve", None, "A WAR D"),
        ("RENUNCIA", None, "WAIVE"),
        # sample game, as printed (typos included)
        ("F Ank–MNg", None, "F ANK - BLA"),
        ("F MNo–MBa", None, "F NWG - BAR"),
        ("A Ruh–Bel", None, "A RUH - BEL"),
        ("F MOc–Afr", None, "F WES - NAF"),
        ("F Ber–Pru", None, "F BER - PRU"),
        ("E Sil A F Ber–Pru", None, "A SIL S F BER - PRU"),
    ],
    "ru": [
        ("A Par-Bur", None, "A PAR - BUR"),
        ("A Paris-Burgundy", None, "A PAR - BUR"),
        ("A Par Holds", None, "A PAR H"),
        ("F London Holds", None, "F LON H"),
        ("F Lon-Holds", None, "F LON H"),
        ("A Par S A Mar-Bur", None, "A PAR S A MAR - BUR"),
        ("F Den S F Bal", None, "F DEN S F BAL"),
        ("F Bla C A Ank-Sev", None, "F BLA C A ANK - SEV"),
        ("F Con-Bul EC", None, "F CON - BUL/EC"),
        ("F Con-Bul SC", None, "F CON - BUL/SC"),
        ("A Lon-Bel via convoy", None, "A LON - BEL VIA"),
        ("F Kiel", ADJUSTMENT, "F KIE B"),
        ("удаляет A Gal", None, "A GAL D"),
        ("A StP-Mos", RETREAT, "A STP R MOS"),
        ("ОТКАЗ", None, "WAIVE"),
        # Russian full names and words
        ("A Париж - Бургундия", None, "A PAR - BUR"),
        ("A Париж стоит", None, "A PAR H"),
        ("F Дания S F Балтийское море", None, "F DEN S F BAL"),
        ("A Марсель поддерживает A Париж - Бургундия", None, "A MAR S A PAR - BUR"),
        ("F Чёрное море C A Анкара - Севастополь", None, "F BLA C A ANK - SEV"),
        ("F Черное море конвоирует A Анкара - Севастополь", None, "F BLA C A ANK - SEV"),
        ("F Константинополь - Болгария ВП", None, "F CON - BUL/EC"),
        ("F Санкт-Петербург ЮП - Ботнический залив", None, "F STP/SC - BOT"),
        ("F С. Петербург (SC) - Bot", None, "F STP/SC - BOT"),
        ("A Лондон - Бельгия через конвой", None, "A LON - BEL VIA"),
        ("строит F Kiel", None, "F KIE B"),
        ("распустить A Gal", None, "A GAL D"),
        ("A Вена отступает в Богемия", None, "A VIE R BOH"),
        # sample game, as printed
        ("F Wes-Mid", None, "F WES - MAO"),
        ("F Kiel-Den", None, "F KIE - DEN"),
        ("A Ruhr-Bel", None, "A RUH - BEL"),
        ("F Gol-Spa SC", None, "F LYO - SPA/SC"),
    ],
    "bg": [
        ("А Пар-Бур", None, "A PAR - BUR"),
        ("А Париж-Бургундия", None, "A PAR - BUR"),
        ("А Пар П А Мар-Бур", None, "A PAR S A MAR - BUR"),
        ("Ф Дан П Ф БалМ", None, "F DEN S F BAL"),
        ("Ф ЧеМ К А Рум-Арм", None, "F BLA C A RUM - ARM"),
        ("Ф Кон – Бъл ИБ", None, "F CON - BUL/EC"),
        ("Ф Кон – Бъл ЮБ", None, "F CON - BUL/SC"),
        ("Ф Кон - България източен бряг", None, "F CON - BUL/EC"),
        ("Ф Лондон задържа позиция", None, "F LON H"),
        ("Ф Лон-задържа позиция", None, "F LON H"),
        ("А Лон-Бел чрез конвоиране", None, "A LON - BEL VIA"),
        ("Ф Еди", ADJUSTMENT, "F EDI B"),
        ("А Мюн", ADJUSTMENT, "A MUN B"),
        ("изгражда Ф СтП СБ", None, "F STP/NC B"),
        ("отстранява А Гал", None, "A GAL D"),
        ("А СаП-Мос", RETREAT, "A STP R MOS"),
        ("А Вие О Бох", None, "A VIE R BOH"),
        ("ОТКАЗ", None, "WAIVE"),
        ("Ф Санкт Петербург (СЦ) - БоЗ", None, "F STP/SC - BOT"),
    ],
}


@pytest.mark.parametrize("language,text,phase,expected", [
    (lang, text, phase, expected) for lang, rows in RULEBOOK.items() for text, phase, expected in rows
])
def test_reads_the_rulebook_notation(language, text, phase, expected):
    assert str(parse_order(text, language=language, phase=phase)) == expected


def test_bg_rulebook_convoy_to_ankara():
    # "Анк" is Ankara and "АнК" the Channel: one spelling once case goes; an army cannot
    # land in the Channel, which a board shows (without one, the parser asks)
    turkey = _position("S1901M", (Power.TURKEY, "F BLA"), (Power.TURKEY, "A RUM"))
    assert parse_order("Ф ЧеМ К А Рум-Анк", language="bg", position=turkey) == \
        Convoy(F, L("BLA"), L("RUM"), L("ANK"))
    err = _ambiguous("Ф ЧеМ К А Рум-Анк", "bg")
    assert set(err.suggestions) == {"Анкара", "АКл (Английски канал)"}


# -- §7.3 trap 1: Spanish "Gal" is Gales (Wales) in the Spanish table and GAL is Galicia's code --

def test_es_gal_asks_without_a_position():
    err = _ambiguous("F Gal - Lon", "es")
    assert err.word == "gal" and err.typed == "Gal"
    # each meaning written so that it has only that meaning in Spanish
    assert set(err.suggestions) == {"Gales", "Gli (Galicia)"}
    assert {(r.canonical, r.text) for r in err.readings} == {
        ("F WAL - LON", "F Gales - Lon"), ("F GAL - LON", "F Gli - Lon")}
    for reading in err.readings:
        assert parse_order(reading.text, language="es") == reading.order


def test_es_the_canonical_code_is_galicia():
    # asking converges: the code is taken at its word in every language
    assert parse_order("E GAL M", language="es") == Hold(A, L("GAL"))
    assert parse_order("F WAL - LON", language="es") == Move(F, L("WAL"), L("LON"))
    _ambiguous("E gal M", "es")


def test_es_gal_is_settled_by_the_position():
    spring = _position("S1901M", (Power.ENGLAND, "F WAL"), (Power.RUSSIA, "A WAR"))
    assert parse_order("F Gal - Lon", language="es", position=spring) == Move(F, L("WAL"), L("LON"))
    assert parse_order("E Var - Gal", language="es", position=spring) == Move(A, L("WAR"), L("GAL"))


def test_es_sample_game_disband_of_gal():
    # "Rusia retira 'E Gal'" (winter 1902): Galicia, which the position settles
    winter = _position("W1902A", (Power.RUSSIA, "A GAL"), (Power.ENGLAND, "F LON"))
    assert parse_order("retira E Gal", language="es", position=winter) == Disband(A, L("GAL"))
    err = _ambiguous("retira E Gal", "es")
    assert set(err.suggestions) == {"Gales", "Gli (Galicia)"}


def test_es_unambiguous_spellings_of_wales_and_galicia():
    assert parse_order("E Gli - Ucr", language="es") == Move(A, L("GAL"), L("UKR"))
    assert parse_order("F Gales - Lon", language="es") == Move(F, L("WAL"), L("LON"))
    assert parse_order("F País de Gales - MIr", language="es") == Move(F, L("WAL"), L("IRI"))
    assert parse_order("E Galicia - Var", language="es") == Move(A, L("GAL"), L("WAR"))
    assert format_order(Move(F, L("LON"), L("WAL")), "es").split()[-1] == "Gales"
    assert format_order(Move(A, L("WAR"), L("GAL")), "es").split()[-1] == "Gli"


# -- trap 2: Spanish "A" is the support letter, and an army letter where a unit letter goes --

@pytest.mark.parametrize("text,expected", [
    ("A Var - Sil", "A WAR - SIL"),                 # start table: "A Varsovia"
    ("A Smirna M", "A SMY H"),
    ("A Smi A A Con", "A SMY S A CON"),
    ("E Par A A Mar - Bor", "A PAR S A MAR - BUR"),
    ("E Par A Mar - Bor", "A PAR S A MAR - BUR"),
    ("E Par apoya a E Mar - Bor", "A PAR S A MAR - BUR"),
    ("F MNt T A Lon - Nor", "F NTH C A LON - NWY"),
])
def test_es_a_is_army_or_support_by_position(text, expected):
    assert str(parse_order(text, language="es")) == expected


# -- trap 3: Spanish coasts before the province; CMa (Channel) is not a convoy -------------

@pytest.mark.parametrize("text,expected", [
    ("F AtC - CN Esp", "F MAO - SPA/NC"),
    ("F CS Esp - MOc", "F SPA/SC - WES"),
    ("F AtC A F GLe - CS Esp", "F MAO S F LYO - SPA/SC"),
    ("F CMa - Bre", "F ENG - BRE"),
    ("F CMa T E Lon - Bre", "F ENG C A LON - BRE"),
    ("F Con - Bul CE", "F CON - BUL/EC"),           # written after, as other languages do
])
def test_es_coasts(text, expected):
    assert str(parse_order(text, language="es")) == expected


def test_es_writes_coasts_before_the_province():
    assert tokens(format_order(Move(F, L("CON"), L("BUL/EC")), "es")) == tokens("F Con - CE Bul")
    assert tokens(format_order(Build(F, L("STP/NC")), "es")) == tokens("F CN SPt C")


# -- trap 4: Bulgarian "Сев" is Sevastopol, and the North Sea in Diagram 7 ----------------

def test_bg_sev_asks_without_a_position():
    err = _ambiguous("Ф Сев - Рум", "bg")
    assert err.word == "сев" and err.typed == "Сев"
    assert set(err.suggestions) == {"Севастопол", "СеМ (Северно море)"}


def test_bg_sev_is_settled_by_the_position():
    start = Position.initial()
    assert parse_order("Ф Сев-Рум", language="bg", position=start) == Move(F, L("SEV"), L("RUM"))
    both = _position("S1901M", (Power.ENGLAND, "F NTH"), (Power.RUSSIA, "F SEV"))
    assert parse_order("Ф Сев. - Нор", language="bg", position=both) == Move(F, L("NTH"), L("NWY"))
    assert parse_order("Ф Сев - Рум", language="bg", position=both) == Move(F, L("SEV"), L("RUM"))


def test_bg_rulebook_convoy_to_sev():
    # the rulebook's own convoy example ends in the ambiguous "Сев"
    err = _ambiguous("Ф ЧеМ К А Анк-Сев", "bg")
    assert set(err.suggestions) == {"Анкара", "АКл (Английски канал)"}
    turkey = _position("S1901M", (Power.TURKEY, "F BLA"), (Power.TURKEY, "A ANK"))
    assert parse_order("Ф ЧеМ К А Анк-Сев", language="bg", position=turkey) == \
        Convoy(F, L("BLA"), L("ANK"), L("SEV"))


@pytest.mark.parametrize("text,expected", [
    ("Ф Сев.М - Нор", "F NTH - NWY"),
    ("Ф СеМ - Нор", "F NTH - NWY"),
    ("Ф Северно море - Нор", "F NTH - NWY"),
    ("Ф Севастопол - Рум", "F SEV - RUM"),
    ("Ф САф - Тун", "F NAF - TUN"),
])
def test_bg_unambiguous_north_sea_and_sevastopol(text, expected):
    assert str(parse_order(text, language="bg")) == expected


# -- trap 5: Bulgarian "СеА"/"СеАО" fits both the Mid- and the North Atlantic -------------

def test_bg_sea_asks_without_a_position():
    err = _ambiguous("Ф ЗСМ-СеА", "bg")
    assert set(err.suggestions) == {"СрАО (Среден Атлантически океан)", "СвАО (Северен Атлантически океан)"}
    _ambiguous("Ф СеАО - Кла", "bg")


def test_bg_sea_is_settled_by_the_position():
    # sample game, Fall 1902: the Italian fleet goes Wes -> Mid (Wes borders only Mid)
    italy = _position("F1902M", (Power.ITALY, "F WES"))
    assert parse_order("Ф ЗСМ-СеА", language="bg", position=italy) == Move(F, L("WES"), L("MAO"))
    england = _position("F1902M", (Power.ENGLAND, "F NAO"))
    assert parse_order("Ф СеАО - Кла", language="bg", position=england) == Move(F, L("NAO"), L("CLY"))


@pytest.mark.parametrize("text,expected", [
    ("Ф СрАО - Бре", "F MAO - BRE"),
    ("Ф СвАО - Кла", "F NAO - CLY"),
    ("Ф Среден Атлантически океан - Бре", "F MAO - BRE"),
    ("Ф Северен Атлантически океан - Кла", "F NAO - CLY"),
])
def test_bg_unambiguous_atlantics(text, expected):
    assert str(parse_order(text, language="bg")) == expected


# -- traps 6-11 ------------------------------------------------------------------------------

@pytest.mark.parametrize("language,text,expected", [
    # 6: Livonia is Lvn, Liverpool Lvp (Liv is either: see the board tests below)
    ("es", "E Lvp - Yor", "A LVP - YOR"),
    ("es", "E Lvn - Mos", "A LVN - MOS"),
    ("es", "E Livonia - Mos", "A LVN - MOS"),
    ("bg", "А Ливърпул-Йор", "A LVP - YOR"),
    ("bg", "А Лвн-Мос", "A LVN - MOS"),
    ("ru", "A Lvp-Yor", "A LVP - YOR"),
    ("ru", "A Lvn-Mos", "A LVN - MOS"),
    # 7: Nor is Norway; the seas have their own forms
    ("es", "F Nor - MNo", "F NWY - NWG"),
    ("es", "F MNt - Nor", "F NTH - NWY"),
    ("bg", "Ф Нор-НоМ", "F NWY - NWG"),
    ("bg", "Ф СеМ-Нор", "F NTH - NWY"),
    # 8: the OCR typos of the Russian list
    ("ru", "F Wai-Iri", "F WAL - IRI"),
    ("ru", "A Bui-Gre", "A BUL - GRE"),
    ("ru", "A Hoi-Bel", "A HOL - BEL"),
    ("ru", "F Nat-Cly", "F NAO - CLY"),
    # 9: the Bulgarian English Channel, and Ankara
    ("bg", "Ф АКл-Бре", "F ENG - BRE"),
    ("bg", "Ф Анг-Бре", "F ENG - BRE"),
    ("bg", "Ф Английски канал - Бре", "F ENG - BRE"),
    ("bg", "А Анкара-Арм", "A ANK - ARM"),    # "Анк"/"АнК": Ankara or the Channel, see below
    # 11: Spanish "Mar" is Marseilles; the seas take their second word
    ("es", "E Mar - Bor", "A MAR - BUR"),
    ("es", "F Mar - GLe", "F MAR - LYO"),
    ("es", "F Mar Negro - Ank", "F BLA - ANK"),
    ("es", "F Mar del Norte - Nor", "F NTH - NWY"),
    ("es", "F Mar Tirreno - Rom", "F TYS - ROM"),
    ("es", "F Mar - Mar Tirreno", "F MAR - TYS"),
    ("es", "E Tir - Mun", "A TYR - MUN"),
    ("es", "F MTi - Rom", "F TYS - ROM"),
])
def test_traps(language, text, expected):
    assert str(parse_order(text, language=language)) == expected


@pytest.mark.parametrize("abbr,code", [
    ("Бел", "BEL"), ("Бъл", "BUL"), ("Вен", "VEN"), ("Вие", "VIE"),
    ("БалМ", "BAL"), ("БаМ", "BAR"), ("Пие", "PIE"), ("Пик", "PIC"),
])
def test_bg_one_letter_apart(abbr, code):
    # trap 10: each of these near-identical abbreviations names its own province
    assert parse_order(f"Ф {abbr} З", language="bg").location == Location(code)


# -- trap 12: Cyrillic/Latin look-alikes -----------------------------------------------------

@pytest.mark.parametrize("language,text,expected", [
    ("bg", "A Пар-Бур", "A PAR - BUR"),                    # Latin A
    ("bg", "F Кон - Бъл ЮБ", "F CON - BUL/SC"),            # Latin F
    ("bg", "Ф ЧеМ K А Рум-Арм", "F BLA C A RUM - ARM"),    # Latin K
    ("bg", "A Пар П A Мар-Бур", "A PAR S A MAR - BUR"),
    ("bg", "Ф ЧeМ К А Рум-Арм", "F BLA C A RUM - ARM"),    # Latin e inside a Cyrillic word
    ("bg", "А Вие O Бох", "A VIE R BOH"),                  # Latin O for О (retreat)
    ("ru", "А Par-Bur", "A PAR - BUR"),                    # Cyrillic А
    ("ru", "Ф Nth - Nwy", "F NTH - NWY"),
    ("ru", "F Nth С A Lon-Nwy", "F NTH C A LON - NWY"),    # Cyrillic С
    ("ru", "A Pаr-Bur", "A PAR - BUR"),                    # Cyrillic а inside a Latin word
])
def test_homoglyphs(language, text, expected):
    assert str(parse_order(text, language=language)) == expected


# -- trap 13: the long forms of the Russian orders and of the Bulgarian wiki -----------------

@pytest.mark.parametrize("language,spelling,code", [
    ("ru", "Kiel", "KIE"), ("ru", "Ruhr", "RUH"), ("ru", "Port", "POR"), ("ru", "Skag", "SKA"),
    ("ru", "West", "WES"), ("ru", "Gol", "LYO"), ("ru", "Mid", "MAO"), ("ru", "Nat", "NAO"),
    ("bg", "Kiel", "KIE"), ("bg", "Ruhr", "RUH"), ("bg", "Skag", "SKA"), ("bg", "Pied", "PIE"),
    ("bg", "Rome", "ROM"), ("bg", "MAt", "MAO"), ("bg", "East", "EAS"), ("bg", "West", "WES"),
])
def test_long_forms(language, spelling, code):
    assert table(language).lookup(tuple(tokens(spelling))) == (Entry("province", code),)


# -- trap 14: the Spanish-only abbreviations --------------------------------------------------

@pytest.mark.parametrize("abbr,code", [
    ("Gli", "GAL"), ("Tir", "TYR"), ("Bor", "BUR"), ("Pia", "PIE"), ("Tos", "TUS"), ("Seb", "SEV"),
    ("SPt", "STP"), ("Ucr", "UKR"), ("Var", "WAR"), ("Smi", "SMY"), ("Sir", "SYR"), ("Din", "DEN"),
    ("Nor", "NWY"), ("Afr", "NAF"), ("Esp", "SPA"), ("Sue", "SWE"), ("MAd", "ADR"), ("MEg", "AEG"),
    ("MBa", "BAR"), ("MNe", "BLA"), ("MOr", "EAS"), ("CMa", "ENG"), ("GBo", "BOT"), ("GLe", "LYO"),
    ("MJo", "ION"), ("MIr", "IRI"), ("AtC", "MAO"), ("AtN", "NAO"), ("MNt", "NTH"), ("MNo", "NWG"),
    ("MTi", "TYS"), ("MOc", "WES"), ("Mar", "MAR"),
])
def test_es_abbreviations(abbr, code):
    assert table("es").lookup(tuple(tokens(abbr))) == (Entry("province", code),)


# -- the traps are data -----------------------------------------------------------------------

@pytest.mark.parametrize("language,spelling,codes", [
    ("es", "Gal", {"GAL", "WAL"}),
    ("bg", "Сев", {"SEV", "NTH"}),
    ("bg", "СеА", {"MAO", "NAO"}),
    ("bg", "СеАО", {"MAO", "NAO"}),
    ("bg", "АнК", {"ANK", "ENG"}),
    ("bg", "Пи", {"PIE", "PIC"}),
    ("bg", "Лив", {"LVP", "LVN"}),
    ("ru", "Nor", {"NWY", "NWG"}),
    *((language, "Liv", {"LVP", "LVN"}) for language in ("en", "es", "ru", "bg")),
])
def test_genuinely_ambiguous_spellings_name_both_provinces(language, spelling, codes):
    entries = table(language).lookup(tuple(tokens(spelling)))
    assert {e.value for e in entries if e.kind == "province"} == codes


def test_es_a_is_a_unit_letter_the_support_word_and_to():
    assert set(table("es").lookup(("a",))) == {
        Entry("unit", "A"), Entry("support", "support"), Entry("move", "move")}
    # the grammar decides: unit letter first, support after the unit, "to" after the verb
    assert parse_order("A Par A A Mar a Bor", language="es") == SupportMove(A, L("PAR"), A, L("MAR"), L("BUR"))
    assert parse_order("F Mar Negro transporta E Ankara a Sebastopol", language="es") == \
        Convoy(F, L("BLA"), L("ANK"), L("SEV"))
    assert parse_order("E Par A Bor", language="es") == SupportHold(A, L("PAR"), A, L("BUR"))


# -- the formatter writes each language's notation --------------------------------------------

@pytest.mark.parametrize("language,order,expected", [
    ("es", SupportMove(A, L("PAR"), A, L("MAR"), L("BUR")), "E Par A E Mar - Bor"),
    ("es", Convoy(F, L("BLA"), L("ANK"), L("SEV")), "F MNe T E Ank - Seb"),
    ("es", Hold(F, L("ROM")), "F Rom M"),
    ("es", Move(A, L("LON"), L("BEL"), True), "E Lon - Bel vía transporte"),
    ("es", Waive(), "RENUNCIA"),
    ("ru", SupportHold(F, L("DEN"), F, L("BAL")), "F Den S F Bal"),
    ("ru", Move(F, L("CON"), L("BUL/EC")), "F Con - Bul EC"),
    ("ru", Move(F, L("WES"), L("MAO")), "F Wes - Mid"),
    ("bg", SupportMove(A, L("PAR"), A, L("MAR"), L("BUR")), "А Пар П А Мар - Бур"),
    ("bg", Move(F, L("CON"), L("BUL/EC")), "Ф Кон - Бъл ИБ"),
    ("bg", Convoy(F, L("BLA"), L("ANK"), L("SEV")), "Ф ЧеМ К А Анкара - Севастопол"),
    ("bg", Move(F, L("WES"), L("MAO")), "Ф ЗСМ - СрАО"),
    ("bg", Retreat(A, L("VIE"), L("BOH")), "А Вие О Бох"),
])
def test_formats_in_the_language(language, order, expected):
    written = format_order(order, language)
    assert tokens(written) == tokens(expected), written


# -- round trip: parse(format(x, lang), lang) == x ---------------------------------------------

LOCS, ORDERS = LOCATIONS, ALL_ORDERS


@pytest.mark.parametrize("language", LANGUAGES)
@settings(max_examples=400, deadline=None)
@given(order=ORDERS)
def test_round_trip(language, order):
    written = format_order(order, language)
    assert parse_order(written, language=language) == order, written


@pytest.mark.parametrize("language", LANGUAGES)
@settings(max_examples=100, deadline=None)
@given(orders=st.lists(ORDERS, min_size=1, max_size=6))
def test_round_trip_of_several(language, orders):
    text = "\n".join(format_order(o, language) for o in orders)
    assert parse_orders(text, language=language) == orders


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("loc", all_locations(), ids=str)
def test_every_location_round_trips(language, loc):
    for order in (Hold(F, loc), Move(F, L("NTH"), loc), SupportMove(A, loc, F, loc, loc)):
        assert parse_order(format_order(order, language), language=language) == order


# -- the tables themselves ---------------------------------------------------------------------

ALL = ("en", *LANGUAGES)


@pytest.mark.parametrize("language", ALL)
def test_table_is_complete(language):
    data, en = _raw(language), _raw("en")
    assert data["language"] == language
    assert set(data["provinces"]) == set(STANDARD.provinces) and len(data["provinces"]) == 75
    assert set(data["coasts"]) == {"NC", "SC", "EC"}
    assert set(data["unit_types"]) == {"A", "F"}
    assert set(data["powers"]) == {p.value for p in Power}
    assert set(data["words"]) >= set(en["words"])
    assert set(data["canonical"]) == set(en["canonical"])
    for code, item in data["provinces"].items():
        assert item["name"] and item["abbr"], code
        assert isinstance(item["aliases"], list), code
    for code, item in data["coasts"].items():
        assert item["name"] and item["abbr"], code
        assert item["position"] in ("before", "after"), code
    for letter, item in data["unit_types"].items():
        assert item["letter"] and item["name"], letter
    for kind, word in data["canonical"].items():
        assert word in data["words"][kind], kind
    for power, item in data["powers"].items():
        assert item["name"], power


@pytest.mark.parametrize("language,position", [("en", "after"), ("es", "before"), ("ru", "after"), ("bg", "after")])
def test_coast_position(language, position):
    assert {c["position"] for c in _raw(language)["coasts"].values()} == {position}


@pytest.mark.parametrize("language", ALL)
def test_what_the_formatter_writes_is_unambiguous(language):
    data, names = _raw(language), table(language)

    def only(spelling: str, entry: Entry) -> None:
        found = names.lookup(tuple(tokens(spelling)))
        assert found == (entry,), f"{language}: {spelling!r} reads as {found}"

    for code, item in data["provinces"].items():
        only(item["abbr"], Entry("province", code))
        only(item["name"], Entry("province", code))
    for code, item in data["coasts"].items():
        only(item["abbr"], Entry("coast", code))
    for letter, item in data["unit_types"].items():
        only(item["letter"], Entry("unit", letter))
    for kind, word in data["canonical"].items():
        if (language, kind) in SETTLED_BY_GRAMMAR:
            continue
        only(word, Entry(kind, kind))


#: Order words the formatter writes although they name several things alone, because the
#: rulebook prints them so: Spanish support is ``A`` (trap 2: also the army's letter and "a",
#: to). Where it stands in an order settles it (after a unit: support; before a province:
#: a move); the round trips above check that every order so written reads back.
SETTLED_BY_GRAMMAR = {("es", "support")}


@pytest.mark.parametrize("language", ALL)
def test_no_other_spelling_collides_by_accident(language):
    """Every spelling that names two things is one of the §7.3 traps, listed on purpose."""
    intended = {
        "en": {("liv",)},
        "es": {("gal",), ("a",), ("liv",)},
        "ru": {("nor",), ("liv",), ("в",), ("во",)},
        "bg": {("сев",), ("сеа",), ("сеао",), ("анк",), ("пи",), ("лив",), ("liv",), ("в",), ("във",)},
    }[language]
    names = table(language)
    clashes = {key for key, entries in names.index.items() if len(entries) > 1}
    assert clashes == intended


@pytest.mark.parametrize("language", ALL)
def test_every_spelling_is_in_one_alphabet(language):
    """The parser tries words typed with look-alike letters (trap 12) wholly in one alphabet
    at a time (``look_alikes``), which finds every spelling because none mixes the two."""
    import unicodedata

    def alphabets(word: str) -> set[str]:
        return {unicodedata.name(ch).split()[0] for ch in word if ch.isalpha()}

    for key in table(language).index:
        assert len(set().union(*map(alphabets, key))) <= 1, (language, key)


@pytest.mark.parametrize("language,typed,meant,code", [
    ("bg", ("сeверно", "морe"), 0, "NTH"),        # Latin e in Cyrillic words: made Cyrillic
    ("en", ("nоrth", "sеa"), 1, "NTH"),            # Cyrillic о, е in Latin words: made Latin
])
def test_look_alikes(language, typed, meant, code):
    variants = look_alikes(typed)
    assert len(variants) == 2
    assert table(language).lookup(typed) == ()
    assert table(language).lookup(variants[meant]) == (Entry("province", code),)
    fleet = table(language).unit_letters["F"]
    assert str(parse_order(f"{fleet} {typed[0]} {typed[1]}", language=language)) == f"F {code} H"


@pytest.mark.parametrize("language,script", [("ru", "Cyrillic"), ("bg", "Cyrillic"), ("es", "Latin")])
def test_display_names_are_in_the_language(language, script):
    import unicodedata
    for code, item in _raw(language)["provinces"].items():
        letters = [ch for ch in item["name"] if ch.isalpha()]
        assert all(script.upper() in unicodedata.name(ch) for ch in letters), (code, item["name"])


@pytest.mark.parametrize("language,expected", [
    ("es", "Primavera de 1901, movimientos"),
    ("ru", "Весна 1901, ходы"),
    ("bg", "Пролет 1901 г., ходове"),
])
def test_phase_names(language, expected):
    names = table(language)
    assert names.phase_name("S1901M") == expected
    assert set(_raw(language)["phases"]) == set(_raw("en")["phases"])


# -- issue 12: nationality words ----------------------------------------------------------------

def test_nationality_words_are_kept_without_a_board():
    from engine.parser import parse_stated, read_orders
    stated = parse_stated("E Bel A E inglés Hol - Kie", language="es")
    assert stated.order == SupportMove(A, L("BEL"), A, L("HOL"), L("KIE"))
    assert stated.owners == (("HOL", Power.ENGLAND),) and stated.owner("HOL") is Power.ENGLAND
    assert stated.owner("BEL") is None
    [line] = read_orders("А Мюн П английската А Кил-Бер", language="bg")
    assert line.owners == (("KIE", Power.ENGLAND),)
    # what the formatter writes is the order alone, and it reads back as the same order
    assert parse_order(format_order(stated.order, "es"), language="es") == stated.order


@pytest.mark.parametrize("language,text", [
    ("es", "E Mun A E francés Kie - Ber"),
    ("ru", "A Mun S French A Kie-Ber"),
    ("ru", "A Мюнхен поддерживает французскую армию Kie - Ber"),
    ("bg", "А Мюн П френската А Кил-Бер"),
    ("en", "A Mun S French A Kie - Ber"),
])
def test_a_nationality_that_is_not_the_owner_is_refused(language, text):
    board = _position("S1901M", (Power.GERMANY, "A MUN"), (Power.ENGLAND, "A KIE"))
    with pytest.raises(OrderParseError) as err:
        parse_order(text, language=language, position=board)
    assert err.value.code == "wrong_nationality"
    assert {k: err.value.params[k] for k in ("power", "owner", "province")} == {
        "power": "FRANCE", "owner": "ENGLAND", "province": "KIE"}
    assert err.value.typed in text and "England" in str(err.value) and "France" in str(err.value)


def test_a_build_named_for_another_power_is_refused():
    winter = _position("W1901A", (Power.RUSSIA, "A WAR"))
    assert parse_order("construye F inglesa Edi", language="es", position=winter) == Build(F, L("EDI"))
    with pytest.raises(OrderParseError) as err:
        parse_order("construye F francesa Edi", language="es", position=winter)
    assert err.value.code == "wrong_nationality" and err.value.params["owner"] == "ENGLAND"
    assert "home centre of England" in str(err.value)


def test_a_nationality_settles_an_ambiguous_word():
    # both Liverpool and Livonia hold an army: the nationality tells them apart
    board = _position("S1901M", (Power.ENGLAND, "A LVP"), (Power.RUSSIA, "A LVN"),
                      (Power.GERMANY, "A PRU"))
    assert parse_order("A Pru S Russian A Liv - War", language="en", position=board) == \
        SupportMove(A, L("PRU"), A, L("LVN"), L("WAR"))
    _ambiguous("A Liv H", "en", position=board)


# -- issue 12: the Bulgarian client, verbs first ------------------------------------------------

@pytest.mark.parametrize("language,text,expected", [
    ("en", "Move Ber Pru", "A BER - PRU"),
    ("en", "Hold Kiel Kiel", "F KIE H"),
    ("en", "Supp move Mun Ber Sil", "A MUN S A BER - SIL"),
    ("en", "Supp hold Mun Kie Kie", "A MUN S F KIE"),
    ("bg", "Supp hold Мюн Кил Кил", "A MUN S F KIE"),
    ("bg", "move Мюн Рур", "A MUN - RUH"),
])
def test_verb_first(language, text, expected):
    assert str(parse_order(text, language=language, position=Position.initial())) == expected


def test_the_province_twice_is_a_build_only_in_adjustments():
    winter = _position("W1901A", (Power.RUSSIA, "A WAR"))
    assert parse_order("A Mar Mar", language="bg", position=winter) == Build(A, L("MAR"))
    assert parse_order("X Mar Mar", language="bg", position=Position.initial()) == Disband(A, L("MAR"))
    assert parse_order("A Mar Mar", language="bg", position=Position.initial()) == Move(A, L("MAR"), L("MAR"))


# -- issue 12: the board settles clashing abbreviations -----------------------------------------

def test_bg_ank_is_the_channel_where_only_the_channel_holds_a_fleet():
    channel = _position("S1901M", (Power.ENGLAND, "F ENG"))
    assert parse_order("Ф АнК-Бре", language="bg", position=channel) == Move(F, L("ENG"), L("BRE"))
    assert parse_order("Ф АнК З", language="bg", position=channel) == Hold(F, L("ENG"))
    # a wrong unit letter: still the unit that is there (whoever checks the order says so)
    assert parse_order("А АнК-Бре", language="bg", position=channel) == Move(A, L("ENG"), L("BRE"))


def test_builds_are_read_only_in_adjustment_phases():
    # Ankara is an empty Turkish home centre: a build there is a reading only in winter
    spring = _position("S1901M", (Power.ENGLAND, "F ENG"))
    winter = _position("W1901A", (Power.ENGLAND, "F ENG"))
    assert parse_order("Ф АнК", language="bg", position=spring) == Hold(F, L("ENG"))
    assert parse_order("Ф АнК", language="bg", position=winter) == Build(F, L("ANK"))


@pytest.mark.parametrize("language,text,expected", [
    ("es", "E GAL M", "A GAL H"), ("es", "F WAL M", "F WAL H"),
    ("bg", "Ф ANK З", "F ANK H"), ("bg", "Ф ENG З", "F ENG H"), ("bg", "А PIC З", "A PIC H"),
    ("ru", "F NWY H", "F NWY H"), ("ru", "F NWG H", "F NWG H"), ("en", "A LVP H", "A LVP H"),
])
def test_canonical_codes_name_one_province_in_every_language(language, text, expected):
    assert str(parse_order(text, language=language)) == expected


def test_a_question_is_data_for_a_menu():
    board = _position("S1901M", (Power.ENGLAND, "F ENG"), (Power.TURKEY, "F ANK"))
    err = _ambiguous("Ф АнК З", "bg", position=board)
    assert (err.word, err.typed) == ("анк", "АнК")
    assert err.params["provinces"] == "ANK ENG" and err.params["typed"] == "АнК"
    assert [(r.canonical, r.text) for r in err.readings] == [("F ANK H", "Ф Анкара З"), ("F ENG H", "Ф АКл З")]
    assert err.params["readings"] == "Ф Анкара З; Ф АКл З"
    for reading in err.readings:
        assert parse_order(reading.text, language="bg", position=board) == reading.order
