from giftbox import GiftBox, Parcel


def test_ounces_as_printed():
    assert GiftBox.ounces(100) == 3.5
    assert GiftBox.ounces(53) == 1.9


def test_declared_weight_adds_printed_weights():
    parcel = Parcel()
    for _ in range(3):
        box = GiftBox("Duo")
        box.add("raspberry", 2)
        parcel.add(box)
    assert parcel.declared_ounces() == 2.7
