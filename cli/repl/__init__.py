"""The REPL, in small pieces as litecli and pgcli keep theirs: the loop and its session (:mod:`.loop`), the commands it
understands (:mod:`.commands`, with the views they return: :mod:`.views`), completion (:mod:`.completer`), key bindings
(:mod:`.key_bindings`) and the bottom toolbar (:mod:`.toolbar`).

Enters: the :class:`~rulesgraph_cli.context.Context` and what the user types.  Leaves: rendered answers on the terminal
and the history file.  prompt_toolkit is imported only here, when the REPL starts."""
