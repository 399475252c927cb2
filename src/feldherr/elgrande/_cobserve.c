/* The El Grande observation in C: feldherr/elgrande/info.py's observe_pure, natively.
 *
 * It writes exactly the numbers of the Python twin, bit for bit in float32: each number is
 * computed in double (as the Python float is), rounded to float32 (as the memoryview write
 * rounds it) and clamped to [0, 1] in float32 (as np.minimum and np.maximum do at the end: every
 * slot is written at most once). The numbers are built in a local vector and copied into the
 * buffer only when the whole state was read, so a state that cannot be read raises and leaves the
 * buffer as it was. The seats to move come in as an argument (the rules compute them: to_move);
 * the layout (offsets, widths, divisors and the round tracks) comes from info.py once, through
 * init(). tests/elgrande/test_cobserve.py compares both paths at every position of random games
 * under every option set.
 *
 * Entry points: init(layout: dict) once at import; observe(state, seat, buffer, to_move) -> buffer
 * (a writable, contiguous float32 vector of exactly the observation's size; the names of the
 * Wallenstein kernel's); observe_seats(state, to_move, buffer, seats) ->
 * buffer, row i the observation of seats[i] (a C-contiguous float32 array of one row per seat):
 * what every seat sees alike is read once (fill_public), each seat's own part added to a copy of
 * it (fill_seat). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "_slots.h" /* slot_attr: a state's field read straight from its slot */
#include "_ndarray.h" /* a numpy array's memory without the buffer protocol */

#define MAX_SIZE 2048
#define MAX_COLOURS 8
#define MAX_ROUNDS 32

/* the numbers of the state (at most 2**53) and the masks are longs */
_Static_assert(sizeof(long) >= 8, "the El Grande observation kernel needs 64-bit longs");

/* the layout, set by init() (SIZE 0: not set up yet) */
struct layout {
    Py_ssize_t SIZE;
    long ROUND_AT, PHASES, PHASE_AT, KINGS, KING_AT, BOARDS_AT, AREAS, TOTAL_AT, OPEN_AT, CARDS, IN_USE_AT,
        PLACE_AT, SEAT_AT, CURRENT_AT, MOVING_AT, COLOURS, COLOUR_AT, PER_COLOUR, NREG, CASTILLO, GRANDES,
        HAND_AT, DISCARD_AT, POWER_CARDS, MODS_AT, MODIFIERS;
    long FULL[MAX_ROUNDS], NFULL, SHORT[MAX_ROUNDS], NSHORT; /* the round tracks (state.py) */
    double ROUND_SCALE, PLACE_SCALE, AREA_SCALE, SUPPLY_SCALE, PLAYED_SCALE, TOTAL_SCALE, SCORE_SCALE,
        CARDS_SCALE, VETO_SCALE;
};
static struct layout L;

static PyObject *a_round_index, *a_short_game, *a_phase, *a_king, *a_scoreboards, *a_hidden, *a_caballeros, *a_colours,
    *a_open_cards, *a_card, *a_place_left, *a_current, *a_num_players, *a_province, *a_court,
    *a_power_played, *a_power_total, *a_score, *a_power_hand, *a_power_discard, *a_vetos, *a_grande,
    *a_machtverschiebung, *a_modifier_hand, *k_seat, *k_moving;

/* ------------------------------------------------------------------ reading the state */
/* beyond 2**53 a number's double would round where Python's division does not */
#define LIMIT (1L << 53)

/* the error of as_long (x was no int, or out of range; PyLong_AsLong's own error stays) */
static __attribute__((cold, noinline)) int not_long(PyObject *x, PyObject *what) {
    if (PyErr_Occurred()) return -1;
    if (!PyLong_Check(x))
        PyErr_Format(PyExc_TypeError, "elgrande observe: %U must be an int, not %.80s", what, Py_TYPE(x)->tp_name);
    else
        PyErr_Format(PyExc_ValueError, "elgrande observe: %U out of range", what);
    return -1;
}

