# strswitch: the CPython twin of bench/strswitch.gol (match on strings; Go's truncating division)
import sys


def run(prog, x):
    acc = x
    for op in prog:
        match op:
            case "inc":
                acc += 1
            case "dec":
                acc -= 1
            case "double":
                acc *= 2
            case "half":
                acc = -((-acc) // 2) if acc < 0 else acc // 2
            case "square":
                acc = acc * acc % 1000003
            case "negate":
                acc = -acc
            case "abs":
                if acc < 0:
                    acc = -acc
            case "mod7":
                acc %= 7
            case "nop" | "skip":
                pass
            case _:
                raise ValueError("unknown op " + op)
    return acc


def main():
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
    prog = ["inc", "double", "square", "nop", "negate", "abs", "dec", "half", "skip", "inc",
            "square", "mod7", "double", "inc"]
    total = 0
    for i in range(rounds):
        total += run(prog, i)
    print(total)


main()
