import os
from datetime import datetime

from photoarchive import archive_path, folder, parse_folder


def test_parse_folder():
    assert parse_folder("photos/2024/03") == (2024, 3)
    assert parse_folder("D:\\photos\\2019\\11\\") == (2019, 11)


def test_file_name_is_time_stamped():
    path = archive_path("photos", datetime(2024, 3, 9, 14, 5, 0), "IMG_01.JPG")
    assert path.endswith("20240309-140500-img_01.jpg")
    assert path.startswith("photos" + os.sep)


def test_folder():
    assert folder(datetime(2024, 3, 9)) == os.path.join("2024", "03")
