# regexwork: the CPython twin of bench/regexwork.gol (re.match, re.search, re.findall, re.sub)
import re
import sys


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    head = re.compile(r'^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2}) (\w+) user=(\w+)')
    inner = re.compile(r'ip=10\.0\.(\d+)\.(\d+) ')
    number = re.compile(r'\d+')
    user = re.compile(r'user=u(\d+)')
    levels = ["INFO", "WARN", "DEBUG", "ERROR"]
    days = internal = numbers = length = 0
    last = ""
    for i in range(n):
        line = "2024-03-%02d 12:%02d:%02d %s user=u%d ip=10.%d.%d.%d took %dms path=/api/v%d/items/%d" % (
            i % 28 + 1, i % 60, i * 7 % 60, levels[i % 4], i % 997, i % 3 // 2 * 10, i % 256, i * 13 % 256,
            i % 500, i % 3 + 1, i)
        m = head.search(line)
        if m is None:
            raise Exception("no match: " + line)
        days += int(m.group(3))
        if inner.search(line):
            internal += 1
        numbers += len(number.findall(line))
        last = user.sub(r'user=<\1>', line)
        length += len(last)
    print(days, internal, numbers, length)
    print(last)


main()
