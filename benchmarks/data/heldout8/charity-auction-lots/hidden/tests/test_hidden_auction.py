from auction import Auction, Lot, money


def test_estimates_are_rounded_to_the_pound():
    a = Auction("Lifeboats", [Lot(7, "Sea view print", 1499.6, "Gallery 9"), Lot(8, "Hamper", 74.5, "Deli")])
    assert a.catalogue().splitlines() == [
        "Lot 7: Sea view print (given by Gallery 9), estimate £1,500",
        "Lot 8: Hamper (given by Deli), estimate £74",
    ]
    assert money(74.5) == "£74.50"
