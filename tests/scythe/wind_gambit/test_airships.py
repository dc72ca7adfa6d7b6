"""The Wind Gambit's airship module (rulebook 004, «МОДУЛЬ „ВІТРОПЛАВИ“»), on constructed
positions. Each test cites the rulebook passage it checks. The tiles come from
invented_tiles.toml (an invented test file: Blitzkrieg with a capacity of 3 resources, a
"Test Paymaster" aggressive tile with 2, a "Test Glider" passive tile with range 2); the
expected values are worked out by hand from those entries and the rulebook."""
from __future__ import annotations

from pathlib import Path

import pytest

core = pytest.importorskip("simsuite._scythe", reason="the compiled Scythe core is not built")

from simsuite.games.scythe import wind_gambit as wg  # noqa: E402
from simsuite.games.scythe.data import load_data  # noqa: E402
from tests.scythe.rules.helpers_a import PLAIN_STARS, do, section_of  # noqa: E402

TILES = Path(__file__).with_name("invented_tiles.toml")
DATA = load_data()
# board.toml cells (reference/scythe/board.md): Nordic base 2; lake 24; Factory 30; tunnel farm 36
NORDIC_BASE, LAKE, FACTORY, TUNNEL_FARM = 2, 24, 30, 36
AIR = 14                     # DK_MOVE_UNIT option of the airship (1 + AIR_UNIT)
OIL, METAL, WOOD, FOOD = range(4)


def config(pair=("blitzkrieg", "test_glider"), resolution=None, per_player=False, files=(TILES,)):
    data = wg.load(list(files))
    modules = ("airships",) + (("resolutions",) if resolution else ())
    pairs = ((pair,) if pair else tuple((a, p) for a in data.known("aggressive") for p in data.known("passive")))
    return wg.WindGambitConfig(modules, pairs, per_player, (resolution,) if resolution else (), data)


def rules(**kw):
    cfg = config(**kw)
    return core.Rules(DATA, modules=cfg.modules, wind_gambit=cfg)


def position(r=None, factions=("nordic", "rusviet"), mats=("industrial", "engineering")):
    g = core.Game(r or rules(), 1, len(factions), list(factions), list(mats))
    g.clear_board()
    for s in range(g.n_players):
        g.set_player(s, power=0, popularity=0, coins=0, hand=[0, 0, 0, 0], objectives=[],
                     factory_card=False, last_section=-1, top_cubes=[1] * 6, bottom_cubes=[0] * 4,
                     recruits=[0] * 4, onetime=[0] * 4, star_placed={k: False for k in PLAIN_STARS},
                     combat_stars=0, objective_stars=0, forced_retreat=False, coercion_used=False)
    return g


def seat(g, faction):
    return next(s for s in range(g.n_players) if g.faction_name(s) == faction)


def start_move(g, s):
    g.set_player(s, last_section=-1)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, top="move"))
    do(g, "top", 100)


def go_on(g):
    """Answer "go on" at the airship's cargo decision (applied by the engine when it is the only
    option)."""
    if g.decision_name == "airship_cargo":
        g.apply(0)


def fly_and_stop(g, s, *cells):
    """Seat s's Move: its airship flies through `cells` (loading nothing) and stops."""
    start_move(g, s)
    do(g, "move_unit", AIR)
    for c in cells:
        go_on(g)
        do(g, "airship_step", c)
    go_on(g)
    do(g, "airship_step", 0)


def cell(i):
    return DATA.cells[i]


def river_neighbour():
    """A land territory and a neighbour across a river (board.toml's river edges)."""
    for c in DATA.cells.values():
        if c.terrain not in ("base", "lake") and c.rivers:
            for d in c.rivers:
                nb = c.neighbours[("NE", "E", "SE", "SW", "W", "NW").index(d)]
                if nb > 0 and DATA.cells[nb].terrain not in ("base", "lake"):
                    return c.id, nb
    raise AssertionError("no river edge")


# ------------------------------------------------------------------ setup
def test_each_airship_starts_on_its_home_base():
    # 004 «ПРИГОТУВАННЯ ДО ГРИ» 1: each player puts their airship on their base.
    g = core.Game(rules(), 5, 3, ["nordic", "rusviet", "crimea"], None)
    for s in range(3):
        base = DATA.factions[g.faction_name(s)].base
        assert g.airship(s)["cell"] == base


