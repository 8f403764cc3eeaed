from florist import Bouquet, Shop

STEMS = {"rose": 2.5, "tulip": 1.2, "eucalyptus": 0.8}


def test_an_order_of_offered_and_full_price_bouquets_delivered_in_the_city():
    shop = Shop(STEMS, offers={"Romance": 10})
    bouquets = [Bouquet("Romance", {"rose": 12}), Bouquet("Posy", {"tulip": 5, "rose": 1})]
    assert shop.price_list(bouquets) == {"Romance": 30.15, "Posy": 12.0}
    assert shop.order_total(bouquets, "city") == 51.65
