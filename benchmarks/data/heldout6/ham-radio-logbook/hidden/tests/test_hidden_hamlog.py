import os

from hamlog import Contact, export


def test_export_follows_the_platform_constant(monkeypatch):
    cs = [Contact("K1AB", "20m", "t1"), Contact("F5QQ", "40m", "t2")]
    monkeypatch.setattr(os, "linesep", "\r\n")
    assert export(cs, "dl1abc") == b"LOG DL1ABC 2\r\nt1\tK1AB\t20m\t59\r\nt2\tF5QQ\t40m\t59\r\nEND"
    monkeypatch.setattr(os, "linesep", "\n")
    assert export([], "dl1abc") == b"LOG DL1ABC 0\nEND"
