# sortstructs: the CPython twin of bench/sortstructs.gol (list.sort with a key tuple)
import sys


class Person:
    __slots__ = ("name", "age", "score")

    def __init__(self, name, age, score):
        self.name, self.age, self.score = name, age, score


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000000
    people = []
    seed = 12345
    for i in range(n):
        seed = (seed * 1664525 + 1013904223) & 0xFFFFFFFF
        people.append(Person("p" + str((seed >> 8) % 50000), (seed >> 20) % 90, (i % 1000) / 10))
    people.sort(key=lambda p: (p.age, p.name))
    check = 0
    for i in range(0, n, n // 100):
        check = (check * 31 + people[i].age + len(people[i].name)) % 1000000007
    print(people[0].name, people[0].age, people[n - 1].name, people[n - 1].age, check)


main()
