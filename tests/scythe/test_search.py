"""The compiled search policy (ext/scythe/search.pxi) and its determinization
(ext/scythe/determinize.pxi): what a seat cannot see is re-sampled consistently with its view,
the search never reads more than that view, and a simulation budget makes it deterministic."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from simsuite.games.scythe.policies import POLICIES, SEARCH_WEIGHTS, STRATEGIES, default_weights
from simsuite.policies import MAX_WEIGHTS

from .conftest import core

SEARCH = next(p for p in POLICIES if p.name == "search")


def search_weights(**changes):
    values = dict(SEARCH_WEIGHTS, **changes)
    vector = [float(values[n]) for n, _ in SEARCH_WEIGHTS]
    return vector + [0.0] * (MAX_WEIGHTS - len(vector))


def play_until(game, seats, predicate, max_steps=5000):
    for _ in range(max_steps):
        if game.is_over or predicate(game):
            return
        seats.step(game)
    raise AssertionError("position not reached")


def midgame(rules, seed, n_players=3, turns=12, automa=None):
    kwargs = {"automa": automa} if automa else {}
    game = core.Game(rules, seed, n_players, log=False, **kwargs)
    seats = core.CompiledSeats(seed, [1] * n_players, [default_weights("economy")] * n_players)
    play_until(game, seats, lambda g: g.turn >= turns and g.decision_name == "section")
    return game


def hidden_counts(state):
    """Every card of the hidden pools, wherever it is (conserved by a redeal)."""
    combat = Counter(state["combat_deck"])
    objectives = Counter(state["objective_deck"])
    for p in state["players"]:
        for v, k in p["hand"].items():
            combat[v] += k
        objectives.update(o for o in p["objectives"] if o > 0)
    return combat, objectives


@pytest.mark.parametrize("n_players", [2, 3, 5])
def test_redeal_keeps_the_view_and_conserves_cards(rules, n_players):
    game = midgame(rules, 11 + n_players, n_players)
    state = game.state()
    changed = False
    for seat in range(n_players):
        view = game.observation(seat)
        for seed in range(8):
            other = core.redeal_hidden(game, seat, seed)
            assert other.observation(seat) == view
            other.check_invariants()
            new = other.state()
            assert hidden_counts(new) == hidden_counts(state)
            assert len(new["encounter_deck"]) == len(state["encounter_deck"])
            assert sorted(new["encounter_deck"]) == sorted(state["encounter_deck"])
            assert len(new["factory_offer"]) == len(state["factory_offer"])
            for s, (p, q) in enumerate(zip(state["players"], new["players"])):
                assert sum(p["hand"].values()) == sum(q["hand"].values())
                assert [o > 0 for o in p["objectives"]] == [o > 0 for o in q["objectives"]]
                if s == seat:
                    assert p["hand"] == q["hand"] and p["objectives"] == q["objectives"]
            changed |= new != state
    assert changed, "no seed re-sampled anything"
    assert game.state() == state, "the original game was changed"


def test_redeal_resamples_each_hidden_part(rules):
    game = midgame(rules, 5, 3)
    state = game.state()
    seen = {"hands": False, "objectives": False, "combat_deck": False, "objective_deck": False,
            "encounter_deck": False, "factory_offer": False}
    for seed in range(30):
        new = core.redeal_hidden(game, 0, seed).state()
        seen["hands"] |= any(p["hand"] != q["hand"] for p, q in zip(state["players"][1:], new["players"][1:]))
        seen["objectives"] |= any(p["objectives"] != q["objectives"]
                                  for p, q in zip(state["players"][1:], new["players"][1:]))
        for key in ("combat_deck", "objective_deck", "encounter_deck", "factory_offer"):
            seen[key] |= new[key] != state[key]
    assert all(seen.values()), seen


def test_redeal_keeps_the_drawn_encounters_at_the_bottom(rules):
    # Rulebook §14: a resolved encounter card goes face down under the deck, so every seat
    # knows the deck's bottom part; only the never-drawn part is re-ordered.
    game = midgame(rules, 3, 2, turns=30)
    printed = sum(c["encounter_token"] for c in core.Game(rules, 3, 2, log=False).state()["board"].values())
    state = game.state()
    drawn = printed - sum(c["encounter_token"] for c in state["board"].values())
    assert drawn > 0, "pick a position where encounters were taken"
    deck = state["encounter_deck"]
    for seed in range(10):
        new = core.redeal_hidden(game, 0, seed).state()["encounter_deck"]
        assert new[len(deck) - drawn:] == deck[len(deck) - drawn:]


def test_redeal_against_the_automa_shuffles_only_its_deck_order(rules):
    game = midgame(rules, 9, 2, turns=10, automa="automa")
    automa = game.automa_state()
    orders = set()
    for seed in range(10):
        other = core.redeal_hidden(game, 0, seed)
        assert other.observation(0) == game.observation(0)
        other.check_invariants()
        a = other.automa_state()
        assert sorted(a["deck"]) == sorted(automa["deck"])
        assert a["main_discard"] == automa["main_discard"]
        orders.add(tuple(a["deck"]))
    assert len(orders) > 1


def test_redeal_rejects_a_bad_seat(rules):
    game = core.Game(rules, 1, 2, log=False)
    with pytest.raises(ValueError, match="seat 2 out of range"):
        core.redeal_hidden(game, 2, 0)


# ---------------------------------------------------------------- the search policy

def search_seats(n, seat, **changes):
    """Seat choosers: the search (with `changes`) in `seat`, `economy` in the others."""
    ids = [1] * n
    ids[seat] = SEARCH.id
    weights = [default_weights("economy")] * n
    weights[seat] = search_weights(**changes)
    return core.CompiledSeats(123, ids, weights)


def search_choice(game, seat=None, **changes):
    """The search's option at the pending decision, with a fresh seat stream."""
    seat = game.current_player if seat is None else seat
    return search_seats(game.n_players, seat, **changes).choose(game)