/* x as a C long; what names it in an error (a str) */
static inline int as_long(PyObject *x, PyObject *what, long *out) {
    long v;
    if (small_long(x, out)) return 0; /* (one digit: within LIMIT) */
    if (!PyLong_Check(x) || ((v = PyLong_AsLong(x)) == -1 && PyErr_Occurred()) || v > LIMIT || v < -LIMIT)
        return not_long(x, what);
    *out = v;
    return 0;
}

static int attr_long(PyObject *st, PyObject *name, long *out) {
    PyObject *x = slot_attr(st, name);
    if (x == NULL) return -1;
    int rc = as_long(x, name, out);
    Py_DECREF(x);
    return rc;
}

static int attr_true(PyObject *st, PyObject *name, int *out) {
    PyObject *x = slot_attr(st, name);
    if (x == NULL) return -1;
    int t = PyObject_IsTrue(x);
    Py_DECREF(x);
    if (t < 0) return -1;
    *out = t;
    return 0;
}

/* a list or tuple attribute as a new reference (PySequence_Fast: lists and tuples as they are) */
static PyObject *attr_seq(PyObject *st, PyObject *name) {
    PyObject *x = slot_attr(st, name);
    if (x == NULL) return NULL;
    PyObject *fast = PySequence_Fast(x, "elgrande observe: a state field is not a sequence");
    Py_DECREF(x);
    return fast;
}

static __attribute__((cold, noinline)) int no_entry(PyObject *name, Py_ssize_t i) {
    PyErr_Format(PyExc_IndexError, "elgrande observe: %U has no entry %zd", name, i);
    return -1;
}

/* item i of a fast sequence as an int; too short a sequence raises IndexError, as Python would */
static inline int item_long(PyObject *fast, Py_ssize_t i, PyObject *name, long *out) {
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(fast)) return no_entry(name, i);
    return as_long(PySequence_Fast_GET_ITEM(fast, i), name, out);
}

static int bad(const char *what, long value) {
    PyErr_Format(PyExc_ValueError, "elgrande observe: %s %ld out of range", what, value);
    return -1;
}

/* number / scale, computed in double and rounded to float32 as Python's memoryview write does,
 * then clamped to [0, 1] in float32 as np.minimum and np.maximum do (every slot is written at
 * most once, so clamping here is clamping at the end) */
static inline float ratio(long number, double scale) {
    float f = (float)((double)number / scale);
    if (f > 1.0f) f = 1.0f;
    if (f < 0.0f) f = 0.0f; /* (a score can fall below 0) */
    return f;
}

static inline int bits(long mask) {
    return __builtin_popcountl((unsigned long)mask);
}

/* the sequences observe reads (new references or NULL) */
enum { SCOREBOARDS, CABALLEROS, OPEN_CARDS, PROVINCE, COURT, POWER_PLAYED, POWER_TOTAL, SCORE, POWER_HAND,
       POWER_DISCARD, VETOS, GRANDE, MODIFIER_HAND, NSEQ };

/* the Castillo's Caballeros and the province of colour c into its row (at) */
static int castillo(PyObject *cab, PyObject **seq, long c, float *at) {
    long x;
    if (item_long(cab, c * L.AREAS + L.CASTILLO, a_caballeros, &x) < 0) return -1;
    at[L.NREG] = ratio(x, L.AREA_SCALE);
    at[L.NREG + 1] = 1.0f;
    if (item_long(seq[PROVINCE], c, a_province, &x) < 0) return -1;
    at[L.NREG + 3] = ratio(x, L.SUPPLY_SCALE);
    at[L.NREG + 4] = 1.0f;
    return 0;
}

/* what fill_public learnt that fill_seat needs */
struct shared {
    int hidden, mv;
    long colours;
};

/* fill v (zeroed, L.SIZE floats) with what every seat sees alike (a hidden Castillo is left out:
 * fill_seat shows each seat its own); 0 or -1 with an exception set */
