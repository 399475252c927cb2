/* The Wallenstein observation in C: the numbers of feldherr/wallenstein/info.py's observe_pure,
 * natively.
 *
 * It writes exactly what the pure-Python twin writes, in the same order, bit for bit in float32:
 * each number is computed in double (an int divided by its scale, as Python's int / int) and cast
 * to float (as a memoryview of format "f" stores a Python float), then every number is capped to
 * [0, 1] in float32 as np.minimum(buf, 1.0) and np.maximum(buf, 0.0) do. What the Python side gets
 * from a method (st.to_move(), st.tower.inside()) is got by calling that method, so no rule is
 * repeated here; the one exception is the tower's cubes inside, summed here by the base method's
 * formula when the tower and its model use the base functions init was handed (see tower_inside).
 * tests/wallenstein/test_cobserve.py compares both paths at every seat of random games.
 *
 * The layout (block offsets and sizes, the phases, the plan-cell table) is defined in info.py and
 * handed over once by init(layout, phase_index, plan_cells); only the row widths of the blocks (12
 * numbers per county and per seat, 9 per plan box) and the scales are the formula's own, as in the
 * twin, and init checks the offsets against them.
 *
 * Entry points: init(layout, phase_index, plan_cells[, tower]) once at import (tower: the base
 * inside functions and the number of colours), then observe(state, seat, buffer[, to_move]) ->
 * buffer (to_move: st.to_move(), handed in by a caller that has it, else asked for here); observe_seats(state, to_move, buffer, seats) ->
 * buffer, row i the observation of seats[i] (a writable C-contiguous float32 array of shape
 * (len(seats), OBSERVATION_SIZE), seats within [0, seats of the layout)): what every seat sees alike
 * is read once (fill with seat PUBLIC: no seat, every plan box shown as to a seat that is not its
 * owner, no hand) and capped, copied into each row, and each seat's own part added (fill_seat: its
 * one-hot, its own plan rows written anew as their owner sees them and capped, its county cards:
 * 1s). The blocks of the two parts are disjoint, so a row
 * is observe's numbers of its seat for every state whose values are in their ranges. A state value
 * of an unexpected type or out of its range raises (TypeError, IndexError, KeyError,
 * OverflowError); observe's buffer may then be partly written, observe_seats's is left as it was. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <string.h>

#include "_slots.h" /* slot_attr: a state's field read straight from its slot */
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#define COUNTY_ROW 12 /* present, owner (none + 5 seats), armies, 3 buildings, revolt markers */
#define PLAYER_ROW 12 /* present, Thalers, grain, VP, supply, cards, position (none + 5) */
#define SLOT_ROW 9    /* planned, hidden, lost, county, which, money, how much, tower card, empty */
#define MAX_PAIRS 4   /* numbers of one open plan card besides "planned" */
#define MAX_CELLS 4096
#define MAX_SEATS 16
#define MAX_COLOURS 16 /* the tower's cube colours */
#define EXACT (1LL << 53) /* beyond it an int is no longer exactly a double */

/* the numbers of the state (at most EXACT) and the offsets computed from them are longs */
_Static_assert(sizeof(long) >= 8, "the Wallenstein observation kernel needs 64-bit longs");

/* ------------------------------------------------------------------ the layout (from init) */
static int ready = 0;
static long SIZE, SEATS, TO_MOVE_AT, PHASE_AT, YEAR_AT, SEASON_AT, COUNTIES_AT, NCOUNTIES, PLAYERS_AT,
    PLANS_AT, NSLOTS, HAND_AT, SUPPLIES_AT, EVENTS_AT, NEVENTS, ACTIONS_AT, NACTIONS, TILES_AT, NTILES,
    STEP_AT, COURT_AT, NSPACES, NFAVORS, LEADERS_AT, LSK_AT, DRAFT_AT, GROUP_SIZES, UNPLANNED, LOST,
    MOVE_PHASE, EXECUTE_PHASE, DRAFT_PHASE;
static PyObject *phase_index; /* str -> int */
static long cell_lo;
static int cell_n;
static int cell_k[MAX_CELLS];
static long cell_off[MAX_CELLS][MAX_PAIRS];
static double cell_x[MAX_CELLS][MAX_PAIRS];

static struct {
    const char *name;
    long *value;
} LAYOUT[] = {
    {"size", &SIZE},
    {"seats", &SEATS},
    {"to_move_at", &TO_MOVE_AT},
    {"phase_at", &PHASE_AT},
    {"year_at", &YEAR_AT},
    {"season_at", &SEASON_AT},
    {"counties_at", &COUNTIES_AT},
    {"counties", &NCOUNTIES},
    {"players_at", &PLAYERS_AT},
    {"plans_at", &PLANS_AT},
    {"slots", &NSLOTS},
    {"hand_at", &HAND_AT},
    {"supplies_at", &SUPPLIES_AT},
    {"events_at", &EVENTS_AT},
    {"events", &NEVENTS},
    {"actions_at", &ACTIONS_AT},
    {"actions", &NACTIONS},
    {"tiles_at", &TILES_AT},
    {"tiles", &NTILES},
    {"step_at", &STEP_AT},
    {"court_at", &COURT_AT},
    {"favor_spaces", &NSPACES},
    {"favors", &NFAVORS},
    {"leaders_at", &LEADERS_AT},
    {"landsknechte_at", &LSK_AT},
    {"draft_at", &DRAFT_AT},
    {"group_sizes", &GROUP_SIZES},
    {"unplanned", &UNPLANNED},
    {"lost", &LOST},
    {"move_phase", &MOVE_PHASE},
    {"execute_phase", &EXECUTE_PHASE},
    {"draft_phase", &DRAFT_PHASE},
};
#define NLAYOUT ((int)(sizeof(LAYOUT) / sizeof(LAYOUT[0])))

/* the state's attributes and methods, as interned names */
#define NAMES(X)                                                                                   \
    X(num_players) X(to_move) X(phase) X(year) X(season) X(active) X(owner) X(armies) X(buildings) \
    X(unrest) X(card) X(money) X(grain) X(vp) X(supply) X(positions) X(plans) X(revealed) X(tower) \
    X(inside) X(tray) X(peasant_supply) X(unrest_supply) X(building_supply) X(open_events) X(event) \
    X(used_events) X(event_deck) X(actions) X(revealed_actions) X(action_index) X(bonus) X(order)  \
    X(pending) X(court) X(favors) X(courtiers) X(hall) X(audience) X(parry) X(shield) X(favor_deck) \
    X(leaders) X(leader) X(statue_supply) X(statues) X(trophies) X(lsk) X(lsk_top) X(faceup)       \
    X(draft_deck) X(groups) X(model) X(content) X(levels)
#define DECLARE(name) static PyObject *a_##name;
NAMES(DECLARE)

