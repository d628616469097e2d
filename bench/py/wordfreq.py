# wordfreq: the CPython twin of bench/wordfreq.gol (line iteration, str.split, a dict)
import sys


def main():
    if len(sys.argv) != 2:
        print("usage: wordfreq FILE")
        sys.exit(2)
    counts = {}
    total = 0
    with open(sys.argv[1], encoding="utf-8") as f:
        for line in f:
            for w in line.split():
                counts[w] = counts.get(w, 0) + 1
                total += 1
    words = sorted(counts, key=lambda w: (-counts[w], w))
    print(total, len(counts))
    for w in words[:5]:
        print(w, counts[w])


main()