def test_search_is_registered(rules):
    from simsuite.policies import compiled_policies

    assert compiled_policies("scythe")["search"] is SEARCH
    assert core.compiled_policy_ids()["search"] == SEARCH.id   # the runner checks this table
    assert [n for n, _ in SEARCH.weights][:5] == ["simulations", "depth", "rollout",
                                                  "exploration", "time_ms"]
    game = midgame(rules, 4, 2, turns=4)
    search_choice(game, simulations=8, endgame=0)   # the id dispatches to the search
    assert core.search_tree_stats(game.current_player)["root_visits"] >= 8


@pytest.mark.parametrize("n_players,automa", [(3, None), (2, "automa")])
def test_no_peeking_opponents_hidden_cards_do_not_change_the_choice(rules, n_players, automa):
    # Same seed, same view, different hidden cards (other hands and objectives, deck
    # orders, the Factory offer, the Automa's deck): the search decides the same, and it
    # really searched (endgame = 0: every turn decision).
    game = midgame(rules, 21, n_players, turns=9, automa=automa)
    seat = game.current_player
    choice = search_choice(game, simulations=24, endgame=0)
    assert core.search_tree_stats(seat)["root_visits"] >= 24
    views_differ = False
    for seed in range(4):
        other = core.redeal_hidden(game, seat, 1000 + seed)
        views_differ |= other.state() != game.state()
        assert other.observation(seat) == game.observation(seat)
        assert search_choice(other, simulations=24, endgame=0) == choice
    assert views_differ


def test_against_the_automa_the_trees_take_solo_budget_times_the_simulations(rules):
    # solo_budget scales the simulations of a search against the Automa and of no other game
    # (search.pxi search_game_knobs): the root of a fresh tree is visited once a simulation.
    solo = midgame(rules, 21, 2, turns=9, automa="automa")
    visits = []
    for factor in (1, 3):
        search_choice(solo, simulations=10, endgame=0, solo_budget=factor)
        visits.append(core.search_tree_stats(solo.current_player)["root_visits"])
    assert visits == [10, 30]
    duel = midgame(rules, 21, 2, turns=9)
    stats = []
    for factor in (1, 3):
        search_choice(duel, simulations=10, endgame=0, solo_budget=factor)
        stats.append(core.search_tree_stats(duel.current_player))
    assert stats[0]["root_visits"] == 10 and stats[1] == stats[0]


