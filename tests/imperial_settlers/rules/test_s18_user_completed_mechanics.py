"""Rulebook 002 "ПОЯСНЕНИЯ К КАРТОЧКАМ": the mechanics the seed describes for faction cards
whose costs no source prints (Dark Altar, Chariot Builder, Gang, Rabble, Engineers/Garrison,
Robbers, Sanctuary, Negotiator). The shipped entries stay provisional; these tests complete them in a
user file with an assumed cost (1 worker) and check each mechanic as the seed states it.
"""
import random
import textwrap

import pytest

from simsuite import _imperial_settlers as core
from simsuite.games.imperial_settlers.data import load_rules
from tests.imperial_settlers.helpers import do, labels, position, tok

COMPLETE = {
    "bar014": "raze_opponent_location", "egy003": "raze_ignoring_guards", "bar016": "take_from_raze_yield",
    "bar018": "raze_own_location", "rom008": "remove_opponent_location", "bar030": "cancel_opponent_deal",
    "egy014": "foundation_from_hand", "jap019": "build_from_deals",
}


@pytest.fixture(scope="module")
def completed(tmp_path_factory):
    body = "".join(textwrap.dedent(f"""
        [card.{key}]
        action = {{ pay = {{ worker = 1 }}, gain = {{}}, uses = 1, op = "{op}" }}
        provisional = false
        confidence = "public-single-source"
        """) for key, op in COMPLETE.items())
    path = tmp_path_factory.mktemp("user") / "completed.toml"
    path.write_text(body)
    return load_rules(path)


def game(completed, factions, **tokens):
    return position(factions, tokens=dict(worker=1, **tokens), rules_=completed)


def test_dark_altar_pays_more_for_guarded_locations(completed):
    # "«Тёмное капище»... защищённую самураем или жетоном обороны ... пропорционально большее
    # число жетонов разрушений."
    g = game(completed, ["barbarians", "romans"], raze=0)
    g.add_location(0, "bar014")
    g.add_location(1, "Armorer", defence=1)
    g.add_location(1, "Quarry")
    g.start_actions(0)
    do(g, "use Dark Altar")
    assert set(labels(g)) == {"Quarry of seat 1"}          # the guarded one needs a token
    do(g, "Quarry of seat 1")
    assert tok(g, 0, "stone") == 2 and g.player(1)["locations"][1]["foundation"]
    assert tok(g, 1, "wood") == 1
    g = game(completed, ["barbarians", "romans"], raze=1)
    g.add_location(0, "bar014")
    g.add_location(1, "Armorer", defence=1)
    g.start_actions(0)
    do(g, "use Dark Altar")
    do(g, "Armorer of seat 1")
    assert tok(g, 0, "raze") == 0 and (tok(g, 0, "vp"), tok(g, 0, "stone")) == (1, 1)


def test_chariot_builder_ignores_guards(completed):
    # "«Строитель колесниц»... без использования дополнительных жетонов ... защищённые самураем".
    g = game(completed, ["egyptians", "japanese"])
    g.add_location(0, "Chariot Builder")
    g.add_location(1, "Farm", samurai=1)
    g.start_actions(0)
    do(g, "use Chariot Builder")
    do(g, "Farm of seat 1")
    assert g.player(1)["locations"] == [] and tok(g, 0, "vp") == 1


def test_gang_takes_one_good_of_the_raze_yield_without_razing(completed):
    # "«Банда»... не разрушаете локацию противника, а просто забираете ... 1 любой ресурс".
    g = game(completed, ["barbarians", "romans"])
    g.add_location(0, "bar016")
    g.add_location(1, "Marketplace")                # raze: gold + wood
    g.start_actions(0)
    do(g, "use Gang")
    do(g, "Marketplace of seat 1")
    assert set(labels(g)) == {"take 1 wood", "take 1 gold"}
    do(g, "take 1 wood")
    assert tok(g, 0, "wood") == 1 and not g.player(1)["locations"][0]["foundation"]


