"""Editor support for ``.wolf`` files (issue 13): a language server and highlighting.

- :mod:`.tokens`: the words, strings and comments of a source text, with positions.
- :mod:`.index`: one analysis of a document with its imports — the declarations and
  where each name is defined and used, over the compiler's AST and symbol table.
- :mod:`.features`: what an editor asks (diagnostics, hover, definition, references,
  completion, document symbols) as plain values; no LSP library involved.
- :mod:`.server`: ``wolfdsl lsp``, the pygls wiring of the features (extra ``lsp``).
- :mod:`.lexer`: the Pygments lexer (entry point ``pygments.lexers``: ``wolf``).

Positions here are 1-based lines and columns (as :class:`wolfdsl.diagnostics.Span`);
only :mod:`.server` converts them to the protocol's 0-based ones.
"""