def test_against_the_hard_levels_their_own_knobs_replace_the_usual_ones(rules):
    # search.pxi search_game_knobs: from the level hard_from up (2 Automaszyna, 3 Ultimaszyna)
    # hard_budget takes solo_budget's place and hard_margin_cap margin_cap's (each only when
    # above 0), hard_endgame endgame's (when 0 or above); below that level they change nothing.
    # (settle = 0: the budget alone decides the visits, whatever the table's rows make of the
    # position.)
    def root_visits(game, **knobs):
        search_choice(game, simulations=10, endgame=0, solo_budget=3, hard_endgame=0, settle=0,
                      **knobs)
        return core.search_tree_stats(game.current_player)["root_visits"]

    ult = midgame(rules, 21, 2, turns=9, automa="ultimaszyna")
    assert [root_visits(ult, hard_from=3, hard_budget=b) for b in (0, 2, 5)] == [30, 20, 50]
    assert root_visits(ult, hard_from=4, hard_budget=5) == 30          # no level is hard
    amz = midgame(rules, 21, 2, turns=9, automa="automaszyna")
    assert [root_visits(amz, hard_from=f, hard_budget=5) for f in (2, 3)] == [50, 30]
    normal = midgame(rules, 21, 2, turns=9, automa="automa")
    assert [root_visits(normal, hard_from=2, hard_budget=b) for b in (0, 5)] == [30, 30]
    # endgame: a seat has 1-3 stars, so endgame = 4 leaves the turn to the heuristic unless
    # hard_endgame = 1 starts the search from the first star
    late = midgame(rules, 21, 2, turns=20, automa="ultimaszyna")
    stars = max(late.player(s)["stars"] for s in range(2))
    assert 1 <= stars <= 3, "pick a position with 1-3 stars"
    searched = []
    for hard_endgame in (-1, 1):
        search_choice(late, simulations=7, endgame=0, hard_endgame=0, hard_budget=1, settle=0)
        search_choice(late, simulations=10, endgame=4, solo_portfolio=0, hard_from=3,
                      hard_endgame=hard_endgame, hard_budget=1, settle=0)
        searched.append(core.search_tree_stats(late.current_player)["root_visits"])
    assert searched == [7, 10]    # the tree of 7 stays when the heuristic plays the turn
    # margin: play-outs to the end score the margin capped at hard_margin_cap there (win
    # bonus 0), so every root mean lies inside the cap; without it, margin_cap = 1000 applies
    means = []
    for hard_cap in (3, 0):
        search_choice(late, simulations=40, endgame=1, win_bonus=0, margin_cap=1000,
                      hard_from=3, hard_endgame=0, hard_budget=1, hard_margin_cap=hard_cap)
        means.append([m for _, _, v, m in core.search_tree_stats(late.current_player)["root"] if v])
    assert means[0] and all(-3 <= m <= 3 for m in means[0])
    assert any(abs(m) > 3 for m in means[1])


def test_against_the_hard_levels_hard_endgame_0_searches_every_turn_played_out_to_the_end(rules):
    # hard_endgame = 0 (the default): at a turn before any star the search runs although
    # endgame = 4, and every play-out reaches the end of the game (depth = 0 would cut it
    # after a round): with win bonus 0 every root mean is a final margin inside the cap of
    # 3, where the cut play-outs' evaluations are not.
    early = midgame(rules, 21, 2, turns=2, automa="ultimaszyna")
    assert max(early.player(s)["stars"] for s in range(2)) == 0, "pick a position before any star"
    means = []
    for hard_endgame, endgame in ((0, 4), (-1, 0)):
        search_choice(early, simulations=30, endgame=endgame, depth=0, win_bonus=0,
                      solo_portfolio=0, hard_from=3, hard_endgame=hard_endgame, hard_budget=1,
                      hard_margin_cap=3)
        stats = core.search_tree_stats(early.current_player)
        assert stats["root_visits"] == 30
        means.append([m for _, _, v, m in stats["root"] if v])
    assert means[0] and all(-3 <= m <= 3 for m in means[0])
    assert any(abs(m) > 3 for m in means[1])


