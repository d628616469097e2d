"""Generator of random, well-typed, deterministic Go programs for the differential tester.

A program is a prelude (types, methods, helpers) and many test functions tN, each a straight run of
one-line statements over local variables of every integer kind, floats, strings, bools, slices,
arrays, maps, structs, pointers, interfaces and closures, ending with a Println of every variable
(so none is unused). Each function recovers its own panic and prints it, so runtime errors
(division by zero, bounds, nil dereference, failed assertions, negative shifts) are compared too.
Every statement is one line, so the reducer can delete lines.
"""

import random

INTS = {
    "int": (64, True), "int8": (8, True), "int16": (16, True), "int32": (32, True),
    "int64": (64, True), "uint": (64, False), "uint8": (8, False), "uint16": (16, False),
    "uint32": (32, False), "uint64": (64, False), "uintptr": (64, False),
}

PRELUDE = '''package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

type S struct {
	a int
	b string
	c [2]int8
}

func (s S) Val() int     { return s.a*3 + len(s.b) }
func (s *S) Inc(d int)   { s.a += d; s.b += "+" }
func (s S) String() string { return fmt.Sprintf("S<%d,%s,%v>", s.a, s.b, s.c) }

type N int

func (n N) M() int  { return int(n) * 2 }
func (n N) Name() string { return fmt.Sprint("N", int(n)) }

type I interface{ M() int }

type T struct{ S; k uint16 }

func (t *T) M() int { return t.a + int(t.k) }

type E struct{ code int }

func (e *E) Error() string { return fmt.Sprint("E", e.code) }

func mayFail(x int) error {
	if x%3 == 0 {
		return &E{x}
	}
	if x%3 == 1 {
		return errors.New("plain")
	}
	return nil
}

func keys(m map[string]int) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

func divmod(a, b int) (q, r int) {
	defer func() {
		if recover() != nil {
			q, r = -1, -1
		}
	}()
	return a / b, a % b
}

var _ = strings.ToUpper
'''


