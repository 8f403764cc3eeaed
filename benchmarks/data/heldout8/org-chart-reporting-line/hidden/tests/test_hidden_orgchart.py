from orgchart import OrgChart


def test_a_deep_line_with_another_separator():
    c = OrgChart()
    for name, boss in (("Ola", None), ("Pam", "Ola"), ("Quy", "Pam"), ("Ren", "Quy")):
        c.hire(name, "staff", boss)
    assert c.reporting_line("Ren", sep="/") == "Ola/Pam/Quy/Ren"
    assert c.reporting_line("Pam") == "Ola > Pam"
