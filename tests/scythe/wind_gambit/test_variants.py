"""The variants the Wind Gambit booklet prints (seed 004, «ВАРІАНТИ ГРИ»; digest
scythe-wind-gambit.md §9), each a [rules] switch that is off by default:

- «ВАРІАНТ ГРИ ДЛЯ РУСВЕТУ»: "не використовувати властивість нації Русвет «Впертість»
  (повторні ходи) на карті Фабрики" -> rusviet_factory_relentless = false;
- «ВАРІАНТ З РОЗДАВАННЯМ ПЛАНШЕТІВ ГРАВЦІВ ЗА ПОРЯДКОМ НОМЕРІВ»: "роздавайте планшети за
  порядком номерів за годинниковою стрілкою" -> mats_in_order = true.

Mat numbers (base rulebook, reference player-mats.md): Industrial 1, Engineering 2,
Patriotic 3, Mechanical 4, Agricultural 5; the faction cycle clockwise is Nordic, Rusviet,
Crimea, Saxony, Polania (base rulebook "ВИБІР НАЦІЇ").
"""
from __future__ import annotations

import pytest

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

from simsuite.errors import UserError  # noqa: E402
from simsuite.scenario import load_scenario  # noqa: E402
from tests.scythe.conftest import blank_game, seat_of  # noqa: E402

NUMBER = {"industrial": 1, "engineering": 2, "patriotic": 3, "mechanical": 4, "agricultural": 5}
CYCLE = ("nordic", "rusviet", "crimea", "saxony", "polania")
FACTORY = 4   # the Factory card is the fifth section (base rulebook §15)


@pytest.fixture(scope="module")
def no_factory_relentless(data):
    return core.Rules(data, rusviet_factory_relentless=False)


@pytest.fixture(scope="module")
def mats_in_order(data):
    return core.Rules(data, mats_in_order=True)


def sections(rules, faction, last, factory=True):
    """The sections `faction` may choose after `last`, holding a Factory card."""
    g = blank_game(rules, [faction, "nordic" if faction != "nordic" else "polania"],
                   ["patriotic", "mechanical"])
    s = seat_of(g, faction)
    g.set_player(s, last_section=last, factory_card=rules.factory_ids[0] if factory else False)
    g.begin_turn(s)
    assert g.decision_name == "section"
    return g.legal_options()


# ---------------------------------------------------------------- the Rusviet variant
def test_rusviet_variant_forbids_relentless_on_the_factory_card(rules, no_factory_relentless):
    # Base rules: Relentless covers the Factory card too (base §12).
    assert sections(rules, "rusviet", FACTORY) == [0, 1, 2, 3, 4]
    # «ВАРІАНТ ГРИ ДЛЯ РУСВЕТУ»: not the Factory card after the Factory card ...
    assert sections(no_factory_relentless, "rusviet", FACTORY) == [0, 1, 2, 3]


def test_rusviet_variant_keeps_relentless_on_the_mat_and_the_factory_card_otherwise(no_factory_relentless):
    # ... but still the same mat section again, and the Factory card after another section.
    for last in range(4):
        assert sections(no_factory_relentless, "rusviet", last) == [0, 1, 2, 3, 4]
    assert sections(no_factory_relentless, "rusviet", 2, factory=False) == [0, 1, 2, 3]


def test_rusviet_variant_leaves_other_factions_alone(rules, no_factory_relentless):
    for r in (rules, no_factory_relentless):
        assert sections(r, "nordic", FACTORY) == [0, 1, 2, 3]
        assert sections(r, "nordic", 1) == [0, 2, 3, 4]


def test_rusviet_variant_in_play_alternates_the_factory_card(no_factory_relentless):
    # Played turns: a Rusviet holding a Factory card that takes it whenever it may takes it
    # every other turn (the last option is the Factory card when legal).
    g = core.Game(no_factory_relentless, 1, 2, ["rusviet", "nordic"], ["patriotic", "mechanical"],
                  log=False)
    s = seat_of(g, "rusviet")
    g.set_player(s, factory_card=no_factory_relentless.factory_ids[0])
    taken = []
    while not g.is_over and len(taken) < 6:
        if g.decision_name == "section" and g.current_player == s:
            taken.append(g.legal_options()[-1] == FACTORY)
        g.apply(g.legal_options()[-1] if g.decision_name == "section" else g.legal_options()[0])
    assert taken == [True, False] * 3


# ---------------------------------------------------------------- mats in number order
def seated(g):
    return [g.faction_name(s) for s in range(g.n_players)], [g.mat_name(s) for s in range(g.n_players)]