/* ------------------------------------------------------------------ reading the state */
static int bad_type(const char *what, const char *expected, PyObject *x) {
    PyErr_Format(PyExc_TypeError, "wallenstein observe: %s must be %s, not %.100s", what, expected,
                 Py_TYPE(x)->tp_name);
    return -1;
}

/* an int (a bool included) that a double holds exactly, as Python's true division needs */
static int to_long_slow(PyObject *x, long *out) {
    if (!PyLong_Check(x)) return bad_type("a number of the state", "an int", x);
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(x, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v > EXACT || v < -EXACT) {
        PyErr_SetString(PyExc_OverflowError, "wallenstein observe: a number of the state is too large");
        return -1;
    }
    *out = v;
    return 0;
}

/* the same, the common case (an exact int of one digit) read without a call (_slots.h) */
static inline int to_long(PyObject *x, long *out) {
    if (small_long(x, out)) return 0;
    return to_long_slow(x, out);
}

/* the truth of a bool or an int (no other object: its __bool__ could change the lists being read) */
static inline int to_flag(PyObject *x, int *out) {
    if (x == Py_True || x == Py_False) {
        *out = x == Py_True;
        return 0;
    }
    long v;
    if (to_long(x, &v) < 0) return -1;
    *out = v != 0;
    return 0;
}

/* a list or tuple (a new reference), else TypeError naming it */
static PyObject *as_seq(PyObject *x, const char *what) {
    if (x == NULL) return NULL;
    if (PyList_Check(x) || PyTuple_Check(x)) return x;
    bad_type(what, "a list or tuple", x);
    Py_DECREF(x);
    return NULL;
}

static PyObject *seq_attr(PyObject *o, PyObject *name) {
    PyObject *x = slot_attr(o, name);
    if (x == NULL || PyList_Check(x) || PyTuple_Check(x)) return x;
    PyErr_Format(PyExc_TypeError, "wallenstein observe: state.%U must be a list or tuple, not %.100s", name,
                 Py_TYPE(x)->tp_name);
    Py_DECREF(x);
    return NULL;
}

static int long_attr(PyObject *o, PyObject *name, long *out) {
    PyObject *x = slot_attr(o, name);
    if (x == NULL) return -1;
    int rc = to_long(x, out);
    Py_DECREF(x);
    return rc;
}

static int flag_attr(PyObject *o, PyObject *name, int *out) {
    PyObject *x = slot_attr(o, name);
    if (x == NULL) return -1;
    int rc = to_flag(x, out);
    Py_DECREF(x);
    return rc;
}

static Py_ssize_t len_attr(PyObject *o, PyObject *name) {
    PyObject *x = slot_attr(o, name);
    if (x == NULL) return -1;
    Py_ssize_t k = PyObject_Size(x);
    Py_DECREF(x);
    return k;
}

#define LEN(seq) PySequence_Fast_GET_SIZE(seq)
#define ITEM(seq, i) PySequence_Fast_GET_ITEM(seq, i)

/* item i of a list or tuple as a number (IndexError past its end, as Python's) */
static inline int item_long(PyObject *seq, Py_ssize_t i, long *out) {
    if (i < 0 || i >= LEN(seq)) {
        PyErr_SetString(PyExc_IndexError, "wallenstein observe: list index out of range");
        return -1;
    }
    return to_long(ITEM(seq, i), out);
}

static PyObject *item_seq(PyObject *seq, Py_ssize_t i) {
    if (i < 0 || i >= LEN(seq)) {
        PyErr_SetString(PyExc_IndexError, "wallenstein observe: list index out of range");
        return NULL;
    }
    PyObject *x = ITEM(seq, i);
    Py_INCREF(x);
    return as_seq(x, "a row");
}

/* ------------------------------------------------------------------ writing */
static int bad_index(long i) {
    PyErr_Format(PyExc_IndexError, "wallenstein observe: number %ld is outside the observation (a state value "
                 "out of its range)", i);
    return -1;
}

/* v[i] = x as the memoryview stores it (the double rounded to float), else IndexError */
#define PUT(i, x)                       \
    do {                                \
        long i_ = (i);                  \
        if (i_ < 0 || i_ >= SIZE) {     \
            bad_index(i_);              \
            goto fail;                  \
        }                               \
        v[i_] = (float)(double)(x);     \
    } while (0)
#define CHECK(call)                \
    do {                           \
        if ((call) < 0) goto fail; \
    } while (0)
#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* every number capped to [0, 1] in float32 as np.minimum(buf, 1.0), then np.maximum(buf, 0.0) do
 * (a NaN and -0.0 kept); four at a time where SSE2 exists: minps(1, z) is exactly 1 < z ? 1 : z,
 * maxps(0, z) exactly 0 > z ? 0 : z */
static void cap(float *v, long size) {
    long i = 0;
#ifdef __SSE2__
    const __m128 one = _mm_set1_ps(1.0f), zero = _mm_setzero_ps();
    for (; i + 4 <= size; i += 4) _mm_storeu_ps(v + i, _mm_max_ps(zero, _mm_min_ps(one, _mm_loadu_ps(v + i))));
#endif
    for (; i < size; i++) {
        float z = v[i];
        z = 1.0f < z ? 1.0f : z;
        v[i] = 0.0f > z ? 0.0f : z;
    }
}

/* fill's seat for what every seat sees alike (a state's seat is within +-EXACT, never this) */
#define PUBLIC LONG_MIN

/* what fill learnt of the state that fill_seat needs (new references, or NULL) */
struct shared {
    long n;                /* the number of players */
    PyObject *plans;       /* state.plans */
    PyObject *cards;       /* state.card: the county cards' holders */
};

static void shared_clear(struct shared *sh) {
    Py_CLEAR(sh->plans);
    Py_CLEAR(sh->cards);
}

/* the numbers of an open plan box of value x into its row (at row), as observe_pure writes a box
 * that is revealed or seen by its owner; KeyError for a value the plan-cell table does not know,
 * IndexError for a number outside the observation; v NULL: only these checks */
static int plan_box(long x, long row, float *v) {
    long cell = x - cell_lo;
    if (cell < 0 || cell >= cell_n || cell_k[cell] == 0) {
        PyObject *key = PyLong_FromLong(x);
        if (key != NULL) {
            PyErr_SetObject(PyExc_KeyError, key);
            Py_DECREF(key);
        }
        return -1;
    }
    for (int i = 0; i < cell_k[cell]; i++) {
        long at = row + cell_off[cell][i];
        if (at < 0 || at >= SIZE) return bad_index(at);
        if (v != NULL) v[at] = (float)cell_x[cell][i]; /* as PUT stores it */
    }
    return 0;
}

