"""Rulebook 000 "ПІДРАХУНОК КІНЦЕВИХ КАПІТАЛІВ" (digest scythe-base.md §20) on end
positions reached by play: what the game-ending action changed is scored, the
§19.4 undo is scored as undone, and combat cards are worth nothing. The scoring
formula itself, the tiers, the tiles and the tie-breakers are covered by
tests/scythe/test_scoring.py. Payout values come from the data (reference
cards.md, conf: medium for tile payouts)."""
from tests.scythe.rules.helpers_a import (
    B_TAKE, CHAR, MECH0, TV_MOVE, W0, any_effect, begin, bottom, do, end_move, move, position,
    rules, skip_top, stars, top, workers,
)

COINS, STARS, TERRITORIES, RESOURCES, BONUS = range(5)


def tier(popularity):
    return [t for t in rules().data.scoring_tiers if popularity >= t.min_popularity][-1]


def payout(tile, count):
    table = next(t.payout for t in rules().data.structure_tiles if t.kind == tile)
    return table[min(count, len(table) - 1)]


def test_the_ending_action_is_scored_in_full():
    # Rulebook 000 "КІНЦЕВИЙ ПІДРАХУНОК КАПІТАЛІВ ... ваші монети до моменту закінчення
    # гри та монети, отримані після" and "ОСОБЛИВІ ВИПАДКИ" (digest §19.2, §20):
    # Nordic's 4th structure is its 6th star; the Build's coin, the recruit bonus
    # that lifts popularity from 12 to 13 (the top tier) and the new structure on a
    # farm all count in the final score.
    g = position(["nordic", "saxony"], ["industrial", "agricultural"], tile="on_farms_tundras")
    n, x = 0, 1
    assert g.faction_name(n) == "nordic"
    stars(g, n, 5, but=("structures",))
    g.set_player(n, popularity=12, coins=10, recruits=[0, 0, 1, 0])
    for k, c in ((0, 8), (1, 9), (2, 10)):          # mountain, farm, village
        g.set_structure(n, k, c)
    workers(g, n, 36)                               # farm 36
    g.set_resources(36, {"wood": 3, "food": 5})
    g.set_unit(x, W0, 41)
    begin(g, n, bottom_action="build")
    skip_top(g)
    bottom(g, B_TAKE)
    any_effect(g)
    assert g.is_over and g.player(n)["structures"]["mill"] == 36
    r = g.result()
    t = tier(13)
    assert tier(12).per_star < t.per_star
    territories = 4                                  # structures alone on 8, 9, 10; worker on 36
    assert r["components"][n] == [11, 6 * t.per_star, territories * t.per_territory,
                                  5 // 2 * t.per_resource_pair, payout("on_farms_tundras", 2)]
    assert r["winner"][n] and not r["winner"][x]


def test_scoring_after_an_undone_move():
    # Rulebook 000 "ОСОБЛИВІ ВИПАДКИ" (digest §19.4, §20): the unit sent back by the
    # undo scores the territory it returned to, and the territory of the combat
    # never fought stays the opponent's.
    g = position(["nordic", "rusviet", "saxony"], ["industrial", "engineering", "mechanical"])
    g.set_unit(0, CHAR, 11)
    g.set_mech_deployed(0, "riverwalk", True, 19)
    g.set_unit(1, CHAR, 12)
    g.set_mech_deployed(2, 0, True, 13)
    g.set_player(0, power=5)
    stars(g, 0, 5)
    begin(g, 0, "move")
    do(g, "top", top(TV_MOVE))
    move(g, CHAR, 12)
    move(g, MECH0, 13)
    end_move(g)
    do(g, "combat_order", 12)
    do(g, "dial", 5)
    assert g.is_over
    r = g.result()
    assert r["territories"] == [2, 0, 1]            # Nordic: 12 and 19; Saxony: 13
    assert r["score_territories"][0] == 2 * tier(0).per_territory


def test_combat_cards_are_worth_nothing():
    # Rulebook 000 "КРИМ (ІНТРИГИ) ... Як завжди, карти бою нічого не дають наприкінці
    # гри" (digest §20 "Combat cards are worth nothing at the end").
    g = position(["crimea", "saxony"], ["mechanical", "agricultural"])
    g.set_player(0, coins=7, popularity=8)
    workers(g, 0, 50)
    before = g.result()["score"][0]
    g.set_player(0, hand=[2, 2, 2, 2])
    assert g.result()["score"][0] == before == 7 + tier(8).per_territory
