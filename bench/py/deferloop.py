# deferloop: the CPython twin of bench/deferloop.gol (try/finally in place of defer)
import sys


class Account:
    __slots__ = ("balance", "ops", "depth")

    def __init__(self):
        self.balance = self.ops = self.depth = 0

    def enter(self):
        self.depth += 1

    def leave(self):
        self.depth -= 1
        self.ops += 1

    def deposit(self, v):
        self.enter()
        try:
            if v % 13 == 0:
                return False
            self.balance += v
            return True
        finally:
            self.leave()


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000000
    a = Account()
    rejected = 0
    for i in range(n):
        if not a.deposit(i % 1000):
            rejected += 1
    print(a.balance, a.ops, a.depth, rejected)


main()
