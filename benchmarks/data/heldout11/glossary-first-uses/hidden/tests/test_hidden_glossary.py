from glossary import Glossary


def test_terms_differing_in_case_are_one_term():
    g = Glossary()
    g.add_document("manual", "[[Torque Arm]] here.\nThe [[torque arm]] there, a [[Hub]].")
    g.add_document("faq", "Which [[hub]]? The [[TORQUE ARM]].")
    assert [(t.text, t.document, t.line) for t in g.entries()] == [
        ("Torque Arm", "manual", 1),
        ("Hub", "manual", 2),
    ]


def test_open_terms_once_each():
    g = Glossary()
    g.add_document("a", "[[valve]] [[spring]] [[valve]]")
    g.add_document("b", "[[Spring]] [[seal]]")
    g.agree("SEAL", "Dichtung")
    assert g.open_terms() == ["valve", "spring"]
