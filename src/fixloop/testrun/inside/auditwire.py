"""The audit channel's wire format: JSON lines written by a private encoder.

The hook (:mod:`fixloop.testrun.inside.audithook`) loads this module before any project code
runs and binds :func:`json_text` (and ``os.write``) at its own import: the code under test can
rebind module attributes (``json.dumps``, ``json._default_encoder``, ``os.write``) with no audit
event, and a lookup at call time would hand it every finding to rewrite or drop (red-team
``runtime_channel_mute``, 2026-12-01: a ``json.dumps`` wrapper turned each finding into a
``hello`` record and the gate verified a run that rewrote the tests' data). Stdlib only; shipped
to the sandbox as ``_fixloop_auditwire`` by :func:`fixloop.testrun.audit.audit_sources`.
"""

from __future__ import annotations

from typing import Any

_type, _str, _ord = type, str, ord
_INF = float("inf")


def _HEX4(o: int) -> str:  # noqa: N802 - a constant-like helper
    return (
        "\\u"
        + "0123456789abcdef"[(o >> 12) & 15]
        + "0123456789abcdef"[(o >> 8) & 15]
        + ("0123456789abcdef"[(o >> 4) & 15] + "0123456789abcdef"[o & 15])
    )


def json_text(v: Any) -> str:
    """JSON text of a record (dicts and lists of str, int, float, bool, None), ASCII only.

    Reads no module attribute at call time (only builtins bound at import and methods of
    built-in types, which code cannot replace), so code under test that rebinds
    ``json.dumps``, ``json._default_encoder`` or ``os.write`` cannot rewrite or drop findings
    on their way out (red-team ``runtime_channel_mute``). Same text as ``json.dumps(v,
    ensure_ascii=True)`` up to spacing; anything else is written as its ``str``.
    """
    t = _type(v)
    if v is None:
        return "null"
    if t is bool:
        return "true" if v else "false"
    if t is int:
        return int.__repr__(v)
    if t is float:
        if v != v:  # as json.dumps writes them (json.loads reads them back)
            return "NaN"
        if v == _INF or v == -_INF:
            return "Infinity" if v > 0 else "-Infinity"
        return float.__repr__(v)
    if t is str:
        out = []
        for ch in v:
            o = _ord(ch)
            if ch == '"' or ch == "\\":
                out.append("\\" + ch)
            elif o < 0x20 or o > 0x7E:
                if o > 0xFFFF:
                    o -= 0x10000
                    out.append(_HEX4(0xD800 | (o >> 10)) + _HEX4(0xDC00 | (o & 0x3FF)))
                else:
                    out.append(_HEX4(o))
            else:
                out.append(ch)
        return '"' + "".join(out) + '"'
    if t is list or t is tuple:
        return "[" + ", ".join([json_text(x) for x in v]) + "]"
    if t is dict:
        return (
            "{" + ", ".join([json_text(_str(k)) + ": " + json_text(x) for k, x in v.items()]) + "}"
        )
    return json_text(_str(v))
