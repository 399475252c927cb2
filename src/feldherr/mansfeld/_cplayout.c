/* The Ernst von Mansfeld random playout in C: the loop of feldherr/mansfeld/playout.py, natively.
 *
 * It plays exactly the game the pure-Python playout plays (and so exactly the game of one
 * RandomBot per seat through feldherr.core.game.drive): the same SplitMix64 draws of the bots
 * (Lemire's multiply-shift, (z * n) >> 64), the same dice pool (base-6 digits, twelve per
 * generator draw), the same compact log events appended to the state's _pending list in the same
 * order. Ties of battles call the engine's own MansfeldState._winner (rare; it may re-roll luck).
 * tests/mansfeld/test_mansfeld_playout.py checks both paths against the generic loop.
 *
 * Entry points: setup(cost, strength, extra, adjust, reroll, double_luck, provinces, pool_refill,
 * choice_shift) once at import (the card data and the Python loop's constants), then
 * playout(state, bot_states) -> decisions. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

typedef unsigned __int128 u128;

#define MAXC 64 /* cards: a hand is a bitmask of card ids */
#define MAXP 8  /* seats: a turn order key keeps the seat in its low three bits */
#define MAXPROV 32
#define MAX_COUNT 24 /* dice taken at once (and per pool refill): 6**24 < 2**63 */
#define MAX_POOL (2 * MAX_COUNT) /* undrawn dice at most: 6**48 < 2**125 */

static const uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL;
static int ncards = -1, provinces = 6, POOL_REFILL = 12, CHOICE_SHIFT = 22;
static int COST[MAXC], STRENGTH[MAXC], EXTRA[MAXC], ADJUST[MAXC], REROLL[MAXC], DOUBLE_LUCK[MAXC];
static u128 POW6[MAX_POOL + 1];
static uint64_t REFILL;

static PyObject *k_roll, *k_miss, *k_dice, *k_recruit, *k_pass, *k_reveal, *k_province, *k_aside,
    *k_conquer, *k_recruit_end, *k_end;
static PyObject *a_num_players, *a_phase, *a_deck, *a_open, *a_cards, *a_ages, *a_extra, *a_adjust,
    *a_reroll, *a_top, *a_choice, *a_order, *a_turn, *a_round, *a_reach, *a_values, *a_owner,
    *a_luck, *a_commit, *a_pool, *a_pool_size, *a_rng, *a_state, *a_pending, *a_used, *a_dice,
    *a_left, *a_winner;

enum { DICE = 0, RECRUIT = 1, COMMIT = 2, OVER = 3 };

typedef struct {
    PyObject *st, *pending, *used, *rng;
    int n, phase, round, turn;
    int deck[MAXC], ndeck;
    int open[MAXC], nopen;
    int reach[MAXC], nreach;
    uint64_t cards[MAXP];
    long long ages[MAXP];
    int extra[MAXP], adjust[MAXP], reroll[MAXP], top[MAXP], choice[MAXP], luck[MAXP];
    int order[MAXP], norder;
    int values[MAXPROV], owner[MAXPROV], nvalues;
    PyObject *commit[MAXP]; /* NULL: not committed yet; else the tuple of card ids */
    uint64_t bots[MAXP];
    u128 pool;
    int size;
    uint64_t rs;
    long decisions;
} S;