def test_late_budget_multiplies_the_simulations_once_a_seat_has_late_from_stars(rules):
    # late_budget = f > 1 (search.pxi search_game_knobs): once some seat has late_from stars
    # every tree takes f times its simulations, in any game (here after hard_budget's
    # factor against Ultimaszyna, and in a two-player game); below late_from, or with f <= 1,
    # the budget is as before.
    late = midgame(rules, 21, 2, turns=20, automa="ultimaszyna")
    stars = max(late.player(s)["stars"] for s in range(2))
    assert 1 <= stars <= 3, "pick a position with 1-3 stars"
    knobs = dict(simulations=10, endgame=0, solo_portfolio=0, hard_from=3, hard_endgame=0,
                 hard_budget=2, table=0, hard_late_budget=0)
    visits = []
    for late_from, factor in ((stars, 3), (stars + 1, 3), (stars, 1), (stars, 0)):
        search_choice(late, late_from=late_from, late_budget=factor, **knobs)
        visits.append(core.search_tree_stats(late.current_player)["root_visits"])
    assert visits == [60, 20, 20, 20]
    # hard_late_budget (when above 0) takes late_budget's place against the hard levels only
    visits = []
    for level, hard_factor in (("ultimaszyna", 5), ("ultimaszyna", 0), ("automa", 5)):
        game = late if level == "ultimaszyna" else midgame(rules, 23, 2, turns=20, automa=level)
        s = max(game.player(k)["stars"] for k in range(2))
        search_choice(game, late_from=s, late_budget=3,
                      **dict(knobs, solo_budget=2, settle=0, hard_late_budget=hard_factor))
        visits.append(core.search_tree_stats(game.current_player)["root_visits"])
    assert visits == [100, 60, 60]
    duel = midgame(rules, 21, 2, turns=20)
    stars = max(duel.player(s)["stars"] for s in range(2))
    assert stars >= 1, "pick a position with a star"
    visits = []
    for late_from in (stars, stars + 1):
        search_choice(duel, simulations=10, endgame=0, table=0, late_from=late_from, late_budget=3)
        visits.append(core.search_tree_stats(duel.current_player)["root_visits"])
    assert visits == [30, 10]


def test_a_kept_tree_is_never_taken_into_another_game_with_the_same_seed(rules):
    # A seat keeps its turn's tree for the turn's next decision (tree = 1), known by the game's
    # seed and turn and by its SeatPolicy (search.pxi SeatTree.owner). A game with the same seed
    # at the same turn, searched right after, starts its own tree: the same choice and tree as
    # when nothing was searched before it (before the owner check it took the other game's).
    duel = midgame(rules, 21, 2, turns=20)
    solo = midgame(rules, 21, 2, turns=20, automa="ultimaszyna")
    assert solo.turn == duel.turn and solo.current_player == duel.current_player
    alone = search_choice(duel, simulations=10, endgame=0, table=0)
    alone_stats = core.search_tree_stats(duel.current_player)
    search_choice(solo, simulations=10, endgame=0, solo_portfolio=0, table=0)
    assert search_choice(duel, simulations=10, endgame=0, table=0) == alone
    assert core.search_tree_stats(duel.current_player) == alone_stats


