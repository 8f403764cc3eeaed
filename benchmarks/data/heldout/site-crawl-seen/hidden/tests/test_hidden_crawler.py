from crawler import broken_links, crawl


def test_a_cycle_away_from_the_start_ends():
    links = {"/": ["/a"], "/a": ["/b"], "/b": ["/a", "/c"], "/c": ["/b"]}
    assert crawl(links, "/") == ["/", "/a", "/b", "/c"]


def test_spellings_of_one_page_are_one_page():
    links = {"/": ["/x/", "/x#top", "/x"], "/x": []}
    assert crawl(links, "/") == ["/", "/x"]


def test_max_pages_counts_distinct_pages():
    links = {"/": ["/a", "/b", "/c"], "/a": ["/b"], "/b": ["/a"], "/c": []}
    assert crawl(links, "/", max_pages=3) == ["/", "/a", "/b"]


def test_each_broken_link_is_reported_once_per_page():
    links = {"/": ["/a", "/b"], "/a": ["/b", "/missing"], "/b": ["/a"]}
    assert broken_links(links, "/") == [("/a", "/missing")]
