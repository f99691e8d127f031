"""The language: text to parse tree to AST to IR (parse, transform, syntax, compile, ir, builtins, load)."""
