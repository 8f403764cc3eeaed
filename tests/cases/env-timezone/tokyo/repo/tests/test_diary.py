from diary import entry_date, words


def test_late_evening_utc_is_next_day_in_tokyo():
    # 2021-03-01 20:00 UTC is 2021-03-02 05:00 in Tokyo; the writer keeps TZ=Asia/Tokyo
    assert entry_date(1614628800) == "2021-03-02"


def test_words():
    assert words("rain again today") == 3