def test_the_shared_pair_is_the_same_for_every_player():
    # 004 «ПРИГОТУВАННЯ ДО ГРИ» 2: one aggressive and one passive tile for all airships.
    r = rules(pair=None)
    for seed in range(1, 30):
        g = core.Game(r, seed, 4, None, None)
        pairs = {(g.airship(s)["aggressive"], g.airship(s)["passive"]) for s in range(4)}
        assert len(pairs) == 1


def test_per_player_tiles_are_all_different():
    # 004 «СКЛАДНІШІ ПРАВИЛА»: each player is dealt their own aggressive and passive tile.
    more = TILES.with_name("more_tiles.toml")
    r = rules(pair=None, per_player=True, files=(TILES, more))
    g = core.Game(r, 7, 2, None, None)
    assert g.airship(0)["aggressive"] != g.airship(1)["aggressive"]
    assert g.airship(0)["passive"] != g.airship(1)["passive"]


# ------------------------------------------------------------------ movement
def test_airship_is_a_unit_of_the_move_action():
    # 004 «ПЕРЕМІЩЕННЯ»: choose the Move action and the airship as the unit to move.
    g = position()
    s = seat(g, "nordic")
    start_move(g, s)
    assert AIR in g.legal_options()
    do(g, "move_unit", AIR)
    assert g.decision_name == "airship_step"      # nothing to load on the base: straight to a step


def test_range_limits_the_steps_and_a_factory_card_adds_one():
    # 004 «ДАЛЬНОСТЬ»: at most the passive tile's range (Test Glider: 2);
    # «КАРТА ФАБРИКИ»: +1 on a Factory card's Move.
    g = position()
    s = seat(g, "nordic")
    start_move(g, s)
    do(g, "move_unit", AIR)
    steps = 0
    while True:
        go_on(g)
        if g.decision_name != "airship_step" or 0 in g.legal_options() and len(g.legal_options()) == 1:
            break
        nxt = [o for o in g.legal_options() if o]
        g.apply(nxt[0])
        steps += 1
    assert steps == 2
    g2 = position()
    s = seat(g2, "nordic")
    g2.set_player(s, factory_card=True, last_section=-1)
    g2.begin_turn(s)
    do(g2, "section", 4)
    while g2.decision_name != "bottom":
        g2.apply(g2.legal_options()[0])
    do(g2, "bottom", 1)
    do(g2, "move_unit", AIR)
    steps = 0
    while True:
        go_on(g2)
        if g2.decision_name != "airship_step":
            break
        g2.apply([o for o in g2.legal_options() if o][0])
        steps += 1
    assert steps == 3


def test_rivers_and_lakes_do_not_stop_it():
    # 004 «РІЧКИ ТА ОЗЕРА»: an airship crosses rivers and enters lakes.
    a, b = river_neighbour()
    g = position()
    s = seat(g, "nordic")
    g.set_airship(s, cell=a)
    start_move(g, s)
    do(g, "move_unit", AIR)
    go_on(g)
    assert b in g.legal_options()
    g.set_airship(s, cell=[c for c in cell(LAKE).neighbours if c][0])
    assert LAKE in g.legal_options()


def test_never_onto_a_base_nor_through_tunnels():
    # 004 «БАЗА»: airships may not move onto bases; «ТУНЕЛІ ТА ШАХТИ»: nor use tunnels or Mines.
    g = position()
    s = seat(g, "nordic")
    start_move(g, s)
    do(g, "move_unit", AIR)
    go_on(g)
    legal = set(g.legal_options())
    assert legal == {c for c in cell(NORDIC_BASE).neighbours if c > 0}
    g.set_airship(s, cell=TUNNEL_FARM)
    far_tunnels = {c.id for c in DATA.cells.values() if c.tunnel} - set(cell(TUNNEL_FARM).neighbours) - {TUNNEL_FARM}
    assert not (set(g.legal_options()) & far_tunnels)
    bases = {c.id for c in DATA.cells.values() if c.terrain == "base"}
    assert not (set(g.legal_options()) & bases)


def test_any_number_of_airships_share_a_territory_and_control_nothing():
    # 004 «КІЛЬКА ВІТРОПЛАВІВ НА ОДНІЙ ТЕРИТОРІЇ», «КОНТРОЛЬ ТЕРИТОРІЙ»: no control, no limit.
    g = position()
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    g.set_airship(n, cell=FACTORY)
    g.set_airship(r, cell=FACTORY)
    assert g.controller(FACTORY) is None or g.controller(FACTORY) == -1
    g.set_resources(FACTORY, {"oil": 2})
    assert g.controlled_resources(n)["oil"] == 0