/* ------------------------------------------------------------------ the tower's cubes inside */
/* st.tower.inside() costs two Python calls (Tower.inside, then the model's inside) and a new list,
 * as much as a fifth of the observation. When both are the base functions init was handed
 * (Tower.inside and TowerModel.inside: every model but one that overrides inside, such as the
 * scripted tower), the kernel sums the levels itself by the base method's formula: the cubes of
 * each colour over content[:model.levels], each level read as level[:NCOLOURS], the sums as long as
 * the shortest level (NCOLOURS zeros for no level). Whatever the formula does not cover for sure (a
 * content or level that is no exact list or tuple, a count that is no exact int of one digit,
 * levels no exact int) is left to the method, called as Tower.inside calls it, so the numbers, and
 * any error, are always the method's. */
static PyObject *tower_inside_fn, *model_inside_fn; /* from init; NULL: always call the method */
static long NCOLOURS;

/* what is known of a type: o.inside of an instance o is certainly fn bound to o (a plain lookup:
 * the generic getattr, no instance dict, fn itself found in the type's MRO), as long as the type
 * keeps its version tag */
typedef struct {
    PyTypeObject *type;
    unsigned int version;
    int plain;
} method_entry;

static method_entry tower_type; /* the type of the towers, learnt from the first one */

/* the object under name in the first dict of type's MRO that has it (borrowed), NULL if none
 * (an error cleared: a type's dict holds str keys, no Python code runs) */
static PyObject *mro_lookup(PyTypeObject *type, PyObject *name) {
    PyObject *mro = type->tp_mro, *found = NULL;
    if (mro == NULL || !PyTuple_Check(mro)) return NULL;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(mro) && found == NULL; i++) {
        PyObject *base = PyTuple_GET_ITEM(mro, i);
        if (!PyType_Check(base)) return NULL;
#if PY_VERSION_HEX >= 0x030C0000
        PyObject *dict = PyType_GetDict((PyTypeObject *)base); /* (a static type's tp_dict may be NULL) */
#else
        PyObject *dict = ((PyTypeObject *)base)->tp_dict;
        Py_XINCREF(dict);
#endif
        if (dict == NULL) return NULL;
        found = PyDict_GetItemWithError(dict, name); /* borrowed: the type keeps it */
        Py_DECREF(dict);
        if (found == NULL && PyErr_Occurred()) {
            PyErr_Clear();
            return NULL;
        }
    }
    return found;
}

static int plain_method(PyObject *o, PyObject *name, PyObject *fn, method_entry *e) {
#ifndef Py_TPFLAGS_VALID_VERSION_TAG
    (void)o, (void)name, (void)fn, (void)e;
    return 0;
#else
    PyTypeObject *type = Py_TYPE(o);
    if (!PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG) || e->type != type ||
        e->version != type->tp_version_tag) {
        /* learn it: the class's own look-up first (it gives the type a version tag) */
        PyObject *probe = PyObject_GetAttr((PyObject *)type, name);
        if (probe == NULL) PyErr_Clear();
        Py_XDECREF(probe);
        unsigned int version = type->tp_version_tag;
        int plain = type->tp_getattro == PyObject_GenericGetAttr && type->tp_dictoffset == 0 &&
#ifdef Py_TPFLAGS_MANAGED_DICT
                    !PyType_HasFeature(type, Py_TPFLAGS_MANAGED_DICT) &&
#endif
                    fn != NULL && mro_lookup(type, name) == fn;
        e->type = NULL;
        if (!PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG) || type->tp_version_tag != version) return 0;
        e->type = type;
        e->version = version;
        e->plain = plain;
    }
    return e->plain;
#endif
}

/* the base inside's numbers of content into out[0..*k): 1 done, 0 not sure (nothing set: left to
 * the method), -1 error (model.levels could not be read, as the method reads it first) */
static int base_inside(PyObject *model, PyObject *content, long *out, Py_ssize_t *k) {
    PyObject *levels = PyObject_GetAttr(model, a_levels);
    if (levels == NULL) return -1;
    int overflow = 0, exact = PyLong_CheckExact(levels);
    long lv = exact ? PyLong_AsLongAndOverflow(levels, &overflow) : 0;
    Py_DECREF(levels);
    if (lv == -1 && PyErr_Occurred()) return -1;
    if (!exact || overflow || !(PyList_CheckExact(content) || PyTuple_CheckExact(content))) return 0;
    Py_ssize_t total = LEN(content), rows = lv < 0 ? total + lv : MIN(lv, total), width = NCOLOURS;
    for (long c = 0; c < NCOLOURS; c++) out[c] = 0;
    for (Py_ssize_t r = 0; r < rows; r++) { /* content[:levels], each level[:NCOLOURS] */
        PyObject *level = ITEM(content, r);
        if (!PyList_CheckExact(level) && !PyTuple_CheckExact(level)) return 0;
        width = MIN(width, LEN(level)); /* map stops at the shortest */
        for (Py_ssize_t c = 0; c < width; c++) {
            PyObject *x = ITEM(level, c);
#if PY_VERSION_HEX >= 0x030C0000
            if (!PyLong_CheckExact(x) || !PyUnstable_Long_IsCompact((PyLongObject *)x)) return 0;
            out[c] += (long)PyUnstable_Long_CompactValue((PyLongObject *)x);
#else
            if (!PyLong_CheckExact(x) || Py_SIZE(x) < -1 || Py_SIZE(x) > 1) return 0;
            out[c] += (long)Py_SIZE(x) * (long)((PyLongObject *)x)->ob_digit[0];
#endif
            if (out[c] > EXACT || out[c] < -EXACT) return 0; /* to_long's refusal, through the method */
        }
    }
    *k = width;
    return 1;
}

/* tower.inside(): its numbers into out[0..*k) and *seq NULL, or *seq the method's list or tuple (a
 * new reference); -1 with an error */
static int tower_inside(PyObject *tower, long *out, Py_ssize_t *k, PyObject **seq) {
    PyObject *model = NULL, *method = NULL, *content = NULL;
    *seq = NULL;
    if (!plain_method(tower, a_inside, tower_inside_fn, &tower_type)) {
        *seq = as_seq(PyObject_CallMethodNoArgs(tower, a_inside), "tower.inside()");
        return *seq == NULL ? -1 : 0;
    }
    /* Tower.inside: self.model.inside(self.content) */
    if ((model = slot_attr(tower, a_model)) == NULL || (method = PyObject_GetAttr(model, a_inside)) == NULL ||
        (content = slot_attr(tower, a_content)) == NULL)
        goto done;
    if (PyMethod_Check(method) && PyMethod_GET_FUNCTION(method) == model_inside_fn &&
        PyMethod_GET_SELF(method) == model) {
        int rc = base_inside(model, content, out, k);
        if (rc != 0) {
            Py_DECREF(model);
            Py_DECREF(method);
            Py_DECREF(content);
            return rc > 0 ? 0 : -1;
        }
    }
    *seq = as_seq(PyObject_CallOneArg(method, content), "tower.inside()");
done:
    Py_XDECREF(model);
    Py_XDECREF(method);
    Py_XDECREF(content);
    return *seq == NULL ? -1 : 0;
}

