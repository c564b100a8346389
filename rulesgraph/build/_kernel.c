/* Optional compiled kernel of the loops every question runs over its candidates: rank rule 1's text relevance
 * (rulesgraph.build.relevance.text_relevance), rules 11-13's base score (rulesgraph.rank.steps.base) and, in _order.c, the best
 * entries of a score table, best first (rulesgraph.build.topk).  Each does what the pure-Python code does, in the same
 * order, with the same double-precision operations, so the results are the pure-Python code's to the last bit
 * (tests/test_relevance.py, tests/test_steps_base.py and tests/test_topk.py compare the two on every bench question
 * and on random input).  Built at install when a C compiler is there (setup.py: optional); without it the
 * pure-Python code runs.  Compiled with -ffp-contract=off: no fused multiply-add may change a rounding.
 *
 * relevance(docs, weights, n, terms, total, coverage, keep, limit) -> dict
 *   docs     buffer of uint32 (array('I')): the postings' documents, each term's slice in document order
 *   weights  buffer of float32 (array('f')): the postings' BM25 weights
 *   n        number of documents (every doc number is below it)
 *   terms    list of (start, end, qweight, idf) for the question's terms that have postings, in order;
 *            idf is the term's idf times qweight
 *   total    the sum of every term's idf times qweight (terms without postings included)
 *   coverage, keep   COVERAGE and 1 - COVERAGE
 *   limit    CANDIDATES
 * Returns {doc: score / best score} for the best `limit` documents, best first, ties in the order the documents
 * were first found; {} when no term has postings.
 */
#include "_kernel.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int view(PyObject *obj, Py_buffer *buf, const char *format) {
    if (PyObject_GetBuffer(obj, buf, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (buf->itemsize != 4 || !buf->format || strcmp(buf->format, format) != 0) {
        PyBuffer_Release(buf);
        PyErr_Format(PyExc_TypeError, "relevance: a buffer of 4-byte '%s' items is needed", format);
        return -1;
    }
    return 0;
}

static PyObject *relevance(PyObject *self, PyObject *args) {
    PyObject *docs_obj, *weights_obj, *terms;
    Py_ssize_t n, limit;
    double total, coverage, keep;
    if (!PyArg_ParseTuple(args, "OOnO!dddn", &docs_obj, &weights_obj, &n, &PyList_Type, &terms, &total, &coverage, &keep, &limit))
        return NULL;
    Py_buffer docs_buf, weights_buf;
    if (view(docs_obj, &docs_buf, "I") < 0) return NULL;
    if (view(weights_obj, &weights_buf, "f") < 0) {
        PyBuffer_Release(&docs_buf);
        return NULL;
    }
    PyObject *out = NULL;
    double *raw = NULL, *covered = NULL;
    uint32_t *found = NULL;
    char *seen = NULL;
    RGItem *scored = NULL;
    if (docs_buf.len != weights_buf.len || n < 0 || limit < 0) {
        PyErr_SetString(PyExc_ValueError, "relevance: docs and weights must be of one length");
        goto done;
    }
    const uint32_t *docs = (const uint32_t *)docs_buf.buf;
    const float *weights = (const float *)weights_buf.buf;
    Py_ssize_t postings = docs_buf.len / 4, count = 0, nterms = PyList_GET_SIZE(terms);
    raw = PyMem_Calloc((size_t)n + 1, sizeof(double));
    covered = PyMem_Calloc((size_t)n + 1, sizeof(double));
    seen = PyMem_Calloc((size_t)n + 1, 1);
    found = PyMem_Malloc(((size_t)n + 1) * sizeof(uint32_t));
    if (!raw || !covered || !seen || !found) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t t = 0; t < nterms; t++) {
        PyObject *term = PyList_GET_ITEM(terms, t);
        Py_ssize_t start, end;
        double qweight, idf;
        if (!PyArg_ParseTuple(term, "nndd", &start, &end, &qweight, &idf)) goto done;
        if (start < 0 || end > postings || start > end) {
            PyErr_SetString(PyExc_ValueError, "relevance: a term's span is outside the postings");
            goto done;
        }
        for (Py_ssize_t i = start; i < end; i++) {
            uint32_t doc = docs[i];
            if ((Py_ssize_t)doc >= n) {
                PyErr_SetString(PyExc_ValueError, "relevance: a document number is out of range");
                goto done;
            }
            if (!seen[doc]) {
                seen[doc] = 1;
                found[count++] = doc;
            }
            raw[doc] = raw[doc] + (double)weights[i] * qweight; /* × 1.0 is exact: the Python code's shortcut */
            covered[doc] = covered[doc] + idf;
        }
    }
    out = PyDict_New();
    if (!out || count == 0) goto done;
    scored = PyMem_Malloc((size_t)count * sizeof(RGItem));
    if (!scored) {
        PyErr_NoMemory();
        Py_CLEAR(out);
        goto done;
    }
    for (Py_ssize_t k = 0; k < count; k++) {
        uint32_t doc = found[k];
        double s = raw[doc];
        if (total != 0.0) s = s * (coverage + keep * covered[doc] / total);
        scored[k].score = s;
        scored[k].rank = k; /* its document is found[k] */
        scored[k].key = scored[k].value = NULL;
    }
    Py_ssize_t best = rg_best_first(scored, count, limit);
    if (best < 0) {
        Py_CLEAR(out);
        goto done;
    }
    double top = scored[0].score;
    if (top == 0.0) {
        PyErr_SetString(PyExc_ZeroDivisionError, "float division by zero");
        Py_CLEAR(out);
        goto done;
    }
    for (Py_ssize_t k = 0; k < best; k++) {
        PyObject *key = PyLong_FromUnsignedLong(found[scored[k].rank]);
        PyObject *value = key ? PyFloat_FromDouble(scored[k].score / top) : NULL;
        int failed = !value || PyDict_SetItem(out, key, value) < 0;
        Py_XDECREF(key);
        Py_XDECREF(value);
        if (failed) {
            Py_CLEAR(out);
            goto done;
        }
    }
done:
    PyMem_Free(raw);
    PyMem_Free(covered);
    PyMem_Free(seen);
    PyMem_Free(found);
    PyMem_Free(scored);
    PyBuffer_Release(&docs_buf);
    PyBuffer_Release(&weights_buf);
    return out;
}

