"""Small utilities every stage may use: text folding and words, node ids, ordinary English, safe writes, bounded memos.

Enters: plain strings, paths and bytes.  Leaves: the same, cleaned or written.  Imports nothing of the package but
:mod:`rulesgraph.model` and :mod:`rulesgraph.errors`.
"""
