/* The Ernst von Mansfeld observation in C: feldherr/mansfeld/info.py's observe_pure, natively.
 *
 * It writes exactly the numbers of the Python twin, bit for bit: each number is computed in double
 * as Python computes it (the roll's faces summed as 0.1 + 0.1 + ..., a province's value times the
 * reciprocal, an age clamped by min in double), rounded to float32 as the memoryview's item
 * assignment rounds it, and clamped to 1 in float32 as np.minimum(buf, 1.0) clamps it (as it is
 * written: the other numbers are 0 or 1). No number is a product plus a sum, so no compiler can fuse
 * one into an FMA that rounds once where Python rounds twice. tests/mansfeld/test_mansfeld_cobserve.py
 * compares both for every seat at every position of random games.
 *
 * No rule lives here: the seats to move and the winners come from the rules' own functions, passed
 * in by the Python wrapper (info.observe); the layout (block offsets, slot counts, scales) is
 * handed over once at import by init(layout), a dict of info.py's constants.
 *
 * Entry points: init(layout) once at import, then
 * observe(state, seat, partial, out, to_move, winners) -> None, which zero-fills ``out`` (a
 * writable C-contiguous float32 buffer of exactly ``size`` numbers) and writes the observation;
 * observe_seats(state, to_move, winners, out, seats, partials) -> out, row i of ``out`` (a writable
 * C-contiguous float32 array of one row of ``size`` numbers per seat) the observation of seats[i]
 * with the partial staged commitment partials[i]: what every seat sees alike is read once
 * (fill_public) and copied into each row, each seat's own part (its seat, whether it owes a
 * decision, its commitment, its secret dice choice) added to its row (fill_seat). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "_slots.h" /* slot_attr: a state's field read straight from its slot */

#define MAXP 8 /* seats the layout may hold */

/* the layout, from init(): block offsets, counts and scales (ready: init() has succeeded) */
typedef struct {
    long SIZE, NPHASES, MAX_PLAYERS, N_CARDS, CARD_SLOTS, SEAT_SLOTS, PROVINCE_SLOTS, PROVINCES, FACES;
    long PHASE_AT, SEAT_AT, TO_MOVE_AT, COUNTERS_AT, CARD_AT, PLAYER_AT, ROLL_AT, PROVINCE_AT, WINNER_AT;
    long COMMIT_BASE, DICE, RECRUIT, COMMIT;
    double MAX_AGE, MAX_DICE, MAX_SCORE, LUCK_SCALE, ROLL_SCALE, PROVINCE_SCALE;
} Layout;

static int ready = 0;
static Layout L;

static PyObject *a_num_players, *a_phase, *a_round, *a_deck, *a_open, *a_left, *a_reach, *a_commit, *a_order,
    *a_cards, *a_used, *a_choice, *a_ages, *a_luck, *a_dice, *a_values, *a_owner;

/* ------------------------------------------------------------------ reading */
static int bad(const char *what) {
    PyErr_Format(PyExc_ValueError, "mansfeld observation: %s", what);
    return -1;
}

