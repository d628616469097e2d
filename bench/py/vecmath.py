# vecmath: the CPython twin of bench/vecmath.gol (a small immutable vector class)
import math
import sys


class Vec:
    __slots__ = ("x", "y", "z")

    def __init__(self, x, y, z):
        self.x, self.y, self.z = x, y, z

    def add(self, b):
        return Vec(self.x + b.x, self.y + b.y, self.z + b.z)

    def scale(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def len(self):
        return math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000000
    p = Vec(1, 2, 3)
    v = Vec(0.1, -0.2, 0.05)
    total = 0.0
    for _ in range(n):
        p = p.add(v.scale(0.001))
        total += p.len()
    print("%.4f %.4f" % (total, p.len()))


main()
