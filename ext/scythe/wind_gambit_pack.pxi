# Layer: rules (Python level, run once per scenario). Uses: state (wind_gambit_state.pxd).
#
# Packs a `simsuite.games.scythe.wind_gambit.WindGambitConfig` (its tiles already checked
# there) into WindGambitRules: the tiles a scenario may deal, their numbers and ability rules in
# the vocabulary's codes, the pairs and resolutions to draw from.

from simsuite.games.scythe import wind_gambit as _wg


cdef _pack_rules(AirTile* t, list rules):      # Python level (runs once per scenario)
    cdef int i
    if len(rules) > WG_MAX_RULES:
        raise UserError(f"a tile has {len(rules)} ability rules; at most {WG_MAX_RULES}")
    t.n_rules = len(rules)
    for i, rule in enumerate(rules):
        t.rules[i].when = _wg.TRIGGERS.index(rule["when"])
        t.rules[i].cond = _wg.CONDITIONS.index(rule["if"])
        t.rules[i].effect = _wg.EFFECTS.index(rule["do"])
        t.rules[i].amount = rule["amount"]


cdef _pack_resolution(ResolutionTile* t, dict f):      # Python level
    t.trigger = _wg.END_TRIGGERS.index(f["end"]["trigger"])
    t.count = f["end"]["count"]
    t.extra_rounds = f["end"]["extra_rounds"]
    t.turns_per = _wg.TURNS_PER.index(f["end"]["per"])
    for g in f["on_trigger"]:
        t.gain[_wg.EFFECTS.index(g["do"])] += g["amount"]   # AirEffect order
    t.end_area = AR_NONE
    t.end_per_unit = -1
    for a in f["at_end"]:                                   # at most one (wind_gambit.py)
        t.end_area = _wg.AREAS.index(a["where"])
        if a["per_unit"] is not None:
            t.end_per_unit = _wg.EFFECTS.index(a["per_unit"])
            t.end_amount = a["amount"]
    t.n_shared = f["setup"]["shared_objectives"]
    shared = f["shared_objectives"]
    if shared is not None:
        t.shared_claim = _wg.SHARED_CLAIMS.index(shared["claim"])
        t.shared_star = _wg.SHARED_STARS.index(shared["star"])
        for g in shared["reward"]:
            t.shared_gain[_wg.EFFECTS.index(g["do"])] += g["amount"]


cdef pack_wind_gambit(WindGambitRules* w, config):      # Python level
    """Fill `w` from `config` (None: both modules off); returns ((aggressive names, passive
    names), resolution names), each by packed index."""
    cdef int i, k
    memset(w, 0, sizeof(WindGambitRules))
    if config is None or not config.modules:
        return ((), ()), ()
    data = config.data
    agg = sorted({a for a, _ in config.pairs})
    pas = sorted({p for _, p in config.pairs})
    if len(agg) > WG_MAX_TILES or len(pas) > WG_MAX_TILES or len(config.pairs) > WG_MAX_PAIRS:
        raise UserError(f"rules.airship_tiles: too many tiles (at most {WG_MAX_TILES} of a kind, "
                        f"{WG_MAX_PAIRS} pairs); name fewer tiles in your tile file")
    for i, key in enumerate(agg):
        f = data.tiles["aggressive"][key].fields
        w.agg[i].cap_res = f["capacity"]["resources"]
        w.agg[i].cap_wk = f["capacity"]["workers"]
        w.agg[i].cap_either = 1 if f["capacity"]["either"] else 0
        _pack_rules(&w.agg[i], f["ability"])
    for i, key in enumerate(pas):
        f = data.tiles["passive"][key].fields
        w.pas[i].range = f["range"]
        _pack_rules(&w.pas[i], f["ability"])
    for k, (a, p) in enumerate(config.pairs):
        w.pairs[k][0] = agg.index(a)
        w.pairs[k][1] = pas.index(p)
    w.n_pairs = len(config.pairs)
    w.airships_on = 1 if "airships" in config.modules else 0
    w.per_player = 1 if config.per_player else 0
    if len(config.resolutions) > WG_MAX_RESOLUTIONS:
        raise UserError(f"rules.resolution: at most {WG_MAX_RESOLUTIONS} resolutions")
    for k, key in enumerate(config.resolutions):
        _pack_resolution(&w.res[k], data.tiles["resolution"][key].fields)
        w.res_choices[k] = k
    w.n_res_choices = len(config.resolutions)
    w.resolutions_on = 1 if "resolutions" in config.modules else 0
    w.n_agg = len(agg)
    w.n_pas = len(pas)
    return (tuple(agg), tuple(pas)), tuple(config.resolutions)