def test_mats_in_order_constructed_deal(rules, mats_in_order):
    # Dealt Nordic/Mechanical(4), Rusviet/Engineering(2), Crimea/Agricultural(5). Base rules:
    # Rusviet starts (lowest mat), then clockwise Crimea, Nordic, mats as dealt 2, 5, 4.
    deal = (["nordic", "rusviet", "crimea"], ["mechanical", "engineering", "agricultural"])
    assert seated(core.Game(rules, 1, 3, *deal)) == (["rusviet", "crimea", "nordic"],
                                                      ["engineering", "agricultural", "mechanical"])
    # The variant: the same seats, the mats rising clockwise from the first player: 2, 4, 5.
    assert seated(core.Game(mats_in_order, 1, 3, *deal)) == (["rusviet", "crimea", "nordic"],
                                                             ["engineering", "mechanical", "agricultural"])
    # Patriotic(3) instead of Mechanical would go to Crimea, a forbidden pair (base §5): with
    # nothing left to chance there is no legal deal.
    with pytest.raises(UserError, match="no legal deal"):
        core.Game(mats_in_order, 1, 3, deal[0], ["patriotic", "engineering", "agricultural"])


def test_mats_in_order_random_deals_rise_clockwise(data, mats_in_order):
    # Every dealt game: mat numbers rise with the seat (clockwise from the first player), the
    # seats still follow the faction cycle, and the same mats are in play as without the
    # variant (no forbidden pair to redraw when bans are off).
    off = core.Rules(data, ban_pairs=False)
    on = core.Rules(data, ban_pairs=False, mats_in_order=True)
    changed = 0
    for seed in range(60):
        n = 2 + seed % 4
        factions, mats = seated(core.Game(on, seed, n))
        numbers = [NUMBER[m] for m in mats]
        assert numbers == sorted(numbers)
        order = [(CYCLE.index(f) - CYCLE.index(factions[0])) % 5 for f in factions]
        assert order == sorted(order)
        base_factions, base_mats = seated(core.Game(off, seed, n))
        assert (base_factions, sorted(base_mats)) == (factions, sorted(mats))
        changed += base_mats != mats
    assert changed > 10   # the variant did reorder mats in many deals


def test_mats_in_order_still_redraws_forbidden_pairs(mats_in_order):
    # With bans on, the ordered deal never seats Rusviet+Industrial or Crimea+Patriotic
    # (base §5 step 6): five players hold every mat, Industrial first, so Rusviet never starts.
    for seed in range(40):
        factions, mats = seated(core.Game(mats_in_order, seed, 5))
        assert [NUMBER[m] for m in mats] == [1, 2, 3, 4, 5]
        pairs = set(zip(factions, mats))
        assert not pairs & {("rusviet", "industrial"), ("crimea", "patriotic")}


# ---------------------------------------------------------------- scenario switches
def scenario(tmp_path, rules_toml, head='players = 3\n'):
    p = tmp_path / "s.toml"
    p.write_text(f'game = "scythe"\nname = "t"\ngames = 4\nseed = 1\n{head}[rules]\n{rules_toml}\n')
    return p


def test_switches_reach_the_compiled_rules(tmp_path):
    s = load_scenario(scenario(tmp_path, "rusviet_factory_relentless = false\nmats_in_order = true"))
    r = s.spec.rules(s.config)
    assert (r.rusviet_factory_relentless, r.mats_in_order) == (False, True)
    assert r.options()["rusviet_factory_relentless"] is False and r.options()["mats_in_order"] is True


def test_default_switches_keep_the_scenario_hash(tmp_path):
    base = load_scenario(scenario(tmp_path, "")).hash
    assert load_scenario(scenario(tmp_path, "rusviet_factory_relentless = true\n"
                                            "mats_in_order = false")).hash == base
    assert load_scenario(scenario(tmp_path, "rusviet_factory_relentless = false")).hash != base
    assert load_scenario(scenario(tmp_path, "mats_in_order = true")).hash != base


@pytest.mark.parametrize("rules_toml, head, message", [
    ('rusviet_factory_relentless = "no"', "players = 3\n", "rules.rusviet_factory_relentless"),
    ("mats_in_order = 1", "players = 3\n", "rules.mats_in_order"),
    ("mats_in_order = true", 'players = 2\nmats = ["industrial", "random"]\n',
     "no player's mat can be fixed"),
    ("mats_in_order = true", '[automa]\ndifficulty = "automa"\n', "a solo game deals one player mat"),
])
def test_bad_switches_are_one_line_errors(tmp_path, rules_toml, head, message):
    with pytest.raises(UserError) as e:
        load_scenario(scenario(tmp_path, rules_toml, head))
    assert message in str(e.value) and "\n" not in str(e.value)


def test_the_rusviet_variant_plays_against_the_automa(tmp_path):
    s = load_scenario(scenario(tmp_path, "rusviet_factory_relentless = false",
                               '[automa]\ndifficulty = "automa"\n'))
    assert s.spec.rules(s.config).rusviet_factory_relentless is False
