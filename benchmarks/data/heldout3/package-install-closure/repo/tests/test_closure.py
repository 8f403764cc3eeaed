import pytest

from closure import UnknownPackage, download_size, install_closure, unused

INDEX = {"web": ["http", "json"], "http": ["json"], "json": [], "cli": []}


def test_a_package_comes_before_its_dependency():
    assert install_closure({"requests": ["urllib3"], "urllib3": []}, ["requests"]) == [
        "requests",
        "urllib3",
    ]


def test_an_unknown_dependency_is_reported():
    with pytest.raises(UnknownPackage):
        install_closure({"app": ["missing"]}, ["app"])


def test_unused_packages():
    assert unused(INDEX, ["http"]) == ["cli", "web"]


def test_a_shared_dependency_is_listed_once():
    assert install_closure(INDEX, ["web"]) == ["web", "http", "json"]


def test_download_size_counts_each_package_once():
    assert download_size(INDEX, {"web": 10, "http": 5, "json": 2, "cli": 1}, ["web"]) == 17
