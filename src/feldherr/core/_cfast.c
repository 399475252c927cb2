/* Optional native helpers of feldherr.core: the generator and state copying, in C.
 *
 * Both replace pure-Python code that stays the reference (feldherr/core/rng.py and
 * feldherr/core/fastcopy.py) and must behave exactly like it:
 *
 *   Rng     SplitMix64 with the same draws as feldherr.core.rng.PyRng: next64, below (Lemire's
 *           multiply-shift (z * n) >> 64 on 128 bits), random (53 bits), chance, choice, shuffle
 *           (Fisher-Yates from the top), binomial (n draws compared with p * 2**53), cascade (the
 *           fitted tower's drop through two levels, binomial draws per colour), derive.
 *   Cloner  copies an object of a __slots__ class: some slots shared, some lists copied one level
 *           deep, some lists of lists copied two levels deep (a value that is not an exact list is
 *           shared), some copied by their own clone() method, as the generated Python cloner does.
 *           As a class attribute it is a method (clone = Cloner(...): state.clone()).
 *   mask_into  an action mask: a writable int8, uint8 or bool vector set to 0, then 1 at each
 *           action of a list (feldherr.adapters.table.mask_numpy is the reference, refusals
 *           included).
 *   unheld  whether arrays of a list are held by nothing else and unchanged (the adapters write
 *           such arrays again instead of making new ones; sys.getrefcount and the arrays'
 *           attributes are the reference).
 *
 * tests/core/test_cfast.py checks every function against the Python reference. FELDHERR_PURE=1
 * makes the package ignore this module. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <structmember.h>

#include "_ndarray.h" /* a numpy array's memory without the buffer protocol */

typedef unsigned __int128 u128;

static const uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL;
static const uint64_t SEED_ADD = 0x632BE59BD9B4E019ULL;

static inline uint64_t mix(uint64_t s) {
    uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ------------------------------------------------------------------------------------ Rng */
typedef struct {
    PyObject_HEAD uint64_t state;
} RngObject;

static PyTypeObject RngType;

static int as_u64_mask(PyObject *v, uint64_t *out) {
    if (!PyLong_Check(v)) {
        PyErr_Format(PyExc_TypeError, "an integer is required, not %.80s", Py_TYPE(v)->tp_name);
        return -1;
    }
    unsigned long long x = PyLong_AsUnsignedLongLongMask(v);
    if (x == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (uint64_t)x;
    return 0;
}

static RngObject *rng_make(PyTypeObject *type, uint64_t state) {
    RngObject *r = (RngObject *)type->tp_alloc(type, 0);
    if (r) r->state = state;
    return r;
}

static PyObject *Rng_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    static char *kwlist[] = {"seed", NULL};
    PyObject *seed = NULL;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O:Rng", kwlist, &seed)) return NULL;
    uint64_t s = 0;
    if (seed && as_u64_mask(seed, &s) < 0) return NULL;
    /* (seed * GOLDEN + SEED_ADD) mod 2**64, as the Python class computes it */
    return (PyObject *)rng_make(type, s * GOLDEN + SEED_ADD);
}

static PyObject *Rng_from_state(PyObject *cls, PyObject *arg) {
    uint64_t s;
    if (as_u64_mask(arg, &s) < 0) return NULL;
    return (PyObject *)rng_make((PyTypeObject *)cls, s);
}

static inline uint64_t rng_next(RngObject *r) {
    r->state += GOLDEN;
    return mix(r->state);
}

static PyObject *Rng_clone(RngObject *self, PyObject *Py_UNUSED(ignored)) {
    return (PyObject *)rng_make(Py_TYPE(self), self->state);
}

static PyObject *Rng_next64(RngObject *self, PyObject *Py_UNUSED(ignored)) {
    return PyLong_FromUnsignedLongLong(rng_next(self));
}

/* below(n) for n >= 2**64 falls back to Python integers: the same formula, exactly. */
static PyObject *below_big(uint64_t z, PyObject *n) {
    PyObject *zz = PyLong_FromUnsignedLongLong(z);
    if (!zz) return NULL;
    PyObject *prod = PyNumber_Multiply(zz, n);
    Py_DECREF(zz);
    if (!prod) return NULL;
    PyObject *shift = PyLong_FromLong(64);
    PyObject *out = shift ? PyNumber_Rshift(prod, shift) : NULL;
    Py_XDECREF(shift);
    Py_DECREF(prod);
    return out;
}

static PyObject *Rng_below(RngObject *self, PyObject *n) {
    uint64_t z = rng_next(self); /* advanced first, as the Python class does */
    if (PyLong_Check(n)) {
        unsigned long long v = PyLong_AsUnsignedLongLong(n);
        if (!(v == (unsigned long long)-1 && PyErr_Occurred()))
            return PyLong_FromUnsignedLongLong((uint64_t)(((u128)z * (uint64_t)v) >> 64));
        PyErr_Clear(); /* negative or 2**64 and more: Python's integers */
    }
    return below_big(z, n);
}

static inline double rng_random(RngObject *r) { return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0); }

