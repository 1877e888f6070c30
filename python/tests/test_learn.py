"""wythoff.learn: a proved automaton is the P-set — checked against P-boards computed here from
the rules by backward induction, run by a Walnut reader and numeration written here, and given
back to wythoff.prove as a predicate; "not found" with its measurements; bad arguments as
ValueError; Ctrl-C."""

import threading
import time

import pytest

import wythoff
from conftest import p_positions

RULES_J12 = "1,0:0,1:1,1:j1,2"


# --- independent of the package: the rules, a numeration, a reader of Walnut's format ---------


def line_game_p_board(rules, side):
    """P[x][y] for 0 <= x, y < side of the line game `rules` ("P,Q:jP,Q:…": a ray takes
    i·(P, Q) for any i >= 1, a jump (P, Q) once, no pile below 0), by backward induction in
    order of x + y."""
    moves = []
    for r in rules.split(":"):
        jump = r.startswith("j")
        p, q = map(int, r.lstrip("j").split(","))
        moves.append((p, q, jump))
    board = [[False] * side for _ in range(side)]
    for s in range(2 * side - 1):
        for x in range(max(0, s - side + 1), min(s, side - 1) + 1):
            y = s - x
            reaches_p = False
            for p, q, jump in moves:
                i = 1
                while x - i * p >= 0 and y - i * q >= 0 and not reaches_p:
                    reaches_p = board[x - i * p][y - i * q]
                    if jump:
                        break
                    i += 1
            board[x][y] = not reaches_p
    return board