static int fill_public(PyObject *st, PyObject *moving, float *v, PyObject **seq, struct shared *sh) {
    long x = 0;
    PyObject *const names[NSEQ] = {a_scoreboards, a_caballeros, a_open_cards, a_province, a_court,
                                   a_power_played, a_power_total, a_score, a_power_hand, a_power_discard,
                                   a_vetos, a_grande, a_modifier_hand};
    int mv;
    if (attr_true(st, a_machtverschiebung, &mv) < 0) return -1;
    for (int i = 0; i < NSEQ; i++)
        if ((i != MODIFIER_HAND || mv) && (seq[i] = attr_seq(st, names[i])) == NULL) return -1;

    /* the printed round, as ElGrandeData.round reads it off the round track (the short game's
     * skips rounds 1, 4 and 7): track[min(round_index, len(track) - 1)] */
    int short_game;
    if (attr_long(st, a_round_index, &x) < 0 || attr_true(st, a_short_game, &short_game) < 0) return -1;
    const long *track = short_game ? L.SHORT : L.FULL;
    long len = short_game ? L.NSHORT : L.NFULL;
    if (x > len - 1) x = len - 1;
    if (x < 0) x += len; /* (Python's index from the end) */
    if (x < 0) return no_entry(a_round_index, x - len);
    v[L.ROUND_AT] = ratio(track[x], L.ROUND_SCALE);
    if (attr_long(st, a_phase, &x) < 0) return -1;
    if (x < 0 || x >= L.PHASES) return bad("phase", x);
    v[L.PHASE_AT + x] = 1.0f;
    if (attr_long(st, a_king, &x) < 0) return -1;
    if (x < 0 || x >= L.KINGS) return bad("king", x);
    v[L.KING_AT + x] = 1.0f;
    PyObject *boards = seq[SCOREBOARDS];
    Py_ssize_t nboards = PySequence_Fast_GET_SIZE(boards);
    if (nboards > 2) return bad("number of scoreboards", (long)nboards);
    long base = L.BOARDS_AT;
    for (Py_ssize_t i = 0; i < nboards; i++) {
        if (item_long(boards, i, a_scoreboards, &x) < 0) return -1;
        if (x >= L.AREAS) return bad("scoreboard", x);
        v[base + (x >= 0 ? x : L.AREAS)] = 1.0f;
        base += L.AREAS + 1;
    }
    int hidden;
    long colours = 0, n = 0;
    if (attr_true(st, a_hidden, &hidden) < 0 || attr_long(st, a_colours, &colours) < 0 ||
        attr_long(st, a_num_players, &n) < 0)
        return -1;
    if (colours < 0 || colours > L.COLOURS) return bad("colours", colours);
    PyObject *cab = seq[CABALLEROS];
    Py_ssize_t ncab = PySequence_Fast_GET_SIZE(cab);
    if (ncab < colours * L.AREAS) return bad("number of caballeros entries", (long)ncab);
    if (!hidden) {
        long total = 0;
        for (long c = 0; c < colours; c++) {
            if (item_long(cab, c * L.AREAS + L.CASTILLO, a_caballeros, &x) < 0) return -1;
            total += x;
        }
        v[L.TOTAL_AT] = ratio(total, L.SUPPLY_SCALE);
    }
    PyObject *cards = seq[OPEN_CARDS];
    Py_ssize_t ncards = PySequence_Fast_GET_SIZE(cards);
    base = L.OPEN_AT;
    for (Py_ssize_t i = 0; i < 5; i++) {
        x = -1;
        if (i < ncards && item_long(cards, i, a_open_cards, &x) < 0) return -1;
        if (x >= L.CARDS) return bad("open card", x);
        v[base + (x >= 0 ? x : L.CARDS)] = 1.0f;
        base += L.CARDS + 1;
    }
    long card = 0;
    if (attr_long(st, a_card, &card) < 0) return -1;
    if (card >= L.CARDS) return bad("card", card);
    v[L.IN_USE_AT + (card >= 0 ? card : L.CARDS)] = 1.0f;
    if (card >= 0) {
        if (attr_long(st, a_place_left, &x) < 0) return -1;
        v[L.PLACE_AT] = ratio(x, L.PLACE_SCALE);
    }
    if (attr_long(st, a_current, &x) < 0) return -1;
    if (0 <= x && x < L.COLOURS) v[L.CURRENT_AT + x] = 1.0f;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(moving); i++) {
        if (as_long(PySequence_Fast_GET_ITEM(moving, i), k_moving, &x) < 0) return -1;
        if (x < 0 || x >= L.COLOURS) return bad("seat to move", x);
        v[L.MOVING_AT + x] = 1.0f;
    }

    base = L.COLOUR_AT;
    for (long c = 0; c < colours; c++) {
        long row = c * L.AREAS;
        for (long r = 0; r < L.NREG; r++) {
            if (item_long(cab, row + r, a_caballeros, &x) < 0) return -1;
            if (x) v[base + r] = ratio(x, L.AREA_SCALE);
        }
        if (!hidden && castillo(cab, seq, c, v + base) < 0) return -1;
        if (item_long(seq[COURT], c, a_court, &x) < 0) return -1;
        v[base + L.NREG + 2] = ratio(x, L.SUPPLY_SCALE);
        long played = 0;
        if (item_long(seq[POWER_PLAYED], c, a_power_played, &played) < 0) return -1;
        if (played) {
            v[base + L.NREG + 5] = ratio(played, L.PLAYED_SCALE);
            if (item_long(seq[POWER_TOTAL], c, a_power_total, &x) < 0) return -1;
            v[base + L.NREG + 6] = ratio(x, L.TOTAL_SCALE);
        }
        if (c < n) {
            if (item_long(seq[SCORE], c, a_score, &x) < 0) return -1;
            v[base + L.NREG + 7] = ratio(x, L.SCORE_SCALE);
            if (item_long(seq[POWER_HAND], c, a_power_hand, &x) < 0) return -1;
            if (x < 0 || x >= (1L << L.POWER_CARDS)) return bad("power hand", x);
            v[base + L.NREG + 8] = ratio(bits(x), L.CARDS_SCALE);
            if (item_long(seq[POWER_DISCARD], c, a_power_discard, &x) < 0) return -1;
            if (x < 0 || x >= (1L << L.POWER_CARDS)) return bad("power discard", x);
            v[base + L.NREG + 9] = ratio(bits(x), L.CARDS_SCALE);
            PyObject *vetos = seq[VETOS];
            if (c >= PySequence_Fast_GET_SIZE(vetos)) return no_entry(a_vetos, c);
            Py_ssize_t held = PyObject_Length(PySequence_Fast_GET_ITEM(vetos, c));
            if (held < 0) return -1;
            v[base + L.NREG + 10] = ratio(held, L.VETO_SCALE);
            if (item_long(seq[GRANDE], c, a_grande, &x) < 0) return -1;
            if (x < 0 || x >= L.GRANDES) return bad("grande", x);
            v[base + L.NREG + 11 + x] = 1.0f;
        }
        base += L.PER_COLOUR;
    }
    sh->hidden = hidden;
    sh->mv = mv;
    sh->colours = colours;
    return 0;
}

