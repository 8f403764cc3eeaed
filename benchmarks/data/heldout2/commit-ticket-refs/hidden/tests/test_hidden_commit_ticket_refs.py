from refs import release_note, tickets


def test_only_whole_words_count():
    assert tickets("bump libFOO-2 to the next release") == []
    assert tickets("see QA2-5 and MOB-11; reverts QA2-5") == ["QA2-5", "MOB-11"]


def test_release_note_with_references_on_later_lines():
    message = "Speed up search\n\nRefs: WEB-12, WEB-14"
    assert release_note(message) == "- Speed up search (WEB-12, WEB-14)"
