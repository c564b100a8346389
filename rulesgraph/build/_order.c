/* The best entries of a score table, best first: part of the optional compiled kernel rulesgraph.build._kernel (the
 * module is defined in _kernel.c, whose relevance() selects its candidates with rg_best_first too).
 *
 * order(score, limit) -> (keys, values) or None
 *   score   a dict whose values are floats
 *   limit   how many entries (>= 0)
 * The keys and the values of the `limit` best entries, best first, entries of equal score in the dict's order: what
 * sorted(score.items(), key=itemgetter(1), reverse=True)[:limit] gives (heapq.nlargest's result too), as two lists.
 * None when a value is not a float or is NaN (Python's sort orders those its own way): the caller then sorts in
 * Python (rulesgraph.build.topk.python_best; tests/test_topk.py compares the two).
 *
 * How: a quickselect moves the best `limit` to the front (median-of-three pivots), then a merge sort orders them.
 * Entries never compare equal (of equal scores the earlier comes first), so any correct sort gives the one stable
 * order. */
#include "_kernel.h"

#include <math.h>
#include <string.h>

/* a comes before b: the higher score, or of equal scores the one that came first */
static inline int before(const RGItem *a, const RGItem *b) {
    return a->score > b->score || (a->score == b->score && a->rank < b->rank);
}

static inline void swap(RGItem *a, Py_ssize_t i, Py_ssize_t j) {
    RGItem t = a[i];
    a[i] = a[j];
    a[j] = t;
}

static void insertion(RGItem *a, Py_ssize_t n) {
    for (Py_ssize_t i = 1; i < n; i++) {
        RGItem item = a[i];
        Py_ssize_t j = i;
        while (j > 0 && before(&item, &a[j - 1])) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = item;
    }
}

/* Sort a[0..n) best first; tmp holds at least n / 2 items. */
static void merge_sort(RGItem *a, RGItem *tmp, Py_ssize_t n) {
    if (n <= 16) {
        insertion(a, n);
        return;
    }
    Py_ssize_t half = n / 2;
    merge_sort(a, tmp, half);
    merge_sort(a + half, tmp, n - half);
    if (!before(&a[half], &a[half - 1])) return; /* the halves are in order already */
    memcpy(tmp, a, (size_t)half * sizeof(RGItem));
    Py_ssize_t i = 0, j = half, out = 0; /* out < j always: the right half is read before it is written over */
    while (i < half && j < n) a[out++] = before(&a[j], &tmp[i]) ? a[j++] : tmp[i++];
    while (i < half) a[out++] = tmp[i++];
}

/* Move the `k` best of a[0..n) to a[0..k), in no order (0 < k < n). */
static void select_best(RGItem *a, Py_ssize_t n, Py_ssize_t k) {
    Py_ssize_t lo = 0, hi = n - 1, target = k - 1;
    while (lo < hi) {
        Py_ssize_t mid = lo + (hi - lo) / 2;
        if (before(&a[mid], &a[lo])) swap(a, lo, mid);
        if (before(&a[hi], &a[lo])) swap(a, lo, hi);
        if (before(&a[hi], &a[mid])) swap(a, mid, hi);
        RGItem pivot = a[mid];
        Py_ssize_t i = lo, j = hi;
        while (i <= j) { /* Hoare's partition: a[lo..j] do not come after the pivot, a[i..hi] not before it */
            while (before(&a[i], &pivot)) i++;
            while (before(&pivot, &a[j])) j--;
            if (i <= j) {
                swap(a, i, j);
                i++;
                j--;
            }
        }
        if (target <= j) hi = j;
        else if (target >= i) lo = i;
        else break; /* between the two parts: the pivot itself, in its place */
    }
}

Py_ssize_t rg_best_first(RGItem *items, Py_ssize_t count, Py_ssize_t limit) {
    Py_ssize_t size = count < limit ? count : limit;
    if (size <= 0) return 0;
    RGItem *tmp = PyMem_Malloc(((size_t)size / 2 + 1) * sizeof(RGItem));
    if (!tmp) {
        PyErr_NoMemory();
        return -1;
    }
    if (size < count) select_best(items, count, size);
    merge_sort(items, tmp, size);
    PyMem_Free(tmp);
    return size;
}

PyObject *rg_order(PyObject *self, PyObject *args) {
    PyObject *score;
    Py_ssize_t limit;
    if (!PyArg_ParseTuple(args, "O!n", &PyDict_Type, &score, &limit)) return NULL;
    if (limit < 0) {
        PyErr_SetString(PyExc_ValueError, "order: limit must not be negative");
        return NULL;
    }
    Py_ssize_t n = PyDict_GET_SIZE(score), count = 0, pos = 0;
    RGItem *items = PyMem_Malloc(((size_t)n + 1) * sizeof(RGItem));
    if (!items) return PyErr_NoMemory();
    PyObject *key, *value;
    while (PyDict_Next(score, &pos, &key, &value)) { /* borrowed: nothing below runs Python code or changes the dict */
        double s;
        if (!PyFloat_CheckExact(value) || isnan(s = PyFloat_AS_DOUBLE(value))) {
            PyMem_Free(items);
            Py_RETURN_NONE;
        }
        items[count].score = s;
        items[count].rank = count;
        items[count].key = key;
        items[count].value = value;
        count++;
    }
    PyObject *keys = NULL, *values = NULL, *out = NULL;
    Py_ssize_t kept = rg_best_first(items, count, limit);
    if (kept < 0) goto done;
    keys = PyList_New(kept);
    values = PyList_New(kept);
    if (!keys || !values) goto done;
    for (Py_ssize_t i = 0; i < kept; i++) {
        Py_INCREF(items[i].key);
        PyList_SET_ITEM(keys, i, items[i].key);
        Py_INCREF(items[i].value);
        PyList_SET_ITEM(values, i, items[i].value);
    }
    out = PyTuple_Pack(2, keys, values);
done:
    Py_XDECREF(keys);
    Py_XDECREF(values);
    PyMem_Free(items);
    return out;
}