def test_until_stops_every_search_once_a_seat_has_that_many_stars(rules):
    # until = K (search.pxi SW_UNTIL), the complement of endgame: once some seat has K stars
    # the seat searches nothing (the tree of the last search stays as it was) and plays its
    # rollout heuristic; below K, or with until = 0, it searches as before.
    late = midgame(rules, 21, 2, turns=20, automa="ultimaszyna")
    stars = max(late.player(s)["stars"] for s in range(2))
    assert 1 <= stars <= 3, "pick a position with 1-3 stars"
    knobs = dict(endgame=0, solo_portfolio=0, hard_from=3, hard_endgame=0, hard_budget=1,
                 table=0)
    visits = []
    for until in (stars, stars + 1, 0):
        search_choice(late, simulations=7, **knobs)
        search_choice(late, simulations=10, until=until, **knobs)
        visits.append(core.search_tree_stats(late.current_player)["root_visits"])
    assert visits == [7, 10, 10]
    rollout = int(dict(SEARCH_WEIGHTS)["rollout"])
    name = next(n for n, (pid, _, _) in STRATEGIES.items() if pid == rollout)
    heuristic = core.CompiledSeats(123, [rollout] * 2, [default_weights(name)] * 2).choose(late)
    assert search_choice(late, simulations=10, until=stars, **knobs) == heuristic


def test_roll_table_gives_the_other_seats_their_table_rows_in_the_play_outs(rules):
    # roll_table = 1 (search.pxi SW_ROLL_TABLE, with table = 1): in the simulated games every
    # other seat plays its row of expert's table, so the same search on a 2-player position
    # sees other values (play-outs of two more own turns: a single turn of the other seat is
    # played alike here); against the Automa there is no other seat to play, and nothing changes.
    def root(game, roll_table):
        search_choice(game, simulations=24, endgame=0, portfolio=0, solo_portfolio=0,
                      hard_from=4, table=1, roll_table=roll_table, depth=2)
        return core.search_tree_stats(game.current_player)["root"]

    duel = midgame(rules, 31, 2, turns=8)
    assert root(duel, 1) != root(duel, 0)
    assert root(duel, 0) == root(duel, 0)          # the search repeats itself
    solo = midgame(rules, 31, 2, turns=8, automa="automa")
    assert root(solo, 1) == root(solo, 0)


def test_before_the_endgame_the_search_plays_its_rollout_heuristic(rules):
    # endgame = 4: no turn decision is searched while every seat has fewer than 4 stars (and
    # without the style selection and the table, tests/scythe/test_search_portfolio.py, the
    # seat plays the heuristic's default weights).
    game = midgame(rules, 8, 2, turns=6)
    rollout = int(dict(SEARCH_WEIGHTS)["rollout"])
    name = next(n for n, (pid, _, _) in STRATEGIES.items() if pid == rollout)
    heuristic = core.CompiledSeats(123, [rollout] * 2, [default_weights(name)] * 2).choose(game)
    assert search_choice(game, endgame=4, portfolio=0, table=0) == heuristic


def test_override_keeps_the_heuristics_choice_without_a_clear_paired_gain(rules):
    # override = z: another option is taken only if its gain over the rollout heuristic's
    # choice on the same determinizations is above 0 by z standard errors; no option
    # clears an absurd z, so the search plays the heuristic's choice at every decision.
    # (table = 0: the seat's heuristic is expert's defaults, whatever the shipped table says)
    game = midgame(rules, 6, 2, turns=10)
    rollout = int(dict(SEARCH_WEIGHTS)["rollout"])
    name = next(n for n, (pid, _, _) in STRATEGIES.items() if pid == rollout)
    searched = differs = 0
    for _ in range(6):
        if game.is_over:
            break
        seat = game.current_player
        heuristic = core.CompiledSeats(123, [rollout] * 2, [default_weights(name)] * 2).choose(game)
        assert search_choice(game, simulations=24, endgame=0, override=1e9, table=0) == heuristic
        differs += search_choice(game, simulations=24, endgame=0, override=0, table=0) != heuristic
        searched += core.search_tree_stats(seat)["root_visits"] >= 24
        game.apply(heuristic)
    assert searched >= 3
    assert differs >= 1, "pick a position where the plain search leaves the heuristic"