static PyObject *Rng_random(RngObject *self, PyObject *Py_UNUSED(ignored)) { return PyFloat_FromDouble(rng_random(self)); }

static PyObject *Rng_chance(RngObject *self, PyObject *p) {
    double x = rng_random(self);
    if (PyFloat_CheckExact(p)) return PyBool_FromLong(x < PyFloat_AS_DOUBLE(p));
    PyObject *f = PyFloat_FromDouble(x);
    if (!f) return NULL;
    PyObject *out = PyObject_RichCompare(f, p, Py_LT);
    Py_DECREF(f);
    if (!out) return NULL;
    int truth = PyObject_IsTrue(out);
    Py_DECREF(out);
    if (truth < 0) return NULL;
    return PyBool_FromLong(truth);
}

static PyObject *Rng_choice(RngObject *self, PyObject *seq) {
    Py_ssize_t n = PyObject_Length(seq);
    if (n < 0) return NULL;
    uint64_t z = rng_next(self);
    Py_ssize_t i = (Py_ssize_t)(((u128)z * (uint64_t)n) >> 64);
    return PySequence_GetItem(seq, i);
}

static PyObject *Rng_shuffle(RngObject *self, PyObject *seq) {
    if (PyList_CheckExact(seq)) {
        PyObject **items = ((PyListObject *)seq)->ob_item;
        for (Py_ssize_t i = PyList_GET_SIZE(seq) - 1; i > 0; i--) {
            uint64_t z = rng_next(self);
            Py_ssize_t j = (Py_ssize_t)(((u128)z * (uint64_t)(i + 1)) >> 64);
            PyObject *t = items[i];
            items[i] = items[j];
            items[j] = t;
        }
        Py_RETURN_NONE;
    }
    Py_ssize_t n = PyObject_Length(seq);
    if (n < 0) return NULL;
    for (Py_ssize_t i = n - 1; i > 0; i--) {
        uint64_t z = rng_next(self);
        Py_ssize_t j = (Py_ssize_t)(((u128)z * (uint64_t)(i + 1)) >> 64);
        PyObject *a = PySequence_GetItem(seq, i);
        PyObject *b = a ? PySequence_GetItem(seq, j) : NULL;
        int bad = !a || !b || PySequence_SetItem(seq, i, b) < 0 || PySequence_SetItem(seq, j, a) < 0;
        Py_XDECREF(a);
        Py_XDECREF(b);
        if (bad) return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *Rng_binomial(RngObject *self, PyObject *args) {
    Py_ssize_t n;
    double p;
    if (!PyArg_ParseTuple(args, "nd:binomial", &n, &p)) return NULL;
    double threshold = p * 9007199254740992.0;
    uint64_t s = self->state;
    long hits = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        s += GOLDEN;
        /* x < 2**53 converts to double exactly, so this is Python's exact int/float comparison */
        if ((double)(mix(s) >> 11) < threshold) hits++;
    }
    self->state = s;
    return PyLong_FromLong(hits);
}

static inline long binom(uint64_t *state, long n, double p) {
    double threshold = p * 9007199254740992.0;
    uint64_t s = *state;
    long hits = 0;
    for (long k = 0; k < n; k++) {
        s += GOLDEN;
        if ((double)(mix(s) >> 11) < threshold) hits++;
    }
    *state = s;
    return hits;
}

/* cascade(thrown, upper, lower, lam0, lam1, rel0, rel1): PyRng.cascade, for exact lists of ints
 * (upper and lower at least as long as thrown); anything else takes the Python reference. */
static PyObject *Rng_cascade(RngObject *self, PyObject *args) {
    PyObject *thrown, *upper, *lower;
    double lam0, lam1, rel0, rel1;
    if (!PyArg_ParseTuple(args, "OOOdddd:cascade", &thrown, &upper, &lower, &lam0, &lam1, &rel0, &rel1))
        return NULL;
    if (!PyList_CheckExact(thrown) || !PyList_CheckExact(upper) || !PyList_CheckExact(lower)) {
        PyErr_SetString(PyExc_TypeError, "cascade: thrown, upper and lower must be lists of ints");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(thrown);
    if (PyList_GET_SIZE(upper) < n || PyList_GET_SIZE(lower) < n) {
        PyErr_SetString(PyExc_IndexError, "cascade: upper and lower must cover every colour thrown");
        return NULL;
    }
    long t[64], u[64], l[64];
    char touched[64];
    if (n > 64) {
        PyErr_SetString(PyExc_ValueError, "cascade: at most 64 colours");
        return NULL;
    }
    for (Py_ssize_t c = 0; c < n; c++) {
        PyObject *a = PyList_GET_ITEM(thrown, c), *b = PyList_GET_ITEM(upper, c), *d = PyList_GET_ITEM(lower, c);
        if (!PyLong_Check(a) || !PyLong_Check(b) || !PyLong_Check(d)) {
            PyErr_SetString(PyExc_TypeError, "cascade: thrown, upper and lower must be lists of ints");
            return NULL;
        }
        t[c] = PyLong_AsLong(a);
        u[c] = PyLong_AsLong(b);
        l[c] = PyLong_AsLong(d);
        if (PyErr_Occurred()) return NULL;
    }
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    uint64_t s = self->state;
    for (Py_ssize_t c = 0; c < n; c++) {
        long result = 0;
        touched[c] = (t[c] || u[c] || l[c]) ? 1 : 0;
        if (touched[c]) {
            long lodged_up = t[c] ? binom(&s, t[c], lam0) : 0;
            long freed_up = u[c] ? binom(&s, u[c], rel0) : 0;
            long freed_low = l[c] ? binom(&s, l[c], rel1) : 0;
            long to_lower = t[c] - lodged_up + freed_up;
            long lodged_low = to_lower ? binom(&s, to_lower, lam1) : 0;
            u[c] = lodged_up + u[c] - freed_up;
            l[c] = l[c] - freed_low + lodged_low;
            result = freed_low + to_lower - lodged_low;
        }
        PyObject *v = PyLong_FromLong(result);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, c, v);
    }
    for (Py_ssize_t c = 0; c < n; c++) {
        if (!touched[c]) continue; /* a colour without cubes keeps its items, as in Python */
        PyObject *a = PyLong_FromLong(u[c]), *b = PyLong_FromLong(l[c]);
        if (!a || !b) {
            Py_XDECREF(a);
            Py_XDECREF(b);
            Py_DECREF(out);
            return NULL;
        }
        PyList_SetItem(upper, c, a); /* steals a; c < size was checked */
        PyList_SetItem(lower, c, b);
    }
    self->state = s;
    return out;
}

static PyObject *Rng_derive(RngObject *self, PyObject *salt) {
    uint64_t k;
    if (as_u64_mask(salt, &k) < 0) return NULL;
    uint64_t s = (self->state ^ (k * GOLDEN)) + GOLDEN;
    return PyLong_FromUnsignedLongLong(mix(s));
}

static PyObject *Rng_reduce(RngObject *self, PyObject *Py_UNUSED(ignored)) {
    PyObject *from_state = PyObject_GetAttrString((PyObject *)Py_TYPE(self), "from_state");
    if (!from_state) return NULL;
    return Py_BuildValue("N(K)", from_state, (unsigned long long)self->state);
}

static PyObject *Rng_get_state(RngObject *self, void *Py_UNUSED(closure)) { return PyLong_FromUnsignedLongLong(self->state); }

static int Rng_set_state(RngObject *self, PyObject *value, void *Py_UNUSED(closure)) {
    if (value == NULL) {
        PyErr_SetString(PyExc_AttributeError, "the generator's state cannot be deleted");
        return -1;
    }
    uint64_t s;
    if (as_u64_mask(value, &s) < 0) return -1;
    self->state = s;
    return 0;
}

static PyMethodDef Rng_methods[] = {
    {"from_state", (PyCFunction)Rng_from_state, METH_O | METH_CLASS, "A generator with this exact state."},
    {"clone", (PyCFunction)Rng_clone, METH_NOARGS, "An independent copy."},
    {"next64", (PyCFunction)Rng_next64, METH_NOARGS, "The next 64 random bits."},
    {"below", (PyCFunction)Rng_below, METH_O, "A uniform integer in range(n)."},
    {"random", (PyCFunction)Rng_random, METH_NOARGS, "A uniform float in [0, 1) with 53 random bits."},
    {"chance", (PyCFunction)Rng_chance, METH_O, "random() < p"},
    {"choice", (PyCFunction)Rng_choice, METH_O, "seq[below(len(seq))]"},
    {"shuffle", (PyCFunction)Rng_shuffle, METH_O, "Fisher-Yates in place."},
    {"binomial", (PyCFunction)Rng_binomial, METH_VARARGS, "The count of n calls of random() < p."},
    {"cascade", (PyCFunction)Rng_cascade, METH_VARARGS, "A drop through two levels (PyRng.cascade)."},
    {"derive", (PyCFunction)Rng_derive, METH_O, "A seed for an independent stream."},
    {"__reduce__", (PyCFunction)Rng_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Rng_getset[] = {
    {"state", (getter)Rng_get_state, (setter)Rng_set_state, "The whole generator state (64 bits).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject RngType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "feldherr.core._cfast.Rng",
    .tp_basicsize = sizeof(RngObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "SplitMix64, drawing exactly as feldherr.core.rng.PyRng.",
    .tp_new = Rng_new,
    .tp_methods = Rng_methods,
    .tp_getset = Rng_getset,
};

/* --------------------------------------------------------------------------------- copying */
static PyObject *copy_list(PyObject *v) { return PyList_GetSlice(v, 0, PyList_GET_SIZE(v)); }

/* A list of lists: the outer list and every inner exact list copied; other items shared. */
static PyObject *copy_nested(PyObject *v) {
    Py_ssize_t n = PyList_GET_SIZE(v);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = PyList_GET_ITEM(v, i);
        PyObject *c;
        if (PyList_CheckExact(row)) {
            c = copy_list(row);
            if (!c) {
                Py_DECREF(out);
                return NULL;
            }
        } else {
            Py_INCREF(row);
            c = row;
        }
        PyList_SET_ITEM(out, i, c);
    }
    return out;
}

enum { SHARE = 0, LIST = 1, NESTED = 2, CLONED = 3 };

static PyObject *s_clone; /* "clone" */

static PyObject *copy_value(PyObject *v, int kind) {
    if (kind == LIST && PyList_CheckExact(v)) return copy_list(v);
    if (kind == NESTED && PyList_CheckExact(v)) return copy_nested(v);
    if (kind == CLONED) {
        if (Py_IS_TYPE(v, &RngType)) return (PyObject *)rng_make(&RngType, ((RngObject *)v)->state);
        return PyObject_CallMethodNoArgs(v, s_clone);
    }
    Py_INCREF(v);
    return v;
}

typedef struct {
    PyObject_HEAD PyTypeObject *cls;
    Py_ssize_t n;
    Py_ssize_t *offsets;
    int *kinds;
    vectorcallfunc vectorcall;
} ClonerObject;

static PyObject *Cloner_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames);

static void Cloner_dealloc(ClonerObject *self) {
    Py_XDECREF(self->cls);
    PyMem_Free(self->offsets);
    PyMem_Free(self->kinds);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* The offset of slot `name` of `cls`: the member descriptor found on the class. */
static Py_ssize_t slot_offset(PyTypeObject *cls, PyObject *name) {
    PyObject *descr = _PyType_Lookup(cls, name);
    if (descr == NULL || !Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
        PyErr_Format(PyExc_TypeError, "%.80s has no slot %R", cls->tp_name, name);
        return -1;
    }
    PyMemberDef *m = ((PyMemberDescrObject *)descr)->d_member;
    if (m->type != T_OBJECT_EX) {
        PyErr_Format(PyExc_TypeError, "slot %R of %.80s is not a plain object slot", name, cls->tp_name);
        return -1;
    }
    return m->offset;
}

static PyObject *Cloner_new(PyTypeObject *type, PyObject *args, PyObject *Py_UNUSED(kwds)) {
    PyObject *cls, *groups[4];
    groups[3] = NULL;
    if (!PyArg_ParseTuple(args, "O!O!O!O!|O!:Cloner", &PyType_Type, &cls, &PyTuple_Type, &groups[0], &PyTuple_Type,
                          &groups[1], &PyTuple_Type, &groups[2], &PyTuple_Type, &groups[3]))
        return NULL;
    int ngroups = groups[3] ? 4 : 3;
    PyTypeObject *tcls = (PyTypeObject *)cls;
    if (tcls->tp_dictoffset != 0) {
        PyErr_Format(PyExc_TypeError, "%.80s has a __dict__: the cloner copies __slots__ classes", tcls->tp_name);
        return NULL;
    }
    Py_ssize_t total = 0;
    for (int g = 0; g < ngroups; g++) total += PyTuple_GET_SIZE(groups[g]);
    ClonerObject *self = (ClonerObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->offsets = PyMem_Calloc(total ? total : 1, sizeof(Py_ssize_t));
    self->kinds = PyMem_Calloc(total ? total : 1, sizeof(int));
    if (!self->offsets || !self->kinds) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    Py_INCREF(cls);
    self->cls = tcls;
    Py_ssize_t k = 0;
    for (int g = 0; g < ngroups; g++) {
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(groups[g]); i++) {
            PyObject *name = PyTuple_GET_ITEM(groups[g], i);
            if (!PyUnicode_Check(name)) {
                PyErr_SetString(PyExc_TypeError, "slot names must be strings");
                Py_DECREF(self);
                return NULL;
            }
            Py_ssize_t off = slot_offset(tcls, name);
            if (off < 0) {
                Py_DECREF(self);
                return NULL;
            }
            self->offsets[k] = off;
            self->kinds[k] = g;
            k++;
        }
    }
    self->n = total;
    self->vectorcall = Cloner_vectorcall;
    return (PyObject *)self;
}

static PyObject *clone_object(ClonerObject *self, PyObject *src) {
    if (Py_TYPE(src) != self->cls) {
        PyErr_Format(PyExc_TypeError, "this cloner copies %.80s, not %.80s", self->cls->tp_name, Py_TYPE(src)->tp_name);
        return NULL;
    }
    PyObject *dst = self->cls->tp_alloc(self->cls, 0);
    if (!dst) return NULL;
    for (Py_ssize_t k = 0; k < self->n; k++) {
        Py_ssize_t off = self->offsets[k];
        PyObject *v = *(PyObject **)((char *)src + off);
        if (v == NULL) continue; /* an unset slot stays unset */
        PyObject *c = copy_value(v, self->kinds[k]);
        if (!c) {
            Py_DECREF(dst);
            return NULL;
        }
        *(PyObject **)((char *)dst + off) = c;
    }
    return dst;
}

/* Called with the object to copy; as a method (state.clone()) the interpreter passes the state
 * as that argument without building a bound method (Py_TPFLAGS_METHOD_DESCRIPTOR). */
static PyObject *Cloner_vectorcall(PyObject *callable, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    if (PyVectorcall_NARGS(nargsf) != 1 || (kwnames && PyTuple_GET_SIZE(kwnames))) {
        PyErr_SetString(PyExc_TypeError, "a cloner takes exactly the object to copy");
        return NULL;
    }
    return clone_object((ClonerObject *)callable, args[0]);
}

/* As a class attribute the cloner is a method: state.clone() copies state. */
static PyObject *Cloner_get(PyObject *self, PyObject *obj, PyObject *Py_UNUSED(type)) {
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

static PyTypeObject ClonerType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "feldherr.core._cfast.Cloner",
    .tp_basicsize = sizeof(ClonerObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_VECTORCALL | Py_TPFLAGS_METHOD_DESCRIPTOR,
    .tp_doc = "Cloner(cls, shared, lists, nested, cloned=()): a copier of cls's slots (a method as a class attribute).",
    .tp_new = Cloner_new,
    .tp_dealloc = (destructor)Cloner_dealloc,
    .tp_vectorcall_offset = offsetof(ClonerObject, vectorcall),
    .tp_call = PyVectorcall_Call,
    .tp_descr_get = Cloner_get,
};

/* The rule of mask_into, the same in its numpy reference (feldherr.adapters.table.mask_numpy),
 * checked in this order, the first failure raising:
 *   legal  a list (exactly) -- else TypeError;
 *   out    a buffer of one-byte items, int8, uint8 or bool (numpy's int8, uint8 or bool arrays, a
 *          bytearray, a memoryview of them) -- else TypeError; of one dimension (any stride) -- else
 *          ValueError; writable -- else ValueError;
 *   each action of legal, in order: an int or an integer with __index__ (a numpy integer; not a
 *          float, not a string) -- else TypeError; in 0..n-1 (n out's length; -1 is no action,
 *          not the last one) -- else IndexError.
 * On every failure after out's checks, out is left all 0. */
#define MASK_REFUSED "mask_into: out must be an int8, uint8 or bool array"

/* an action of legal that is not an int: its number where it is an integer (__index__) in 0..n-1,
 * else -1 with the error set (TypeError: no integer; IndexError: outside 0..n-1; or the error of
 * the item's own __index__); out of the hot loop */
static Py_NO_INLINE Py_ssize_t mask_action(PyObject *item, Py_ssize_t n) {
    Py_ssize_t a = -1;
    if (PyLong_Check(item)) {
        a = PyLong_AsSsize_t(item);
    } else {
        PyObject *number = PyIndex_Check(item) ? PyNumber_Index(item) : NULL;
        if (number == NULL) {
            if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Clear();
                PyErr_Format(PyExc_TypeError, "mask_into: action %R is not an int", item);
            }
            return -1;
        }
        a = PyLong_AsSsize_t(number);
        Py_DECREF(number);
    }
    if (a >= 0 && a < n) return a;
    PyErr_Clear(); /* (an OverflowError: no action either) */
    PyErr_Format(PyExc_IndexError, "mask_into: action %R is not in 0..%zd", item, n - 1);
    return -1;
}

static void mask_clear(char *cells, Py_ssize_t n, Py_ssize_t stride) {
    if (stride == 1) {
        memset(cells, 0, (size_t)n);
    } else {
        for (Py_ssize_t i = 0; i < n; i++) cells[i * stride] = 0;
    }
}

/* mask_into(out, legal): out set to 0, then to 1 at each action of the list legal (the rule
 * above) */
static PyObject *mask_into(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "mask_into(out, legal) takes 2 arguments");
        return NULL;
    }
    PyObject *out = args[0], *legal = args[1];
    if (!PyList_CheckExact(legal)) {
        PyErr_SetString(PyExc_TypeError, "mask_into: legal must be a list of ints");
        return NULL;
    }
    Py_buffer view;
    view.obj = NULL; /* (PyBuffer_Release does nothing while no buffer is held) */
    Py_ssize_t n, stride = 1;
    char *cells = np_int8s(out, &n); /* the adapters' own masks: no buffer to take */
    if (cells == NULL) {
        if (!PyObject_CheckBuffer(out)) {
            PyErr_SetString(PyExc_TypeError, MASK_REFUSED);
            return NULL;
        }
        if (PyObject_GetBuffer(out, &view, PyBUF_STRIDES | PyBUF_FORMAT) < 0) return NULL;
        const char *format = view.format == NULL ? "B" : view.format;
        if (*format == '@' || *format == '=' || *format == '<' || *format == '>' || *format == '!') format++;
        if (view.itemsize != 1 || (strcmp(format, "b") != 0 && strcmp(format, "B") != 0 && strcmp(format, "?") != 0)) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_TypeError, MASK_REFUSED);
            return NULL;
        }
        if (view.ndim != 1) {
            PyErr_Format(PyExc_ValueError, "mask_into: out must have one dimension, not %d", view.ndim);
            PyBuffer_Release(&view);
            return NULL;
        }
        if (view.readonly) {
            PyBuffer_Release(&view);
            PyErr_SetString(PyExc_ValueError, "mask_into: out is read-only");
            return NULL;
        }
        cells = (char *)view.buf;
        n = view.shape[0];
        stride = view.strides == NULL ? 1 : view.strides[0];
    }
    mask_clear(cells, n, stride);
    Py_ssize_t count = PyList_GET_SIZE(legal);
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *item = PyList_GET_ITEM(legal, i);
        Py_ssize_t a = PyLong_Check(item) ? PyLong_AsSsize_t(item) : -1;
        if (a < 0 || a >= n) {
            PyErr_Clear();
            Py_INCREF(item); /* (its __index__ or repr could take it out of the list) */
            a = mask_action(item, n);
            Py_DECREF(item);
            Py_ssize_t still;
            if (view.obj == NULL && (np_int8s(out, &still) != cells || still != n)) {
                /* (that __index__ reshaped or reallocated out, read without a buffer held) */
                if (a >= 0) PyErr_SetString(PyExc_RuntimeError, "mask_into: out changed while the actions were read");
                return NULL;
            }
            if (a < 0) {
                mask_clear(cells, n, stride);
                PyBuffer_Release(&view);
                return NULL;
            }
            count = PyList_GET_SIZE(legal); /* (that __index__ could change the list too) */
        }
        cells[a * stride] = 1;
    }
    PyBuffer_Release(&view);
    Py_RETURN_NONE;
}

