"""Independent computations in plain Python, from the rules and the definitions alone: the tests
compare the package with them, and scripts/python-bench times the plain mex against it."""

from math import isqrt


def lower(n, a=1):
    """A_n = floor(n * alpha), alpha = (2 - a + sqrt(a^2 + 4)) / 2, by an exact integer square
    root: floor((m + sqrt(D)) / 2) = (m + isqrt(D)) // 2 for integers m and D >= 0."""
    return (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2


def pair(n, a=1):
    """The n-th P-position (A_n, B_n) of normal play, B_n = A_n + a n."""
    x = lower(n, a)
    return x, x + a * n


def legal_moves(x, y, a):
    """Every position reachable from (x, y) by the rules: any number from one pile, or k and l
    from both with |k - l| < a."""
    for u in range(x):
        yield u, y
    for v in range(y):
        yield x, v
    for k in range(1, x + 1):
        for l in range(1, y + 1):
            if abs(k - l) < a:
                yield x - k, y - l


def p_positions(size, a=1, misere=False):
    """P[x][y] for 0 <= x, y < size, from the rules alone (brute force).  In misère play the
    player who cannot move wins: (0, 0) is an N-position."""
    p = [[False] * size for _ in range(size)]
    for s in range(2 * size - 1):
        for x in range(max(0, s - size + 1), min(s, size - 1) + 1):
            y = s - x
            options = list(legal_moves(x, y, a))
            if not options:
                p[x][y] = not misere
            else:
                p[x][y] = not any(p[u][v] for u, v in options)
    return p


def naive_grundy(size, a=1):
    """G[x][y] by a plain mex over the options (the triple loop)."""
    g = [[0] * size for _ in range(size)]
    for x in range(size):
        for y in range(size):
            seen = {g[u][v] for u, v in legal_moves(x, y, a)}
            m = 0
            while m in seen:
                m += 1
            g[x][y] = m
    return g


def wythoff_grundy(size):
    """G[x][y] of Wythoff's game (a = 1) by the plain triple loop: the mex of the row to the left,
    the column above and the diagonal up-left of every cell."""
    g = [[0] * size for _ in range(size)]
    for x in range(size):
        for y in range(size):
            seen = {g[u][y] for u in range(x)}
            seen.update(g[x][v] for v in range(y))
            seen.update(g[x - k][y - k] for k in range(1, min(x, y) + 1))
            m = 0
            while m in seen:
                m += 1
            g[x][y] = m
    return g