/* ------------------------------------------------------------------ generator and dice */
static inline uint64_t next64(uint64_t *s) {
    uint64_t z = (*s += GOLDEN);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t below(uint64_t *s, uint64_t n) {
    return (uint64_t)(((u128)next64(s) * n) >> 64);
}

/* count fresh dice as a base-6 number (the engine's _take) */
static inline uint64_t take(S *g, int count) {
    while (g->size < count) {
        uint64_t r = below(&g->rs, REFILL);
        g->pool += (u128)r * POW6[g->size];
        g->size += POOL_REFILL;
    }
    u128 p = POW6[count];
    uint64_t r = (uint64_t)(g->pool % p);
    g->pool /= p;
    g->size -= count;
    return r;
}

/* the dice (least significant digit first, 1..6) of roll r and their sums mask (bits above 63
 * dropped: no card costs more than 36, and the mask only ever shifts up) */
static uint64_t roll(uint64_t r, int count, int adjust, int *dice) {
    uint64_t plain = 1, moved = 0;
    for (int i = 0; i < count; i++) {
        int d = (int)(r % 6) + 1;
        r /= 6;
        dice[i] = d;
        if (adjust) {
            moved |= moved << d;
            if (d > 1) moved |= plain << (d - 1);
            if (d < 6) moved |= plain << (d + 1);
        }
        plain |= plain << d;
    }
    return plain | moved;
}

/* ------------------------------------------------------------------ events */
static int add(S *g, PyObject *event) {
    if (event == NULL) return -1;
    int rc = PyList_Append(g->pending, event);
    Py_DECREF(event);
    return rc;
}

/* a tuple of the kind and ``k`` new references (any NULL: fail, releasing the others) */
static PyObject *event(PyObject *kind, int k, PyObject *a, PyObject *b, PyObject *c, PyObject *d) {
    PyObject *items[4] = {a, b, c, d};
    PyObject *t = NULL;
    int ok = 1;
    for (int i = 0; i < k; i++)
        if (items[i] == NULL) ok = 0;
    if (ok) t = PyTuple_New(k + 1);
    if (t == NULL) {
        for (int i = 0; i < k; i++) Py_XDECREF(items[i]);
        return NULL;
    }
    Py_INCREF(kind);
    PyTuple_SET_ITEM(t, 0, kind);
    for (int i = 0; i < k; i++) PyTuple_SET_ITEM(t, i + 1, items[i]);
    return t;
}

static PyObject *int_list(const int *v, int k) {
    PyObject *out = PyList_New(k);
    if (out == NULL) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (x == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, x);
    }
    return out;
}

static PyObject *int_tuple(const int *v, int k) {
    PyObject *out = PyTuple_New(k);
    if (out == NULL) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *x = PyLong_FromLong(v[i]);
        if (x == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, x);
    }
    return out;
}

static PyObject *hand_list(uint64_t hand) {
    int v[MAXC], k = 0;
    for (int c = 0; c < MAXC; c++)
        if (hand >> c & 1) v[k++] = c;
    return int_list(v, k);
}

static PyObject *bool_list(const int *v, int k) {
    PyObject *out = PyList_New(k);
    if (out == NULL) return NULL;
    for (int i = 0; i < k; i++) PyList_SET_ITEM(out, i, PyBool_FromLong(v[i]));
    return out;
}

/* the commitments as the engine keeps them: a tuple per seat, None where none was made */
static PyObject *commit_list(S *g) {
    PyObject *out = PyList_New(g->n);
    if (out == NULL) return NULL;
    for (int s = 0; s < g->n; s++) {
        PyObject *x = g->commit[s] ? g->commit[s] : Py_None;
        Py_INCREF(x);
        PyList_SET_ITEM(out, s, x);
    }
    return out;
}

/* ------------------------------------------------------------------ reading and writing */
static int set_attr(PyObject *o, PyObject *name, PyObject *value) {
    if (value == NULL) return -1;
    int rc = PyObject_SetAttr(o, name, value);
    Py_DECREF(value);
    return rc;
}

static int read_ints(PyObject *st, PyObject *name, int *out, int max, int *len) {
    PyObject *seq = PyObject_GetAttr(st, name);
    if (seq == NULL) return -1;
    PyObject *fast = PySequence_Fast(seq, "expected a sequence");
    Py_DECREF(seq);
    if (fast == NULL) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    if (k > max) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "mansfeld playout: a list is too long for the C playout");
        return -1;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *x = PySequence_Fast_GET_ITEM(fast, i);
        long v = (x == Py_True) ? 1 : (x == Py_False) ? 0 : PyLong_AsLong(x);
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    if (len) *len = (int)k;
    return 0;
}

