from crawler import broken_links, crawl, normalize


def test_normalize_drops_fragment_and_trailing_slash():
    assert normalize("/docs/#intro") == "/docs"
    assert normalize("/") == "/"


def test_a_chain_is_crawled_in_order():
    links = {"/": ["/a"], "/a": ["/b"], "/b": []}
    assert crawl(links, "/") == ["/", "/a", "/b"]


def test_a_link_back_to_the_start_is_not_followed_again():
    links = {"/": ["/about"], "/about": ["/"]}
    assert crawl(links, "/") == ["/", "/about"]


def test_broken_links_are_listed():
    links = {"/": ["/gone", "/ok"], "/ok": []}
    assert broken_links(links, "/") == [("/", "/gone")]


def test_two_pages_linking_to_the_same_page_visit_it_once():
    links = {"/": ["/a", "/b"], "/a": ["/shared"], "/b": ["/shared"], "/shared": []}
    assert crawl(links, "/") == ["/", "/a", "/b", "/shared"]
