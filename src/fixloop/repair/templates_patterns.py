r"""Real-history templates on string literals: separators and regular expressions.

Split out of :mod:`.templates_names` (which runs them, :func:`~.templates_names.name_mutations`):
``separator-constant`` (``":"`` -> ``os.pathsep``, ``"/"`` -> ``os.sep``, ``"\n"`` ->
``os.linesep``, ``import os`` added when missing) and ``regex-anchor`` / ``regex-widen`` (a
``re`` call's pattern anchored wrongly or too narrow, :func:`pattern_variants`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import libcst as cst

from .templates_ast import Edit, FileInfo, Mutation
from .templates_scope import NAME_PRIORS, _mutation, _Scope

if TYPE_CHECKING:
    from .templates_names import FailureHints

_RE_FUNCS = frozenset("compile match search fullmatch findall finditer sub subn split".split())
#: separator literals and the library constant each may have been meant to be
_SEPARATORS: dict[str, tuple[str, ...]] = {
    ":": ("pathsep",),
    ";": ("pathsep",),
    "/": ("sep",),
    "\\": ("sep",),
    "\n": ("linesep",),
    "\r\n": ("linesep",),
}
_SPLIT_JOIN = frozenset(
    "split rsplit join partition rpartition replace startswith endswith".split()
)


# ------------------------------------------------------------------------------ literals


def _literal(node: cst.SimpleString) -> str | None:
    """The string value of a plain (not bytes) literal, or None."""
    if "b" in node.prefix.lower():
        return None
    try:
        value = ast.literal_eval(node.value)
    except (SyntaxError, ValueError):
        return None
    return value if isinstance(value, str) else None


def separator_mutations(fi: FileInfo, node: cst.SimpleString, sc: _Scope) -> list[Mutation]:
    """A separator literal replaced by the ``os`` constant it may stand for."""
    value = _literal(node)
    if value not in _SEPARATORS:
        return []
    parent, _ = fi.parent_of(node)
    grand = fi.parent_of(parent)[0] if parent is not None else None
    context = 0.45
    if isinstance(parent, cst.Arg) and isinstance(grand, cst.Call):
        func = grand.func
        if isinstance(func, cst.Attribute) and func.attr.value in _SPLIT_JOIN:
            context = 1.0
    elif isinstance(parent, cst.Attribute) and parent.attr.value in _SPLIT_JOIN:
        context = 1.0  # ":".join(...)
    elif isinstance(parent, (cst.BinaryOperation, cst.ComparisonTarget, cst.Comparison)):
        context = 0.8
    osname = sc.os_name or "os"
    out = []
    for const in _SEPARATORS[value]:
        edits = [Edit(*fi.span(node), f"{osname}.{const}")]
        if sc.os_name is None:
            edits.append(Edit(sc.import_at, sc.import_at, "import os\n"))
        out.append(
            Mutation(
                tuple(edits),
                "separator-constant",
                f"{node.value} -> {osname}.{const}",
                fi.line_of(node),
                NAME_PRIORS["separator-constant"] * context,
            )
        )
    return out


def fstring_separator_mutations(
    fi: FileInfo, node: cst.FormattedStringText, sc: _Scope
) -> list[Mutation]:
    """A separator between an f-string's fields (``f"{y}/{m}"``) -> ``{os.sep}``.

    Only a text part that is nothing but ``/`` or a backslash, beside a replacement field: the
    joint of a path built from parts, as ``separator-constant`` handles a literal.
    """
    fs, _ = fi.parent_of(node)
    if not isinstance(fs, cst.FormattedString) or "r" in fs.prefix.lower():
        return []
    try:
        value = ast.literal_eval(f'"{node.value}"')
    except (SyntaxError, ValueError):
        return []
    if value not in ("/", "\\") or len(fs.parts) < 2:
        return []  # a path's joint; ':' between fields is a clock's or a label's, not a path's
    osname = sc.os_name or "os"
    out = []
    for const in _SEPARATORS[value]:
        edits = [Edit(*fi.span(node), f"{{{osname}.{const}}}")]
        if sc.os_name is None:
            edits.append(Edit(sc.import_at, sc.import_at, "import os\n"))
        out.append(
            Mutation(
                tuple(edits),
                "separator-constant",
                f"{node.value!r} in an f-string -> {{{osname}.{const}}}",
                fi.line_of(node),
                NAME_PRIORS["separator-constant"] * 0.7,
            )
        )
    return out


#: characters a too narrow character class most often lacks
_USUAL_CLASS_CHARS = ("-", "_", ".", " ")


#: a run of character classes (not negated), each with an optional quantifier: ``[A-Z_][A-Z0-9]*``
_CLASS_RUN = re.compile(r"(?:(?<!\\)\[(?!\^)(?:\\.|[^\]\\])+\][*+?]?)+")


_FROM_SIBLING = " (as another pattern of the module)"


_FROM_DOC = " (a bound the docstring names)"
_FROM_INPUT = " (a failing input's run)"


def pattern_variants(
    body: str,
    raw: bool,
    extra_chars: Iterable[str] = (),
    siblings: Sequence[str] = (),
    documented: Sequence[int] = (),
    samples: Sequence[str] = (),
) -> list[tuple[str, str, str]]:
    r"""Variants of a regular expression's source text: ``(template, new body, description)``.

    Args:
        body: the literal's text between its quotes, as written.
        raw: the literal is a raw string (``\b`` is written ``\b``, else ``\\b``).
        extra_chars: characters a widened character class should accept (the failing tests'
            inputs), tried before the usual ones.
        siblings: the bodies of the module's other patterns; a run of character classes of
            theirs (``[A-Za-z_][A-Za-z0-9_]*``, the module's own spelling of a name) may replace
            a run of this one (the plastic-surgery ingredient for a too narrow class).
        documented: numbers the enclosing function's docstring names ("4 to 6 digits"): a
            fixed count ``X{n}`` becomes the range ``X{n,m}`` (or ``X{m,n}``) they imply.
        samples: the failing tests' literals: a run of ``X`` of another length in them makes
            ``X{n}`` a range covering it.

    Returns:
        anchors swapped, dropped or added, character classes widened, ``+`` <-> ``*``, a fixed
        count ``{n}`` made a range (documented bounds, a failing input's run, ``{n,}``); each
        different from ``body``.
    """
    bs = "\\" if raw else "\\\\"
    wb = bs + "b"
    out: list[tuple[str, str, str]] = []

    def add(template: str, new: str, desc: str) -> None:
        if new != body and all(new != o[1] for o in out):
            out.append((template, new, desc))

    if body.startswith("^"):
        add("regex-anchor", wb + body[1:], "'^' -> word boundary")
        add("regex-anchor", body[1:], "drop '^'")
    elif body.startswith(wb):
        add("regex-anchor", "^" + body[len(wb) :], "word boundary -> '^'")
    else:
        add("regex-anchor", "^" + body, "anchor at '^'")
    if body.endswith("$") and not body.endswith(bs + "$"):
        add("regex-anchor", body[:-1] + wb, "'$' -> word boundary")
        add("regex-anchor", body[:-1], "drop '$'")
    elif not body.endswith(wb):
        add("regex-anchor", body + "$", "anchor at '$'")
    # character classes: [...] not negated, widened by one character
    wanted = [c for c in extra_chars if c.isprintable() and not c.isalnum()]
    for m in re.finditer(r"(?<!\\)\[(?!\^)((?:\\.|[^\]\\])+)\]", body):
        inner = m.group(1)
        tried = 0
        for c in [*dict.fromkeys([*wanted, *_USUAL_CLASS_CHARS])]:
            if tried >= 4:
                break
            has = (
                inner[:1] == "-" or inner[-1:] == "-" or "\\-" in inner if c == "-" else c in inner
            )
            if has:  # a '-' inside the class is a range, not the character
                continue
            lit = (bs + c) if c in "-]\\^" else c
            new_inner = inner + lit
            add(
                "regex-widen",
                body[: m.start(1)] + new_inner + body[m.end(1) :],
                f"character class [{inner}] accepts {c!r}",
            )
            tried += 1
        if "a-z" in inner and "A-Z" not in inner:
            add(
                "regex-widen",
                body[: m.start(1)] + inner + "A-Z" + body[m.end(1) :],
                f"[{inner}] accepts A-Z",
            )
    # a class run replaced by a run the module's other patterns use (widest first: longest)
    runs = {r.group(0) for sib in siblings for r in _CLASS_RUN.finditer(sib)}
    for m in _CLASS_RUN.finditer(body):
        for run in sorted(runs - {m.group(0)}, key=lambda r: (-len(r), r))[:3]:
            if run[-1:] not in "*+?" and m.group(0)[-1:] in "*+?":
                continue  # a single character for a repeated one: narrower
            add(
                "regex-widen",
                body[: m.start()] + run + body[m.end() :],
                f"{m.group(0)} -> {run}{_FROM_SIBLING}",
            )
    # \w / \d alone widened to a class with '-' or '.'
    for token, extra in ((bs + "w", "-"), (bs + "d", ".")):
        k = body.find(token)
        if k >= 0 and not body[:k].endswith("["):
            add(
                "regex-widen",
                body[:k] + f"[{token}{bs}{extra}]" + body[k + len(token) :],
                f"{token} accepts {extra!r}",
            )
    for a, b in (("+", "*"), ("*", "+")):
        k = body.find(a)
        if k > 0 and body[k - 1] != "\\":
            add("regex-widen", body[:k] + b + body[k + 1 :], f"'{a}' -> '{b}'")
    for template, new, desc in _count_ranges(body, raw, documented, samples):
        add(template, new, desc)
    for template, new, desc in _bare_atoms(body, raw, documented, samples):
        add(template, new, desc)
    return out


def _unescape(body: str, raw: bool) -> str:
    r"""The pattern a literal's body spells (``\\\\d`` in a plain string is ``\\d``)."""
    if raw or '"' in body:
        return body
    return str(ast.literal_eval(f'"{body}"'))  # SyntaxError / ValueError: the caller catches


def _bare_atoms(
    body: str, raw: bool, documented: Sequence[int], samples: Sequence[str]
) -> list[tuple[str, str, str]]:
    r"""A lone ``\d`` / ``\w`` / ``[...]`` (no quantifier) repeated (``regex-widen``).

    ``(\d)`` meant one number, not one digit: ``X`` -> ``X{1,k}`` with ``k`` a number the
    docstring names or the longest run the pattern, with ``X`` repeated, takes from a failing
    test's literal (not any run of ``X``: a date beside the number sets no bound), then ``X+``.
    Atoms inside a character class or with a quantifier are left alone; at most four atoms.
    """
    bs = "\\" if raw else "\\\\"
    atoms = list(re.finditer(r"(?<!\\)\[(?:\\.|[^\]\\])+\]", body))
    classes = [m.span() for m in atoms]
    atoms += [
        m
        for m in re.finditer(r"(?<!\\)" + re.escape(bs) + r"[dw]", body)
        if not any(a <= m.start() < b for a, b in classes)
    ]
    out: list[tuple[str, str, str]] = []
    for m in sorted(atoms, key=lambda m: m.start())[:4]:
        x, head, tail = m.group(0), body[: m.start()], body[m.end() :]
        if tail[:1] in ("{", "*", "+", "?"):
            continue
        doc = max([b for b in documented if 2 <= b <= 20] or [0])
        seen = 0
        try:  # the runs the pattern, with the atom repeated, takes from the failing inputs
            probe = re.compile(_unescape(f"{head}(?P<_atom>{x}+){tail}", raw), re.I)
            seen = max(
                [len(hit.group("_atom")) for lit in samples for hit in probe.finditer(lit)] or [0]
            )
        except (re.error, IndexError, SyntaxError, ValueError):
            pass
        for top, why in ((doc, _FROM_DOC), (seen, _FROM_INPUT)):
            if top >= 2 and (why == _FROM_DOC or seen != doc):
                out.append(
                    ("regex-widen", f"{head}{x}{{1,{top}}}{tail}", f"{x} -> {{1,{top}}}{why}")
                )
        out.append(("regex-widen", f"{head}{x}+{tail}", f"{x} -> {x}+ (repeated)"))
    return out


def _count_ranges(
    body: str, raw: bool, documented: Sequence[int], samples: Sequence[str]
) -> list[tuple[str, str, str]]:
    """``X{n}`` -> ``X{n,m}``, ``X{n,m}`` -> a wider range: a repeat count widened (``regex-widen``).

    The new bound, in order: a number the docstring names (``{4}`` -> ``{4,6}`` for "4 to 6
    digits"), the length of a run of ``X`` in a failing test's literal (unless a documented range
    already covers it), and open (``{n,}``).
    """
    bs = "\\" if raw else "\\\\"
    atom = r"(?:" + re.escape(bs) + r"[dwsDWS]|(?<!\\)\[(?:\\.|[^\]\\])+\]|\.)"
    out: list[tuple[str, str, str]] = []
    for m in re.finditer(r"(" + atom + r")\{(\d+)(?:,(\d+))?\}", body):
        x, n = m.group(1), int(m.group(2))
        top = int(m.group(3)) if m.group(3) else n
        old = m.group(0)[len(x) :]
        head, tail = body[: m.start()], body[m.end() :]

        spans: list[tuple[tuple[int, int], str]] = []
        for b in documented:
            if b > 0 and not n <= b <= top:
                spans.append(((min(b, n), max(b, top)), _FROM_DOC))
        try:
            runs = re.compile(f"(?:{x if raw else x.replace(bs, chr(92))})+")
        except re.error:
            runs = None
        documented_spans = [span for span, _ in spans]
        for lit in samples if runs is not None else ():
            for r in runs.finditer(lit):  # type: ignore[union-attr]
                k = len(r.group(0))
                lo, hi = min(k, n), max(k, top)
                # a run a documented range already covers: the range is the evidence, the run
                # only the failing test's own case (fitted to it, it refuses the rest)
                if not n <= k <= top and not any(a <= lo and hi <= b for a, b in documented_spans):
                    spans.append(((lo, hi), _FROM_INPUT))
        chosen: dict[tuple[int, int], str] = {}
        for span, why in spans:
            if span not in chosen and len(chosen) < 4:
                chosen[span] = why
        for (lo, hi), why in chosen.items():
            out.append(
                ("regex-widen", f"{head}{x}{{{lo},{hi}}}{tail}", f"{x}{old} -> {{{lo},{hi}}}{why}")
            )
        out.append(("regex-widen", f"{head}{x}{{{n},}}{tail}", f"{x}{old} -> {{{n},}}"))
    return out


def module_patterns(fi: FileInfo, sc: _Scope) -> list[str]:
    """The bodies (text between the quotes) of the module's ``re`` calls' literal patterns."""
    out: list[str] = []
    for call in fi.calls:
        f = call.func
        if not (
            isinstance(f, cst.Attribute)
            and isinstance(f.value, cst.Name)
            and f.value.value == sc.re_name
            and f.attr.value in _RE_FUNCS
            and call.args
            and isinstance(call.args[0].value, cst.SimpleString)
        ):
            continue
        pat = call.args[0].value
        body = pat.value[len(pat.prefix) + len(pat.quote) : len(pat.value) - len(pat.quote)]
        if body not in out:
            out.append(body)
    return out


def regex_mutations(
    fi: FileInfo, node: cst.Call, sc: _Scope, hints: FailureHints | None = None
) -> list[Mutation]:
    """The pattern of a ``re`` call anchored or widened; ``match`` <-> ``search``."""
    f = node.func
    if not (
        isinstance(f, cst.Attribute)
        and isinstance(f.value, cst.Name)
        and sc.re_name is not None
        and f.value.value == sc.re_name
        and f.attr.value in _RE_FUNCS
        and node.args
    ):
        return []
    out: list[Mutation] = []
    pat = node.args[0].value
    if isinstance(pat, cst.SimpleString) and _literal(pat) is not None:
        quote = pat.quote
        prefix = pat.prefix
        body = pat.value[len(prefix) + len(quote) : len(pat.value) - len(quote)]
        chars = sorted(c for c in (hints.chars if hints is not None else ()) if not c.isalnum())
        raw = "r" in prefix.lower()
        siblings = [b for b in module_patterns(fi, sc) if b != body]
        samples = list(hints.literals) if hints is not None else []
        documented = _documented_numbers(fi, node)
        variants = pattern_variants(body, raw, chars, siblings, documented, samples)
        for template, new_body, desc in variants:
            text = f"{prefix}{quote}{new_body}{quote}"
            try:
                re.compile(ast.literal_eval(text))
            except (re.error, SyntaxError, ValueError):
                continue
            w = 1.2 if template == "regex-widen" and any(repr(c) in desc for c in chars) else 1.0
            if desc.endswith(_FROM_DOC):
                w = 1.3  # the range the function's own documentation states
            elif desc.endswith(_FROM_INPUT):
                w = 1.1
            elif desc.endswith(",}"):
                w = 0.8  # open-ended: accepts what a bounded range was meant to refuse
            if desc.endswith(_FROM_SIBLING):
                # the module's own spelling of the thing, not a guess fitted to one input: it
                # ranks before a class widened by just the character a failing test needs
                w = 1.3
            out.append(
                _mutation(
                    fi,
                    pat,
                    text,
                    template,
                    f"pattern {pat.value}: {desc}",
                    NAME_PRIORS[template] * w,
                )
            )
    swap = {"match": "search", "search": "match", "fullmatch": "search"}.get(f.attr.value)
    if swap:
        out.append(
            _mutation(
                fi,
                f.attr,
                swap,
                "regex-anchor",
                f"re.{f.attr.value} -> re.{swap}",
                NAME_PRIORS["regex-anchor"],
            )
        )
    return out


def _documented_numbers(fi: FileInfo, node: cst.CSTNode, limit: int = 6) -> list[int]:
    """Small numbers (1-99) the docstring of the function around ``node`` names, in order."""
    func = fi.func_of.get(id(node))
    doc = func.node.get_docstring() if func is not None else None
    out: list[int] = []
    for t in re.findall(r"(?<![\w.])\d{1,2}(?![\w.])", doc or ""):
        v = int(t)
        if v > 0 and v not in out:
            out.append(v)
    return out[:limit]