/* the numbers of the state for seat into v (zeroed), every number as observe_pure writes it,
 * uncapped. seat PUBLIC: only what every seat sees alike (no seat, every plan box shown as to a
 * seat that is not its owner, no hand), and sh (not NULL) gets what fill_seat needs */
static int fill(PyObject *st, long seat, PyObject *to_move, float *v, struct shared *sh) {
    PyObject *a = NULL, *b = NULL, *c = NULL, *d = NULL, *e = NULL, *f = NULL, *row_a = NULL, *row_b = NULL;
    PyObject *index; /* borrowed: the phase's index */
    long n, x, y, row, revealed, at = -1, cards[MAX_SEATS] = {0}; /* cards: county cards per seat */
    long inside[MAX_COLOURS];                                      /* the tower's cubes per colour */
    Py_ssize_t size, total, turned;
    int flag, moving;

    /* envelope: the seat, who moves, the phase, year and season */
    CHECK(long_attr(st, a_num_players, &n));
    if (seat != PUBLIC) PUT(seat, 1.0);
    if (to_move != NULL) { /* the seats to move, handed in by a caller that has them */
        Py_INCREF(to_move);
        a = as_seq(to_move, "to_move");
    } else
        a = as_seq(PyObject_CallMethodNoArgs(st, a_to_move), "to_move()");
    if (a == NULL) goto fail;
    for (Py_ssize_t i = 0; i < LEN(a); i++) {
        CHECK(item_long(a, i, &x));
        PUT(TO_MOVE_AT + x, 1.0);
    }
    Py_CLEAR(a);
    a = slot_attr(st, a_phase);
    if (a == NULL) goto fail;
    if (!PyUnicode_Check(a)) {
        PyErr_Format(PyExc_TypeError, "wallenstein observe: phase must be a str, not %.100s", Py_TYPE(a)->tp_name);
        goto fail;
    }
    index = PyDict_GetItemWithError(phase_index, a); /* borrowed */
    if (index == NULL && PyErr_Occurred()) goto fail;
    if (index != NULL) {
        CHECK(to_long(index, &at));
        PUT(PHASE_AT + at, 1.0);
    }
    Py_CLEAR(a);
    CHECK(long_attr(st, a_year, &x));
    PUT(YEAR_AT, (double)x / 3.0);
    CHECK(long_attr(st, a_season, &x));
    PUT(SEASON_AT + x, 1.0);

    /* counties */
    if ((a = seq_attr(st, a_active)) == NULL || (b = seq_attr(st, a_owner)) == NULL ||
        (c = seq_attr(st, a_armies)) == NULL || (d = seq_attr(st, a_buildings)) == NULL ||
        (e = seq_attr(st, a_unrest)) == NULL)
        goto fail;
    for (Py_ssize_t k = 0; k < LEN(a); k++) {
        row = COUNTIES_AT + COUNTY_ROW * (long)k;
        CHECK(to_flag(ITEM(a, k), &flag));
        if (!flag) continue;
        PUT(row, 1.0);
        CHECK(item_long(b, k, &x));
        PUT(row + 2 + x, 1.0);
        CHECK(item_long(c, k, &x));
        PUT(row + 7, (double)x / 10.0);
        CHECK(item_long(d, k, &x));
        if (x)
            for (int i = 0; i < 3; i++)
                if (x >> i & 1) PUT(row + 8 + i, 1.0);
        CHECK(item_long(e, k, &x));
        PUT(row + 11, (double)x / 3.0);
    }
    Py_CLEAR(a);
    Py_CLEAR(b);
    Py_CLEAR(c);
    Py_CLEAR(d);
    Py_CLEAR(e);

    /* players (f: the county cards' holders, kept for the hand) */
    if ((a = seq_attr(st, a_money)) == NULL || (b = seq_attr(st, a_grain)) == NULL ||
        (c = seq_attr(st, a_vp)) == NULL || (d = seq_attr(st, a_supply)) == NULL ||
        (e = seq_attr(st, a_positions)) == NULL || (f = seq_attr(st, a_card)) == NULL)
        goto fail;
    if (n < 0 || n > SEATS) {
        PyErr_Format(PyExc_ValueError, "wallenstein observe: %ld players (the observation has room for %ld)", n,
                     SEATS);
        goto fail;
    }
    for (Py_ssize_t k = 0; k < LEN(f); k++) {
        CHECK(to_long(ITEM(f, k), &x));
        if (0 <= x && x < n) cards[x]++;
    }
    for (long s = 0; s < n; s++) {
        row = PLAYERS_AT + PLAYER_ROW * s;
        PUT(row, 1.0);
        CHECK(item_long(a, s, &x));
        PUT(row + 1, (double)x / 20.0);
        CHECK(item_long(b, s, &x));
        PUT(row + 2, (double)x / 10.0);
        CHECK(item_long(c, s, &x));
        PUT(row + 3, (double)x / 50.0);
        CHECK(item_long(d, s, &x));
        PUT(row + 4, (double)x / 30.0);
        PUT(row + 5, (double)cards[s] / 10.0);
        CHECK(item_long(e, s, &x));
        PUT(row + 6 + x + 1, 1.0); /* -1 (none): the first slot */
    }
    Py_CLEAR(a);
    Py_CLEAR(b);
    Py_CLEAR(c);
    Py_CLEAR(d);
    Py_CLEAR(e);

    /* plans: every box planned, face-down, lost, or the open card's numbers */
    if ((a = seq_attr(st, a_plans)) == NULL || (b = seq_attr(st, a_revealed)) == NULL) goto fail;
    for (long s = 0; s < n; s++) {
        row = PLANS_AT + s * NSLOTS * SLOT_ROW;
        if ((row_a = item_seq(a, s)) == NULL || (row_b = item_seq(b, s)) == NULL) goto fail;
        for (Py_ssize_t slot = 0; slot < LEN(row_a); slot++, row += SLOT_ROW) {
            CHECK(to_long(ITEM(row_a, slot), &x));
            if (x == UNPLANNED) continue;
            PUT(row, 1.0);
            if (x == LOST) {
                PUT(row + 2, 1.0);
                continue;
            }
            flag = seat != PUBLIC && s == seat;
            if (!flag) {
                if (slot >= LEN(row_b)) {
                    PyErr_SetString(PyExc_IndexError, "wallenstein observe: list index out of range");
                    goto fail;
                }
                CHECK(to_flag(ITEM(row_b, slot), &flag));
            }
            if (!flag) {
                PUT(row + 1, 1.0);
                continue;
            }
            CHECK(plan_box(x, row, v));
        }
        Py_CLEAR(row_a);
        Py_CLEAR(row_b);
    }
    Py_CLEAR(b);

    /* the seat's county cards */
    if (seat != PUBLIC)
        for (Py_ssize_t k = 0; k < LEN(f); k++) {
            CHECK(to_long(ITEM(f, k), &x));
            if (x == seat) PUT(HAND_AT + (long)k, 1.0);
        }
    if (sh != NULL) { /* the plans and the cards' holders kept for fill_seat */
        sh->n = n;
        sh->plans = a;
        sh->cards = f;
        a = f = NULL;
    }
    Py_CLEAR(a);
    Py_CLEAR(f);

    /* supplies: the tower's cubes inside per colour, the tray, peasants, revolt markers, buildings */
    row = SUPPLIES_AT;
    a = slot_attr(st, a_tower);
    if (a == NULL) goto fail;
    CHECK(tower_inside(a, inside, &size, &b));
    if (b == NULL) /* summed here */
        for (Py_ssize_t k = 0; k < size; k++) PUT(row++, (double)inside[k] / 10.0);
    else /* the method's numbers */
        for (Py_ssize_t k = 0; k < LEN(b); k++) {
            CHECK(to_long(ITEM(b, k), &x));
            PUT(row++, (double)x / 10.0);
        }
    Py_CLEAR(a);
    Py_CLEAR(b);
    if ((a = seq_attr(st, a_tray)) == NULL) goto fail;
    for (Py_ssize_t k = 0; k < LEN(a); k++) {
        CHECK(to_long(ITEM(a, k), &x));
        PUT(row++, (double)x / 10.0);
    }
    Py_CLEAR(a);
    CHECK(long_attr(st, a_peasant_supply, &x));
    PUT(row, (double)x / 50.0);
    CHECK(long_attr(st, a_unrest_supply, &x));
    PUT(row + 1, (double)x / 20.0);
    row += 2;
    if ((a = seq_attr(st, a_building_supply)) == NULL) goto fail;
    for (Py_ssize_t k = 0; k < LEN(a); k++) {
        CHECK(to_long(ITEM(a, k), &x));
        PUT(row++, (double)x / 10.0);
    }
    Py_CLEAR(a);

    /* events: open, this round's, gone; the deck's size */
    if ((a = seq_attr(st, a_open_events)) == NULL) goto fail;
    for (Py_ssize_t k = 0; k < LEN(a); k++) {
        CHECK(to_long(ITEM(a, k), &x));
        PUT(EVENTS_AT + 3 * x, 1.0);
    }
    Py_CLEAR(a);
    CHECK(long_attr(st, a_event, &x));
    if (x >= 0) PUT(EVENTS_AT + 3 * x + 1, 1.0);
    if ((a = seq_attr(st, a_used_events)) == NULL) goto fail;
    for (Py_ssize_t k = 0; k < LEN(a); k++) {
        CHECK(to_long(ITEM(a, k), &x));
        PUT(EVENTS_AT + 3 * x + 2, 1.0);
    }
    Py_CLEAR(a);
    size = len_attr(st, a_event_deck);
    if (size < 0) goto fail;
    PUT(EVENTS_AT + 3 * NEVENTS, (double)size / (double)NEVENTS);

    /* action cards: the turned ones (actions[:revealed_actions]) and their order, the hidden count,
     * the current one while moving or executing */
    CHECK(long_attr(st, a_revealed_actions, &revealed));
    if ((a = seq_attr(st, a_actions)) == NULL) goto fail;
    total = LEN(a);
    turned = revealed < 0 ? total + revealed : revealed; /* where the slice [:revealed] ends */
    if (turned < 0) turned = 0;
    if (turned > total) turned = total;
    for (Py_ssize_t i = 0; i < turned; i++) {
        CHECK(to_long(ITEM(a, i), &x));
        PUT(ACTIONS_AT + 2 * x, 1.0);
        PUT(ACTIONS_AT + 2 * x + 1, (double)i / 10.0);
    }
    Py_CLEAR(a);
    row = ACTIONS_AT + 2 * NACTIONS;
    x = (long)total - revealed;
    PUT(row, (double)(x > 0 ? x : 0) / 10.0);
    moving = at >= 0 && at == MOVE_PHASE;
    if (moving || (at >= 0 && at == EXECUTE_PHASE)) {
        CHECK(long_attr(st, a_action_index, &x));
        if (0 <= x && x <= NACTIONS) PUT(row + 1 + x, 1.0);
    }

    /* bonus tiles, player order, the pending movement */
    if ((a = seq_attr(st, a_bonus)) == NULL) goto fail;
    row = TILES_AT;
    for (Py_ssize_t k = 0; k < LEN(a); k++, row += NTILES) {
        CHECK(to_long(ITEM(a, k), &x));
        PUT(row + x, 1.0);
    }
    Py_CLEAR(a);
    if ((a = seq_attr(st, a_order)) == NULL) goto fail;
    row = TILES_AT + NTILES * NTILES;
    for (Py_ssize_t k = 0; k < LEN(a); k++, row += SEATS) {
        CHECK(to_long(ITEM(a, k), &x));
        PUT(row + x, 1.0);
    }
    Py_CLEAR(a);
    if (moving) {
        if ((a = seq_attr(st, a_pending)) == NULL) goto fail;
        if (LEN(a) != 3) {
            PyErr_Format(PyExc_ValueError, "wallenstein observe: a pending movement has 3 numbers, not %zd", LEN(a));
            goto fail;
        }
        CHECK(to_long(ITEM(a, 1), &x));
        CHECK(to_long(ITEM(a, 2), &y));
        PUT(STEP_AT + x, 1.0);
        PUT(STEP_AT + NCOUNTIES + y, 1.0);
        Py_CLEAR(a);
    }

    /* Am Kaiserhof: the displayed favors, courtiers, parries, shields, the favor deck's size */
    CHECK(flag_attr(st, a_court, &flag));
    if (flag) {
        if ((a = seq_attr(st, a_favors)) == NULL) goto fail;
        row = COURT_AT;
        for (Py_ssize_t k = 0; k < LEN(a); k++, row += NFAVORS + 1) {
            CHECK(to_long(ITEM(a, k), &x));
            PUT(row + x + 1, 1.0);
        }
        Py_CLEAR(a);
        row = COURT_AT + NSPACES * (NFAVORS + 1);
        PyObject *names[4] = {a_courtiers, a_hall, a_audience, a_parry};
        for (int j = 0; j < 4; j++, row += SEATS) {
            if ((a = seq_attr(st, names[j])) == NULL) goto fail;
            for (Py_ssize_t s = 0; s < MIN(LEN(a), SEATS); s++) {
                CHECK(to_long(ITEM(a, s), &x));
                PUT(row + s, (double)x / 10.0);
            }
            Py_CLEAR(a);
        }
        if ((a = seq_attr(st, a_shield)) == NULL) goto fail;
        for (long bit = 1; bit <= 2; bit++, row += SEATS)
            for (Py_ssize_t s = 0; s < MIN(LEN(a), SEATS); s++) {
                CHECK(to_long(ITEM(a, s), &x));
                if (x & bit) PUT(row + s, 1.0);
            }
        Py_CLEAR(a);
        size = len_attr(st, a_favor_deck);
        if (size < 0) goto fail;
        PUT(row, (double)size / (double)NFAVORS);
    }

    /* Heerführer: where the leaders are, statues in supply and on the board, trophies */
    CHECK(flag_attr(st, a_leaders, &flag));
    if (flag) {
        if ((a = seq_attr(st, a_leader)) == NULL) goto fail;
        row = LEADERS_AT;
        for (long s = 0; s < SEATS; s++, row += NCOUNTIES + 1) {
            x = -1;
            if (s < LEN(a)) CHECK(to_long(ITEM(a, s), &x));
            PUT(row + x + 1, 1.0);
        }
        Py_CLEAR(a);
        if ((a = seq_attr(st, a_statue_supply)) == NULL) goto fail;
        for (Py_ssize_t s = 0; s < MIN(LEN(a), SEATS); s++) {
            CHECK(to_long(ITEM(a, s), &x));
            PUT(row + s, (double)x / 5.0);
        }
        Py_CLEAR(a);
        row += SEATS;
        if ((a = seq_attr(st, a_statues)) == NULL) goto fail;
        for (Py_ssize_t s = 0; s < MIN(LEN(a), SEATS); s++) {
            if ((row_a = item_seq(a, s)) == NULL) goto fail;
            for (Py_ssize_t k = 0; k < LEN(row_a); k++) {
                CHECK(to_long(ITEM(row_a, k), &x));
                if (x) PUT(row + s * NCOUNTIES + k, (double)x);
            }
            Py_CLEAR(row_a);
        }
        Py_CLEAR(a);
        row += SEATS * NCOUNTIES;
        if ((a = seq_attr(st, a_trophies)) == NULL) goto fail;
        for (Py_ssize_t s = 0; s < MIN(LEN(a), SEATS); s++) {
            if ((row_a = item_seq(a, s)) == NULL) goto fail;
            for (Py_ssize_t o = 0; o < MIN(LEN(row_a), SEATS); o++) {
                CHECK(to_long(ITEM(row_a, o), &x));
                if (x) PUT(row + s * SEATS + o, (double)x);
            }
            Py_CLEAR(row_a);
        }
        Py_CLEAR(a);
    }

    /* Landsknechte: each seat's top card */
    CHECK(flag_attr(st, a_lsk, &flag));
    if (flag) {
        if ((a = seq_attr(st, a_lsk_top)) == NULL) goto fail;
        for (Py_ssize_t s = 0; s < MIN(LEN(a), SEATS); s++) {
            CHECK(to_long(ITEM(a, s), &x));
            PUT(LSK_AT + s, (double)(x + 1) / 10.0);
        }
        Py_CLEAR(a);
    }

    /* the draft: the face-up cards, the deck's size, each seat's army groups by size */
    if (at >= 0 && at == DRAFT_PHASE) {
        row = DRAFT_AT;
        if ((a = seq_attr(st, a_faceup)) == NULL) goto fail;
        for (Py_ssize_t i = 0; i < MIN(LEN(a), 2); i++) {
            CHECK(to_long(ITEM(a, i), &x));
            PUT(row + i * NCOUNTIES + x, 1.0);
        }
        Py_CLEAR(a);
        row += 2 * NCOUNTIES;
        size = len_attr(st, a_draft_deck);
        if (size < 0) goto fail;
        PUT(row, (double)size / (double)NCOUNTIES);
        row += 1;
        if ((a = seq_attr(st, a_groups)) == NULL) goto fail;
        for (Py_ssize_t s = 0; s < MIN(LEN(a), SEATS); s++) {
            if ((row_a = item_seq(a, s)) == NULL) goto fail;
            for (Py_ssize_t k = 0; k < LEN(row_a); k++) {
                CHECK(to_long(ITEM(row_a, k), &x));
                if (0 <= x && x < GROUP_SIZES) {
                    long i = row + s * GROUP_SIZES + x;
                    PUT(i, (double)v[i] + 1.0); /* v[i] += 1.0 through the memoryview */
                }
            }
            Py_CLEAR(row_a);
        }
        Py_CLEAR(a);
    }

    return 0;

fail:
    Py_XDECREF(a);
    Py_XDECREF(b);
    Py_XDECREF(c);
    Py_XDECREF(d);
    Py_XDECREF(e);
    Py_XDECREF(f);
    Py_XDECREF(row_a);
    Py_XDECREF(row_b);
    return -1;
}

