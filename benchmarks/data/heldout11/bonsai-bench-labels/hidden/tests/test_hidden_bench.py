from bench import Bench, Tree


def test_labels_of_the_bench_with_a_new_tree():
    pine = Tree(40, "pine", "bunjin", 2026, 2026)
    elm = Tree(7, "elm", "shakan", 2020, 2023)
    bench = Bench(2026, [pine, elm])
    assert bench.labels() == [
        "#40 pine, bunjin - 0 years in training",
        "#7 elm, slanting - 6 years in training",
    ]
    assert bench.price(pine) == 18.0
