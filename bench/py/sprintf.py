# sprintf: the CPython twin of bench/sprintf.gol (%-formatting with the same verbs)
import sys


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500000
    names = ["alpha", "beta", "gamma", "delta"]
    total = 0
    last = ""
    for i in range(n):
        s = '%s-%d: %5.2f [%x] "%s" %s' % (names[i % 4], i, i / 7, i * 31, names[(i + 1) % 4],
                                         "true" if i % 3 == 0 else "false")
        total += len(s)
        last = s
    print(total, last)


main()