/* add to v (fill(PUBLIC)'s numbers, capped) what seat alone sees: itself, its own plan boxes open
 * (its rows written anew and capped), its county cards; seat within [0, SEATS). v NULL: only the
 * checks, so that a seat whose part passed them is written without an error (no Python code runs
 * in between: the lists are only read) */
static int fill_seat(long seat, float *v, const struct shared *sh) {
    PyObject *plan = NULL;
    long x, start = PLANS_AT + seat * NSLOTS * SLOT_ROW, row = start;
#define SEAT_PUT(i, x)                  \
    do {                                \
        long j_ = (i);                  \
        if (j_ < 0 || j_ >= SIZE) {     \
            bad_index(j_);              \
            goto fail;                  \
        }                               \
        if (v != NULL) v[j_] = (x);     \
    } while (0)
    SEAT_PUT(seat, 1.0f);
    if (seat < sh->n) {
        if ((plan = item_seq(sh->plans, seat)) == NULL) goto fail;
        if (v != NULL) memset(v + start, 0, (size_t)(NSLOTS * SLOT_ROW) * sizeof(float));
        for (Py_ssize_t slot = 0; slot < LEN(plan); slot++, row += SLOT_ROW) {
            CHECK(to_long(ITEM(plan, slot), &x));
            if (x == UNPLANNED) continue;
            SEAT_PUT(row, 1.0f);
            if (x == LOST)
                SEAT_PUT(row + 2, 1.0f);
            else
                CHECK(plan_box(x, row, v));
        }
        Py_CLEAR(plan);
        if (v != NULL) cap(v + start, MIN(row, SIZE) - start); /* the plan cells' numbers; the rest are 1 */
    }
    for (Py_ssize_t k = 0; k < LEN(sh->cards); k++) {
        CHECK(to_long(ITEM(sh->cards, k), &x));
        if (x == seat) SEAT_PUT(HAND_AT + (long)k, 1.0f);
    }
    return 0;
#undef SEAT_PUT

fail:
    Py_XDECREF(plan);
    return -1;
}