/* codes_of(moves, codes): the action numbers of a legal-move list, looked up in the dict codes
 * (move -> int), ascending, duplicates kept (as sorted(codes[m] for m in moves)); None when a move
 * has no number in codes yet (the caller works those out). The numbers handed out are the dict's
 * own objects. */
typedef struct {
    long value;
    PyObject *code; /* held: a later look-up could change codes */
} coded;

static int coded_cmp(const void *a, const void *b) {
    long x = ((const coded *)a)->value, y = ((const coded *)b)->value;
    return (x > y) - (x < y);
}

static PyObject *codes_of(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "codes_of(moves, codes) takes 2 arguments");
        return NULL;
    }
    PyObject *moves = args[0], *codes = args[1];
    if (!PyList_Check(moves) || !PyDict_Check(codes)) {
        PyErr_SetString(PyExc_TypeError, "codes_of: moves must be a list and codes a dict");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(moves);
    coded *found = PyMem_Malloc(n ? (size_t)n * sizeof(coded) : 1);
    if (found == NULL) return PyErr_NoMemory();
    PyObject *out = NULL;
    Py_ssize_t held = 0; /* found[:held] hold a reference to their code */
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *move = PyList_GET_ITEM(moves, i);
        Py_INCREF(move); /* (a look-up may run Python code: __eq__ of a key) */
        PyObject *code = PyDict_GetItemWithError(codes, move);
        Py_DECREF(move);
        if (code == NULL || !PyLong_CheckExact(code)) {
            if (code == NULL && PyErr_Occurred()) goto done;
            out = Py_NewRef(Py_None); /* no number yet, or not a plain int: the caller's way */
            goto done;
        }
        long value = PyLong_AsLong(code);
        if (value == -1 && PyErr_Occurred()) goto done;
        found[i].value = value;
        found[i].code = Py_NewRef(code);
        held = i + 1;
    }
    qsort(found, (size_t)n, sizeof(coded), coded_cmp);
    out = PyList_New(n);
    if (out == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) PyList_SET_ITEM(out, i, Py_NewRef(found[i].code));