static int read_int(PyObject *o, PyObject *name, long *out) {
    PyObject *x = PyObject_GetAttr(o, name);
    if (x == NULL) return -1;
    *out = PyLong_AsLong(x);
    Py_DECREF(x);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int read_u64(PyObject *o, PyObject *name, uint64_t *out) {
    PyObject *x = PyObject_GetAttr(o, name);
    if (x == NULL) return -1;
    *out = PyLong_AsUnsignedLongLong(x);
    Py_DECREF(x);
    return (*out == (uint64_t)-1 && PyErr_Occurred()) ? -1 : 0;
}

static PyObject *u128_to_py(u128 v) {
    PyObject *hi = PyLong_FromUnsignedLongLong((uint64_t)(v >> 64));
    PyObject *lo = PyLong_FromUnsignedLongLong((uint64_t)v);
    PyObject *shift = PyLong_FromLong(64), *up = NULL, *out = NULL;
    if (hi && lo && shift) up = PyNumber_Lshift(hi, shift);
    if (up) out = PyNumber_Or(up, lo);
    Py_XDECREF(hi);
    Py_XDECREF(lo);
    Py_XDECREF(shift);
    Py_XDECREF(up);
    return out;
}

static int read_pool(S *g) {
    long size;
    if (read_int(g->st, a_pool_size, &size) < 0) return -1;
    if (size < 0 || size > MAX_POOL) {
        PyErr_SetString(PyExc_ValueError, "mansfeld playout: dice pool too large for the C playout");
        return -1;
    }
    g->size = (int)size;
    PyObject *pool = PyObject_GetAttr(g->st, a_pool);
    if (pool == NULL) return -1;
    PyObject *shift = PyLong_FromLong(64), *hi = NULL;
    if (shift) hi = PyNumber_Rshift(pool, shift);
    uint64_t lo = PyLong_AsUnsignedLongLongMask(pool);
    uint64_t h = hi ? PyLong_AsUnsignedLongLongMask(hi) : 0;
    Py_DECREF(pool);
    Py_XDECREF(shift);
    Py_XDECREF(hi);
    if (PyErr_Occurred()) return -1;
    g->pool = ((u128)h << 64) | lo;
    return read_u64(g->rng, a_state, &g->rs);
}

static int write_pool(S *g) {
    if (set_attr(g->st, a_pool, u128_to_py(g->pool)) < 0) return -1;
    if (set_attr(g->st, a_pool_size, PyLong_FromLong(g->size)) < 0) return -1;
    return set_attr(g->rng, a_state, PyLong_FromUnsignedLongLong(g->rs));
}

static int write_cards(S *g) {
    PyObject *out = PyList_New(g->n);
    if (out == NULL) return -1;
    for (int s = 0; s < g->n; s++) {
        PyObject *h = hand_list(g->cards[s]);
        if (h == NULL) {
            Py_DECREF(out);
            return -1;
        }
        PyList_SET_ITEM(out, s, h);
    }
    return set_attr(g->st, a_cards, out);
}

static int read_state(S *g) {
    PyObject *st = g->st;
    long v;
    if (read_int(st, a_num_players, &v) < 0) return -1;
    if (v < 1 || v > MAXP) {
        PyErr_SetString(PyExc_ValueError, "mansfeld playout: too many players for the C playout");
        return -1;
    }
    g->n = (int)v;
    if (read_int(st, a_phase, &v) < 0) return -1;
    g->phase = (int)v;
    if (read_int(st, a_round, &v) < 0) return -1;
    g->round = (int)v;
    if (read_int(st, a_turn, &v) < 0) return -1;
    g->turn = (int)v;
    int k, n = g->n;
    if (read_ints(st, a_deck, g->deck, MAXC, &g->ndeck) < 0) return -1;
    if (read_ints(st, a_open, g->open, MAXC, &g->nopen) < 0) return -1;
    if (read_ints(st, a_reach, g->reach, MAXC, &g->nreach) < 0) return -1;
    if (read_ints(st, a_extra, g->extra, MAXP, &k) < 0) return -1;
    if (read_ints(st, a_adjust, g->adjust, MAXP, &k) < 0) return -1;
    if (read_ints(st, a_reroll, g->reroll, MAXP, &k) < 0) return -1;
    if (read_ints(st, a_top, g->top, MAXP, &k) < 0) return -1;
    if (read_ints(st, a_choice, g->choice, MAXP, &k) < 0) return -1;
    if (read_ints(st, a_luck, g->luck, MAXP, &k) < 0) return -1;
    if (read_ints(st, a_order, g->order, MAXP, &g->norder) < 0) return -1;
    if (read_ints(st, a_values, g->values, MAXPROV, &g->nvalues) < 0) return -1;
    if (read_ints(st, a_owner, g->owner, MAXPROV, &k) < 0) return -1;
    PyObject *ages = PyObject_GetAttr(st, a_ages);
    if (ages == NULL) return -1;
    for (int s = 0; s < n; s++) {
        PyObject *x = PySequence_GetItem(ages, s);
        g->ages[s] = x ? PyLong_AsLongLong(x) : -1;
        Py_XDECREF(x);
    }
    Py_DECREF(ages);
    if (PyErr_Occurred()) return -1;
    PyObject *cards = PyObject_GetAttr(st, a_cards);
    if (cards == NULL) return -1;
    for (int s = 0; s < n; s++) {
        PyObject *h = PySequence_GetItem(cards, s);
        g->cards[s] = 0;
        if (h == NULL) break;
        Py_ssize_t m = PySequence_Size(h);
        for (Py_ssize_t i = 0; i < m; i++) {
            PyObject *x = PySequence_GetItem(h, i);
            long c = x ? PyLong_AsLong(x) : -1;
            Py_XDECREF(x);
            if (c < 0 || c >= ncards) {
                if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "mansfeld playout: bad card");
                break;
            }
            g->cards[s] |= 1ULL << c;
        }
        Py_DECREF(h);
        if (PyErr_Occurred()) break;
    }
    Py_DECREF(cards);
    if (PyErr_Occurred()) return -1;
    PyObject *commit = PyObject_GetAttr(st, a_commit);
    if (commit == NULL) return -1;
    for (int s = 0; s < n; s++) {
        PyObject *x = PySequence_GetItem(commit, s);
        if (x == NULL) break;
        if (x == Py_None) {
            Py_DECREF(x);
            g->commit[s] = NULL;
        } else {
            g->commit[s] = PySequence_Tuple(x); /* the engine keeps tuples; owned */
            Py_DECREF(x);
            if (g->commit[s] == NULL) break;
        }
    }
    Py_DECREF(commit);
    if (PyErr_Occurred()) return -1;
    g->pending = PyObject_GetAttr(st, a_pending);
    if (g->pending == NULL || !PyList_Check(g->pending)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "mansfeld playout: _pending is not a list");
        return -1;
    }
    g->used = PyObject_GetAttr(st, a_used);
    if (g->used == NULL) return -1;
    g->rng = PyObject_GetAttr(st, a_rng);
    if (g->rng == NULL) return -1;
    return read_pool(g);
}

