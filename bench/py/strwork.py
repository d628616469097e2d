# strwork: the CPython twin of bench/strwork.gol
import sys


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 300000
    parts = []
    for i in range(n):
        parts.append("item-")
        parts.append(str(i))
        parts.append(": qty ")
        parts.append(str(i * 7 % 1000))
        parts.append(" tag")
        parts.append(str(i % 10))
        parts.append(" note alpha beta\n")
    text = "".join(parts)
    lines = text.removesuffix("\n").split("\n")
    total = tagged = upper = 0
    joined = []
    for line in lines:
        rest = line.removeprefix("item-")
        ident, _, fields = rest.partition(": ")
        k = int(ident)
        total += k
        if "tag3" in fields:
            tagged += 1
            upper += len(fields.upper())
        f = fields.split()
        total += int(f[1])
        if k % 1000 == 0:
            joined.append("/".join(f[:3]))
    print(len(lines), total, tagged, upper, len(joined), joined[-1])


main()
