import os

from classpath import classpath, command, jars

LISTING = {"lib": ["guava.jar", "README", "asm.jar"], "plugins": ["fmt.jar"]}


def test_jars_only():
    assert jars(LISTING) == ["lib/asm.jar", "lib/guava.jar", "plugins/fmt.jar"]


def test_classes_without_jars():
    assert classpath({}) == "build/classes"


def test_classpath_entries_are_separated_for_this_platform():
    expected = ["build/classes", "lib/asm.jar", "lib/guava.jar", "plugins/fmt.jar"]
    assert classpath(LISTING).split(os.pathsep) == expected


def test_command_line_head():
    assert command("app.Main", {})[:3] == ["java", "-Xmx512m", "-cp"]