done:
    for (Py_ssize_t i = 0; i < held; i++) Py_DECREF(found[i].code);
    PyMem_Free(found);
    return out;
}

/* ------------------------------------------------------------------------------ unheld */
/* whether a weak reference to obj lives: its type's list of them (numpy.ndarray's
 * tp_weaklistoffset) is not NULL; a list kept where this cannot read it (a negative offset: managed
 * by Python) counts as one */
static inline int np_weakly_held(PyObject *obj) {
    Py_ssize_t weak = Py_TYPE(obj)->tp_weaklistoffset;
    return weak < 0 || (weak > 0 && *(PyObject **)((char *)obj + weak) != NULL);
}

/* unheld(arrays, start, stop, dtype, shape): whether every item of the list arrays from start to
 * stop is a numpy.ndarray (not a subclass) that nothing but the list holds (its reference count
 * is 1) and no weak reference points to (nor to its base, where that is an array), of exactly the
 * dtype object dtype, writable, aligned and C-contiguous, of the tuple shape. Such an array can be
 * written again and handed out as a new one: nobody can see it change. False for anything else
 * (None, an array a user still holds, a view of it kept, a weakref.ref or WeakValueDictionary
 * entry to it, which would otherwise show the array written again instead of dead, an array the
 * user made read-only, retyped or reshaped before dropping it). The adapters' reuse of their
 * arrays rests on it; the checks in Python (sys.getrefcount, .dtype, .shape, .flags) cost more
 * than the arrays. */
