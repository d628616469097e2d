# jsonwork: the CPython twin of bench/jsonwork.gol (json.dumps and json.loads of dicts)
import json
import sys


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 30000
    items = [{"id": i, "name": "item-" + str(i), "price": i * 1.25, "tags": ["a", "b"],
              "attrs": {"k": "v"}, "on": i % 2 == 0} for i in range(n)]
    data = json.dumps(items, separators=(",", ":"))
    back = json.loads(data)
    generic = json.loads(data)
    ids = sum(it["id"] for it in back)
    on = sum(1 for it in back if it["on"])
    last = generic[-1]
    print(len(back), ids, on, back[n - 1]["name"], last["price"], len(last["tags"]))


main()