static int as_long(PyObject *x, long *out) {
    if (small_long(x, out)) return 0;
    if (!PyLong_Check(x)) {
        PyErr_Format(PyExc_TypeError, "mansfeld observation: an integer is required, not %.80s",
                     Py_TYPE(x)->tp_name);
        return -1;
    }
    *out = PyLong_AsLong(x);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

/* ``seq`` as a list or tuple (a new reference), or NULL with a TypeError */
static PyObject *as_fast(PyObject *seq) {
    if (PyList_Check(seq) || PyTuple_Check(seq)) {
        Py_INCREF(seq);
        return seq;
    }
    PyErr_Format(PyExc_TypeError, "mansfeld observation: a list or tuple is required, not %.80s",
                 Py_TYPE(seq)->tp_name);
    return NULL;
}

/* the ints of ``seq`` (list or tuple) into ``out``; at most ``max`` of them, else ValueError */
static int ints(PyObject *seq, long *out, Py_ssize_t max, Py_ssize_t *len) {
    PyObject *fast = as_fast(seq);
    if (fast == NULL) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    if (k > max) {
        Py_DECREF(fast);
        return bad("a list is longer than the layout holds");
    }
    for (Py_ssize_t i = 0; i < k; i++)
        if (as_long(PySequence_Fast_GET_ITEM(fast, i), &out[i]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    Py_DECREF(fast);
    *len = k;
    return 0;
}

/* the ints of the attribute ``name`` of ``st`` (see ints) */
static int attr_ints(PyObject *st, PyObject *name, long *out, Py_ssize_t max, Py_ssize_t *len) {
    PyObject *seq = slot_attr(st, name);
    if (seq == NULL) return -1;
    int rc = ints(seq, out, max, len);
    Py_DECREF(seq);
    return rc;
}

static int attr_long(PyObject *st, PyObject *name, long *out) {
    PyObject *x = slot_attr(st, name);
    if (x == NULL) return -1;
    int rc = as_long(x, out);
    Py_DECREF(x);
    return rc;
}

/* ------------------------------------------------------------------ writing */
/* number ``i``: ``x`` rounded to float32, then clamped to 1 in float32 (np.minimum(buf, 1.0) on the
 * numbers written; the numbers not written are 0 and the ones set to 1 stay 1) */
static inline void put(float *v, long i, double x) {
    float f = (float)x;
    v[i] = f > 1.0f ? 1.0f : f;
}

/* slot ``slot`` of the row of each card of ``seq`` (ids: the items less ``shift``) set to 1 */
static int mark_cards(float *v, PyObject *seq, long slot, long shift) {
    PyObject *fast = as_fast(seq);
    if (fast == NULL) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t i = 0; i < k; i++) {
        long c;
        if (as_long(PySequence_Fast_GET_ITEM(fast, i), &c) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        c -= shift;
        if (c < 0 || c >= L.N_CARDS) {
            Py_DECREF(fast);
            return bad("no such card");
        }
        v[L.CARD_AT + c * L.CARD_SLOTS + slot] = 1.0f;
    }
    Py_DECREF(fast);
    return 0;
}

static int mark_attr_cards(float *v, PyObject *st, PyObject *name, long slot) {
    PyObject *seq = slot_attr(st, name);
    if (seq == NULL) return -1;
    int rc = mark_cards(v, seq, slot, 0);
    Py_DECREF(seq);
    return rc;
}

/* the per-seat lists of cards (``cards`` or ``used``): seat s's cards in slot ``slot + s`` */
static int mark_hands(float *v, PyObject *st, PyObject *name, long n, long slot) {
    PyObject *seq = slot_attr(st, name);
    if (seq == NULL) return -1;
    PyObject *fast = as_fast(seq);
    Py_DECREF(seq);
    if (fast == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(fast) < n) {
        Py_DECREF(fast);
        return bad("a per-seat list is shorter than the number of players");
    }
    for (long s = 0; s < n; s++)
        if (mark_cards(v, PySequence_Fast_GET_ITEM(fast, s), slot + s, 0) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    Py_DECREF(fast);
    return 0;
}

/* the seats of ``seq`` (to_move, winners) marked at ``at + seat``; ``has``: whether ``seat`` is one */
static int mark_seats(float *v, PyObject *seq, long at, long seat, int *has) {
    long seats[MAXP];
    Py_ssize_t k;
    if (ints(seq, seats, MAXP, &k) < 0) return -1;
    for (Py_ssize_t i = 0; i < k; i++) {
        if (seats[i] < 0 || seats[i] >= L.MAX_PLAYERS) return bad("no such seat");
        v[at + seats[i]] = 1.0f;
        if (seats[i] == seat) *has = 1;
    }
    return 0;
}

/* ------------------------------------------------------------------ the buffer */
/* the buffer of ``out`` (its view held: release it), or NULL with a TypeError/ValueError: a writable
 * C-contiguous float32 array of exactly ``size`` numbers (rows < 0), or of ``rows`` rows of them */
static float *writable_rows(PyObject *out, Py_buffer *view, Py_ssize_t rows) {
    if (PyObject_GetBuffer(out, view, PyBUF_RECORDS_RO) < 0) {
        PyErr_Clear();
        if (rows < 0)
            PyErr_Format(PyExc_TypeError,
                         "mansfeld observation: out must be a float32 array of %ld numbers, not %.80s", L.SIZE,
                         Py_TYPE(out)->tp_name);
        else
            PyErr_Format(PyExc_TypeError,
                         "mansfeld observation: out must be a float32 array of %zd rows of %ld numbers, not "
                         "%.80s",
                         rows, L.SIZE, Py_TYPE(out)->tp_name);
        return NULL;
    }
    const char *why = NULL;
    PyObject *kind = PyExc_ValueError;
    if (view->format == NULL || strcmp(view->format, "f") != 0 || view->itemsize != 4) {
        why = "of float32 numbers";
        kind = PyExc_TypeError;
    } else if (rows < 0 && (view->ndim != 1 || view->shape[0] != L.SIZE)) {
        why = "of one dimension and the observation's size";
    } else if (rows >= 0 && (view->ndim != 2 || view->shape[0] != rows || view->shape[1] != L.SIZE)) {
        why = "of one row of the observation's size per seat";
    } else if (!PyBuffer_IsContiguous(view, 'C')) {
        why = "C-contiguous";
    } else if (view->readonly) {
        why = "writable";
    }
    if (why != NULL) {
        PyBuffer_Release(view);
        if (rows < 0)
            PyErr_Format(kind,
                         "mansfeld observation: out must be %s (a writable C-contiguous float32 array of "
                         "%ld numbers)",
                         why, L.SIZE);
        else
            PyErr_Format(kind,
                         "mansfeld observation: out must be %s (a writable C-contiguous float32 array of "
                         "%zd rows of %ld numbers)",
                         why, rows, L.SIZE);
        return NULL;
    }
    return (float *)view->buf;
}

static float *writable(PyObject *out, Py_buffer *view) { return writable_rows(out, view, -1); }

/* ------------------------------------------------------------------ the observation */
/* what fill_public learnt that fill_seat needs (release it with shared_release) */
typedef struct {
    long n, moving[MAXP], choice[MAXP];
    Py_ssize_t nmoving;
    int committing, secret_dice, committed[MAXP];
    PyObject *commits; /* while committing: the seats' commitments (a list or tuple, held), else NULL */
} Shared;

static void shared_release(Shared *sh) { Py_CLEAR(sh->commits); }

/* zero v and write what every seat sees alike: all but the seat's one-hot, whether it owes a
 * decision, its own commitment (committed or staged) and, in the secret dice phase, its own dice
 * choice (fill_seat adds those); 0, or -1 with an exception set (sh then holds nothing) */
static int fill_public(float *v, PyObject *st, PyObject *to_move, PyObject *won, Shared *sh) {
    long n, phase, round, ages[MAXP], luck[MAXP], order[MAXP], values[64], owner[64], points[MAXP] = {0};
    long *choice = sh->choice;
    int rc = -1, unused = 0;
    Py_ssize_t k, nvalues, nowner, norder = 0;
    sh->commits = NULL;
    if (attr_long(st, a_num_players, &n) < 0 || attr_long(st, a_phase, &phase) < 0) return -1;
    if (n < 1 || n > L.MAX_PLAYERS) return bad("more players than the layout holds");
    if (phase < 0 || phase >= L.NPHASES) return bad("no such phase");
    int recruiting = phase == L.RECRUIT, committing = phase == L.COMMIT, secret_dice = phase == L.DICE;
    sh->n = n;
    sh->committing = committing;
    sh->secret_dice = secret_dice;
    memset(v, 0, (size_t)L.SIZE * sizeof(float));
    v[L.PHASE_AT + phase] = 1.0f;
    if (ints(to_move, sh->moving, MAXP, &sh->nmoving) < 0) return -1;
    for (Py_ssize_t i = 0; i < sh->nmoving; i++) {
        if (sh->moving[i] < 0 || sh->moving[i] >= L.MAX_PLAYERS) return bad("no such seat");
        v[L.TO_MOVE_AT + sh->moving[i]] = 1.0f;
    }
    /* the counters: round and deck size per card (whether the seat owes a decision: fill_seat) */
    if (attr_long(st, a_round, &round) < 0) return -1;
    put(v, L.COUNTERS_AT, (double)round / (double)L.N_CARDS);
    PyObject *deck = slot_attr(st, a_deck);
    if (deck == NULL) return -1;
    Py_ssize_t ndeck = PyObject_Size(deck);
    Py_DECREF(deck);
    if (ndeck < 0) return -1;
    put(v, L.COUNTERS_AT + 1, (double)ndeck / (double)L.N_CARDS);
    /* the cards' rows: open, left, reach (recruiting), held, used (the seat's commitment: fill_seat) */
    if (mark_attr_cards(v, st, a_open, 0) < 0 || mark_attr_cards(v, st, a_left, 1) < 0) return -1;
    if (recruiting && mark_attr_cards(v, st, a_reach, 2) < 0) return -1;
    int *committed = sh->committed; /* while committing: whether each seat's commitment is in */
    memset(committed, 0, sizeof sh->committed);
    if (committing) {
        PyObject *seq = slot_attr(st, a_commit);
        if (seq == NULL) return -1;
        PyObject *commits = as_fast(seq);
        Py_DECREF(seq);
        if (commits == NULL) return -1;
        if (PySequence_Fast_GET_SIZE(commits) < n) {
            Py_DECREF(commits);
            return bad("a per-seat list is shorter than the number of players");
        }
        for (long s = 0; s < n; s++) committed[s] = PySequence_Fast_GET_ITEM(commits, s) != Py_None;
        sh->commits = commits;
    }
    if (mark_hands(v, st, a_cards, n, 4) < 0 || mark_hands(v, st, a_used, n, 4 + L.MAX_PLAYERS) < 0) goto done;
    /* the seats' rows */
    if (attr_ints(st, a_values, values, L.PROVINCES, &nvalues) < 0) goto done;
    if (attr_ints(st, a_owner, owner, L.PROVINCES, &nowner) < 0) goto done;
    if (nvalues != nowner) {
        bad("province values and owners of different lengths");
        goto done;
    }
    if (attr_ints(st, a_ages, ages, MAXP, &k) < 0) goto done;
    if (k < n) {
        bad("a per-seat list is shorter than the number of players");
        goto done;
    }
    if (attr_ints(st, a_choice, choice, MAXP, &k) < 0) goto done;
    if (k < n) {
        bad("a per-seat list is shorter than the number of players");
        goto done;
    }
    if (committing) {
        if (attr_ints(st, a_luck, luck, MAXP, &k) < 0) goto done;
        if (k < n) {
            bad("a per-seat list is shorter than the number of players");
            goto done;
        }
    }
    if (recruiting && attr_ints(st, a_order, order, MAXP, &norder) < 0) goto done;
    for (Py_ssize_t i = 0; i < nvalues; i++)
        if (owner[i] >= 0) {
            if (owner[i] >= n) {
                bad("a province's owner is no seat");
                goto done;
            }
            points[owner[i]] += values[i];
        }
    for (long s = 0; s < n; s++) {
        /* present, age, dice set, dice (in the secret dice phase: fill_seat), luck, committed,
         * score, place in the order */
        long row = L.PLAYER_AT + s * L.SEAT_SLOTS;
        v[row] = 1.0f;
        double age = (double)ages[s] / L.MAX_AGE;
        put(v, row + 1, age > 1.0 ? 1.0 : age);
        v[row + 2] = (choice[s] > 0 || !secret_dice) ? 1.0f : 0.0f;
        if (!secret_dice) put(v, row + 3, (double)choice[s] / L.MAX_DICE);
        if (committing) {
            put(v, row + 4, (double)luck[s] / L.LUCK_SCALE);
            v[row + 5] = committed[s] ? 1.0f : 0.0f;
        }
        put(v, row + 6, (double)points[s] / L.MAX_SCORE);
        for (Py_ssize_t i = 0; i < norder; i++)
            if (order[i] == s) {
                put(v, row + 7, (double)(i + 1) / (double)L.MAX_PLAYERS);
                break;
            }
    }
    /* the roll (recruiting): how many dice show each face (summed in steps, as Python sums), how many */
    if (recruiting) {
        PyObject *dice = slot_attr(st, a_dice);
        if (dice == NULL) goto done;
        PyObject *fast = as_fast(dice);
        Py_DECREF(dice);
        if (fast == NULL) goto done;
        double faces[64] = {0.0}, step = 1.0 / L.ROLL_SCALE;
        Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
        for (Py_ssize_t i = 0; i < count; i++) {
            long d;
            if (as_long(PySequence_Fast_GET_ITEM(fast, i), &d) < 0) {
                Py_DECREF(fast);
                goto done;
            }
            if (d < 1 || d > L.FACES) {
                Py_DECREF(fast);
                bad("a die shows no such face");
                goto done;
            }
            faces[d - 1] += step;
        }
        Py_DECREF(fast);
        for (long i = 0; i < L.FACES; i++)
            if (faces[i] != 0.0) put(v, L.ROLL_AT + i, faces[i]);
        double many = (double)count / L.ROLL_SCALE;
        put(v, L.ROLL_AT + L.FACES, many > 1.0 ? 1.0 : many);
    }
    /* the provinces: drawn, value, owner one-hot */
    for (Py_ssize_t i = 0; i < nvalues; i++) {
        long row = L.PROVINCE_AT + (long)i * L.PROVINCE_SLOTS;
        v[row] = 1.0f;
        put(v, row + 1, (double)values[i] * L.PROVINCE_SCALE);
        if (owner[i] >= 0) v[row + 2 + owner[i]] = 1.0f;
    }
    if (mark_seats(v, won, L.WINNER_AT, -1, &unused) < 0) goto done;
    rc = 0;
done:
    if (rc < 0) shared_release(sh);
    return rc;
}

/* add to v (fill_public's numbers) what ``seat`` alone sees: itself, whether it owes a decision,
 * its commitment (committed, or the cards of its ``partial`` staged one) and, in the secret dice
 * phase, its own dice choice; 0, or -1 with an exception set */
static int fill_seat(float *v, long seat, PyObject *partial, const Shared *sh) {
    if (seat < 0 || seat >= sh->n) return bad("no such seat");
    v[L.SEAT_AT + seat] = 1.0f;
    int owes = 0;
    for (Py_ssize_t i = 0; i < sh->nmoving; i++)
        if (sh->moving[i] == seat) owes = 1;
    v[L.COUNTERS_AT + 2] = owes ? 1.0f : 0.0f;
    if (sh->committing && sh->committed[seat] &&
        mark_cards(v, PySequence_Fast_GET_ITEM(sh->commits, seat), 3, 0) < 0)
        return -1;
    if (mark_cards(v, partial, 3, L.COMMIT_BASE) < 0) return -1;
    if (sh->secret_dice) put(v, L.PLAYER_AT + seat * L.SEAT_SLOTS + 3, (double)sh->choice[seat] / L.MAX_DICE);
    return 0;
}

static PyObject *observe(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError,
                        "observe(state, seat, partial, out, to_move, winners) takes 6 arguments");
        return NULL;
    }
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "mansfeld observation: init(layout) was not called");
        return NULL;
    }
    long seat;
    if (as_long(args[1], &seat) < 0) return NULL;
    Py_buffer view;
    float *v = writable(args[3], &view);
    if (v == NULL) return NULL;
    Shared sh;
    int rc = fill_public(v, args[0], args[4], args[5], &sh);
    if (rc == 0) {
        rc = fill_seat(v, seat, args[2], &sh);
        shared_release(&sh);
    }
    PyBuffer_Release(&view);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

/* observe_seats(state, to_move, winners, out, seats, partials): row i of out gets the observation
 * of seats[i] with its partial staged commitment partials[i]; what every seat sees alike is read
 * once (row 0) and copied into the other rows, each seat's own part added to its row. The rows
 * are built apart and copied in when all is read: an error leaves out as it was. */
static PyObject *observe_seats(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError,
                        "observe_seats(state, to_move, winners, out, seats, partials) takes 6 arguments");
        return NULL;
    }
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "mansfeld observation: init(layout) was not called");
        return NULL;
    }
    long who[MAXP];
    Py_ssize_t k;
    PyObject *seats = as_fast(args[4]);
    if (seats == NULL) return NULL;
    k = PySequence_Fast_GET_SIZE(seats);
    if (k > L.MAX_PLAYERS) {
        Py_DECREF(seats);
        PyErr_Format(PyExc_ValueError, "mansfeld observation: %zd seats (at most %ld)", k, L.MAX_PLAYERS);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++)
        if (as_long(PySequence_Fast_GET_ITEM(seats, i), &who[i]) < 0) {
            Py_DECREF(seats);
            return NULL;
        }
    Py_DECREF(seats);
    PyObject *partials = as_fast(args[5]);
    if (partials == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(partials) != k) {
        PyErr_Format(PyExc_ValueError, "mansfeld observation: %zd partials for %zd seats (one per seat)",
                     PySequence_Fast_GET_SIZE(partials), k);
        Py_DECREF(partials);
        return NULL;
    }
    Py_buffer view;
    float *out = writable_rows(args[3], &view, k);
    if (out == NULL) {
        Py_DECREF(partials);
        return NULL;
    }
    size_t size = (size_t)L.SIZE * sizeof(float);
    float *rows = PyMem_Malloc(k ? (size_t)k * size : size);
    if (rows == NULL) {
        PyBuffer_Release(&view);
        Py_DECREF(partials);
        return PyErr_NoMemory();
    }
    Shared sh;
    int rc = fill_public(rows, args[0], args[1], args[2], &sh);
    if (rc == 0) {
        for (Py_ssize_t i = 1; i < k; i++) memcpy(rows + i * L.SIZE, rows, size);
        for (Py_ssize_t i = 0; i < k && rc == 0; i++)
            rc = fill_seat(rows + i * L.SIZE, who[i], PySequence_Fast_GET_ITEM(partials, i), &sh);
        shared_release(&sh);
    }
    if (rc == 0 && k) memcpy(out, rows, (size_t)k * size);
    PyMem_Free(rows);
    PyBuffer_Release(&view);
    Py_DECREF(partials);
    if (rc < 0) return NULL;
    return Py_NewRef(args[3]);
}