static PyObject *unheld(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 5 || !PyList_CheckExact(args[0]) || !PyTuple_CheckExact(args[4])) {
        PyErr_SetString(PyExc_TypeError, "unheld(arrays, start, stop, dtype, shape) takes a list, two ints, a dtype and a tuple");
        return NULL;
    }
    Py_ssize_t start = PyLong_AsSsize_t(args[1]), stop = PyLong_AsSsize_t(args[2]);
    if ((start == -1 || stop == -1) && PyErr_Occurred()) return NULL;
    if (np_known <= 0 && !np_learn()) Py_RETURN_FALSE; /* (no numpy: no array of its) */
    PyObject *arrays = args[0], *dtype = args[3], *shape = args[4];
    Py_ssize_t nd = PyTuple_GET_SIZE(shape);
    if (start < 0 || stop > PyList_GET_SIZE(arrays) || start >= stop) Py_RETURN_FALSE;
    for (Py_ssize_t i = start; i < stop; i++) {
        PyObject *item = PyList_GET_ITEM(arrays, i);
        if (Py_REFCNT(item) != 1 || (PyObject *)Py_TYPE(item) != np_ndarray) Py_RETURN_FALSE;
        np_array *a = (np_array *)item;
        /* its list of weak references, and its base's where that is an array (the parallel
         * environment's rows: a weak reference to their block would see them written) */
        PyObject *base = a->base;
        if (np_weakly_held(item) || (base != NULL && (PyObject *)Py_TYPE(base) == np_ndarray && np_weakly_held(base)))
            Py_RETURN_FALSE;
        const int need = NP_C_CONTIGUOUS | NP_ALIGNED | NP_WRITEABLE;
        if (a->descr != dtype || (a->flags & need) != need || a->nd != nd) Py_RETURN_FALSE;
        for (Py_ssize_t d = 0; d < nd; d++) {
            PyObject *size = PyTuple_GET_ITEM(shape, d);
            Py_ssize_t want = PyLong_Check(size) ? PyLong_AsSsize_t(size) : -1;
            if (want == -1 && PyErr_Occurred()) return NULL;
            if (a->dimensions[d] != want) Py_RETURN_FALSE;
        }
    }
    Py_RETURN_TRUE;
}