/* ------------------------------------------------------------------ recruiting */
static inline uint64_t order_base(int cards, int top, int rank, int seat) {
    return ((((uint64_t)cards << 8 | (uint64_t)(255 - top)) << 3 | (uint64_t)rank) << 3) | (uint64_t)seat;
}

static void sort_keys(uint64_t *keys, int k) {
    for (int i = 1; i < k; i++) {
        uint64_t x = keys[i];
        int j = i - 1;
        while (j >= 0 && keys[j] > x) {
            keys[j + 1] = keys[j];
            j--;
        }
        keys[j + 1] = x;
    }
}

static uint64_t wanted_of(S *g) {
    uint64_t w = 0;
    for (int i = 0; i < g->nopen; i++) w |= 1ULL << COST[g->open[i]];
    return w;
}

/* ("dice", choice, keys): the sorted turn order keys, as the Python loop writes them (the log
 * entry reads the seats from their low three bits) */
static PyObject *dice_event(S *g, const uint64_t *keys, int k) {
    PyObject *order = PyList_New(k);
    if (order == NULL) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *x = PyLong_FromUnsignedLongLong(keys[i]);
        if (x == NULL) {
            Py_DECREF(order);
            return NULL;
        }
        PyList_SET_ITEM(order, i, x);
    }
    return event(k_dice, 2, int_list(g->choice, g->n), order, NULL, NULL);
}