/* ------------------------------------------------------------------ the buffer */
/* 0: a writable, C-contiguous, one-dimensional float32 buffer of exactly SIZE numbers (view held);
 * rows >= 0: a C-contiguous float32 array of shape (rows, SIZE) instead; else -1 (nothing held)
 * with the reason as TypeError/ValueError */
static int acquire_rows(PyObject *obj, Py_buffer *view, Py_ssize_t rows) {
    const char *why = NULL;
    int value_error = 0;
    if (PyObject_GetBuffer(obj, view, PyBUF_FULL_RO) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_TypeError)) return -1;
        PyErr_Clear();
        PyErr_Format(PyExc_TypeError, "wallenstein observe: the buffer must be a float32 array, not %.100s",
                     Py_TYPE(obj)->tp_name);
        return -1;
    }
    if (view->readonly)
        why = "the buffer is read-only";
    else if (view->format == NULL || strcmp(view->format, "f") != 0)
        why = "the buffer must hold float32 numbers (format 'f')";
    else if (rows < 0 && (view->ndim != 1 || view->shape == NULL || view->shape[0] != SIZE))
        why = "the buffer must be one-dimensional with exactly OBSERVATION_SIZE numbers", value_error = 1;
    else if (rows >= 0 && (view->ndim != 2 || view->shape == NULL || view->shape[0] != rows || view->shape[1] != SIZE))
        why = "the buffer must have one row of OBSERVATION_SIZE numbers per seat", value_error = 1;
    else if (!PyBuffer_IsContiguous(view, 'C'))
        why = "the buffer must be C-contiguous", value_error = 1;
    if (why == NULL) return 0;
    PyBuffer_Release(view);
    if (value_error)
        PyErr_Format(PyExc_ValueError, "wallenstein observe: %s (%ld)", why, SIZE);
    else
        PyErr_Format(PyExc_TypeError, "wallenstein observe: %s", why);
    return -1;
}