# ------------------------------------------------------------------ cargo
def test_loads_within_capacity_and_leaves_on_the_way():
    # 004 «ПЕРЕНЕСЕННЯ РЕСУРСІВ АБО РОБІТНИКІВ»: up to the aggressive tile's capacity (3),
    # loaded or left before, during or after the move.
    g = position()
    s = seat(g, "nordic")
    start_cell = cell(NORDIC_BASE).neighbours[2]
    g.set_airship(s, cell=start_cell)
    g.set_resources(start_cell, {"wood": 5})
    start_move(g, s)
    do(g, "move_unit", AIR)
    for _ in range(3):
        do(g, "airship_cargo", 1 + WOOD)
    # full, and nothing to leave where it loaded: "go on" was the only option (applied)
    assert g.decision_name == "airship_step"
    assert g.airship(s)["cargo"]["wood"] == 3
    nxt = [c for c in cell(start_cell).neighbours if c > 0 and DATA.cells[c].terrain not in ("base", "lake")][0]
    do(g, "airship_step", nxt)
    do(g, "airship_cargo", 5 + WOOD)         # leave one during the move
    assert g.resources(nxt)["wood"] == 1
    assert g.airship(s)["cargo"]["wood"] == 2


def test_never_picks_up_resources_an_opponent_controls():
    # 004 «ПЕРЕНЕСЕННЯ»: airships cannot take resources controlled by opponents.
    g = position()
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    c = cell(NORDIC_BASE).neighbours[2]
    g.set_airship(n, cell=c)
    g.set_resources(c, {"oil": 2})
    g.set_unit(r, "worker0", c)
    start_move(g, n)
    do(g, "move_unit", AIR)
    assert g.decision_name == "airship_step"       # no load was offered
    assert g.airship(n)["cargo"]["oil"] == 0


def test_cargo_is_controlled_spent_and_scored():
    # 004 «ПЕРЕНЕСЕННЯ РЕСУРСІВ»: resources aboard stay yours until spent or left, and count at
    # final scoring (every 2 controlled resources, base §20).
    g = position()
    s = seat(g, "nordic")
    g.set_airship(s, cargo={"metal": 2, "oil": 1})
    res = g.controlled_resources(s)
    assert (res["metal"], res["oil"]) == (2, 1)
    # popularity 0: the lowest tier pays 1 coin per pair of resources (base §20): 3 tokens -> 1
    assert g.result()["score_resources"][s] == 1
    assert g.result()["resources"][s] == 3


def test_never_leaves_resources_on_a_lake():
    # base §8.5 (resources are not left on lakes), read for airships (digest §4.12 #2).
    g = position()
    s = seat(g, "nordic")
    g.set_airship(s, cell=LAKE, cargo={"food": 1})
    start_move(g, s)
    do(g, "move_unit", AIR)
    assert 5 + FOOD not in g.legal_options()


# ------------------------------------------------------------------ tile rules
def test_blitzkrieg_fight_between_two_airships():
    # 004 «БЛІЦКРИГ»: combat between 2 airships; the winner gains a star as usual; the loser's
    # airship retreats (the only case); the other units neither fight nor retreat.
    g = position()
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    target = [c for c in cell(NORDIC_BASE).neighbours if c > 0][0]
    g.set_airship(r, cell=target, cargo={"oil": 1})
    g.set_unit(r, "worker0", target)
    g.set_player(n, power=5)
    g.set_player(r, power=2)
    fly_and_stop(g, n, target)
    do(g, "airship_combat", 1 + r)
    do(g, "airship_dial", 3)
    do(g, "airship_dial", 2)
    assert g.player(n)["combat_stars"] == 1
    assert g.airship(r)["cell"] == DATA.factions["rusviet"].base
    assert g.player(r)["units"]["worker0"] == target          # other units stay
    assert g.airship(r)["cargo"]["oil"] == 0
    assert (g.player(n)["power"], g.player(r)["power"]) == (2, 0)


def test_no_airship_combat_without_blitzkrieg():
    # 004 «БІЙ», «БЛІЦКРИГ»: without Blitzkrieg airships never fight.
    g = position(rules(pair=("test_paymaster", "test_glider")))
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    target = [c for c in cell(NORDIC_BASE).neighbours if c > 0][0]
    g.set_airship(r, cell=target)
    fly_and_stop(g, n, target)
    assert g.decision_name != "airship_combat"