static PyMethodDef module_methods[] = {
    {"mask_into", (PyCFunction)(void (*)(void))mask_into, METH_FASTCALL, "mask_into(out, legal): an action mask written into out."},
    {"codes_of", (PyCFunction)(void (*)(void))codes_of, METH_FASTCALL,
     "codes_of(moves, codes): the moves' action numbers from codes, ascending (None if one is missing)."},
    {"unheld", (PyCFunction)(void (*)(void))unheld, METH_FASTCALL,
     "unheld(arrays, start, stop, dtype, shape): whether nothing but the list holds those arrays, unchanged."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef cfast_module = {
    PyModuleDef_HEAD_INIT, "_cfast", "Native helpers of feldherr.core (generator, state copying).", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cfast(void) {
    s_clone = PyUnicode_InternFromString("clone");
    if (!s_clone || PyType_Ready(&RngType) < 0 || PyType_Ready(&ClonerType) < 0) return NULL;
    PyObject *m = PyModule_Create(&cfast_module);
    if (!m) return NULL;
    Py_INCREF(&RngType);
    Py_INCREF(&ClonerType);
    if (PyModule_AddObject(m, "Rng", (PyObject *)&RngType) < 0 || PyModule_AddObject(m, "Cloner", (PyObject *)&ClonerType) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