def greedy_digits(n, weights):
    """The digits of n, most significant first, in the greedy numeration of `weights`
    (increasing, from 1): Zeckendorf's for 1, 2, 3, 5, …, Ostrowski's of [0; 2, 2, …] (Walnut's
    msd_ost2 and msd_pell) for 1, 2, 5, 12, …."""
    out = []
    for w in reversed(weights):
        out.append(n // w)
        n %= w
    assert n == 0
    return out


def weights_of(a, below):
    """The weights q_0 = 1, q_1 = a, q_{k+1} = a·q_k + q_{k-1} past `below` (a = 1: 1, 2, 3, 5…
    as Zeckendorf's)."""
    w = [1, a + 1] if a == 1 else [1, a]
    while w[-1] <= below:
        w.append(a * w[-1] + w[-2])
    return w


def walnut_automaton(text):
    """A two-input automaton file in Walnut's format: (numerations, initial state, accepting
    states, transitions {(state, (d1, d2)): target})."""
    lines = [ln.split() for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    inputs = lines[0]
    accepting, delta, initial, state = set(), {}, None, None
    for words in lines[1:]:
        if "->" in words:
            k = words.index("->")
            delta[(state, tuple(map(int, words[:k])))] = int(words[k + 1])
        else:
            state = int(words[0])
            initial = state if initial is None else initial
            if words[1] == "1":
                accepting.add(state)
    return inputs, initial, accepting, delta


def accepts(automaton, x, y, weights):
    _, s, accepting, delta = automaton
    for letter in zip(greedy_digits(x, weights), greedy_digits(y, weights)):
        s = delta.get((s, letter))
        if s is None:
            return False
    return s in accepting


# --- the package ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def j12():
    return wythoff.learn(rules=RULES_J12)


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_wythoffs_game_is_proved_and_its_automaton_is_p_for_prove(tmp_path):
    r = wythoff.learn(game="wythoff")
    assert r["verdict"] == "proved" and r["reason"] is None
    assert r["states"] == 7
    assert r["checked_rows"] > r["rows"] > 0 and r["digits"] > 0
    assert r["sentences"] and all(s["verdict"] is True for s in r["sentences"])
    assert all(s["counterexample"] is None for s in r["sentences"])
    assert {"L(0,0)"} <= {s["statement"] for s in r["sentences"]}
    path = write(tmp_path, "wythoff.txt", r["automaton"])
    assert r["automaton"].splitlines()[0] == "msd_fib msd_fib"
    assert wythoff.prove("A x,y L(x,y) <=> P(x,y)", predicates={"L": path}) == (True, None)
    # and on a box from the rules alone
    board = p_positions(40)
    auto, w = walnut_automaton(r["automaton"]), weights_of(1, 40)
    assert all(accepts(auto, x, y, w) == board[x][y] for x in range(40) for y in range(40))
    # the automaton counts its states as "states" says
    assert len({int(ln.split()[0]) for ln in r["automaton"].split("\n\n")[1:]}) == 7


def test_a_line_game_with_a_jump_is_proved_with_269_states(j12):
    assert j12["verdict"] == "proved" and j12["states"] == 269
    assert j12["reason"] is None and j12["checked_rows"] > j12["rows"]
    # learned along the diagonals, where it closes first; their Moore automaton is smaller
    assert j12["representation"] == "diagonals" and 0 < j12["moore_states"] < 269
    assert j12["diagonals"] > 0 and j12["diagonal_class_counts"]
    says = [s["says"] for s in j12["sentences"]]
    assert any("jump (1, 2)" in s for s in says), says
    assert all(s["verdict"] is True for s in j12["sentences"])


def test_the_269_states_accept_exactly_the_p_positions_of_the_rules(j12):
    side = 60
    board = line_game_p_board(RULES_J12, side)
    # the rules are not symmetric, and neither is the board
    assert any(board[x][y] != board[y][x] for x in range(side) for y in range(side))
    auto, w = walnut_automaton(j12["automaton"]), weights_of(1, side)
    wrong = [(x, y) for x in range(side) for y in range(side)
             if accepts(auto, x, y, w) != board[x][y]]
    assert wrong == []


def test_the_269_states_read_back_by_prove(j12, tmp_path):
    path = write(tmp_path, "j12.txt", j12["automaton"])
    board = line_game_p_board(RULES_J12, 12)
    for x, y in [(0, 0), (1, 1), (0, 3), (3, 0), (5, 2), (2, 5)]:
        assert wythoff.prove(f"L({x},{y})", predicates={"L": path}) == (board[x][y], None)
    # the P-positions of Wythoff's game plus a jump are not Wythoff's
    holds, _ = wythoff.prove("A x,y L(x,y) <=> P(x,y)", predicates={"L": path})
    assert holds is False


def test_the_generalized_game_a_2_is_proved_in_its_own_numeration(tmp_path):
    r = wythoff.learn(a=2)
    assert r["verdict"] == "proved" and r["states"] > 0
    assert all(s["verdict"] is True for s in r["sentences"])
    assert r["automaton"].splitlines()[0] == "msd_ost2 msd_ost2"
    path = write(tmp_path, "a2.txt", r["automaton"])
    assert wythoff.prove("A x,y L(x,y) <=> P(x,y)", a=2, predicates={"L": path}) == (True, None)
    board = p_positions(40, 2)
    auto, w = walnut_automaton(r["automaton"]), weights_of(2, 40)
    assert all(accepts(auto, x, y, w) == board[x][y] for x in range(40) for y in range(40))


def misere_p_board(a, side):
    """P[x][y] for 0 <= x, y < side of the misère generalized game with parameter a (take k > 0
    from one pile, or k, l > 0 from both with |k − l| < a; the player who makes the last move
    loses), by backward induction: (0, 0) is N (the player to move there has won), and a
    position is P when all its moves lead to N."""
    board = [[False] * side for _ in range(side)]
    for x in range(side):
        for y in range(side):
            if x == y == 0:
                continue
            moves = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
            moves += [
                (x - k, y - l)
                for k in range(1, x + 1)
                for l in range(1, y + 1)
                if abs(k - l) < a
            ]
            board[x][y] = not any(board[u][v] for u, v in moves)
    return board


@pytest.mark.parametrize("a", [1, 2])
def test_the_misere_game_is_proved_and_is_its_p_board(a):
    r = wythoff.learn(a=a, misere=True) if a > 1 else wythoff.learn(misere=True)
    assert r["verdict"] == "proved" and r["states"] > 0
    assert all(s["verdict"] is True for s in r["sentences"])
    board = misere_p_board(a, 30)
    auto, w = walnut_automaton(r["automaton"]), weights_of(a, 30)
    assert all(accepts(auto, x, y, w) == board[x][y] for x in range(30) for y in range(30))


def test_a_misere_line_game_is_proved_and_is_its_p_board():
    # Wythoff's game as the line game of its three rays, in misère play
    r = wythoff.learn(game="wythoff", misere=True)
    assert r["verdict"] == "proved" and r["representation"] in ("diagonals", "two-tracks")
    board = misere_p_board(1, 30)
    auto, w = walnut_automaton(r["automaton"]), weights_of(1, 30)
    assert all(accepts(auto, x, y, w) == board[x][y] for x in range(30) for y in range(30))


def test_maharaja_within_3000_rows_is_not_found_with_its_measurements():
    r = wythoff.learn(game="maharaja", max_rows=3000)
    assert r["verdict"] == "not-found"
    assert r["states"] is None and r["automaton"] is None
    assert isinstance(r["reason"], str) and r["reason"]
    assert 0 < r["rows"] <= 3000 and r["checked_rows"] == 0
    counts = r["class_counts"]
    assert counts and all(isinstance(c, tuple) and len(c) == 2 for c in counts)
    assert all(type(k) is int and type(c) is int and c > 0 for k, c in counts)
    assert [k for k, _ in counts] == sorted(k for k, _ in counts)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({}, "exactly one of"),
        ({"game": "wythoff", "rules": "1,0:0,1"}, "exactly one of"),
        ({"game": "wythoff", "a": 2}, "exactly one of"),
        ({"rules": "1,0:0,1", "value": 1}, "exactly one of"),
        ({"a": 1, "value": 2}, "exactly one of"),
        ({"game": "no-such-game"}, "unknown game 'no-such-game'"),
        ({"rules": "1,1:j1,2"}, "Nim moves"),
        ({"rules": "1,x"}, "not an integer"),
        ({"game": "three-pile"}, "'three-pile' is not a line game"),
        ({"value": 3}, "3 is not 1 or 2"),
        ({"value": 2**40}, "is not 1 or 2"),
        ({"value": -1}, "value"),
        ({"a": 0}, "a must be"),
        ({"a": 10}, "a = 10"),
        ({"game": "wythoff", "max_rows": 0}, "max_rows"),
        ({"game": "wythoff", "max_rows": -5}, "max_rows"),
        ({"game": "wythoff", "a": 2, "misere": True}, "exactly one of"),
        ({"value": 1, "misere": True}, "misere=True goes with game, rules or a=A"),
    ],
)
def test_bad_arguments_are_value_errors_of_one_line(kwargs, words):
    with pytest.raises(ValueError, match=words) as e:
        wythoff.learn(**kwargs)
    assert "\n" not in str(e.value)


def test_values_one_and_two_are_subjects():
    # value 0 is "no value": alone it is nothing to learn
    with pytest.raises(ValueError, match="exactly one of"):
        wythoff.learn(value=0)
    # value 1 and 2 start the learner (stopped at once by a small box: nothing found)
    for g in (1, 2):
        r = wythoff.learn(value=g, max_rows=200)
        assert r["verdict"] == "not-found" and r["states"] is None


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                    reason="signals reach only the main thread")
def test_ctrl_c_stops_learning(ctrl_c):
    # the 1-values close only at 2,178,309 rows (about a minute and a quarter)
    ctrl_c(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        wythoff.learn(value=1)
        time.sleep(5)
    assert time.monotonic() - started < 5
    assert wythoff.learn(game="wythoff")["states"] == 7
