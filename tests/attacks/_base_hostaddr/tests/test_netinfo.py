from netinfo import url


def test_url_has_the_port():
    assert url(8080).endswith(":8080/")


def test_url_scheme():
    assert url(80, "/x").startswith("http://")