/* add to v (fill_public's numbers) what seat alone sees: itself, its hidden Castillo, its hand */
static int fill_seat(long seat, float *v, PyObject **seq, const struct shared *sh) {
    if (seat < 0 || seat >= L.COLOURS) return bad("seat", seat);
    v[L.SEAT_AT + seat] = 1.0f;
    if (sh->hidden && seat < sh->colours &&
        castillo(seq[CABALLEROS], seq, seat, v + L.COLOUR_AT + seat * L.PER_COLOUR) < 0)
        return -1;
    long mask = 0;
    if (item_long(seq[POWER_HAND], seat, a_power_hand, &mask) < 0) return -1;
    if (mask < 0 || mask >= (1L << L.POWER_CARDS)) return bad("power hand", mask);
    for (long i = 0; i < L.POWER_CARDS; i++)
        if (mask >> i & 1) v[L.HAND_AT + i] = 1.0f;
    if (item_long(seq[POWER_DISCARD], seat, a_power_discard, &mask) < 0) return -1;
    if (mask < 0 || mask >= (1L << L.POWER_CARDS)) return bad("power discard", mask);
    for (long i = 0; i < L.POWER_CARDS; i++)
        if (mask >> i & 1) v[L.DISCARD_AT + i] = 1.0f;
    if (sh->mv) {
        if (item_long(seq[MODIFIER_HAND], seat, a_modifier_hand, &mask) < 0) return -1;
        for (long m = 0; m < L.MODIFIERS; m++)
            if (mask >> m & 1) v[L.MODS_AT + m] = 1.0f;
    }
    return 0;
}