def test_airship_stops_village_gain_coins():
    # vocabulary: when = airship_stops, if = village, do = gain_coins (Test Paymaster: 3 coins)
    g = position(rules(pair=("test_paymaster", "test_glider")))
    n = seat(g, "nordic")
    village = next(c.id for c in DATA.cells.values() if c.terrain == "village"
                   and any(nb > 0 and DATA.cells[nb].terrain not in ("base",) for nb in c.neighbours))
    src = next(nb for nb in cell(village).neighbours if nb > 0 and DATA.cells[nb].terrain != "base")
    g.set_airship(n, cell=src)
    fly_and_stop(g, n, village)              # coins were 0; the Move itself pays nothing
    assert g.player(n)["coins"] == 3


def test_turn_start_unoccupied_gain_power():
    # vocabulary: when = turn_start, if = unoccupied, do = gain_power (Test Glider: 1 power)
    g = position()
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    c = cell(NORDIC_BASE).neighbours[2]
    g.set_airship(n, cell=c)
    g.begin_turn(n)
    assert g.player(n)["power"] == 1
    g.set_unit(r, "worker0", c)               # now occupied: no gain
    g.begin_turn(n)
    assert g.player(n)["power"] == 1


# ------------------------------------------------------------------ workers aboard
def ferry_position():
    g = position(rules(pair=("test_ferryman", "test_glider")))
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    return g, n, r


def take_aboard(g, n, a, workers=1):
    """Seat n's airship on `a` with its first `workers` workers; a Move starts and the airship
    takes one of them aboard."""
    g.set_airship(n, cell=a)
    for k in range(workers):
        g.set_unit(n, f"worker{k}", a)
    start_move(g, n)
    do(g, "move_unit", AIR)
    do(g, "airship_cargo", 9)


def land_path(start, k):
    """k land territories stepping away from `start` (by the printed neighbours)."""
    out, c = [], start
    for _ in range(k):
        c = next(nb for nb in DATA.cells[c].neighbours
                 if nb > 0 and nb not in out and nb != start and DATA.cells[nb].terrain not in ("base", "lake"))
        out.append(c)
    return out


def test_workers_aboard_control_nothing_and_are_set_down_during_the_move():
    # 004 «ПЕРЕНЕСЕННЯ РОБІТНИКІВ»: a worker aboard gives no control of the territory below;
    # «ВИСАДКА РОБІТНИКІВ»: set down during the airship's move on a territory no opponent occupies.
    g, n, r = ferry_position()
    a = cell(NORDIC_BASE).neighbours[2]
    b, c = land_path(a, 2)
    take_aboard(g, n, a)
    assert g.airship(n)["workers"] == ["worker0"]
    assert g.controller(a) in (None, -1)      # nobody holds a: the worker is aboard
    do(g, "airship_step", b)
    assert g.controller(b) in (None, -1)
    do(g, "airship_cargo", 10)                # set it down on b
    assert g.unit_cell(n, "worker0") == b and g.airship(n)["workers"] == []
    g.check_invariants()


def test_no_worker_is_set_down_where_an_opponent_stands():
    # 004 «ВИСАДКА РОБІТНИКІВ»: only on territories not occupied by opponents.
    g, n, r = ferry_position()
    a = cell(NORDIC_BASE).neighbours[2]
    b, = land_path(a, 1)
    g.set_unit(r, "worker0", b)
    take_aboard(g, n, a)
    do(g, "airship_step", b)
    assert 10 not in (g.legal_options() if g.decision_name == "airship_cargo" else [])


def test_a_worker_aboard_neither_moves_by_itself_nor_produces():
    # 004 «ПЕРЕНЕСЕННЯ РОБІТНИКІВ»: workers aboard cannot Produce; they never step off directly.
    g, n, r = ferry_position()
    a = cell(NORDIC_BASE).neighbours[2]
    take_aboard(g, n, a)
    assert g.step_targets(n, "worker0") == [] or not g.step_targets(n, "worker0")
    assert g.workers_of_on(n, a) == 0


def test_capacity_limits_workers_aboard():
    # 004 «ПЕРЕНЕСЕННЯ»: up to the tile's capacity (Test Ferryman: 2 workers).
    g, n, r = ferry_position()
    a = cell(NORDIC_BASE).neighbours[2]
    take_aboard(g, n, a, workers=3)
    do(g, "airship_cargo", 9)
    assert g.decision_name != "airship_cargo" or 9 not in g.legal_options()
    assert len(g.airship(n)["workers"]) == 2