class Gen:
    def __init__(self, rnd):
        self.r = rnd
        self.vars = []  # (name, type)
        self.n = 0
        # Whether the statement being generated already has an expression that may panic: Go
        # leaves the order of two such operands open (x / 0 * len(s[:9]): gc's slice panic comes
        # first), so a statement gets at most one.
        self.risky = False

    def take_risk(self):
        if self.risky:
            return False
        self.risky = True
        return True

    def fresh(self, prefix):
        self.n += 1
        return "%s%d" % (prefix, self.n)

    def of(self, t):
        return [v for v, vt in self.vars if vt == t]

    def pick(self, t):
        vs = self.of(t)
        return self.r.choice(vs) if vs else None

    # ---- literals ----
    def int_lit(self, t):
        bits, signed = INTS[t]
        r = self.r.random()
        if r < 0.3:
            v = self.r.randint(-3, 3) if signed else self.r.randint(0, 5)
        elif r < 0.5:
            v = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
            v -= self.r.randint(0, 2)
        elif r < 0.6 and signed:
            v = -(1 << (bits - 1)) + self.r.randint(0, 2)
        else:
            lo = -(1 << (bits - 1)) if signed else 0
            hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
            v = self.r.randint(max(lo, -100000), min(hi, 100000)) if self.r.random() < 0.7 else self.r.randint(lo, hi)
        return v

    # ---- expressions: return (code, is_constant) ----
    def int_expr(self, t, d=0):
        r = self.r.random()
        if d > 3 or r < 0.25:
            v = self.pick(t)
            if v is not None and self.r.random() < 0.8:
                return v, False
            return "%s(%d)" % (t, self.int_lit(t)), True
        if r < 0.55:
            op = self.r.choice(["+", "-", "*", "&", "|", "^", "&^", "+", "-", "*"])
            x, xc = self.int_expr(t, d + 1)
            y, yc = self.int_expr(t, d + 1)
            if xc and yc:
                y, yc = self.var_or_new(t), False
            return "(%s %s %s)" % (x, op, y), False
        if r < 0.65:
            x, xc = self.int_expr(t, d + 1)
            if xc:
                x = self.var_or_new(t)
            cnt = self.shift_count(d)
            return "(%s %s %s)" % (x, self.r.choice(["<<", ">>"]), cnt), False
        if r < 0.75:
            op = self.r.choice(["/", "%"])
            x, xc = self.int_expr(t, d + 1)
            y, yc = self.int_expr(t, d + 1)
            if yc:
                y = "(%s | 1)" % y  # a constant divisor must not be zero (a compile error)
                if xc:
                    x = self.var_or_new(t)
            elif self.r.random() < 0.9 or not self.take_risk():
                y = "(%s | 1)" % y  # mostly a divisor that cannot be zero
            return "(%s %s %s)" % (x, op, y), False
        if r < 0.85:
            u = self.r.choice(list(INTS))
            x, xc = self.int_expr(u, d + 1)
            if xc:
                x = self.var_or_new(u)
            return "%s(%s)" % (t, x), False
        if r < 0.9:
            x, xc = self.int_expr(t, d + 1)
            if xc:
                x = self.var_or_new(t)
            return "%s(%s)" % (self.r.choice(["-", "^", "+"]), x), False
        if r < 0.95 and t == "int":
            s, sc = self.str_expr(d + 1)
            return "len(%s)" % s, sc  # len of a constant string is a constant
        if t == "int" and self.of("[]int"):
            return "len(%s)" % self.pick("[]int"), False
        return self.var_or_new(t), False

    def shift_count(self, d):
        r = self.r.random()
        if r < 0.4:
            return str(self.r.choice([0, 1, 3, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, 100]))
        if r < 0.7:
            u = self.r.choice(["uint", "uint8", "uint16", "uint32", "uint64"])
            return "(%s & %d)" % (self.var_or_new(u), self.r.choice([7, 15, 31, 63, 127, 255]))
        t = self.r.choice(["int", "int8", "int32", "int64"])
        if self.r.random() < 0.85 or not self.take_risk():
            return "(%s & 63)" % self.var_or_new(t)
        return self.var_or_new(t)  # may be negative: a recovered panic

    def var_or_new(self, t):
        v = self.pick(t)
        if v is None:
            v = self.declare(t)
        return v

    def float_expr(self, d=0):
        r = self.r.random()
        if d > 3 or r < 0.3:
            v = self.pick("float64")
            if v is not None and self.r.random() < 0.8:
                return v, False
            return repr(self.r.choice([0.5, 1.25, -3.0, 1e10, 2.5e-3, 7.0, 100.125, -0.0])), True
        if r < 0.65:
            x, xc = self.float_expr(d + 1)
            y, yc = self.float_expr(d + 1)
            op = self.r.choice(["+", "-", "*", "/"])
            if xc and yc:
                y, yc = self.var_or_new("float64"), False
            if op == "/" and yc and float(y) == 0:
                y = "2.0"
            return "(%s %s %s)" % (x, op, y), False
        if r < 0.85:
            u = self.r.choice(["int", "int8", "uint16", "int64", "uint32"])
            x, xc = self.int_expr(u, d + 1)
            if xc:
                x = self.var_or_new(u)
            return "float64(%s)" % x, False
        return self.var_or_new("float64"), False

    def str_expr(self, d=0):
        r = self.r.random()
        if d > 2 or r < 0.3:
            v = self.pick("string")
            if v is not None and self.r.random() < 0.8:
                return v, False
            return '"%s"' % self.r.choice(["", "a", "héllo", "go", "xyz", "日本"]), True
        if r < 0.5:
            x, xc = self.str_expr(d + 1)
            y, yc = self.str_expr(d + 1)
            return "(%s + %s)" % (x, y), xc and yc
        if r < 0.6:
            x, xc = self.int_expr("int", d + 1)
            return "fmt.Sprint(%s)" % x, False
        if r < 0.7 and self.take_risk():
            s = self.var_or_new("string")
            lo = "int(%s %% 4)" % self.var_or_new("uint8")
            hi = "int(%s %% 6)" % self.var_or_new("uint8")
            return "%s[%s:%s]" % (s, lo, hi), False
        if r < 0.8:
            x, _ = self.float_expr(d + 1)
            return "fmt.Sprint(%s)" % x, False
        if r < 0.9:
            x, _ = self.str_expr(d + 1)
            return "strings.ToUpper(%s)" % x, False
        return "string(rune(65 + %s %% 26))" % self.var_or_new("uint8"), False

    def bool_expr(self, d=0):
        r = self.r.random()
        if d > 2 or r < 0.5:
            t = self.r.choice(list(INTS) + ["float64", "string"])
            if t == "float64":
                x, xc = self.float_expr(d + 1)
                y, yc = self.float_expr(d + 1)
            elif t == "string":
                x, xc = self.str_expr(d + 1)
                y, yc = self.str_expr(d + 1)
            else:
                x, xc = self.int_expr(t, d + 1)
                y, yc = self.int_expr(t, d + 1)
            if xc and yc:
                y = self.var_or_new(t)
            return "(%s %s %s)" % (x, self.r.choice(["==", "!=", "<", "<=", ">", ">="]), y)
        if r < 0.8:
            return "(%s %s %s)" % (self.bool_expr(d + 1), self.r.choice(["&&", "||"]), self.bool_expr(d + 1))
        v = self.pick("bool")
        return "!%s" % (v if v else self.bool_expr(d + 1))

    # ---- declarations and statements ----
    def declare(self, t):
        name = self.fresh("v")
        if t in INTS:
            init = "%d" % self.int_lit(t)
        elif t == "float64":
            init = repr(self.r.choice([0.0, 1.5, -2.25, 1e300, 3.0]))
        elif t == "string":
            init = '"%s"' % self.r.choice(["", "ab", "héllo", "Go!"])
        elif t == "bool":
            init = self.r.choice(["true", "false"])
        elif t == "[]int":
            init = "[]int{%s}" % ", ".join(str(self.r.randint(-5, 5)) for _ in range(self.r.randint(0, 4)))
        elif t == "[4]int":
            init = "[4]int{%d, %d}" % (self.r.randint(-9, 9), self.r.randint(-9, 9))
        elif t == "map[string]int":
            init = "map[string]int{\"a\": %d}" % self.r.randint(0, 9)
        elif t == "S":
            init = 'S{a: %d, b: "s"}' % self.r.randint(-9, 9)
        elif t == "*S":
            init = "&S{a: %d}" % self.r.randint(-9, 9)
        else:
            raise ValueError(t)
        self.stmts.append("var %s %s = %s" % (name, t, init))
        self.vars.append((name, t))
        return name

    def stmt(self):
        self.risky = False
        r = self.r.random()
        kinds = [
            (8, self.s_assign_int), (2, self.s_assign_float), (2, self.s_assign_str),
            (2, self.s_opassign), (1, self.s_incdec), (2, self.s_if), (1, self.s_for),
            (1, self.s_switch), (2, self.s_slice), (1, self.s_array), (2, self.s_map),
            (2, self.s_struct), (1, self.s_iface), (1, self.s_closure), (1, self.s_defer),
            (1, self.s_goroutines), (1, self.s_panic), (2, self.s_print), (1, self.s_multi),
            (1, self.s_error), (1, self.s_any),
        ]
        total = sum(w for w, _ in kinds)
        x = r * total
        for w, f in kinds:
            x -= w
            if x < 0:
                f()
                return
        kinds[0][1]()

    def int_type(self):
        return self.r.choice(list(INTS))

    def s_assign_int(self):
        t = self.int_type()
        v = self.var_or_new(t)
        e, _ = self.int_expr(t)
        self.stmts.append("%s = %s" % (v, e))

    def s_assign_float(self):
        v = self.var_or_new("float64")
        e, _ = self.float_expr()
        self.stmts.append("%s = %s" % (v, e))

    def s_assign_str(self):
        v = self.var_or_new("string")
        e, _ = self.str_expr()
        self.stmts.append("%s = %s" % (v, e))

    def s_opassign(self):
        t = self.int_type()
        v = self.var_or_new(t)
        op = self.r.choice(["+=", "-=", "*=", "|=", "^=", "&^=", "<<=", ">>=", "/=", "%="])
        if op in ("<<=", ">>="):
            e = self.shift_count(0)
        else:
            e, c = self.int_expr(t)
            if c and op in ("/=", "%="):
                e = "(%s | 1)" % e
        self.stmts.append("%s %s %s" % (v, op, e))

    def s_incdec(self):
        v = self.var_or_new(self.int_type())
        self.stmts.append("%s%s" % (v, self.r.choice(["++", "--"])))

    def s_if(self):
        t = self.int_type()
        v = self.var_or_new(t)
        a, _ = self.int_expr(t)
        b, _ = self.int_expr(t)
        self.stmts.append("if %s { %s = %s } else { %s = %s }" % (self.bool_expr(), v, a, v, b))

    def s_for(self):
        t = self.int_type()
        v = self.var_or_new(t)
        e, _ = self.int_expr(t)
        i = self.fresh("i")
        n = self.r.randint(0, 5)
        form = self.r.random()
        if form < 0.5:
            self.stmts.append("for %s := 0; %s < %d; %s++ { %s += %s(%s) + %s }" % (i, i, n, i, v, t, i, e))
        else:
            self.stmts.append("for %s := range %d { if %s == 3 { break }; %s ^= %s(%s) * %s }" % (i, n, i, v, t, i, e))

    def s_switch(self):
        t = self.int_type()
        v = self.var_or_new(t)
        x, _ = self.int_expr(t)
        cases = sorted(set(self.r.randint(0, 5) for _ in range(3)))
        body = " ".join("case %d: %s += %d;" % (c, v, c + 1) for c in cases)
        self.stmts.append("switch %s %% 6 { %s default: %s-- }" % (x, body, v))

    def s_slice(self):
        s = self.var_or_new("[]int")
        r = self.r.random()
        e, _ = self.int_expr("int")
        if r < 0.3:
            self.stmts.append("%s = append(%s, %s)" % (s, s, e))
        elif r < 0.5:
            self.stmts.append("%s[int(%s) %% (len(%s) + 1)] = %s" % (s, self.var_or_new("uint8"), s, e))
        elif r < 0.65:
            lo = "int(%s %% 5)" % self.var_or_new("uint8")
            hi = "int(%s %% 6)" % self.var_or_new("uint8")
            self.stmts.append("%s = %s[%s:%s]" % (s, s, lo, hi))
        elif r < 0.75:
            w = self.fresh("w")
            self.stmts.append("%s := make([]int, %d, %d); copy(%s, %s); %s = append(%s[:1], %s...); fmt.Println(len(%s), cap(%s) >= len(%s), %s)"
                              % (w, self.r.randint(1, 3), self.r.randint(3, 6), w, s, s, w, s, s, s, s, w))
        elif r < 0.85:
            k = self.fresh("k")
            x = self.fresh("x")
            acc = self.var_or_new("int")
            self.stmts.append("for %s, %s := range %s { %s += %s * %s }" % (k, x, s, acc, k, x))
        else:
            i = self.var_or_new("int")
            self.stmts.append("%s, %s[0] = len(%s), %s" % (i, s, s, e))

    def s_array(self):
        a = self.var_or_new("[4]int")
        b = self.fresh("arr")
        e, _ = self.int_expr("int")
        self.stmts.append("%s := %s; %s[%s & 3] = %s; fmt.Println(%s, %s, %s == %s)" % (
            b, a, b, self.var_or_new("uint8"), e, a, b, a, b))

    def s_map(self):
        m = self.var_or_new("map[string]int")
        k, _ = self.str_expr()
        e, _ = self.int_expr("int")
        r = self.r.random()
        if r < 0.5:
            self.stmts.append("%s[%s] = %s" % (m, k, e))
        elif r < 0.65:
            self.stmts.append("delete(%s, %s)" % (m, k))
        elif r < 0.85:
            v = self.fresh("mv")
            ok = self.fresh("ok")
            self.stmts.append("if %s, %s := %s[%s]; %s { fmt.Println(\"has\", %s) } else { fmt.Println(\"no\", %s) }" % (v, ok, m, k, ok, v, v))
        else:
            self.stmts.append("fmt.Println(keys(%s), len(%s), %s)" % (m, m, m))

    def s_struct(self):
        r = self.r.random()
        if r < 0.3:
            s = self.var_or_new("S")
            e, c = self.int_expr("int")
            if c:
                e = self.var_or_new("int")
            self.stmts.append("%s.a += %s; %s.c[1] = int8(%s)" % (s, e, s, e))
        elif r < 0.5:
            p = self.var_or_new("*S")
            e, _ = self.int_expr("int")
            self.stmts.append("%s.Inc(%s); fmt.Println(%s.Val(), *%s)" % (p, e, p, p))
        elif r < 0.7:
            s = self.var_or_new("S")
            p = self.var_or_new("*S")
            self.stmts.append("%s = *%s; %s.b = \"q\"; fmt.Println(%s, %s.Val(), %s == *%s)" % (s, p, p, s, s, s, p))
        elif r < 0.85:
            s = self.var_or_new("S")
            f = self.fresh("f")
            self.stmts.append("%s := %s.Val; %s.a++; fmt.Println(%s(), %s.String())" % (f, s, s, f, s))
        else:
            p = self.var_or_new("*S")
            self.stmts.append("if %s { %s = nil }; fmt.Println(%s.a)" % (self.bool_expr(), p, p))

    def s_iface(self):
        r = self.r.random()
        iv = self.fresh("iv")
        if r < 0.5:
            e, _ = self.int_expr("int")
            self.stmts.append("var %s I = N(%s); if n, ok := %s.(N); ok { fmt.Println(n.Name(), %s.M()) }" % (iv, e, iv, iv))
        else:
            e, _ = self.int_expr("uint16")
            self.stmts.append("var %s I = &T{S{a: 2}, %s}; fmt.Println(%s.M()); _ = %s.(N)" % (iv, e, iv, iv))

    def s_any(self):
        a = self.fresh("a")
        t = self.r.choice(["int", "int8", "uint", "string", "float64", "bool"])
        if t == "string":
            e, _ = self.str_expr()
        elif t == "float64":
            e, _ = self.float_expr()
        elif t == "bool":
            e = self.bool_expr()
        else:
            e, _ = self.int_expr(t)
        if t in INTS and not e.startswith(t + "("):
            e = "%s(%s)" % (t, e)
        self.stmts.append("var %s any = %s; switch %s { case 1: fmt.Println(\"one\"); case \"go\": fmt.Println(\"go\"); case true: fmt.Println(\"t\"); case int8(-1): fmt.Println(\"m1\") }; switch x := %s.(type) { case int, uint: fmt.Println(\"int/uint\", x); case string: fmt.Println(len(x)); default: fmt.Printf(\"%%T %%v\\n\", x, x) }" % (a, e, a, a))

    def s_closure(self):
        f = self.fresh("f")
        v = self.var_or_new("int")
        e, _ = self.int_expr("int")
        self.stmts.append("%s := func(x int) int { %s += x; return %s * 2 }; fmt.Println(%s(%s), %s(1), %s)" % (f, v, v, f, e, f, v))

    def s_defer(self):
        v = self.var_or_new("int")
        e, _ = self.int_expr("int")
        self.stmts.append("func() { defer func() { %s *= 3; if r := recover(); r != nil { fmt.Println(\"inner:\", r) } }(); %s = %s; if %s > 5 { panic(%s) } }()" % (v, v, e, v, v))

    def s_goroutines(self):
        ch = self.fresh("ch")
        n = self.r.randint(1, 6)
        v = self.var_or_new("int")
        e, _ = self.int_expr("int")
        k = self.fresh("k")  # computed before the goroutines: a panic there would not be recovered
        self.stmts.append("%s := %s; %s := make(chan int, %d); for i := 0; i < %d; i++ { go func(i int) { %s <- i * %s }(i) }; for range %d { %s += <-%s }" % (k, e, ch, self.r.randint(0, n), n, ch, k, n, v, ch))

    def s_panic(self):
        r = self.r.random()
        if r < 0.25:
            s = self.var_or_new("[]int")
            self.stmts.append("_ = %s[%s]" % (s, self.var_or_new("int")))
        elif r < 0.5:
            mm = self.fresh("mm")
            self.stmts.append("var %s map[string]int; if %s { %s[\"x\"] = 1 }" % (mm, self.bool_expr(), mm))
        elif r < 0.7:
            a = self.var_or_new("int")
            b = self.var_or_new("int")
            self.stmts.append("%s, %s = divmod(%s, %s)" % (a, b, a, b))
        else:
            t = self.r.choice(["int8", "uint32", "int64"])
            x = self.var_or_new(t)
            y = self.var_or_new(t)
            self.stmts.append("fmt.Println(%s / %s)" % (x, y))

    def s_print(self):
        vs = self.r.sample(self.vars, min(len(self.vars), self.r.randint(1, 4))) if self.vars else []
        if not vs:
            return
        self.stmts.append("fmt.Println(%s)" % ", ".join(v for v, _ in vs))

    def s_multi(self):
        t = self.int_type()
        a = self.var_or_new(t)
        b = self.var_or_new(t)
        self.stmts.append("%s, %s = %s, %s" % (a, b, b, a))

    def s_error(self):
        e, _ = self.int_expr("int")
        err = self.fresh("err")
        pe = self.fresh("pe")
        self.stmts.append("%s := mayFail(%s); var %s *E; if errors.As(%s, &%s) { fmt.Println(\"E\", %s.code) } else if %s != nil { fmt.Println(%s) } else { fmt.Println(%s == nil) }" % (err, e, pe, err, pe, pe, err, err, err))

    def function(self, name, nstmts):
        self.vars = []
        self.stmts = []
        for t in self.r.sample(list(INTS), 4) + ["float64", "string"]:
            self.declare(t)
        for _ in range(nstmts):
            self.stmt()
        names = [v for v, _ in self.vars]
        body = ["\tdefer func() {", "\t\tif r := recover(); r != nil {", "\t\t\tfmt.Println(\"panic:\", r)", "\t\t}", "\t}()"]
        body += ["\t" + s for s in self.stmts]
        body.append("\tfmt.Println(%s)" % ", ".join(names))
        return "func %s() {\n%s\n}\n" % (name, "\n".join(body))


def program(seed, nfuncs, nstmts):
    """A whole program: the prelude, nfuncs test functions, and a main calling each after a marker."""
    rnd = random.Random(seed)
    g = Gen(rnd)
    funcs = []
    names = []
    for i in range(nfuncs):
        name = "t%d" % i
        names.append(name)
        funcs.append(g.function(name, nstmts))
    main = "func main() {\n" + "".join("\tfmt.Println(\"== %s\")\n\t%s()\n" % (n, n) for n in names) + "}\n"
    return PRELUDE + "\n" + "\n".join(funcs) + "\n" + main, funcs


if __name__ == "__main__":
    import sys
    print(program(int(sys.argv[1]) if len(sys.argv) > 1 else 1, 3, 15)[0])
