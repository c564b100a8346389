"""The bundled default corpus (installed as the ``rulesgraph_data`` package); see SOURCES.md."""