def test_rabble_razes_your_own_location(completed):
    # "«Отребье»... все товары ... бонусом разрушения, превращаете ... в фундамент и ... 1 дерево".
    g = game(completed, ["barbarians", "romans"])
    g.add_location(0, "Rabble")
    g.add_location(0, "Wood Storage")                # raze: 2 wood
    g.start_actions(0)
    do(g, "use Rabble")
    do(g, "Wood Storage of seat 0")
    assert tok(g, 0, "wood") == 3 and g.player(0)["locations"][1]["foundation"]


def test_engineers_remove_a_location_without_razing(completed):
    # "«Инженеры»... сбросить чужую локацию... не считается разрушением".
    g = game(completed, ["romans", "barbarians"])
    g.add_location(0, "Engineers")
    g.add_location(0, "Gallows")                      # would score a raze: must not
    g.add_location(1, "Armorer", defence=1)
    g.start_actions(0)
    do(g, "use Engineers")
    do(g, "Armorer of seat 1")
    assert g.player(1)["locations"] == [] and tok(g, 1, "wood") == 0
    assert (tok(g, 0, "vp"), tok(g, 0, "stone")) == (0, 0)


def test_robbers_cancel_an_opponents_deal(completed):
    g = game(completed, ["barbarians", "romans"])
    g.add_location(0, "Robbers")
    g.add_deal(1, "Legion")
    g.start_actions(0)
    do(g, "use Robbers")
    do(g, "deal Legion of seat 1")
    assert g.player(1)["deals"] == []


def test_sanctuary_lays_a_card_as_a_foundation_for_a_stone(completed):
    # "«Святилище»... добавить карточку с руки в империю в качестве фундамента... 1 камень".
    g = game(completed, ["egyptians", "romans"])
    g.add_location(0, "Sanctuary")
    g.give_card(0, "Village")
    g.start_actions(0)
    do(g, "use Sanctuary")
    do(g, "Village as a foundation")
    assert tok(g, 0, "stone") == 1 and g.player(0)["locations"][1]["foundation"]
    assert g.player(0)["hand"] == []


def test_negotiator_builds_a_deal_without_discarding_a_location(completed):
    # "«Посредник»... берёте одну из своих сделок ... и строите её как локацию, как обычно
    # выплачивая стоимость ... требуется сбросить другую локацию, вы её не сбрасываете."
    g = game(completed, ["japanese", "romans"], wood=1)
    g.add_location(0, "Negotiator")
    g.add_deal(0, "Geisha House")             # 1 wood + discard a location
    g.add_deal(0, "Daimyo's Castle")          # 2 stone + discard: not affordable
    g.start_actions(0)
    do(g, "use Negotiator")
    assert set(labels(g)) == {"deal Geisha House"}
    do(g, "deal Geisha House")
    assert [l["name"] for l in g.player(0)["locations"]] == ["Negotiator", "Geisha House"]
    assert [g.card_name(c) for c in g.player(0)["deals"]] == ["Daimyo's Castle"]
    assert tok(g, 0, "wood") == 0 and tok(g, 0, "worker") == 1      # Geisha House: 1 pink -> 1 worker


def test_passed_players_are_not_targets(completed):
    g = game(completed, ["romans", "barbarians"])
    g.add_location(0, "Engineers")
    g.add_location(1, "Armorer")
    g.set_passed(1)
    g.start_actions(0)
    assert "use Engineers" not in labels(g)


def test_completed_cards_keep_the_invariants(completed):
    for seed in range(150):
        rnd = random.Random(seed)
        g = core.Game(completed, seed, ["barbarians", "romans", "egyptians", "japanese"][: 1 + seed % 4],
                      log=False)
        while not g.is_over:
            assert g.problems() == []
            g.apply(rnd.choice(g.legal_options()))
