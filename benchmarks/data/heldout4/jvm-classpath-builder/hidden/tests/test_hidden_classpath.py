import os

from classpath import classpath


def test_extra_entries_and_duplicates(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ";")
    assert classpath({"lib": ["a.jar"]}, extra=["lib/a.jar", "conf"]) == "build/classes;lib/a.jar;conf"


def test_the_separator_of_a_posix_system(monkeypatch):
    monkeypatch.setattr(os, "pathsep", ":")
    assert classpath({"lib": ["b.jar"]}) == "build/classes:lib/b.jar"
