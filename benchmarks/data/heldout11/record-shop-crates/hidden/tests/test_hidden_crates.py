from crates import Crate, Record, Shop


def test_cards_of_all_crates():
    shop = Shop()
    shop.file("soul", Record("Al Green", "Call Me", 19.0))
    shop.file("folk", Record("Nick Drake", "Pink Moon", 21.0))
    shop.file("folk", Record("Joni Mitchell", "Blue", 23.0))
    shop.file("folk", Record("Vashti Bunyan", "Just Another Diamond Day", 25.0))
    assert shop.labels() == ["FOLK - 3 records", "SOUL - 1 record"]


def test_empty_crate_card():
    assert Crate("punk").label == "PUNK - 0 records"
