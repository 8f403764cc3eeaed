import os

import pytest

from hamlog import BadContact, Contact, export, record, worked_bands


def test_record():
    assert record(Contact("dl1abc", "20m", "2026-12-02 07:30")) == "2026-12-02 07:30\tDL1ABC\t20m\t59"


def test_bad_callsign_and_band():
    with pytest.raises(BadContact):
        Contact("hello", "20m", "x")
    with pytest.raises(BadContact):
        Contact("G4XYZ", "11m", "x")


def test_worked_bands():
    cs = [Contact("G4XYZ", "40m", "a"), Contact("K1AB", "20m", "b"), Contact("F5QQ", "40m", "c")]
    assert worked_bands(cs) == {"20m": 1, "40m": 2}


def test_export_uses_the_platform_line_separator():
    data = export([Contact("K1AB", "20m", "2026-12-02 07:30", "57")], "g4xyz")
    nl = os.linesep
    assert data == f"LOG G4XYZ 1{nl}2026-12-02 07:30\tK1AB\t20m\t57{nl}END".encode()