static int recruiting(S *g) {
    int n = g->n, target = n >= 4 ? 3 : 2;
    int rank[MAXP];
    uint64_t base[MAXP], keys[MAXP];
    for (int s = 0; s < n; s++) {
        int r = 0;
        for (int t = 0; t < n; t++)
            if (g->ages[t] < g->ages[s] || (g->ages[t] == g->ages[s] && -t < -s)) r++;
        rank[s] = r;
        base[s] = order_base(__builtin_popcountll(g->cards[s]), g->top[s], r, s);
    }
    int resume = g->phase == RECRUIT, fresh = 0, nkeys = g->norder;
    for (int i = 0; i < g->norder; i++) keys[i] = (uint64_t)g->order[i];
    uint64_t wanted = wanted_of(g);
    int dice[MAX_COUNT];
    for (;;) {
        if (fresh || !resume) {
            for (int s = 0; s < n; s++) {
                if (fresh || !g->choice[s]) {
                    g->choice[s] = (int)below(&g->bots[s], 6) + 1;
                    g->decisions++;
                }
                keys[s] = (uint64_t)g->choice[s] << CHOICE_SHIFT | base[s];
            }
            nkeys = n;
            sort_keys(keys, n);
            if (add(g, dice_event(g, keys, n)) < 0) return -1;
            g->turn = 0;
        }
        while (g->turn < nkeys && g->nopen) {
            int seat = (int)(keys[g->turn] & 7);
            if (resume) {
                resume = 0;
            } else {
                int count = g->choice[seat] + g->extra[seat];
                if (count > MAX_COUNT || count < 0) {
                    PyErr_SetString(PyExc_ValueError, "mansfeld playout: too many dice for the C playout");
                    return -1;
                }
                uint64_t hit = roll(take(g, count), count, g->adjust[seat], dice) & wanted;
                if (!hit && g->reroll[seat]) {
                    int left = g->reroll[seat];
                    while (!hit && left) {
                        left--;
                        PyObject *e = event(k_roll, 2, PyLong_FromLong(seat), int_tuple(dice, count), NULL, NULL);
                        if (add(g, e) < 0) return -1;
                        hit = roll(take(g, count), count, g->adjust[seat], dice) & wanted;
                    }
                }
                PyObject *e = event(hit ? k_roll : k_miss, 2, PyLong_FromLong(seat), int_tuple(dice, count), NULL,
                                    NULL);
                if (add(g, e) < 0) return -1;
                if (!hit) {
                    g->turn++;
                    continue;
                }
                g->nreach = 0;
                for (int i = 0; i < g->nopen; i++)
                    if (hit >> COST[g->open[i]] & 1) g->reach[g->nreach++] = g->open[i];
            }
            int k = g->nreach;
            uint64_t pick = below(&g->bots[seat], (uint64_t)k + 1);
            g->decisions++;
            if (pick < (uint64_t)k) {
                int card = g->reach[pick];
                int j = 0;
                for (int i = 0; i < g->nopen; i++)
                    if (g->open[i] != card) g->open[j++] = g->open[i];
                g->nopen = j;
                g->cards[seat] |= 1ULL << card;
                g->extra[seat] += EXTRA[card];
                if (ADJUST[card]) g->adjust[seat] = 1;
                g->reroll[seat] += REROLL[card];
                if (COST[card] > g->top[seat]) g->top[seat] = COST[card];
                base[seat] = order_base(__builtin_popcountll(g->cards[seat]), g->top[seat], rank[seat], seat);
                if (add(g, event(k_recruit, 2, PyLong_FromLong(seat), PyLong_FromLong(card), NULL, NULL)) < 0)
                    return -1;
                wanted = wanted_of(g);
            } else {
                if (add(g, event(k_pass, 1, PyLong_FromLong(seat), NULL, NULL, NULL)) < 0) return -1;
            }
            g->turn++;
        }
        int need = target - g->nopen, ended = 0;
        if (need < 1) need = 1;
        for (int i = 0; i < need; i++) {
            if (!g->ndeck) {
                ended = 1;
                break;
            }
            int card = g->deck[--g->ndeck];
            g->open[g->nopen++] = card;
            wanted |= 1ULL << COST[card];
            if (add(g, event(k_reveal, 1, PyLong_FromLong(card), NULL, NULL, NULL)) < 0) return -1;
        }
        if (ended) break;
        g->round++;
        fresh = 1;
    }
    /* the engine's _end_recruiting: the open cards are left over */
    PyObject *st = g->st;
    int seats[MAXP];
    for (int i = 0; i < nkeys; i++) seats[i] = (int)(keys[i] & 7);
    if (set_attr(st, a_choice, int_list(g->choice, n)) < 0) return -1;
    if (set_attr(st, a_order, int_list(seats, nkeys)) < 0) return -1;
    if (set_attr(st, a_turn, PyLong_FromLong(g->turn)) < 0) return -1;
    if (set_attr(st, a_round, PyLong_FromLong(g->round)) < 0) return -1;
    if (set_attr(st, a_dice, PyTuple_New(0)) < 0) return -1;
    if (set_attr(st, a_reach, PyList_New(0)) < 0) return -1;
    if (set_attr(st, a_left, int_list(g->open, g->nopen)) < 0) return -1;
    if (set_attr(st, a_open, PyList_New(0)) < 0) return -1;
    if (set_attr(st, a_deck, int_list(g->deck, g->ndeck)) < 0) return -1;
    if (set_attr(st, a_extra, int_list(g->extra, n)) < 0) return -1;
    if (set_attr(st, a_adjust, bool_list(g->adjust, n)) < 0) return -1;
    if (set_attr(st, a_reroll, int_list(g->reroll, n)) < 0) return -1;
    if (set_attr(st, a_top, int_list(g->top, n)) < 0) return -1;
    if (add(g, event(k_recruit_end, 1, int_list(g->open, g->nopen), NULL, NULL, NULL)) < 0) return -1;
    g->nopen = 0;
    g->phase = COMMIT;
    return set_attr(st, a_phase, PyLong_FromLong(COMMIT));
}

