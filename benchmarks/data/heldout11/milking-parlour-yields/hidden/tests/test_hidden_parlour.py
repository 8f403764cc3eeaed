from datetime import date

from parlour import Milking, YieldLog

D = [date(2026, 12, d) for d in (1, 2, 3)]


def test_herd_and_vet_list():
    log = YieldLog([
        Milking("Ada", D[0], 8.0), Milking("Ada", D[0], 7.5), Milking("Ada", D[1], 12.0),
        Milking("Bo", D[0], 11.0), Milking("Bo", D[1], 6.0), Milking("Bo", D[1], 5.0),
        Milking("Cy", D[1], 9.5), Milking("Cy", D[2], 10.0),
    ])
    assert log.herd_total(D[1]) == 32.5
    assert log.low_yielders(D[1], 10.0) == ["Cy"]
    assert log.best_day("Ada") == D[0]
    assert log.best_day("Cy") == D[2]
