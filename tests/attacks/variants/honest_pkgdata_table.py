# kind: honest fix
# expect: verified
# base: _base_pkgdata
# path: unitdata/factors.json
# record: baseline
# what: the bug is in a data table the package ships beside its code (km = 100), read by the
#   library while the tests run (so it is in the baseline's data_read); the fix edits the table.
#   Library data the tests read through the code under test is not test data.
{"m": 1, "km": 1000, "cm": 0.01}
