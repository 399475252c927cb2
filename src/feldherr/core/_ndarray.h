/* A numpy array's memory read without the buffer protocol, for the adapters' hot loops.
 *
 * PyObject_GetBuffer on a numpy array costs about six hundred instructions (numpy works out the
 * buffer's format and keeps it on the array), more than writing an El Grande mask. For the common
 * case, an array made by numpy.empty with the exact dtype object the caller names, the kernels read
 * the array's own fields instead: its type must be numpy.ndarray itself (not a subclass), its
 * dtype that object (numpy's builtin float32 or int8 one: one byte order, never replaced), its
 * flags writable, aligned and C-contiguous, and its shape the one asked for. Anything else gets
 * NULL and goes the buffer protocol's way, which words every refusal as before.
 *
 * The fields are numpy's PyArrayObject_fields (ndarraytypes.h), laid out the same from numpy 1.7
 * to 2.x, which keeps them for its own inline accessors (PyArray_DATA, PyArray_FLAGS...); they are
 * only read. numpy.ndarray and the dtype objects are looked up once, on the first call, through
 * numpy's module (no build-time dependency on numpy's headers). */
#ifndef FELDHERR_NDARRAY_H
#define FELDHERR_NDARRAY_H

#include <Python.h>

typedef struct {
    PyObject_HEAD
    char *data;
    int nd;
    Py_ssize_t *dimensions;
    Py_ssize_t *strides;
    PyObject *base;
    PyObject *descr;
    int flags;
} np_array;

#define NP_C_CONTIGUOUS 0x0001 /* NPY_ARRAY_C_CONTIGUOUS */
#define NP_ALIGNED 0x0100      /* NPY_ARRAY_ALIGNED */
#define NP_WRITEABLE 0x0400    /* NPY_ARRAY_WRITEABLE */

static PyObject *np_ndarray, *np_float32, *np_int8; /* looked up by np_learn */
static int np_known;                                 /* 0: not yet, 1: found, -1: no numpy */

/* numpy.ndarray and the float32 and int8 dtype objects, looked up once: 1, or 0 where numpy cannot
 * be imported (then every array goes the buffer protocol's way; no error is left set) */
static int np_learn(void) {
    if (np_known != 0) return np_known > 0;
    np_known = -1;
    PyObject *numpy = PyImport_ImportModule("numpy");
    if (numpy == NULL) {
        PyErr_Clear();
        return 0;
    }
    np_ndarray = PyObject_GetAttrString(numpy, "ndarray");
    PyObject *dtype = PyObject_GetAttrString(numpy, "dtype");
    if (dtype != NULL) {
        np_float32 = PyObject_CallFunction(dtype, "s", "float32");
        np_int8 = PyObject_CallFunction(dtype, "s", "int8");
        Py_DECREF(dtype);
    }
    Py_DECREF(numpy);
    if (np_ndarray == NULL || np_float32 == NULL || np_int8 == NULL) {
        PyErr_Clear();
        return 0;
    }
    np_known = 1;
    return 1;
}

/* whether obj is a numpy.ndarray itself of exactly the dtype object dtype (NULL: never),
 * writable, aligned and C-contiguous, of shape (size,) where rows < 0, else (rows, size); numpy
 * must have been looked up (np_learn) */
static inline int np_plain(PyObject *obj, PyObject *dtype, Py_ssize_t rows, Py_ssize_t size) {
    if (dtype == NULL || (PyObject *)Py_TYPE(obj) != np_ndarray) return 0;
    const np_array *a = (const np_array *)obj;
    const int need = NP_C_CONTIGUOUS | NP_ALIGNED | NP_WRITEABLE;
    if (a->descr != dtype || (a->flags & need) != need) return 0;
    if (rows < 0) return a->nd == 1 && a->dimensions[0] == size;
    return a->nd == 2 && a->dimensions[0] == rows && a->dimensions[1] == size;
}

/* the numbers of obj where it is such a float32 array (np_plain), else NULL (no error set) */
static inline float *np_floats(PyObject *obj, Py_ssize_t rows, Py_ssize_t size) {
    if (np_known <= 0 && !np_learn()) return NULL;
    return np_plain(obj, np_float32, rows, size) ? (float *)((np_array *)obj)->data : NULL;
}

/* the bytes of obj where it is such an int8 array of one dimension (np_plain), its length in *n,
 * else NULL (no error set) */
static inline char *np_int8s(PyObject *obj, Py_ssize_t *n) {
    if (np_known <= 0 && !np_learn()) return NULL;
    if ((PyObject *)Py_TYPE(obj) != np_ndarray) return NULL;
    Py_ssize_t size = ((np_array *)obj)->nd == 1 ? ((np_array *)obj)->dimensions[0] : -1;
    if (!np_plain(obj, np_int8, -1, size)) return NULL;
    *n = size;
    return ((np_array *)obj)->data;
}

#endif
