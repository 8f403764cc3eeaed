from glossary import Glossary, Term, marked_terms


def test_terms_in_reading_order():
    text = "Fit the [[torque arm]] first.\nThen the [[hub]] and the [[torque arm]] bolt."
    assert [t.text for t in marked_terms("manual", text)] == ["torque arm", "hub", "torque arm"]


def test_each_term_once_at_its_first_use():
    g = Glossary()
    g.add_document("manual", "Fit the [[torque arm]].\nTighten the [[torque arm]] nut.")
    g.add_document("leaflet", "The [[hub]] turns on the [[torque arm]].")
    assert g.entries() == [Term("torque arm", "manual", 1), Term("hub", "leaflet", 1)]


def test_terms_without_repeats():
    g = Glossary()
    g.add_document("card", "[[brake pad]] and [[rotor]]")
    g.agree("rotor", "Bremsscheibe")
    assert g.open_terms() == ["brake pad"]