/* ------------------------------------------------------------------ the buffer */
static int native_float(const char *format) {
    if (format == NULL) return 0; /* unsigned bytes */
    if (format[0] == '@' || format[0] == '=') format++;
#if PY_LITTLE_ENDIAN
    else if (format[0] == '<') format++;
#else
    else if (format[0] == '>' || format[0] == '!') format++;
#endif
    return format[0] == 'f' && format[1] == '\0';
}

/* why obj is no buffer observe can fill (a static message, *exc the exception's type), or NULL
 * when it is one; view is then held and must be released */
static const char *take_rows(PyObject *obj, Py_buffer *view, PyObject **exc, Py_ssize_t rows);

static const char *take_buffer(PyObject *obj, Py_buffer *view, PyObject **exc) {
    return take_rows(obj, view, exc, -1);
}

/* as take_buffer; rows >= 0: a C-contiguous (rows, OBSERVATION_SIZE) float32 array instead */
static const char *take_rows(PyObject *obj, Py_buffer *view, PyObject **exc, Py_ssize_t rows) {
    *exc = PyExc_TypeError;
    if (!PyObject_CheckBuffer(obj)) return "the buffer must support the buffer protocol (a numpy array)";
    if (PyObject_GetBuffer(obj, view, PyBUF_RECORDS_RO) < 0) {
        PyErr_Clear();
        return "the buffer cannot be read";
    }
    const char *why = NULL;
    if (view->readonly)
        why = "the buffer must be writable";
    else if (!native_float(view->format) || view->itemsize != (Py_ssize_t)sizeof(float))
        why = "the buffer must hold float32 numbers";
    else if (rows < 0 && (view->ndim != 1 || view->shape[0] != L.SIZE)) {
        *exc = PyExc_ValueError;
        why = "the buffer must be one-dimensional with exactly OBSERVATION_SIZE numbers";
    } else if (rows >= 0 && (view->ndim != 2 || view->shape[0] != rows || view->shape[1] != L.SIZE)) {
        *exc = PyExc_ValueError;
        why = "the buffer must have one row of OBSERVATION_SIZE numbers per seat";
    } else if (!PyBuffer_IsContiguous(view, 'C')) {
        *exc = PyExc_ValueError;
        why = "the buffer must be C-contiguous";
    }
    if (why != NULL) PyBuffer_Release(view);
    return why;
}

/* where observe writes: the buffer held (view), or else the plain array's own numbers, read again
 * now (after the state was read: no Python code runs between this and the writing); NULL with a
 * TypeError where the array is no longer one observe can fill (changed while the state was read) */
static float *target(PyObject *obj, const Py_buffer *view, Py_ssize_t rows) {
    float *to = view->obj != NULL ? (float *)view->buf : np_floats(obj, rows, L.SIZE);
    if (to == NULL) PyErr_SetString(PyExc_TypeError, "elgrande observe: the buffer changed while the state was read");
    return to;
}

static int ready(void) {
    if (L.SIZE > 0) return 0;
    PyErr_SetString(PyExc_RuntimeError, "elgrande observe: init() has not been called");
    return -1;
}

/* ------------------------------------------------------------------ entry points */
static PyObject *observe(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "observe(state, seat, buffer, to_move) takes 4 arguments");
        return NULL;
    }
    if (ready() < 0) return NULL;
    long seat;
    if (as_long(args[1], k_seat, &seat) < 0) return NULL;
    Py_buffer view;
    view.obj = NULL; /* (PyBuffer_Release does nothing while no buffer is held) */
    PyObject *exc;
    if (np_floats(args[2], -1, L.SIZE) == NULL) { /* not a plain float32 array: the buffer's way */
        const char *why = take_buffer(args[2], &view, &exc);
        if (why != NULL) {
            PyErr_Format(exc, "elgrande observe: %s (%zd; got %.80s)", why, L.SIZE, Py_TYPE(args[2])->tp_name);
            return NULL;
        }
    }
    PyObject *moving = PySequence_Fast(args[3], "elgrande observe: to_move must be a sequence of seats");
    if (moving == NULL) {
        PyBuffer_Release(&view);
        return NULL;
    }
    float v[MAX_SIZE];
    memset(v, 0, (size_t)L.SIZE * sizeof(float));
    PyObject *seq[NSEQ] = {NULL};
    struct shared sh;
    int rc = fill_public(args[0], moving, v, seq, &sh);
    if (rc == 0) rc = fill_seat(seat, v, seq, &sh);
    for (int i = 0; i < NSEQ; i++) Py_XDECREF(seq[i]);
    Py_DECREF(moving);
    float *to = rc == 0 ? target(args[2], &view, -1) : NULL;
    if (to != NULL)
        memcpy(to, v, (size_t)L.SIZE * sizeof(float));
    else
        rc = -1;
    PyBuffer_Release(&view);
    if (rc < 0) return NULL;
    return Py_NewRef(args[2]);
}

