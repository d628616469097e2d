# concatkeys: the CPython twin of bench/concatkeys.gol
import sys

def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000000
    words = ["w" + str(i * 37 % 101) for i in range(32)]
    m = {}
    for i in range(n):
        a = words[i % 32]
        b = words[(i // 32) % 32]
        c = words[(i * 7 // 1024) % 32]
        k = a + "-" + b + "-" + c
        m[k] = m.get(k, 0) + 1
    total = 0
    longest = 0
    for k, v in m.items():
        total += v * len(k)
        if len(k) > longest:
            longest = len(k)
    print(len(m), total, longest, m.get("w0-w37-w74", 0))

main()