static int not_ready(void) {
    if (ready) return 0;
    PyErr_SetString(PyExc_RuntimeError, "wallenstein observe: init() has not succeeded");
    return -1;
}

static PyObject *observe(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 3 && nargs != 4) {
        PyErr_Format(PyExc_TypeError, "observe() takes 3 or 4 arguments (state, seat, buffer[, to_move]), %zd given",
                     nargs);
        return NULL;
    }
    if (not_ready() < 0) return NULL;
    long seat;
    if (!PyLong_Check(args[1])) {
        PyErr_Format(PyExc_TypeError, "wallenstein observe: the seat must be an int, not %.100s",
                     Py_TYPE(args[1])->tp_name);
        return NULL;
    }
    if (to_long(args[1], &seat) < 0) return NULL;
    Py_buffer view;
    if (acquire_rows(args[2], &view, -1) < 0) return NULL;
    float *v = (float *)view.buf;
    memset(v, 0, (size_t)SIZE * sizeof(float));
    int rc = fill(args[0], seat, nargs == 4 ? args[3] : NULL, v, NULL);
    if (rc == 0) cap(v, SIZE);
    PyBuffer_Release(&view);
    if (rc < 0) return NULL;
    Py_INCREF(args[2]);
    return args[2];
}

/* observe_seats(state, to_move, buffer, seats): row i of the buffer gets observe's numbers of
 * seats[i]; what every seat sees alike is read once (fill(PUBLIC)) into a scratch and capped, each
 * seat's part checked (fill_seat without v), then the scratch copied into each row and the seat's
 * part added: an error leaves the buffer as it was */
static PyObject *observe_seats(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    if (nargs != 4) {
        PyErr_Format(PyExc_TypeError, "observe_seats() takes 4 arguments (state, to_move, buffer, seats), %zd given",
                     nargs);
        return NULL;
    }
    if (not_ready() < 0) return NULL;
    PyObject *seats = PySequence_Fast(args[3], "wallenstein observe: seats must be a sequence of seats");
    if (seats == NULL) return NULL;
    Py_ssize_t k = LEN(seats);
    long who[MAX_SEATS];
    if (k > SEATS) {
        PyErr_Format(PyExc_ValueError, "wallenstein observe: %zd seats (at most %ld)", k, SEATS);
        Py_DECREF(seats);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *x = ITEM(seats, i);
        if (!PyLong_Check(x)) {
            PyErr_Format(PyExc_TypeError, "wallenstein observe: a seat must be an int, not %.100s", Py_TYPE(x)->tp_name);
            Py_DECREF(seats);
            return NULL;
        }
        int overflow = 0;
        who[i] = PyLong_AsLongAndOverflow(x, &overflow);
        if (who[i] == -1 && PyErr_Occurred()) {
            Py_DECREF(seats);
            return NULL;
        }
        if (overflow || who[i] < 0 || who[i] >= SEATS) {
            PyErr_Format(PyExc_ValueError, "wallenstein observe: seat %R is not one of the %ld seats", x, SEATS);
            Py_DECREF(seats);
            return NULL;
        }
    }
    Py_DECREF(seats);
    Py_buffer view;
    if (acquire_rows(args[2], &view, k) < 0) return NULL;
    size_t size = (size_t)SIZE * sizeof(float);
    float *pub = PyMem_Malloc(size), *rows = (float *)view.buf;
    if (pub == NULL) {
        PyBuffer_Release(&view);
        return PyErr_NoMemory();
    }
    memset(pub, 0, size);
    struct shared sh = {0, NULL, NULL};
    int rc = fill(args[0], PUBLIC, args[1] == Py_None ? NULL : args[1], pub, &sh);
    if (rc == 0) cap(pub, SIZE);
    for (Py_ssize_t i = 0; i < k && rc == 0; i++) rc = fill_seat(who[i], NULL, &sh);
    for (Py_ssize_t i = 0; i < k && rc == 0; i++) {
        float *row = rows + i * SIZE;
        memcpy(row, pub, size);
        rc = fill_seat(who[i], row, &sh);
    }
    shared_clear(&sh);
    PyMem_Free(pub);
    PyBuffer_Release(&view);
    if (rc < 0) return NULL;
    Py_INCREF(args[2]);
    return args[2];
}