/* ------------------------------------------------------------------ conquering */
static int winner_by_engine(S *g, const int *contenders, int k, int *winner) {
    if (write_pool(g) < 0) return -1;
    if (set_attr(g->st, a_commit, commit_list(g)) < 0) return -1;
    if (set_attr(g->st, a_luck, int_list(g->luck, g->n)) < 0) return -1;
    PyObject *arg = int_list(contenders, k);
    if (arg == NULL) return -1;
    PyObject *w = PyObject_CallMethodOneArg(g->st, a_winner, arg);
    Py_DECREF(arg);
    if (w == NULL) return -1;
    long v = PyLong_AsLong(w);
    Py_DECREF(w);
    if (v == -1 && PyErr_Occurred()) return -1;
    *winner = (int)v;
    return read_pool(g);
}

static int conquering(S *g, int opening) {
    int n = g->n;
    for (;;) {
        if (opening) {
            opening = 0;
        } else {
            for (int seat = 0; seat < n; seat++) {
                uint64_t hand = g->cards[seat];
                if (g->commit[seat] || !hand) continue;
                int h = __builtin_popcountll(hand);
                uint64_t z = next64(&g->bots[seat]);
                uint64_t pick = h >= 64 ? z : z >> (64 - h);
                int chosen[MAXC], k = 0, j = 0;
                for (int c = 0; c < MAXC; c++) {
                    if (!(hand >> c & 1)) continue;
                    if (pick >> j & 1) chosen[k++] = c;
                    j++;
                }
                g->commit[seat] = int_tuple(chosen, k);
                if (g->commit[seat] == NULL) return -1;
                g->decisions++;
            }
            int contenders[MAXP], totals[MAXP], k = 0;
            for (int s = 0; s < n; s++) {
                PyObject *played = g->commit[s];
                Py_ssize_t m = played ? PyTuple_GET_SIZE(played) : 0;
                if (!m) continue;
                int lucky = g->luck[s], total = lucky;
                PyObject *used = PySequence_GetItem(g->used, s);
                if (used == NULL) return -1;
                for (Py_ssize_t i = 0; i < m; i++) {
                    PyObject *x = PyTuple_GET_ITEM(played, i);
                    long c = PyLong_AsLong(x);
                    if (c < 0 || c >= ncards) {
                        Py_DECREF(used);
                        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "mansfeld playout: bad card");
                        return -1;
                    }
                    g->cards[s] &= ~(1ULL << c);
                    total += STRENGTH[c] + lucky * DOUBLE_LUCK[c];
                    if (PyList_Append(used, x) < 0) {
                        Py_DECREF(used);
                        return -1;
                    }
                }
                Py_DECREF(used);
                contenders[k] = s;
                totals[k++] = total;
            }
            if (!k) {
                if (add(g, event(k_aside, 1, PyLong_FromLong(g->nvalues), NULL, NULL, NULL)) < 0) return -1;
            } else {
                int best = totals[0], at = 0, ties = 0;
                for (int i = 1; i < k; i++)
                    if (totals[i] > best) best = totals[i], at = i;
                for (int i = 0; i < k; i++) ties += totals[i] == best;
                int winner = contenders[at];
                if (ties > 1 && winner_by_engine(g, contenders, k, &winner) < 0) return -1;
                g->owner[g->nvalues - 1] = winner;
                PyObject *e = event(k_conquer, 4, PyLong_FromLong(winner), PyLong_FromLong(g->nvalues),
                                    PyLong_FromLong(g->values[g->nvalues - 1]), commit_list(g));
                if (add(g, e) < 0) return -1;
            }
        }
        for (int s = 0; s < n; s++) Py_CLEAR(g->commit[s]);
        int drawn = 0;
        while (g->nvalues < provinces) {
            int number = g->nvalues + 1, fighters[MAXP], nf = 0;
            for (int s = 0; s < n; s++)
                if (g->cards[s]) fighters[nf++] = s;
            uint64_t r = take(g, 1 + nf);
            int value = (int)(r % 6) + 1 + number;
            g->values[g->nvalues] = value;
            g->owner[g->nvalues++] = -1;
            if (nf) {
                for (int s = 0; s < n; s++) g->luck[s] = 0;
                for (int i = 0; i < nf; i++) {
                    r /= 6;
                    g->luck[fighters[i]] = (int)(r % 6) + 1;
                }
                PyObject *e = event(k_province, 3, PyLong_FromLong(number), PyLong_FromLong(value),
                                    int_list(g->luck, n), NULL);
                if (add(g, e) < 0) return -1;
                drawn = 1;
                break;
            }
            PyObject *e = event(k_province, 3, PyLong_FromLong(number), PyLong_FromLong(value), PyList_New(0), NULL);
            if (add(g, e) < 0) return -1;
            if (add(g, event(k_aside, 1, PyLong_FromLong(number), NULL, NULL, NULL)) < 0) return -1;
        }
        if (!drawn) break;
    }
    PyObject *st = g->st;
    int zeros[MAXP] = {0}, scores[MAXP] = {0};
    for (int i = 0; i < g->nvalues; i++)
        if (g->owner[i] >= 0 && g->owner[i] < n) scores[g->owner[i]] += g->values[i];
    g->phase = OVER;
    if (set_attr(st, a_phase, PyLong_FromLong(OVER)) < 0) return -1;
    if (set_attr(st, a_luck, int_list(zeros, n)) < 0) return -1;
    if (set_attr(st, a_commit, commit_list(g)) < 0) return -1;
    if (write_cards(g) < 0) return -1;
    if (set_attr(st, a_values, int_list(g->values, g->nvalues)) < 0) return -1;
    if (set_attr(st, a_owner, int_list(g->owner, g->nvalues)) < 0) return -1;
    if (write_pool(g) < 0) return -1;
    return add(g, event(k_end, 1, int_list(scores, n), NULL, NULL, NULL));
}