def test_a_set_down_worker_may_move_in_the_same_move_action():
    # 004 «ВИСАДКА РОБІТНИКІВ»: set down before the worker moves, possibly the same turn.
    g, n, r = ferry_position()
    a = cell(NORDIC_BASE).neighbours[2]
    b, c = land_path(a, 2)
    take_aboard(g, n, a)
    do(g, "airship_step", b)
    do(g, "airship_cargo", 10)
    if g.decision_name == "airship_step":
        g.apply(0)
    assert g.decision_name == "move_unit" and 1 + 5 in g.legal_options()   # worker0 = unit 5


# ------------------------------------------------------------------ the vocabulary, element by element
def probe(tmp_path, cond, effect):
    f = tmp_path / "probe.toml"
    f.write_text(f'[passive.test_probe]\nnumber = 97\nname = "Probe"\nrange = 1\n'
                 f'ability = [{{ when = "turn_start", if = "{cond}", do = "{effect}", amount = 2 }}]\n'
                 'source = "test"\nconfidence = "low"\nprovisional = true\n')
    return position(rules(pair=("test_paymaster", "test_probe"), files=(TILES, f)))


VILLAGE = next(c.id for c in DATA.cells.values() if c.terrain == "village")


@pytest.mark.parametrize("cond,where,other_unit,expect", [
    ("always", None, None, True),
    ("occupied", "a", "own", True), ("occupied", "a", None, False),
    ("unoccupied", "a", None, True), ("unoccupied", "a", "opp", False),
    ("opponent_occupied", "a", "opp", True), ("opponent_occupied", "a", "own", False),
    ("village", "village", None, True), ("village", "a", None, False),
    ("factory", "factory", None, True), ("factory", "a", None, False),
    ("opponent_airship", "a", "airship", True), ("opponent_airship", "a", None, False),
])
def test_each_condition(tmp_path, cond, where, other_unit, expect):
    # wind_gambit.py vocabulary, CONDITIONS ("occupied": at least 1 worker, character or mech,
    # 004 «ЗАЙНЯТА ЧИ НЕЗАЙНЯТА"; an airship does not occupy)
    g = probe(tmp_path, cond, "gain_coins")
    n, r = seat(g, "nordic"), seat(g, "rusviet")
    c = {"a": cell(NORDIC_BASE).neighbours[2], "village": VILLAGE, "factory": FACTORY, None: None}[where]
    if c is not None:
        g.set_airship(n, cell=c)
    if other_unit == "own":
        g.set_unit(n, "worker0", c)
    elif other_unit == "opp":
        g.set_unit(r, "worker0", c)
    elif other_unit == "airship":
        g.set_airship(r, cell=c)
    g.begin_turn(n)
    assert g.player(n)["coins"] == (2 if expect else 0)


@pytest.mark.parametrize("effect,field,expect", [
    ("gain_coins", "coins", 2), ("gain_power", "power", 2), ("gain_popularity", "popularity", 2),
])
def test_each_gain_effect(tmp_path, effect, field, expect):
    # wind_gambit.py vocabulary, EFFECTS: the owner gains `amount`
    g = probe(tmp_path, "always", effect)
    n = seat(g, "nordic")
    g.begin_turn(n)
    assert g.player(n)[field] == expect


def test_gain_cards_effect(tmp_path):
    g = probe(tmp_path, "always", "gain_cards")
    n = seat(g, "nordic")
    g.begin_turn(n)
    assert sum(g.player(n)["hand"].values()) == 2


def test_resources_aboard_pay_a_bottom_action():
    # 004 «ПЕРЕНЕСЕННЯ РЕСУРСІВ»: resources aboard are yours until you use them: they pay costs.
    # No metal anywhere but aboard; a worker on a territory to deploy on.
    g = position()
    s = seat(g, "nordic")
    w = cell(NORDIC_BASE).neighbours[2]
    g.set_unit(s, "worker0", w)
    g.set_airship(s, cell=w, cargo={"metal": 5})
    g.set_player(s, last_section=-1)
    g.begin_turn(s)
    do(g, "section", section_of(g, s, bottom="deploy"))
    while g.decision_name == "top":
        g.apply(0)
    do(g, "bottom", 1)
    while g.decision_name in ("pay", "deploy"):   # (single options are applied by the engine)
        g.apply(g.legal_options()[0])
    assert g.airship(s)["cargo"]["metal"] < 5
    assert any(g.unit_cell(s, f"mech{k}") == w for k in range(4))