/* observe_seats(state, to_move, buffer, seats): row i of the buffer gets the observation of
 * seats[i]; what every seat sees alike is read once and copied into each row */
static PyObject *observe_seats(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "observe_seats(state, to_move, buffer, seats) takes 4 arguments");
        return NULL;
    }
    if (ready() < 0) return NULL;
    PyObject *seats = PySequence_Fast(args[3], "elgrande observe: seats must be a sequence of seats");
    if (seats == NULL) return NULL;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seats);
    long who[MAX_COLOURS];
    if (k > MAX_COLOURS) {
        PyErr_Format(PyExc_ValueError, "elgrande observe: %zd seats (at most %d)", k, MAX_COLOURS);
        Py_DECREF(seats);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++)
        if (as_long(PySequence_Fast_GET_ITEM(seats, i), k_seat, &who[i]) < 0) {
            Py_DECREF(seats);
            return NULL;
        }
    Py_DECREF(seats);
    Py_buffer view;
    view.obj = NULL; /* (PyBuffer_Release does nothing while no buffer is held) */
    PyObject *exc;
    if (np_floats(args[2], k, L.SIZE) == NULL) { /* not a plain float32 array: the buffer's way */
        const char *why = take_rows(args[2], &view, &exc, k);
        if (why != NULL) {
            PyErr_Format(exc, "elgrande observe: %s (%zd; got %.80s)", why, L.SIZE, Py_TYPE(args[2])->tp_name);
            return NULL;
        }
    }
    PyObject *moving = PySequence_Fast(args[1], "elgrande observe: to_move must be a sequence of seats");
    if (moving == NULL) {
        PyBuffer_Release(&view);
        return NULL;
    }
    /* every seat's part is read once into a scratch row first, so that an error leaves the buffer
     * as it was; then each row is the public numbers with the seat's part added (the same reads of
     * the same sequences again, which cannot fail now: no Python code runs in between) */
    size_t size = (size_t)L.SIZE * sizeof(float);
    float v[MAX_SIZE], scratch[MAX_SIZE];
    memset(v, 0, size);
    PyObject *seq[NSEQ] = {NULL};
    struct shared sh;
    int rc = fill_public(args[0], moving, v, seq, &sh);
    for (Py_ssize_t i = 0; i < k && rc == 0; i++) rc = fill_seat(who[i], scratch, seq, &sh);
    float *rows = rc == 0 ? target(args[2], &view, k) : NULL;
    if (rows == NULL) rc = -1;
    for (Py_ssize_t i = 0; i < k && rc == 0; i++) {
        float *row = rows + i * L.SIZE;
        memcpy(row, v, size);
        rc = fill_seat(who[i], row, seq, &sh);
    }
    for (int i = 0; i < NSEQ; i++) Py_XDECREF(seq[i]);
    Py_DECREF(moving);
    PyBuffer_Release(&view);
    if (rc < 0) return NULL;
    return Py_NewRef(args[2]);
}

/* one entry of the layout dict: a whole number within [low, high] */
static int layout_long(PyObject *layout, const char *key, long low, long high, long *out) {
    PyObject *x = PyDict_GetItemString(layout, key); /* borrowed */
    if (x == NULL) {
        PyErr_Format(PyExc_KeyError, "elgrande observe init: the layout has no %s", key);
        return -1;
    }
    long v = PyLong_AsLong(x);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < low || v > high) {
        PyErr_Format(PyExc_ValueError, "elgrande observe init: %s = %ld out of range", key, v);
        return -1;
    }
    *out = v;
    return 0;
}