def test_settle_stops_a_search_once_the_heuristics_choice_is_settled(rules):
    # settle = z (search.pxi search_settled): from an eighth of the budget on, a decision's
    # search stops once every option has been tried and each trails the rollout heuristic's
    # choice on the same determinizations by more than z standard errors; the choice is then
    # the heuristic's. settle < 0 only counts where it would stop: the same choices and trees
    # as settle = 0. (Each turn's first decision, so that every search starts a fresh tree.)
    game = midgame(rules, 6, 2, turns=4, automa="automa")
    seats = core.CompiledSeats(5, [1, 1], [default_weights("economy")] * 2)
    budget = 256
    knobs = dict(simulations=budget, solo_budget=1, endgame=0, table=0)
    core.search_settle_counts(reset=True)
    stopped, ran, changed, searched = 0, 0, 0, 0
    for _ in range(10):
        play_until(game, seats, lambda g: g.decision_name == "section"
                   and g.current_player != g.automa_seat)
        if game.is_over:
            break
        seat = game.current_player
        plain = search_choice(game, settle=0.0, **knobs)
        plain_stats = core.search_tree_stats(seat)
        assert search_choice(game, settle=-1.0, **knobs) == plain
        assert core.search_tree_stats(seat) == plain_stats
        choice = search_choice(game, settle=1.0, **knobs)
        stats = core.search_tree_stats(seat)
        searched += 1
        if stats["root_visits"] < budget:
            stopped += 1
            assert budget // 8 <= stats["root_visits"]
            assert choice == stats["h_option"]
            ran += stats["root_visits"]
            changed += plain != choice
        else:
            assert choice == plain and stats == plain_stats
            ran += budget
        seats.step(game)
    assert stopped >= 1 and searched - stopped >= 1, "pick positions where some searches settle"
    counts = core.search_settle_counts()
    assert counts["decisions"] == 3 * searched and counts["budgeted"] == 3 * searched * budget
    assert counts["settled"] == 2 * stopped
    assert counts["simulations"] == searched * budget + 2 * ran
    assert counts["settled_then_changed"] == changed


def test_bank_hands_a_settled_decisions_unspent_simulations_to_the_turns_next_one(rules):
    # bank = 1 (search.pxi search_choose): when a decision of a kept turn tree settles early,
    # the simulations it left unspent are added to the next decision's share (follow x the
    # budget); with bank = 0 every later decision gets its share alone. Read decision by
    # decision from search_settle_counts over one turn of the human against the Automa.
    budget, follow = 256, 0.25
    exercised = False
    for bank in (0, 1):
        game = midgame(rules, 6, 2, turns=4, automa="automa")
        seats_h = core.CompiledSeats(5, [1, 1], [default_weights("economy")] * 2)
        play_until(game, seats_h, lambda g: g.decision_name == "section"
                   and g.current_player != g.automa_seat)
        seat, turn = game.current_player, game.turn
        seats = search_seats(2, seat, simulations=budget, solo_budget=1, endgame=0, table=0,
                             settle=1.0, follow=follow, bank=bank)
        searched = []      # (budgeted, simulations run, settled) per searched decision
        while not game.is_over and game.current_player == seat and game.turn == turn:
            core.search_settle_counts(reset=True)
            seats.step(game)
            c = core.search_settle_counts()
            if c["decisions"]:
                assert c["decisions"] == 1
                searched.append((c["budgeted"], c["simulations"], c["settled"]))
        assert len(searched) >= 2 and searched[0][0] == budget
        for (b0, ran0, settled0), (b1, _, _) in zip(searched, searched[1:]):
            carried = b0 - ran0 if bank and settled0 else 0
            assert b1 == int(budget * follow) + carried
            exercised |= carried > 0
    assert exercised, "pick a turn where a settled decision is followed by another search"


def test_search_choice_is_deterministic_with_a_simulation_budget(rules):
    game = midgame(rules, 4, 2, turns=8)
    first = search_choice(game, simulations=32, endgame=0)
    stats = core.search_tree_stats(game.current_player)
    assert search_choice(game, simulations=32, endgame=0) == first
    assert core.search_tree_stats(game.current_player) == stats


