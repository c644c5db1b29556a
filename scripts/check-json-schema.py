#!/usr/bin/env python3
"""Validates JSON files against a JSON Schema (draft 2020-12) with python3-jsonschema: what an editor would flag.

Usage: scripts/check-json-schema.py SCHEMA FILE...
Prints each problem as FILE: PATH: MESSAGE and exits 1 if any file does not validate; 0 if all do.
"""
import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match


def leaves(error):
    """The errors to show for one error. A key that may also be null (`anyOf` [X, null]) shows X's own errors, all of
    them; other alternatives (an element's types, a step's actions) show the most relevant one's."""
    if not error.context:
        return [error]
    branches = {}
    for c in error.context:
        branches.setdefault(c.relative_schema_path[0], []).append(c)
    real = {k: v for k, v in branches.items()
            if not (len(v) == 1 and v[0].validator == "type" and v[0].validator_value == "null")}
    if len(real) == 1:
        return [leaf for c in next(iter(real.values())) for leaf in leaves(c)]
    return [best_match([error])] if best_match([error]) is not error else [error]


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    bad = 0
    for name in argv[2:]:
        with open(name, encoding="utf-8") as f:
            document = json.load(f)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        for e in errors:
            for leaf in leaves(e):
                path = "/".join(map(str, leaf.absolute_path)) or "(root)"
                print(f"{name}: {path}: {leaf.message}")
        bad += bool(errors)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