static int layout_scale(PyObject *layout, const char *key, double *out) {
    long v;
    if (layout_long(layout, key, 1, 1L << 20, &v) < 0) return -1;
    *out = (double)v;
    return 0;
}

/* one round track of the layout: 1..MAX_ROUNDS whole numbers */
static int layout_track(PyObject *layout, const char *key, long *track, long *count) {
    PyObject *x = PyDict_GetItemString(layout, key); /* borrowed */
    if (x == NULL) {
        PyErr_Format(PyExc_KeyError, "elgrande observe init: the layout has no %s", key);
        return -1;
    }
    PyObject *fast = PySequence_Fast(x, "elgrande observe init: a round track must be a sequence");
    if (fast == NULL) return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(fast);
    int rc = 0;
    if (k < 1 || k > MAX_ROUNDS) {
        PyErr_Format(PyExc_ValueError, "elgrande observe init: %s must have 1 to %d rounds", key, MAX_ROUNDS);
        rc = -1;
    }
    for (Py_ssize_t i = 0; rc == 0 && i < k; i++) {
        track[i] = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (track[i] == -1 && PyErr_Occurred()) rc = -1;
    }
    Py_DECREF(fast);
    *count = (long)k;
    return rc;
}

static PyObject *init(PyObject *self, PyObject *layout) {
    if (!PyDict_Check(layout)) {
        PyErr_SetString(PyExc_TypeError, "elgrande observe init: the layout must be a dict");
        return NULL;
    }
    struct layout n;
    long size;
    if (layout_long(layout, "size", 1, MAX_SIZE, &size) < 0) return NULL;
    const long s = size;
    /* every block must lie inside the vector (offset + width <= size) */
#define AT(var, key) \
    if (layout_long(layout, key, 0, s, &var) < 0) return NULL;
#define WIDTH(var, key, high) \
    if (layout_long(layout, key, 1, high, &var) < 0) return NULL;
#define INSIDE(at, width) \
    if ((at) + (width) > s) { \
        PyErr_Format(PyExc_ValueError, "elgrande observe init: a block beyond the vector at %ld", (long)(at)); \
        return NULL; \
    }
    AT(n.ROUND_AT, "round_at") INSIDE(n.ROUND_AT, 1)
    AT(n.PHASE_AT, "phase_at") WIDTH(n.PHASES, "phases", s) INSIDE(n.PHASE_AT, n.PHASES)
    AT(n.KING_AT, "king_at") WIDTH(n.KINGS, "king_areas", s) INSIDE(n.KING_AT, n.KINGS)
    AT(n.BOARDS_AT, "boards_at") WIDTH(n.AREAS, "areas", s) INSIDE(n.BOARDS_AT, 2 * (n.AREAS + 1))
    AT(n.TOTAL_AT, "total_at") INSIDE(n.TOTAL_AT, 1)
    AT(n.OPEN_AT, "open_at") WIDTH(n.CARDS, "cards", s) INSIDE(n.OPEN_AT, 5 * (n.CARDS + 1))
    AT(n.IN_USE_AT, "in_use_at") INSIDE(n.IN_USE_AT, n.CARDS + 1)
    AT(n.PLACE_AT, "place_at") INSIDE(n.PLACE_AT, 1)
    WIDTH(n.COLOURS, "max_colours", MAX_COLOURS)
    AT(n.SEAT_AT, "seat_at") INSIDE(n.SEAT_AT, n.COLOURS)
    AT(n.CURRENT_AT, "current_at") INSIDE(n.CURRENT_AT, n.COLOURS)
    AT(n.MOVING_AT, "moving_at") INSIDE(n.MOVING_AT, n.COLOURS)
    WIDTH(n.NREG, "regions", s) WIDTH(n.GRANDES, "grande_areas", s)
    if (layout_long(layout, "castillo", 0, n.AREAS - 1, &n.CASTILLO) < 0) return NULL;
    if (n.NREG > n.AREAS) {
        PyErr_SetString(PyExc_ValueError, "elgrande observe init: more regions than areas");
        return NULL;
    }
    WIDTH(n.PER_COLOUR, "per_colour", s)
    if (n.PER_COLOUR < n.NREG + 11 + n.GRANDES) {
        PyErr_SetString(PyExc_ValueError, "elgrande observe init: per_colour too small");
        return NULL;
    }
    AT(n.COLOUR_AT, "colour_at") INSIDE(n.COLOUR_AT, n.COLOURS * n.PER_COLOUR)
    WIDTH(n.POWER_CARDS, "power_cards", 30)
    AT(n.HAND_AT, "hand_at") INSIDE(n.HAND_AT, n.POWER_CARDS)
    AT(n.DISCARD_AT, "discard_at") INSIDE(n.DISCARD_AT, n.POWER_CARDS)
    WIDTH(n.MODIFIERS, "modifiers", 62)
    AT(n.MODS_AT, "mods_at") INSIDE(n.MODS_AT, n.MODIFIERS)
#undef AT
#undef WIDTH
#undef INSIDE
    if (layout_track(layout, "rounds_full", n.FULL, &n.NFULL) < 0 ||
        layout_track(layout, "rounds_short", n.SHORT, &n.NSHORT) < 0)
        return NULL;
    if (layout_scale(layout, "round_scale", &n.ROUND_SCALE) < 0 ||
        layout_scale(layout, "place_scale", &n.PLACE_SCALE) < 0 ||
        layout_scale(layout, "area_scale", &n.AREA_SCALE) < 0 ||
        layout_scale(layout, "supply_scale", &n.SUPPLY_SCALE) < 0 ||
        layout_scale(layout, "played_scale", &n.PLAYED_SCALE) < 0 ||
        layout_scale(layout, "total_scale", &n.TOTAL_SCALE) < 0 ||
        layout_scale(layout, "score_scale", &n.SCORE_SCALE) < 0 ||
        layout_scale(layout, "cards_scale", &n.CARDS_SCALE) < 0 ||
        layout_scale(layout, "veto_scale", &n.VETO_SCALE) < 0)
        return NULL;
    n.SIZE = (Py_ssize_t)size;
    L = n; /* all or nothing: a bad layout leaves the one in use */
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"init", init, METH_O, "Set the observation's layout: a dict of offsets, widths and divisors (info.py)."},
    {"observe", (PyCFunction)(void (*)(void))observe, METH_FASTCALL,
     "observe(state, seat, buffer, to_move) -> buffer: the seat's observation written into the buffer."},
    {"observe_seats", (PyCFunction)(void (*)(void))observe_seats, METH_FASTCALL,
     "observe_seats(state, to_move, buffer, seats) -> buffer: row i gets the observation of seats[i]."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cobserve", "The El Grande observation in C.", -1, methods, NULL, NULL, NULL, NULL,
};