/* ------------------------------------------------------------------ init */
static int read_plan_cells(PyObject *cells) {
    if (!PyDict_Check(cells)) {
        PyErr_SetString(PyExc_TypeError, "wallenstein observe: plan_cells must be a dict");
        return -1;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    long lo = 0, hi = -1;
    int first = 1;
    while (PyDict_Next(cells, &pos, &key, &value)) {
        long k;
        if (to_long(key, &k) < 0) return -1;
        if (first || k < lo) lo = k;
        if (first || k > hi) hi = k;
        first = 0;
    }
    if (!first && hi - lo >= MAX_CELLS) {
        PyErr_SetString(PyExc_ValueError, "wallenstein observe: the plan values span too wide a range");
        return -1;
    }
    memset(cell_k, 0, sizeof(cell_k));
    cell_lo = lo;
    cell_n = first ? 0 : (int)(hi - lo + 1);
    pos = 0;
    while (PyDict_Next(cells, &pos, &key, &value)) {
        long k, off;
        if (to_long(key, &k) < 0) return -1;
        PyObject *pairs = PySequence_Fast(value, "wallenstein observe: a plan cell must be a sequence of pairs");
        if (pairs == NULL) return -1;
        Py_ssize_t m = LEN(pairs);
        if (m < 1 || m > MAX_PAIRS) {
            Py_DECREF(pairs);
            PyErr_SetString(PyExc_ValueError, "wallenstein observe: a plan cell holds 1 to 4 numbers");
            return -1;
        }
        for (Py_ssize_t i = 0; i < m; i++) {
            PyObject *pair = ITEM(pairs, i);
            if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 || to_long(PyTuple_GET_ITEM(pair, 0), &off) < 0) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_TypeError, "wallenstein observe: a plan cell pair is (offset, number)");
                Py_DECREF(pairs);
                return -1;
            }
            double x = PyFloat_AsDouble(PyTuple_GET_ITEM(pair, 1));
            if (x == -1.0 && PyErr_Occurred()) {
                Py_DECREF(pairs);
                return -1;
            }
            if (off < 0 || off >= SLOT_ROW) {
                Py_DECREF(pairs);
                PyErr_SetString(PyExc_ValueError, "wallenstein observe: a plan cell offset beyond its box");
                return -1;
            }
            cell_off[k - lo][i] = off;
            cell_x[k - lo][i] = x;
        }
        cell_k[k - lo] = (int)m;
        Py_DECREF(pairs);
    }
    return 0;
}

static PyObject *init(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *layout, *phases, *cells, *tower = NULL;
    if (!PyArg_ParseTuple(args, "O!O!O!|O!", &PyDict_Type, &layout, &PyDict_Type, &phases, &PyDict_Type, &cells,
                          &PyTuple_Type, &tower))
        return NULL;
    ready = 0;
    Py_CLEAR(tower_inside_fn);
    Py_CLEAR(model_inside_fn);
    tower_type.type = NULL;
    if (tower != NULL) { /* (Tower.inside, TowerModel.inside, NCOLOURS): the base functions and their width */
        if (PyTuple_GET_SIZE(tower) != 3 || !PyFunction_Check(PyTuple_GET_ITEM(tower, 0)) ||
            !PyFunction_Check(PyTuple_GET_ITEM(tower, 1))) {
            PyErr_SetString(PyExc_TypeError, "wallenstein observe: tower is (Tower.inside, TowerModel.inside, "
                            "NCOLOURS)");
            return NULL;
        }
        if (to_long(PyTuple_GET_ITEM(tower, 2), &NCOLOURS) < 0) return NULL;
        if (NCOLOURS < 0 || NCOLOURS > MAX_COLOURS) {
            PyErr_Format(PyExc_ValueError, "wallenstein observe: %ld tower colours (at most %d)", NCOLOURS,
                         MAX_COLOURS);
            return NULL;
        }
    }
    for (int i = 0; i < NLAYOUT; i++) {
        PyObject *x = PyDict_GetItemString(layout, LAYOUT[i].name); /* borrowed */
        if (x == NULL) {
            PyErr_Format(PyExc_KeyError, "wallenstein observe: the layout lacks %s", LAYOUT[i].name);
            return NULL;
        }
        if (to_long(x, LAYOUT[i].value) < 0) return NULL;
    }
    if (PyDict_Size(layout) != NLAYOUT) {
        PyErr_SetString(PyExc_ValueError, "wallenstein observe: the layout has names the kernel does not know");
        return NULL;
    }
    /* the offsets must agree with the rows this kernel writes */
    if (SIZE <= 0 || SEATS <= 0 || SEATS > MAX_SEATS || PLAYERS_AT != COUNTIES_AT + NCOUNTIES * COUNTY_ROW ||
        PLANS_AT != PLAYERS_AT + SEATS * PLAYER_ROW || HAND_AT != PLANS_AT + SEATS * NSLOTS * SLOT_ROW ||
        SUPPLIES_AT != HAND_AT + NCOUNTIES || STEP_AT != TILES_AT + NTILES * NTILES + SEATS * SEATS ||
        ACTIONS_AT != EVENTS_AT + 3 * NEVENTS + 1 || TILES_AT != ACTIONS_AT + 3 * NACTIONS + 2 ||
        COURT_AT != STEP_AT + NCOUNTIES + NACTIONS ||
        LEADERS_AT != COURT_AT + NSPACES * (NFAVORS + 1) + 6 * SEATS + 1 ||
        LSK_AT != LEADERS_AT + SEATS * (NCOUNTIES + 1) + SEATS + SEATS * NCOUNTIES + SEATS * SEATS ||
        LSK_AT + SEATS != DRAFT_AT ||
        DRAFT_AT + 2 * NCOUNTIES + 1 + SEATS * GROUP_SIZES != SIZE) {
        PyErr_SetString(PyExc_ValueError, "wallenstein observe: the layout does not match the kernel's rows");
        return NULL;
    }
    if (read_plan_cells(cells) < 0) return NULL;
    Py_INCREF(phases);
    Py_XSETREF(phase_index, phases);
    if (tower != NULL) {
        tower_inside_fn = Py_NewRef(PyTuple_GET_ITEM(tower, 0));
        model_inside_fn = Py_NewRef(PyTuple_GET_ITEM(tower, 1));
    }
    ready = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"init", init, METH_VARARGS,
     "init(layout, phase_index, plan_cells[, tower]): set the layout (a dict of offsets and sizes), the "
     "phase indexes and the plan-cell table; tower: (Tower.inside, TowerModel.inside, NCOLOURS), the "
     "base functions whose numbers the kernel may sum itself (without it, tower.inside() is always called)."},
    {"observe", (PyCFunction)(void (*)(void))observe, METH_FASTCALL,
     "observe(state, seat, buffer[, to_move]): write the seat's observation of the state into the "
     "buffer (zeroed first); return the buffer. to_move: state.to_move(), if the caller has it."},
    {"observe_seats", (PyCFunction)(void (*)(void))observe_seats, METH_FASTCALL,
     "observe_seats(state, to_move, buffer, seats): write the observation of seats[i] into row i of "
     "the buffer (a C-contiguous float32 array of shape (len(seats), OBSERVATION_SIZE)), what every "
     "seat sees alike read once; return the buffer. to_move: state.to_move(), or None to ask for it."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_cobserve", "The Wallenstein observation in C.", -1, methods, NULL, NULL, NULL, NULL,
};

#define INTERN(name)                                                  \
    if ((a_##name = PyUnicode_InternFromString(#name)) == NULL) return NULL;

PyMODINIT_FUNC PyInit__cobserve(void) {
    NAMES(INTERN)
    return PyModule_Create(&module);
}