/* base(text, raised, sections, section_no, nsections, kwrules, kinds, variants, excerpts, named, mentioned,
 *      kind_weight, w_section, unnamed_keyword, unnamed_variant, excerpt, score) -> None
 * Rank rules 11-13 (rulesgraph.rank.steps.base.python_base, compiled): for every candidate of `text` ({node: relevance},
 * in its order), its prior (the amounts of the `raised` ranges (start, end, amount) that hold it, added in their
 * order), its section's relevance (the sum of its candidates' squared relevance, over the best section's), the
 * factors for an unnamed keyword's rule, an unmentioned variant's rule and an excerpt, and its kind's weight:
 * score[node] += t * factor * kind weight * (1 + prior + w_section * section), when that is above 0.  The
 * columns are the query-time graph's: lists of str or None, bytes of flags, and `section_no`, a buffer of uint16
 * (array('H')) numbering the sections 1 .. nsections - 1 (0: no section). */
static int flag(PyObject *flags, Py_ssize_t i) { return PyBytes_AS_STRING(flags)[i] != 0; }

static int view2(PyObject *obj, Py_buffer *buf) {
    if (PyObject_GetBuffer(obj, buf, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (buf->itemsize != 2 || !buf->format || strcmp(buf->format, "H") != 0) {
        PyBuffer_Release(buf);
        PyErr_SetString(PyExc_TypeError, "base: section_no must be a buffer of 2-byte 'H' items");
        return -1;
    }
    return 0;
}

static PyObject *base(PyObject *self, PyObject *args) {
    PyObject *text, *raised, *sections, *section_obj, *kwrules, *kinds, *variants, *excerpts, *named, *mentioned, *kind_weight,
        *score;
    Py_ssize_t nsections;
    double w_section, unnamed_keyword, unnamed_variant, excerpt;
    if (!PyArg_ParseTuple(args, "O!O!O!OnO!O!O!O!OOO!ddddO!", &PyDict_Type, &text, &PyList_Type, &raised, &PyList_Type, &sections,
                          &section_obj, &nsections, &PyList_Type, &kwrules, &PyList_Type, &kinds, &PyBytes_Type, &variants,
                          &PyBytes_Type, &excerpts, &named, &mentioned, &PyDict_Type, &kind_weight, &w_section, &unnamed_keyword,
                          &unnamed_variant, &excerpt, &PyDict_Type, &score))
        return NULL;
    if (!PyAnySet_Check(named) || !PyAnySet_Check(mentioned)) {
        PyErr_SetString(PyExc_TypeError, "base: named and mentioned must be sets");
        return NULL;
    }
    Py_buffer section_buf;
    if (view2(section_obj, &section_buf) < 0) return NULL;
    const uint16_t *section_no = (const uint16_t *)section_buf.buf;
    Py_ssize_t n = PyList_GET_SIZE(sections);
    double *prior = NULL, *totals = NULL;
    char *candidate = NULL;
    PyObject *result = NULL;
    if (PyList_GET_SIZE(kwrules) != n || PyList_GET_SIZE(kinds) != n || PyBytes_GET_SIZE(variants) != n ||
        PyBytes_GET_SIZE(excerpts) != n || section_buf.len / 2 != n || nsections < 1) {
        PyErr_SetString(PyExc_ValueError, "base: the columns must be of one length");
        goto done;
    }
    prior = PyMem_Calloc((size_t)n + 1, sizeof(double));
    totals = PyMem_Calloc((size_t)nsections, sizeof(double));
    candidate = PyMem_Calloc((size_t)n + 1, 1);
    if (!prior || !totals || !candidate) {
        PyErr_NoMemory();
        goto done;
    }
    /* rule 11's section relevance, as rulesgraph.build.relevance.section_relevance computes it */
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    double top = 0.0;
    while (PyDict_Next(text, &pos, &key, &value)) {
        Py_ssize_t node = PyLong_AsSsize_t(key);
        if (node == -1 && PyErr_Occurred()) goto done;
        if (node < 0 || node >= n) {
            PyErr_SetString(PyExc_ValueError, "base: a candidate is not a node");
            goto done;
        }
        double t = PyFloat_AsDouble(value);
        if (t == -1.0 && PyErr_Occurred()) goto done;
        candidate[node] = 1;
        uint16_t sec = section_no[node];
        if (sec == 0) continue;
        if (sec >= nsections) {
            PyErr_SetString(PyExc_ValueError, "base: a section number is out of range");
            goto done;
        }
        totals[sec] = totals[sec] + t * t;
        if (totals[sec] > top) top = totals[sec]; /* max() of the totals: each only grows (t * t >= 0) */
    }
    /* the priors: each range's amount added, in the ranges' order, to the candidates it holds */
    Py_ssize_t nraised = PyList_GET_SIZE(raised);
    for (Py_ssize_t r = 0; r < nraised; r++) {
        Py_ssize_t start, end;
        double amount;
        PyObject *range = PyList_GET_ITEM(raised, r);
        if (!PyTuple_Check(range)) {
            PyErr_SetString(PyExc_TypeError, "base: a raised range must be a tuple (start, end, amount)");
            goto done;
        }
        if (!PyArg_ParseTuple(range, "nnd", &start, &end, &amount)) goto done;
        if (start < 0) start = 0;
        if (end > n) end = n;
        for (Py_ssize_t node = start; node < end; node++)
            if (candidate[node]) prior[node] = prior[node] + amount;
    }
    pos = 0;
    while (PyDict_Next(text, &pos, &key, &value)) {
        Py_ssize_t node = PyLong_AsSsize_t(key);
        double t = PyFloat_AsDouble(value);
        uint16_t sec = section_no[node];
        double section = sec != 0 && top != 0.0 ? totals[sec] / top : 0.0;
        double boost = prior[node] + w_section * section;
        double factor = 1.0;
        PyObject *kwrule = PyList_GET_ITEM(kwrules, node);
        if (kwrule != Py_None) {
            int in = PySet_Contains(named, kwrule);
            if (in < 0) goto done;
            if (!in) factor = unnamed_keyword;
        }
        if (sec != 0 && flag(variants, node)) {
            int in = PySet_Contains(mentioned, PyList_GET_ITEM(sections, node));
            if (in < 0) goto done;
            if (!in) factor = factor * unnamed_variant;
        }
        if (flag(excerpts, node)) factor = factor * excerpt;
        double weight = 1.0;
        PyObject *w = PyDict_GetItemWithError(kind_weight, PyList_GET_ITEM(kinds, node));
        if (!w && PyErr_Occurred()) goto done;
        if (w) {
            weight = PyFloat_AsDouble(w);
            if (weight == -1.0 && PyErr_Occurred()) goto done;
        }
        double amount = t * factor;
        amount = amount * weight;
        amount = amount * (1.0 + boost);
        if (amount > 0.0) {
            PyObject *old = PyDict_GetItemWithError(score, key);
            if (!old && PyErr_Occurred()) goto done;
            double had = 0.0;
            if (old) {
                had = PyFloat_AsDouble(old);
                if (had == -1.0 && PyErr_Occurred()) goto done;
            }
            PyObject *f = PyFloat_FromDouble(had + amount);
            if (!f || PyDict_SetItem(score, key, f) < 0) {
                Py_XDECREF(f);
                goto done;
            }
            Py_DECREF(f);
        }
    }
    result = Py_None;
    Py_INCREF(result);
done:
    PyMem_Free(prior);
    PyMem_Free(totals);
    PyMem_Free(candidate);
    PyBuffer_Release(&section_buf);
    return result;
}

static PyMethodDef methods[] = {
    {"relevance", relevance, METH_VARARGS, "BM25 with coverage over the postings: rulesgraph.build.relevance.text_relevance, compiled."},
    {"base", base, METH_VARARGS, "Rank rules 11-13, the base score: rulesgraph.rank.steps.base.python_base, compiled."},
    {"order", rg_order, METH_VARARGS, "The best entries of a score table, best first: rulesgraph.build.topk.python_best, compiled (_order.c)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "rulesgraph.build._kernel", "Optional compiled kernel of text relevance, the base score (rank rules 1 and 11-13) and the best of a score table.", -1, methods,
};

/* API: the version of these functions' signatures; rulesgraph.build.relevance uses the kernel only when it is the one
 * its sources expect (a kernel built from older sources, in a checkout updated without a rebuild, is left out). */
PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "API", 3) < 0) Py_CLEAR(m);
    return m;
}
