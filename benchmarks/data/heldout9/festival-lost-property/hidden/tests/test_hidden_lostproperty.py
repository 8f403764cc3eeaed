from lostproperty import Office, tags_in


def test_stall_codes_that_contain_lp_are_not_tags():
    assert tags_in("phone from stall GLP2210, tagged LP0031") == ["LP0031"]


def test_mentioned_items_are_the_ones_held():
    office = Office()
    office.log_item("LP0031", "phone")
    office.log_item("LP0032", "scarf")
    office.add_note("owner of LP0031 called; HELP9999 is the helpline code")
    office.add_note("LP0099 not ours")
    assert office.mentioned() == ["LP0031"]
