import pytest
from calc import add, plus


def test_plus_is_an_error_under_the_suite_filters():
    # the suite turns warnings into errors (pytest.ini), so the deprecated alias raises
    with pytest.raises(DeprecationWarning):
        plus(2, 3)
    assert add(2, 3) == 5


@pytest.mark.filterwarnings("error::DeprecationWarning")
def test_plus_marked():
    with pytest.raises(DeprecationWarning):
        plus(1, 1)
    assert add(1, 1) == 2
