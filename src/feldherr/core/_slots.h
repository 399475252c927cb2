/* Reading a state's attributes (and small ints) from the observation kernels at the cost of a load.
 *
 * The game states keep their fields in __slots__: PyObject_GetAttr then finds the class's member
 * descriptor (a look-up through the type's method cache) and reads the slot, about a hundred
 * instructions a field, which for the few dozen fields an observation reads is a fifth of it.
 * slot_attr(o, name) reads the slot directly, at the offset the member descriptor gives, once it
 * has checked that:
 *
 *   - o's type is the type the offset was found on (a subclass may define the name otherwise),
 *     and that type has not changed since (its version tag is the one seen then: CPython gives a
 *     changed type, or a new one at the same address, another tag);
 *   - the name resolves on that type to a member descriptor of an object slot (T_OBJECT_EX), a
 *     data descriptor, which takes precedence over anything else of that name;
 *   - the slot is set (an empty slot raises AttributeError through PyObject_GetAttr).
 *
 * Anything else (another type, a property, an instance dict, an empty slot) goes through
 * PyObject_GetAttr, so the answer, and any error, is always PyObject_GetAttr's. The offsets are
 * kept per interned name in a small table (SLOT_CACHE entries; names beyond it are read the plain
 * way). Returns a new reference, or NULL with an exception set. */
#ifndef FELDHERR_SLOTS_H
#define FELDHERR_SLOTS_H

#include <Python.h>
#include <structmember.h>

#define SLOT_CACHE 64

/* small_long(x, &v): 1 with v set when x is an exact int of one digit (|x| < 2**30), read from
 * the object without a call (most of a kernel's time went into converting the state's small
 * numbers); 0 for anything else, which the caller converts the general way (PyLong_AsLong...). */
static inline int small_long(PyObject *x, long *out) {
#if PY_VERSION_HEX >= 0x030C0000
    if (PyLong_CheckExact(x) && PyUnstable_Long_IsCompact((PyLongObject *)x)) {
        *out = (long)PyUnstable_Long_CompactValue((PyLongObject *)x);
        return 1;
    }
#else
    if (PyLong_CheckExact(x)) {
        Py_ssize_t size = Py_SIZE(x);
        if (size >= -1 && size <= 1) {
            *out = size == 0 ? 0 : (long)size * (long)((PyLongObject *)x)->ob_digit[0];
            return 1;
        }
    }
#endif
    return 0;
}

#ifndef Py_TPFLAGS_VALID_VERSION_TAG /* a Python without version tags: every field through getattr */
static inline PyObject *slot_attr(PyObject *o, PyObject *name) {
    return PyObject_GetAttr(o, name);
}
#else

typedef struct {
    PyObject *name; /* interned, borrowed: the kernels keep their names alive */
    PyTypeObject *type;
    unsigned int version;
    Py_ssize_t offset; /* 0: not a plain object slot on that type */
} slot_entry;

static slot_entry slot_table[SLOT_CACHE];

static slot_entry *slot_entry_of(PyObject *name) {
    size_t h = ((size_t)name >> 4) % SLOT_CACHE;
    for (int probe = 0; probe < SLOT_CACHE; probe++, h = (h + 1) % SLOT_CACHE) {
        slot_entry *e = &slot_table[h];
        if (e->name == name) return e;
        if (e->name == NULL) {
            e->name = name;
            e->type = NULL;
            return e;
        }
    }
    return NULL; /* the table is full */
}

/* look the name up on o's type (with a valid version tag) and remember where its slot is, or
 * that it is no plain object slot there (offset 0) */
static void slot_learn(slot_entry *e, PyTypeObject *type) {
    unsigned int version = type->tp_version_tag;
    Py_ssize_t offset = 0;
    PyObject *descr = PyObject_GetAttr((PyObject *)type, e->name); /* the class's own view of it */
    if (descr == NULL) {
        PyErr_Clear();
    } else {
        if (Py_IS_TYPE(descr, &PyMemberDescr_Type)) {
            PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
            if (member->type == T_OBJECT_EX && member->offset > 0) offset = member->offset;
        }
        Py_DECREF(descr);
    }
    if (PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG) && type->tp_version_tag == version) {
        e->type = type; /* (the look-up did not change the type meanwhile) */
        e->version = version;
        e->offset = offset;
    } else {
        e->type = NULL;
    }
}

static inline PyObject *slot_attr(PyObject *o, PyObject *name) {
    PyTypeObject *type = Py_TYPE(o);
    if (PyType_HasFeature(type, Py_TPFLAGS_VALID_VERSION_TAG)) {
        slot_entry *e = slot_entry_of(name);
        if (e != NULL) {
            if (e->type != type || e->version != type->tp_version_tag) slot_learn(e, type);
            if (e->type == type && e->offset > 0) {
                PyObject *x = *(PyObject **)((char *)o + e->offset);
                if (x != NULL) return Py_NewRef(x);
            }
        }
    }
    return PyObject_GetAttr(o, name);
}

#endif /* Py_TPFLAGS_VALID_VERSION_TAG */
#endif