/* ------------------------------------------------------------------ module */
static PyObject *playout(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *st, *bots;
    if (!PyArg_ParseTuple(args, "OO", &st, &bots)) return NULL;
    if (ncards < 0) {
        PyErr_SetString(PyExc_RuntimeError, "mansfeld playout: setup() was not called");
        return NULL;
    }
    S g;
    memset(&g, 0, sizeof g);
    g.st = st;
    int rc = read_state(&g);
    if (rc == 0) {
        Py_ssize_t k = PySequence_Size(bots);
        if (k < g.n) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "mansfeld playout: a bot state per seat");
            rc = -1;
        }
        for (int s = 0; rc == 0 && s < g.n; s++) {
            PyObject *x = PySequence_GetItem(bots, s);
            g.bots[s] = x ? PyLong_AsUnsignedLongLongMask(x) : 0;
            Py_XDECREF(x);
            if (PyErr_Occurred()) rc = -1;
        }
    }
    if (rc == 0) {
        if (g.phase == DICE || g.phase == RECRUIT) {
            rc = recruiting(&g);
            if (rc == 0) rc = conquering(&g, 1);
        } else if (g.phase == COMMIT) {
            rc = conquering(&g, 0);
        }
    }
    for (int s = 0; s < MAXP; s++) Py_XDECREF(g.commit[s]);
    Py_XDECREF(g.pending);
    Py_XDECREF(g.used);
    Py_XDECREF(g.rng);
    if (rc < 0) return NULL;
    return PyLong_FromLong(g.decisions);
}

