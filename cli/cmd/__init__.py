"""The one-shot commands, one module each (``rulesgraph ask`` is :mod:`.ask`, ``rulesgraph mtr``/``ipg``/``jar`` are
:mod:`.tourney`): each has ``HELP``, ``add_parser(sub)`` and ``run(ctx) -> int``, and is imported only when its command
runs (:func:`rulesgraph_cli.main.command`).

Enters: the parsed arguments and the :class:`~rulesgraph_cli.context.Context` (the loaded rules, cards, config, output).
Leaves: what the command prints (through :mod:`rulesgraph_cli.render` or as JSON) and its exit status.  Below the REPL,
which reuses some of them; above the context and the renderers."""
