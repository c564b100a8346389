/* Shared by the two source files of the optional compiled kernel rulesgraph.build._kernel: _kernel.c (text relevance, the
 * base step, the module) and _order.c (the best entries of a score table, best first). */
#ifndef RULESGRAPH_KERNEL_H
#define RULESGRAPH_KERNEL_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* One entry to order: its score, its place in the input (ties go to the one that came first, as a stable sort
 * leaves them) and what it stands for (a dict's key and value; unused by relevance(), which keeps the document in
 * a table by place). */
typedef struct {
    double score;
    Py_ssize_t rank;
    PyObject *key;
    PyObject *value;
} RGItem;

/* Put the best `limit` of items[0..count) in items[0..returned), best first: the higher score, of equal scores the
 * lower rank; what sorting them all (stable, best first) and taking the first `limit` gives.  Returns how many
 * (count or limit, the smaller), or -1 with MemoryError set. */
Py_ssize_t rg_best_first(RGItem *items, Py_ssize_t count, Py_ssize_t limit);

/* order(score, limit): see _order.c. */
PyObject *rg_order(PyObject *self, PyObject *args);

#endif
