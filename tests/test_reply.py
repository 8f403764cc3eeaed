"""The one reply validator: what the loop cannot go past, and what a script may not hold."""

from __future__ import annotations

from fixloop.reply import check_reply


def test_a_usable_reply_has_neither_problem_nor_defect() -> None:
    use = {"type": "tool_use", "id": "t1", "name": "read_file", "input": {"path": "a.py"}}
    found = check_reply({"stop_reason": "tool_use", "content": [{"type": "text", "text": "x"}, use]})
    assert found.problem is None and found.defect is None
    assert found.tool_uses == [use] and found.stop_reason == "tool_use"


def test_the_loop_goes_past_what_a_script_may_not_hold() -> None:
    # An image block among usable ones: the loop drops it; a script must not hold it unnamed.
    found = check_reply(
        {"stop_reason": "end_turn", "content": [{"type": "text", "text": "ok"}, {"text": "no type"}]}
    )
    assert found.problem is None and [b["type"] for b in found.blocks] == ["text"]
    assert found.defect == "a block must be an object with a 'type'" and found.defect_block == 2


def test_both_readings_name_a_reply_that_is_no_object() -> None:
    found = check_reply(3)
    assert found.problem == "the reply is a int, not an object"
    assert found.defect == "a reply must be a JSON object, not int" and found.defect_block is None


def test_stop_reasons_the_loop_and_a_script_accept() -> None:
    text = [{"type": "text", "text": "done"}]
    assert check_reply({"stop_reason": "stop_sequence", "content": text}).problem is None
    assert "stop_reason must be one of" in (
        check_reply({"stop_reason": "stop_sequence", "content": text}).defect or ""
    )
    missing = check_reply({"content": text})  # a script may leave it out; the loop may not
    assert missing.defect is None and missing.problem == "unknown stop_reason None"
