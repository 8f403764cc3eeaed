from album import Album, Stamp


def test_catalogue_id():
    assert Stamp("Norway", 1855, "1a").catalogue_id == "NO-1855-1a"


def test_checklist_sorted_by_id():
    album = Album("omar")
    album.add(Stamp("Spain", 1850, "3"))
    album.add(Stamp("Belgium", 1849, "10"), used=True)
    album.add(Stamp("Belgium", 1849, "10"))
    assert album.checklist() == ["BE-1849-10 m1 u1", "SP-1850-3 m1 u0"]
