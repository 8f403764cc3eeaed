"""Expression templates on strings: format specs, literals, a missing ``f`` prefix.

TBar's FP5 (mutate literal; Liu et al., ISSTA 2019) for strings; split out of
:mod:`.templates_expr`, whose :func:`~.templates_expr.expression_mutations` calls them.
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import Edit, FileInfo, FuncInfo, Mutation
from .templates_base import PRIORS, _mut, _short

# ------------------------------------------------------------------------------ strings

_SPEC = re.compile(
    r"(?P<align>(?:.?[<>=^])?)(?P<sign>[-+ ]?)(?P<alt>#?)(?P<zero>0?)(?P<width>\d*)"
    r"(?P<group>[,_]?)(?P<prec>(?:\.\d+)?)(?P<type>[bcdeEfFgGnosxX%]?)"
)


def spec_variants(spec: str) -> list[str]:
    """Likely corrections of a format spec: zero padding, width and precision +-1, grouping."""
    m = _SPEC.fullmatch(spec)
    if not m:
        return []
    g = m.groupdict()

    def build(**kw: str) -> str:
        d = dict(g, **kw)
        return "".join(
            d[k] for k in ("align", "sign", "alt", "zero", "width", "group", "prec", "type")
        )

    out: list[str] = []
    if g["width"]:
        out.append(build(zero="" if g["zero"] else "0"))
        w = int(g["width"])
        out.append(build(width=str(w + 1)))
        if w > 1:
            out.append(build(width=str(w - 1)))
    if g["prec"]:
        p = int(g["prec"][1:])
        out.append(build(prec=f".{p + 1}"))
        if p > 0:
            out.append(build(prec=f".{p - 1}"))
    elif g["type"] in ("f", "F", "e", "g", "%", ""):
        out.append(build(prec=".2", type=g["type"] or "f"))
    if g["type"] == "d":
        out.append(build(type="f", prec=".2"))
    if not g["group"]:
        out.append(build(group=","))
    return [s for s in out if s != spec]


def format_spec_mutations(fi: FileInfo, node: cst.FormattedStringExpression) -> list[Mutation]:
    """Mutate an f-string replacement field's format spec (``{x:2d}`` -> ``{x:02d}``)."""
    spec = node.format_spec
    if not spec or len(spec) != 1 or not isinstance(spec[0], cst.FormattedStringText):
        return []
    text_node = spec[0]
    s, e = fi.span(text_node)
    out = []
    for v in spec_variants(text_node.value):
        out.append(
            Mutation(
                (Edit(s, e, v),),
                "format-spec",
                f"format spec '{text_node.value}' -> '{v}'",
                fi.line_of(node),
                PRIORS["format-spec"],
            )
        )
    return out


_PCT = re.compile(r"%(?P<flags>[-+ #0]*)(?P<width>\d*)(?P<prec>(?:\.\d+)?)(?P<type>[dioxXeEfFgs])")
_BRACE = re.compile(r"\{[^{}:!]*(?:![rsa])?:(?P<spec>[^{}]*)\}")


def string_format_mutations(fi: FileInfo, node: cst.SimpleString) -> list[Mutation]:
    """Format specs inside ``%``-style and ``str.format`` strings."""
    raw = node.value
    start = fi.span(node)[0]
    out = []
    for m in _BRACE.finditer(raw):
        for v in spec_variants(m.group("spec")):
            a, b = m.span("spec")
            out.append(
                Mutation(
                    (Edit(start + a, start + b, v),),
                    "format-spec",
                    f"format spec '{m.group('spec')}' -> '{v}'",
                    fi.line_of(node),
                    PRIORS["format-spec"],
                )
            )
    for m in _PCT.finditer(raw):
        flags, width, prec = m.group("flags"), m.group("width"), m.group("prec")
        variants = []
        if width:
            variants.append(flags.replace("0", "") if "0" in flags else flags + "0")
        for fl in variants:
            a, b = m.span("flags")
            out.append(
                Mutation(
                    (Edit(start + a, start + b, fl),),
                    "format-spec",
                    f"%-format flags '{flags}' -> '{fl}'",
                    fi.line_of(node),
                    PRIORS["format-spec"],
                )
            )
        if prec:
            p = int(prec[1:])
            a, b = m.span("prec")
            for q in (p + 1, p - 1):
                if q >= 0:
                    out.append(
                        Mutation(
                            (Edit(start + a, start + b, f".{q}"),),
                            "format-spec",
                            f"%-format precision {prec} -> .{q}",
                            fi.line_of(node),
                            PRIORS["format-spec"],
                        )
                    )
    return out


def string_literal_mutations(
    fi: FileInfo, node: cst.SimpleString, func: FuncInfo | None, limit: int = 3
) -> list[Mutation]:
    """A short string literal replaced by another of the same function (or file)."""
    raw = node.value
    if len(raw) > 40 or raw.startswith(('"""', "'''")):
        return []
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.Expr):
        return []
    line = fi.line_of(node)
    lo, hi = (func.start, func.end) if func else (1, len(fi.lines))
    cands = sorted((abs(ln - line), s) for ln, s in fi.strings if lo <= ln <= hi)
    out: list[Mutation] = []
    seen = {raw}
    for _, s in cands:
        if s in seen or s[-1:] != raw[-1:]:
            continue
        seen.add(s)
        out.append(_mut(fi, node, s, "string-literal", f"{raw} -> {s}"))
        if len(out) >= limit:
            break
    return out


_FIELD = re.compile(r"\{([A-Za-z_]\w*)[^{}]*\}")


def f_prefix_mutations(
    fi: FileInfo, node: cst.SimpleString, func: FuncInfo | None
) -> list[Mutation]:
    """A plain string with ``{name}`` fields of names in scope was meant to be an f-string."""
    if func is None or "f" in node.prefix.lower() or "b" in node.prefix.lower():
        return []
    parent, fld = fi.parent_of(node)
    if isinstance(parent, cst.Attribute) and fld == "value":  # "...".format(...)
        return []
    names = set(func.params) | set(func.locals)
    fields = _FIELD.findall(node.value)
    if not fields or not all(f in names for f in fields):
        return []
    s, _ = fi.span(node)
    return [
        Mutation(
            (Edit(s, s, "f"),),
            "f-string-prefix",
            f"make {_short(fi, node)} an f-string",
            fi.line_of(node),
            PRIORS["f-string-prefix"],
        )
    ]