static int fill(PyObject *seq, int *out, int k) {
    PyObject *fast = PySequence_Fast(seq, "expected a sequence");
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != k) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "mansfeld playout: card tables of different lengths");
        return -1;
    }
    for (int i = 0; i < k; i++) {
        PyObject *x = PySequence_Fast_GET_ITEM(fast, i);
        long v = PyLong_AsLong(x);
        if (PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *setup(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *cost, *strength, *extra, *adjust, *reroll, *double_luck;
    int prov, refill, shift;
    if (!PyArg_ParseTuple(args, "OOOOOOiii", &cost, &strength, &extra, &adjust, &reroll, &double_luck, &prov,
                          &refill, &shift))
        return NULL;
    if (refill < 1 || refill > MAX_COUNT || shift < 22 || shift > 40) {
        PyErr_SetString(PyExc_ValueError, "mansfeld playout: pool refill or key shift out of range");
        return NULL;
    }
    Py_ssize_t k = PySequence_Size(cost);
    if (k < 0) return NULL;
    if (k > MAXC || prov < 0 || prov > MAXPROV) {
        PyErr_SetString(PyExc_ValueError, "mansfeld playout: too many cards or provinces for the C playout");
        return NULL;
    }
    int kk = (int)k;
    if (fill(cost, COST, kk) < 0 || fill(strength, STRENGTH, kk) < 0 || fill(extra, EXTRA, kk) < 0 ||
        fill(adjust, ADJUST, kk) < 0 || fill(reroll, REROLL, kk) < 0 || fill(double_luck, DOUBLE_LUCK, kk) < 0)
        return NULL;
    for (int i = 0; i < kk; i++)
        if (COST[i] < 0 || COST[i] > 63) {
            PyErr_SetString(PyExc_ValueError, "mansfeld playout: a cost beyond the sums mask");
            return NULL;
        }
    ncards = kk;
    provinces = prov;
    POOL_REFILL = refill;
    CHOICE_SHIFT = shift;
    REFILL = (uint64_t)POW6[POOL_REFILL];
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"setup", setup, METH_VARARGS,
     "Set the card tables and constants: cost, strength, extra, adjust, reroll, double_luck, provinces, "
     "pool_refill, choice_shift."},
    {"playout", playout, METH_VARARGS, "Play a MansfeldState to the end with random bots; return the decisions."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cplayout", "The Mansfeld random playout in C.", -1, methods, NULL, NULL, NULL, NULL,
};

#define INTERN(var, text)                                  \
    do {                                                   \
        if ((var = PyUnicode_InternFromString(text)) == NULL) \
            return NULL;                                   \
    } while (0)

PyMODINIT_FUNC PyInit__cplayout(void) {
    POW6[0] = 1;
    for (int i = 1; i <= MAX_POOL; i++) POW6[i] = POW6[i - 1] * 6;
    INTERN(k_roll, "roll");
    INTERN(k_miss, "miss");
    INTERN(k_dice, "dice");
    INTERN(k_recruit, "recruit");
    INTERN(k_pass, "pass");
    INTERN(k_reveal, "reveal");
    INTERN(k_province, "province");
    INTERN(k_aside, "aside");
    INTERN(k_conquer, "conquer");
    INTERN(k_recruit_end, "recruit.end");
    INTERN(k_end, "end");
    INTERN(a_num_players, "num_players");
    INTERN(a_phase, "phase");
    INTERN(a_deck, "deck");
    INTERN(a_open, "open");
    INTERN(a_cards, "cards");
    INTERN(a_ages, "ages");
    INTERN(a_extra, "extra");
    INTERN(a_adjust, "adjust");
    INTERN(a_reroll, "reroll");
    INTERN(a_top, "top");
    INTERN(a_choice, "choice");
    INTERN(a_order, "order");
    INTERN(a_turn, "turn");
    INTERN(a_round, "round");
    INTERN(a_reach, "reach");
    INTERN(a_values, "values");
    INTERN(a_owner, "owner");
    INTERN(a_luck, "luck");
    INTERN(a_commit, "commit");
    INTERN(a_pool, "pool");
    INTERN(a_pool_size, "pool_size");
    INTERN(a_rng, "rng");
    INTERN(a_state, "state");
    INTERN(a_pending, "_pending");
    INTERN(a_used, "used");
    INTERN(a_dice, "dice");
    INTERN(a_left, "left");
    INTERN(a_winner, "_winner");
    return PyModule_Create(&module);
}
