"""Rendering with rich: what the library returns (answers, rules, cards, profiles, diffs, tournament sections) made into
terminal text, shared by the one-shot commands and the REPL.

Enters: the library's records (:class:`rulesgraph.model.Answer`, graph nodes, cards …) and the
:class:`~rulesgraph_cli.render.core.RenderOptions`.  Leaves: rich renderables, every string of a user or a file shown as
plain text (:func:`rulesgraph_cli.safe.visible`), never as markup.  :mod:`.core` holds what every view shares; the
others one view each.  Imports nothing of the commands or the REPL."""
