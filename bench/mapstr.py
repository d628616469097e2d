# mapstr.py: bench/mapstr.gol in Python, the CPython peer for the same work (python3 bench/mapstr.py [n]).
import sys
n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000000
m = 50000
keys = ["k" + str(i * 7919 % m) for i in range(m)]
counts = {}
for i in range(n):
    k = keys[i % m]
    counts[k] = counts.get(k, 0) + 1
for i in range(0, n, 3):
    k = keys[(i * 31) % m]
    counts[k] = counts.get(k, 0) + 2
s = mx = 0
for k, c in counts.items():
    s += c * len(k)
    if c > mx:
        mx = c
print(len(counts), s, mx, counts.get("k0", 0), counts.get("k49999", 0))
