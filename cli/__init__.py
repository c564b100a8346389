"""The terminal front end of rulesgraph (installed as ``rulesgraph_cli``): argument parsing,
one-shot commands, the REPL and rendering.  It never parses rules text itself."""
