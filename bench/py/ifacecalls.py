# ifacecalls: the CPython twin of bench/ifacecalls.gol (classes with methods, a closure per round)
import sys


class Rect:
    __slots__ = ("w", "h")

    def __init__(self, w, h):
        self.w, self.h = w, h

    def area(self):
        return self.w * self.h

    def perimeter(self):
        return 2 * (self.w + self.h)


class Circle:
    __slots__ = ("r",)

    def __init__(self, r):
        self.r = r

    def area(self):
        return 3 * self.r * self.r

    def perimeter(self):
        return 6 * self.r


class Square:
    __slots__ = ("s",)

    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s

    def perimeter(self):
        return 4 * self.s


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    shapes = []
    for i in range(1000):
        x = float(i % 17 + 1)
        if i % 3 == 0:
            shapes.append(Rect(x, x / 2))
        elif i % 3 == 1:
            shapes.append(Circle(x))
        else:
            shapes.append(Square(x))
    total = 0.0
    for r in range(rounds):
        k = float(r % 5) + 1

        def scale(s):
            return s.area() * k - s.perimeter()

        for s in shapes:
            total += scale(s)
    print("%.1f" % total)


main()