def test_search_plays_every_player_count_and_the_automa(rules):
    for n in (2, 4, 5):
        ids = [SEARCH.id] + [1] * (n - 1)
        w = np.array([search_weights(simulations=4, endgame=3, combat=1)]
                     + [default_weights("economy")] * (n - 1))
        out = core.play_batch(rules, [7], n, policy_ids=ids, policy_weights=w)
        assert out["end_reason"][0] in (1, 2)
    w = np.array([search_weights(simulations=4, endgame=3, combat=1), default_weights("economy")])
    out = core.play_batch(rules, [7, 8], 2, policy_ids=[SEARCH.id, 1], policy_weights=w,
                          automa="ultimaszyna")
    assert set(out["end_reason"]) <= {1, 2}


def test_batch_games_are_the_same_on_replay(rules):
    w = np.array([search_weights(simulations=8, endgame=2, combat=1), default_weights("economy")])
    a = core.play_batch(rules, [3, 4], 2, policy_ids=[SEARCH.id, 1], policy_weights=w)
    b = core.play_batch(rules, [4], 2, policy_ids=[SEARCH.id, 1], policy_weights=w)
    assert a["score"][1].tolist() == b["score"][0].tolist()
    assert a["decisions"][1] == b["decisions"][0]


def test_search_takes_a_forced_win(rules):
    # Rulebook §18-§20: the game ends the moment a sixth star is placed, then coins decide.
    # Both seats have five stars, 14 power and 30 coins: a Bolster (+2 power, the power
    # star at 16) ends the game now with the mover ahead. The search takes it; its own
    # rollout heuristic, asked alone, does not.
    def play_turn(use_search):
        game = core.Game(rules, 2, 2, ["saxony", "polania"], ["patriotic", "agricultural"], log=False)
        seat = game.current_player
        done = {k: True for k in ("upgrades", "mechs", "structures", "recruits", "workers")}
        for s in range(2):
            game.set_player(s, power=14, star_placed=done, coins=30)
        ids, weights = [1, 1], [default_weights("economy")] * 2
        if use_search:
            ids[seat], weights[seat] = SEARCH.id, search_weights(simulations=32)
        seats = core.CompiledSeats(9, ids, weights)
        turn = game.turn
        while not game.is_over and game.turn == turn:
            seats.step(game)
        return game, seat

    game, seat = play_turn(True)
    assert game.is_over, "the search did not take the sixth star"
    assert game.result()["rank"][seat] == 1
    game, _ = play_turn(False)
    assert not game.is_over


def rows_on_one_and_two_jobs(tmp_path, games, seed, weights, opponent):
    """The dataset rows (sorted by game and seat) of 2-player games of `search` with
    `weights` (TOML inline table text) against `opponent`, run with 1 job and with 2."""
    import polars as pl

    from simsuite.runner import run
    from simsuite.scenario import load_scenario

    path = tmp_path / "search.toml"
    path.write_text(f'game = "scythe"\nname = "search-jobs"\ngames = {games}\nseed = {seed}\n'
                    f'shard_size = 2\nplayers = 2\n[[policy]]\nname = "search"\n'
                    f'weights = {weights}\n[[policy]]\nname = "{opponent}"\n')
    rows = []
    for jobs in (1, 2):
        run(load_scenario(path, out=tmp_path / f"j{jobs}"), jobs=jobs)
        rows.append(pl.scan_parquet(tmp_path / f"j{jobs}" / "**" / "*.parquet", hive_partitioning=True)
                    .collect().sort(["game_index", "seat"]))
    return rows


def test_one_job_and_two_jobs_give_identical_rows(tmp_path):
    # A simulation budget makes the search reproducible wherever its games run (issue #15).
    rows = rows_on_one_and_two_jobs(tmp_path, 6, 3, "{ simulations = 12, endgame = 3 }", "economy")
    assert rows[0].height == 12
    assert rows[0].equals(rows[1])