/* ------------------------------------------------------------------ init */
static int take(PyObject *layout, const char *key, long *out) {
    PyObject *x = PyMapping_GetItemString(layout, key);
    if (x == NULL) return -1;
    int rc = as_long(x, out);
    Py_DECREF(x);
    return rc;
}

static int take_double(PyObject *layout, const char *key, double *out) {
    PyObject *x = PyMapping_GetItemString(layout, key);
    if (x == NULL) return -1;
    *out = PyFloat_AsDouble(x);
    Py_DECREF(x);
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

/* a block of ``count`` numbers at ``at`` lies within a buffer of ``size`` (no overflow: all < 2**20) */
static int within(long at, long count, long size) {
    return at >= 0 && count >= 0 && at < (1L << 20) && count < (1L << 20) && at + count <= size;
}

static PyObject *init(PyObject *self, PyObject *layout) {
    (void)self;
    Layout next;
    struct {
        const char *key;
        long *to;
    } longs[] = {
        {"size", &next.SIZE},
        {"phases", &next.NPHASES},
        {"max_players", &next.MAX_PLAYERS},
        {"cards", &next.N_CARDS},
        {"card_slots", &next.CARD_SLOTS},
        {"seat_slots", &next.SEAT_SLOTS},
        {"province_slots", &next.PROVINCE_SLOTS},
        {"provinces", &next.PROVINCES},
        {"faces", &next.FACES},
        {"phase_at", &next.PHASE_AT},
        {"seat_at", &next.SEAT_AT},
        {"to_move_at", &next.TO_MOVE_AT},
        {"counters_at", &next.COUNTERS_AT},
        {"card_at", &next.CARD_AT},
        {"player_at", &next.PLAYER_AT},
        {"roll_at", &next.ROLL_AT},
        {"province_at", &next.PROVINCE_AT},
        {"winner_at", &next.WINNER_AT},
        {"commit_base", &next.COMMIT_BASE},
        {"dice_phase", &next.DICE},
        {"recruit_phase", &next.RECRUIT},
        {"commit_phase", &next.COMMIT},
    };
    struct {
        const char *key;
        double *to;
    } doubles[] = {
        {"max_age", &next.MAX_AGE},
        {"max_dice", &next.MAX_DICE},
        {"max_score", &next.MAX_SCORE},
        {"luck_scale", &next.LUCK_SCALE},
        {"roll_scale", &next.ROLL_SCALE},
        {"province_scale", &next.PROVINCE_SCALE},
    };
    for (size_t i = 0; i < sizeof longs / sizeof longs[0]; i++)
        if (take(layout, longs[i].key, longs[i].to) < 0) return NULL;
    for (size_t i = 0; i < sizeof doubles / sizeof doubles[0]; i++)
        if (take_double(layout, doubles[i].key, doubles[i].to) < 0) return NULL;
    /* every block within the buffer, and the counts within the fixed arrays here */
    long size = next.SIZE, players = next.MAX_PLAYERS;
    int fits = size >= 0 && size < (1L << 20) && players >= 1 && players <= MAXP && next.PROVINCES <= 64 &&
               next.FACES >= 1 && next.FACES <= 64 && next.CARD_SLOTS >= 4 + 2 * players &&
               next.SEAT_SLOTS >= 8 && next.PROVINCE_SLOTS >= 2 + players && next.NPHASES >= 1 &&
               within(next.PHASE_AT, next.NPHASES, size) && within(next.SEAT_AT, players, size) &&
               within(next.TO_MOVE_AT, players, size) && within(next.COUNTERS_AT, 3, size) &&
               within(0, next.N_CARDS, 1L << 12) && within(0, next.CARD_SLOTS, size) &&
               within(0, next.SEAT_SLOTS, size) && within(0, next.PROVINCE_SLOTS, size) &&
               within(next.CARD_AT, next.N_CARDS * next.CARD_SLOTS, size) &&
               within(next.PLAYER_AT, players * next.SEAT_SLOTS, size) &&
               within(next.ROLL_AT, next.FACES + 1, size) && within(0, next.PROVINCES, 64) &&
               within(next.PROVINCE_AT, next.PROVINCES * next.PROVINCE_SLOTS, size) &&
               within(next.WINNER_AT, players, size);
    if (!fits) {
        PyErr_SetString(PyExc_ValueError, "mansfeld observation: the layout does not fit the buffer");
        return NULL;
    }
    L = next; /* all or nothing: a layout that fails leaves the one in use */
    ready = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"init", init, METH_O,
     "Set the layout: a dict of the block offsets, slot counts and scales of feldherr.mansfeld.info."},
    {"observe", (PyCFunction)(void (*)(void))observe, METH_FASTCALL,
     "observe(state, seat, partial, out, to_move, winners): write the seat's observation into out."},
    {"observe_seats", (PyCFunction)(void (*)(void))observe_seats, METH_FASTCALL,
     "observe_seats(state, to_move, winners, out, seats, partials) -> out: row i of out gets the "
     "observation of seats[i] with its partial staged commitment partials[i]."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cobserve", "The Mansfeld observation in C.", -1, methods, NULL, NULL, NULL, NULL,
};

#define INTERN(var, text)                                     \
    do {                                                      \
        if ((var = PyUnicode_InternFromString(text)) == NULL) \
            return NULL;                                      \
    } while (0)

PyMODINIT_FUNC PyInit__cobserve(void) {
    INTERN(a_num_players, "num_players");
    INTERN(a_phase, "phase");
    INTERN(a_round, "round");
    INTERN(a_deck, "deck");
    INTERN(a_open, "open");
    INTERN(a_left, "left");
    INTERN(a_reach, "reach");
    INTERN(a_commit, "commit");
    INTERN(a_order, "order");
    INTERN(a_cards, "cards");
    INTERN(a_used, "used");
    INTERN(a_choice, "choice");
    INTERN(a_ages, "ages");
    INTERN(a_luck, "luck");
    INTERN(a_dice, "dice");
    INTERN(a_values, "values");
    INTERN(a_owner, "owner");
    return PyModule_Create(&module);
}