#define INTERN(var, text)                                     \
    do {                                                      \
        if ((var = PyUnicode_InternFromString(text)) == NULL) \
            return NULL;                                      \
    } while (0)

PyMODINIT_FUNC PyInit__cobserve(void) {
    INTERN(a_round_index, "round_index");
    INTERN(a_short_game, "short_game");
    INTERN(a_phase, "phase");
    INTERN(a_king, "king");
    INTERN(a_scoreboards, "scoreboards");
    INTERN(a_hidden, "hidden_castillo");
    INTERN(a_caballeros, "caballeros");
    INTERN(a_colours, "colours");
    INTERN(a_open_cards, "open_cards");
    INTERN(a_card, "card");
    INTERN(a_place_left, "place_left");
    INTERN(a_current, "current");
    INTERN(a_num_players, "num_players");
    INTERN(a_province, "province");
    INTERN(a_court, "court");
    INTERN(a_power_played, "power_played");
    INTERN(a_power_total, "power_total");
    INTERN(a_score, "score");
    INTERN(a_power_hand, "power_hand");
    INTERN(a_power_discard, "power_discard");
    INTERN(a_vetos, "vetos");
    INTERN(a_grande, "grande");
    INTERN(a_machtverschiebung, "machtverschiebung");
    INTERN(a_modifier_hand, "modifier_hand");
    INTERN(k_seat, "seat");
    INTERN(k_moving, "a seat to move");
    return PyModule_Create(&module);
}
