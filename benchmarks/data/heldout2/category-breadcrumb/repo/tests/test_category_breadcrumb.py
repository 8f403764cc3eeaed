from categories import Category, breadcrumb, url_path

HOME = Category("Home & Garden")
TOOLS = Category("Power Tools", HOME)
DRILLS = Category("Drills", TOOLS)


def test_depth_and_url():
    assert DRILLS.depth() == 2
    assert url_path(DRILLS) == "/home-garden/power-tools/drills"


def test_root_breadcrumb():
    assert breadcrumb(HOME) == "Home & Garden"


def test_nested_breadcrumb():
    assert breadcrumb(DRILLS) == "Home & Garden > Power Tools > Drills"
