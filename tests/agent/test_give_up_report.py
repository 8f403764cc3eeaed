"""A long give-up message (the repair engine's) reaches the stop reason and the report whole.

The engine's message is a heading, up to five log lines, "Best candidates tried:" with up to five
lines, then "Notes: ..." last; the stop reason kept its first 12 lines and 1,500 characters, so
the notes line (the time budget) was cut mid-word or dropped.
"""

from __future__ import annotations

from test_agent_loop import end, make

from fixloop.agent.claims import give_up_text
from fixloop.render import summary
from fixloop.types import RunStatus


def engine_like_message() -> str:
    lines = [
        "CANNOT FIX: No plausible patch found (412 candidates screened); the failing tests "
        "still fail. Screening took 41.0 s."
    ]
    lines += [f"- screened round {i}: " + "candidate text " * 8 for i in range(5)]
    lines.append("Best candidates tried:")
    lines += [
        f"- swap operands at ttl.py:{40 + i} ({'a long description ' * 6}): failed, 0/3 failing "
        "tests pass; still failing: tests/test_ttl.py::test_expire"
        for i in range(5)
    ]
    lines.append(
        "Notes: time budget used up (60 s); 0 passing test(s) changed path (different lines "
        "ran): the failing tests may not reach the bug"
    )
    return "\n".join(lines)


def test_the_notes_line_reaches_the_report_whole() -> None:
    message = engine_like_message()
    agent, *_ = make([end(message)], verdicts=[])
    result = agent.run("x")
    assert result.status == RunStatus.NOT_FIXED
    notes = message.splitlines()[-1]
    assert result.stop_reason.splitlines()[-1] == notes  # whole, not "Notes: time"
    assert "time budget used up (60 s)" in result.stop_reason
    text = summary(result, edits=0, baseline=None)
    assert notes in text.splitlines()


def test_short_messages_are_kept_as_they_are() -> None:
    assert give_up_text("CANNOT FIX: a\n\nb\n") == "CANNOT FIX: a\nb"


def test_a_long_line_is_cut_after_a_whole_item() -> None:
    line = "Notes: " + "; ".join(f"item number {i} is here" for i in range(100))
    kept = give_up_text(line, line_chars=120)
    assert kept.endswith(" …") and len(kept) <= 120
    body = kept[: -len(" …")]
    assert line.startswith(body) and line[len(body)] == ";"  # cut before a "; "
    lines = "\n".join(f"line {i}" for i in range(30))
    cut = give_up_text(lines, max_lines=6).splitlines()
    assert cut[:4] == ["line 0", "line 1", "line 2", "line 3"] and cut[-1] == "line 29"
    assert cut[4].startswith("… (25 line(s) left out")
