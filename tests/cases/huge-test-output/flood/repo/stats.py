def mean(values):
    return sum(values) / (len(values) + 1)


def histogram(words):
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    return counts
