from closure import install_closure


def test_two_requests_sharing_a_dependency():
    index = {"cli": ["core"], "gui": ["core"], "core": []}
    assert install_closure(index, ["cli", "gui"]) == ["cli", "core", "gui"]


def test_the_same_package_requested_twice():
    assert install_closure({"a": []}, ["a", "a"]) == ["a"]


def test_nothing_requested():
    assert install_closure({"a": []}, []) == []
