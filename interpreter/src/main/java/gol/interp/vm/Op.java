package gol.interp.vm;

/**
 * The opcode table: the one place that defines gol's bytecode.
 *
 * <pre>
 * Encoding: a function's code is an int[]; an instruction is its opcode followed by its operands,
 * one int each (FORMAT gives how many and what they are). pc indexes the opcode.
 *
 *   operand  meaning
 *   a b c    registers, relative to the frame base fp: L[x] = g.ls[fp+x], R[x] = g.rs[fp+x]
 *   k        index into the function's constant pools: KL[k] (long[]) or KR[k] (Object[])
 *   i        an immediate int
 *   j        an absolute jump target (a pc in the same function)
 *   n        a count
 * </pre>
 *
 * Types: "I" ops work on int64 bits (all integer kinds are kept sign- or zero-extended in a long;
 * sized kinds are re-normalised after arithmetic by WRAP), "U" ops treat the bits as uint64,
 * "F" ops on float64 raw bits (float32 values are float64 bits rounded by F32), "S" ops on
 * {@link gol.runtime.GoString}s in R. Booleans are 0/1 in L.
 *
 * <p>Notes (*):
 * <ul>
 *   <li>Every backward jump (target &lt;= pc) and every call is a safe point: the VM checks
 *       {@code g.preempt} there.</li>
 *   <li>Calls: the caller puts the arguments in consecutive registers {@code base, base+1, ...}
 *       (one register per parameter, the variadic tail already packed into one slice); the callee's
 *       frame starts at {@code fp+base}, so its parameters are its registers 0.. . On return the
 *       results are in the caller's registers {@code base, base+1, ...}. The callee's frame size
 *       (Proto.frameSize) must fit: the VM grows the stack before entering.</li>
 *   <li>Runtime errors (index out of range, divide by zero, nil map write, ...) raise a gol panic
 *       with Go's message; the VM unwinds frames, running deferred calls.</li>
 *   <li>(**) Concurrency. GO/GOC evaluate nothing themselves: the compiler has put the function's
 *       arguments in registers b..b+n-1 (the go statement's evaluation point); the new G starts
 *       with them as its parameters and runs next on the current P. SEND, RECV, RECV2 and SELECT
 *       may park the G: the instruction keeps its own pc and re-executes when the G resumes,
 *       finishing the operation the waker completed (a receiver's value is written by the sender
 *       straight into the destination register before the G is readied). A nil channel blocks
 *       forever. SELECT a b n k i: case j (0 <= j < n) uses registers b+2j (the channel, R half)
 *       and b+2j+1 (for a send case, the value to send; unused for a receive). Outcome: L[a] :=
 *       the chosen case, or -1 when the default (i = 1) was taken; for a receive case the value
 *       is in register a+1 (both halves) and ok in L[a+2] (so a..a+2 must be free registers).
 *       Nil-channel cases are never chosen; n = 0 without default is {@code select {}} (blocks
 *       forever). Natives that block park through gol.runtime.Sched.park: the VM checks
 *       g.stop after every CALLN (see gol.runtime.Native).</li>
 * </ul>
 */
public final class Op {
  private Op() {
  }

  // ORDER OP: the constants, NAMES and FORMAT below are kept in the same order.
  public static final int NOP = 0;        //            no operation
  public static final int MOV_L = 1;      // a b        L[a] := L[b]
  public static final int MOV_R = 2;      // a b        R[a] := R[b]
  public static final int MOV = 3;        // a b        L[a] := L[b]; R[a] := R[b]   (a value of unknown half, e.g. results)
  public static final int LOADI = 4;      // a i        L[a] := i (sign-extended)
  public static final int LOADK_L = 5;    // a k        L[a] := KL[k]
  public static final int LOADK_R = 6;    // a k        R[a] := KR[k]
  public static final int NIL_R = 7;      // a          R[a] := null

  public static final int ADD_I = 8;      // a b c      L[a] := L[b] + L[c]            (wraps)
  public static final int SUB_I = 9;      // a b c      L[a] := L[b] - L[c]
  public static final int MUL_I = 10;     // a b c      L[a] := L[b] * L[c]
  public static final int DIV_I = 11;     // a b c      L[a] := L[b] / L[c]  truncated; panics "integer divide by zero"
  public static final int REM_I = 12;     // a b c      L[a] := L[b] % L[c]  sign of dividend; panics on zero
  public static final int DIV_U = 13;     // a b c      unsigned 64-bit division; panics on zero
  public static final int REM_U = 14;     // a b c      unsigned 64-bit remainder; panics on zero
  public static final int ADDI = 15;      // a b i      L[a] := L[b] + i
  public static final int NEG_I = 16;     // a b        L[a] := -L[b]
  public static final int AND = 17;       // a b c      L[a] := L[b] & L[c]
  public static final int OR = 18;        // a b c      L[a] := L[b] | L[c]
  public static final int XOR = 19;       // a b c      L[a] := L[b] ^ L[c]
  public static final int ANDNOT = 20;    // a b c      L[a] := L[b] & ~L[c]
  public static final int NOT_I = 21;     // a b        L[a] := ~L[b]
  public static final int SHL = 22;       // a b c      L[a] := L[b] << L[c]; count (unsigned if c's type is) >= 64 gives 0; a negative signed count panics "negative shift amount"
  public static final int SHR_I = 23;     // a b c      arithmetic shift right; count >= 64 gives 0 or -1
  public static final int SHR_U = 24;     // a b c      logical shift right; count >= 64 gives 0
  public static final int WRAP = 25;      // a b i      L[a] := L[b] normalised to kind i: 8/16/32 = sign-extend that many bits, -8/-16/-32 = zero-extend

  public static final int ADD_F = 26;     // a b c      float64 add
  public static final int SUB_F = 27;     // a b c
  public static final int MUL_F = 28;     // a b c
  public static final int DIV_F = 29;     // a b c      IEEE: x/0 gives ±Inf or NaN
  public static final int NEG_F = 30;     // a b
  public static final int F32 = 31;       // a b        L[a] := round L[b] (a float64) to float32 precision

  public static final int EQ_I = 32;      // a b c      L[a] := L[b] == L[c]   (also bools)
  public static final int NE_I = 33;      // a b c
  public static final int LT_I = 34;      // a b c      signed
  public static final int LE_I = 35;      // a b c
  public static final int LT_U = 36;      // a b c      unsigned
  public static final int LE_U = 37;      // a b c
  public static final int EQ_F = 38;      // a b c      IEEE (NaN != NaN)
  public static final int NE_F = 39;      // a b c
  public static final int LT_F = 40;      // a b c
  public static final int LE_F = 41;      // a b c
  public static final int EQ_S = 42;      // a b c      L[a] := R[b] == R[c]   strings
  public static final int NE_S = 43;      // a b c
  public static final int LT_S = 44;      // a b c      byte-wise
  public static final int LE_S = 45;      // a b c
  public static final int NOT = 46;       // a b        L[a] := L[b] ^ 1   (bool not)

  public static final int JMP = 47;       // j          pc := j
  public static final int JT = 48;        // a j        if L[a] != 0 then pc := j
  public static final int JF = 49;        // a j        if L[a] == 0 then pc := j
  public static final int JLT_I = 50;     // b c j      if L[b] < L[c] then pc := j   (signed)
  public static final int JLE_I = 51;     // b c j      if L[b] <= L[c] then pc := j
  public static final int JGE_I = 52;     // b c j      if L[b] >= L[c] then pc := j
  public static final int JGT_I = 53;     // b c j      if L[b] > L[c] then pc := j
  public static final int JEQ_I = 54;     // b c j      if L[b] == L[c] then pc := j
  public static final int JNE_I = 55;     // b c j      if L[b] != L[c] then pc := j

  public static final int CONCAT = 56;    // a b c      R[a] := R[b] + R[c]   strings
  public static final int LEN_S = 57;     // a b        L[a] := len(R[b])
  public static final int INDEX_S = 58;   // a b c      L[a] := R[b][L[c]]   a byte; panics "index out of range [i] with length n"
  public static final int SLICE_S = 59;   // a b c d    R[a] := R[b][L[c]:L[d]]; c or d = -1 means the bound is absent; panics "slice bounds out of range ..."

  public static final int I2F = 60;       // a b        L[a] := float64(int64 L[b])
  public static final int U2F = 61;       // a b        L[a] := float64(uint64 L[b])
  public static final int F2I = 62;       // a b        L[a] := int64(float64 L[b]) truncated toward zero (NaN, out of range: MinInt64, as gc on amd64)
  public static final int F2U = 63;       // a b        L[a] := uint64(float64 L[b]) truncated toward zero (NaN, out of range: as gc on amd64)
  public static final int RUNE2S = 64;    // a b        R[a] := string(rune L[b])  (invalid code points give "\uFFFD")

  public static final int CALL = 65;      // k b        call the Proto KR[k]; frame at fp+b (see notes)
  public static final int CALLC = 66;     // a b        call the func value R[a] (a Closure; nil panics "invalid memory address or nil pointer dereference"); frame at fp+b
  public static final int CALLN = 67;     // k b        call the Native KR[k] with base fp+b
  public static final int RET = 68;       // a n        copy registers a..a+n-1 (both halves) to 0..n-1, pop the frame
  public static final int CLOSURE = 69;   // a k        R[a] := new Closure(KR[k] (a Proto), captured cells per Proto.captures)

  public static final int NEWCELL_L = 70; // a          R[a] := new LongCell(0)
  public static final int NEWCELL_R = 71; // a          R[a] := new RefCell(null)
  public static final int LDCELL_L = 72;  // a b        L[a] := ((LongCell) R[b]).v
  public static final int LDCELL_R = 73;  // a b        R[a] := ((RefCell) R[b]).v
  public static final int STCELL_L = 74;  // a b        ((LongCell) R[a]).v := L[b]
  public static final int STCELL_R = 75;  // a b        ((RefCell) R[a]).v := R[b]
  public static final int GETUP = 76;     // a i        R[a] := the current closure's cell i
  public static final int LDUP_L = 77;    // a i        L[a] := ((LongCell) cell i).v
  public static final int LDUP_R = 78;    // a i        R[a] := ((RefCell) cell i).v
  public static final int STUP_L = 79;    // i b        ((LongCell) cell i).v := L[b]
  public static final int STUP_R = 80;    // i b        ((RefCell) cell i).v := R[b]

  public static final int LDG_L = 81;     // a i        L[a] := machine.globalLs[i]
  public static final int LDG_R = 82;     // a i        R[a] := machine.globalRs[i]
  public static final int STG_L = 83;     // i b        machine.globalLs[i] := L[b]
  public static final int STG_R = 84;     // i b        machine.globalRs[i] := R[b]

  public static final int BOX = 85;       // a b k      R[a] := new Iface(KR[k] (an RType), L[b], R[b]) — the half not used by the kind is 0/null
  public static final int VARARGS = 86;   // a b n      R[a] := a []any-style Slice of Object[] {R[b], ..., R[b+n-1]}  (n = 0 gives nil)
  public static final int PANIC = 87;     // a          panic with the interface value R[a]  (nil: "panic called with nil argument" as Go 1.21+)
  public static final int UNREACHABLE = 88; // i        internal error: control reached the end of a function with results (the checker rules it out)

  public static final int LEN_SL = 89;    // a b        L[a] := len(R[b])  (a Slice; nil gives 0)
  public static final int CAP_SL = 90;    // a b        L[a] := cap(R[b])
  public static final int LDX_L = 91;     // a b c      L[a] := R[b][L[c]]   backing long[]; panics "index out of range [i] with length n"
  public static final int LDX_B = 92;     // a b c      L[a] := R[b][L[c]]   backing byte[], zero-extended
  public static final int LDX_R = 93;     // a b c      R[a] := R[b][L[c]]   backing Object[]
  public static final int STX_L = 94;     // a b c      R[a][L[b]] := L[c]   backing long[]
  public static final int STX_B = 95;     // a b c      R[a][L[b]] := (byte) L[c]
  public static final int STX_R = 96;     // a b c      R[a][L[b]] := R[c]

  public static final int VARARGS_L = 97; // a b n      R[a] := a Slice of long[] {L[b], ..., L[b+n-1]}  (n = 0 gives nil)
  public static final int DECRUNE = 98;   // a b c      decode the UTF-8 rune of string R[b] at byte L[c]: L[a] := rune (0xFFFD if invalid), L[a+1] := its width (1 if invalid)
  public static final int STR2BYTES = 99; // a b        R[a] := []byte(R[b])   (a Slice of a fresh byte[])
  public static final int BYTES2STR = 100; // a b       R[a] := string(R[b])   (R[b] a Slice of byte[]; nil gives "")
  public static final int STR2RUNES = 101; // a b       R[a] := []rune(R[b])   (a Slice of long[])
  public static final int RUNES2STR = 102; // a b       R[a] := string(R[b])   (R[b] a Slice of long[] runes)

  public static final int EQ_REF = 103;   // a b c      L[a] := R[b] == R[c] by identity (pointers, chans, funcs, and any reference compared with nil = null)
  public static final int NE_REF = 104;   // a b c      L[a] := R[b] != R[c] by identity

  // Goroutines and channels (gol.runtime.Sched/Chan/Select). (**) below.
  public static final int GO = 105;       // k b n      go KR[k](registers b..b+n-1): a new G runs the Proto KR[k], its slots 0..n-1 := registers b..b+n-1 (both halves)
  public static final int GOC = 106;      // a b n      go R[a](registers b..b+n-1): the same for the func value R[a] (a Closure; nil panics "go of nil func value")
  public static final int MKCHAN = 107;   // a b k      R[a] := make(KR[k], L[b])   KR[k] is the channel's RType (elem kind picks the half); panics "makechan: size out of range"
  public static final int SEND = 108;     // a b        R[a] <- register b (the half the element kind uses)   may park; panics "send on closed channel"
  public static final int RECV = 109;     // a b        register a := <-R[b] (both halves written)   may park; a closed channel gives the zero value
  public static final int RECV2 = 110;    // a b        register a, L[a+1] := <-R[b]   comma-ok receive: ok is 1/0
  public static final int CLOSE = 111;    // a          close(R[a])   panics "close of nil channel" / "close of closed channel"
  public static final int LEN_CH = 112;   // a b        L[a] := len(R[b])   (nil gives 0)
  public static final int CAP_CH = 113;   // a b        L[a] := cap(R[b])
  public static final int SELECT = 114;   // a b n k i  select over n cases (see (**)); KR[k] is an int[n] of kinds (0 recv, 1 send); i = 1 if there is a default

  // Composite types, methods and interfaces, defer/panic/recover (Ext, Panics).
  public static final int GETF_L = 115;  // a b i      L[a] := ((Struct) R[b]).l[i]   a primitive field (i = RType.fieldSlot); nil struct pointer panics (NPE)
  public static final int GETF_R = 116;  // a b i      R[a] := ((Struct) R[b]).r[i]   a reference field (a struct/array field: its owned object, copy with COPYV to keep it)
  public static final int SETF_L = 117;  // a i c      ((Struct) R[a]).l[i] := L[c]
  public static final int SETF_R = 118;  // a i c      ((Struct) R[a]).r[i] := R[c]
  public static final int NEWV = 119;    // a k        R[a] := a new zero value of the struct or array RType KR[k]   (in exec; the composite ops after it run in Ext)
  public static final int COPYV = 120;   // a b k      R[a] := a copy of the value R[b] of type KR[k] (deep for nested structs/arrays)
  public static final int ASSIGNV = 121; // a b k      copy the contents of value R[b] into the value object R[a] (type KR[k]): assignment to a location others may point to
  public static final int EQ_V = 122;    // a b c k    L[a] := register b == register c for type KR[k] (structs, arrays, interfaces, floats in structs...); panics "comparing uncomparable type T"
  public static final int NE_V = 123;    // a b c k    L[a] := register b != register c
  public static final int LDA_L = 124;   // a b c      L[a] := ((long[]) R[b])[L[c]]   an array value's element (the other kinds: LDA_B, LDA_R below); panics "index out of range [i] with length n"
  public static final int STA_L = 125;   // a b c      ((long[]) R[a])[L[b]] := L[c]
  public static final int LDP_L = 126;   // a b        L[a] := *R[b]   R[b] a LongCell or Ref; nil panics (nil pointer dereference)
  public static final int LDP_R = 127;   // a b        R[a] := *R[b]   R[b] a RefCell or Ref
  public static final int STP_L = 128;   // a b        *R[a] := L[b]
  public static final int STP_R = 129;   // a b        *R[a] := R[b]
  public static final int ADDR_FL = 130; // a b i      R[a] := &R[b].f   a primitive field at l[i]: new Ref(l, i)
  public static final int ADDR_FR = 131; // a b i      R[a] := &R[b].f   a reference field at r[i]: new Ref(r, i)
  public static final int ADDR_X = 132;  // a b c      R[a] := &R[b][L[c]]   slice element: a Ref, or the element object itself for struct/array elements
  public static final int ADDR_A = 133;  // a b c      R[a] := &R[b][L[c]]   array element, likewise
  public static final int MAKESL = 134;  // a b c k    R[a] := make(KR[k], L[b], L[c]) (c = -1: cap = len)   panics "makeslice: len out of range" / "cap out of range"
  public static final int APPEND = 135;  // a b c n k  R[a] := append(R[b], registers c..c+n-1)   KR[k] the slice RType; grows as Go's growslice (size classes)
  public static final int APPENDSL = 136; // a b c k    R[a] := append(R[b], R[c]...)   R[c] a slice, or a string for []byte
  public static final int COPYSL = 137;  // a b c k    L[a] := copy(R[b], R[c])   R[c] a slice or a string; KR[k] the destination's slice RType
  public static final int SLICE_SL = 138; // a b c d e  R[a] := R[b][L[c]:L[d]:L[e]]   slice; c/d/e = -1: absent; panics "slice bounds out of range ..."
  public static final int SLICE_A = 139; // a b c d e  R[a] := R[b][L[c]:L[d]:L[e]]   R[b] an array value (or a pointer to one: the same object)
  public static final int MAKEMAP = 140; // a b k      R[a] := make(KR[k], L[b])   a GoMap
  public static final int MAPGET = 141;  // a b c k    register a := R[b][register c]   zero value if absent or R[b] nil; KR[k] the map RType
  public static final int MAPGET2 = 142; // a b c k    register a, L[a+1] := R[b][register c]   comma-ok
  public static final int MAPSET = 143;  // a b c      R[a][register b] := register c   panics "assignment to entry in nil map"
  public static final int MAPDEL = 144;  // a b        delete(R[a], register b)
  public static final int LEN_MAP = 145; // a b        L[a] := len(R[b])   (nil gives 0)
  public static final int MAPITER = 146; // a b        R[a] := a new iterator over map R[b] (random start; nil gives an empty one)
  public static final int MAPNEXT = 147; // a b j      if iterator R[b] has an entry: register a := key, register a+1 := value; else pc := j
  public static final int CLEAR = 148;   // a k        clear(R[a])   a map or a slice of type KR[k]
  public static final int IMETH = 149;   // a b c k    R[a] := the method of interface R[b] named by KR[k] (a Sites.Method, with a small inline cache); register c := the receiver (R[b]'s bits/ref); nil panics (nil pointer dereference)
  public static final int ASSERT = 150;  // a b k      register a := R[b].(T)   KR[k] an AssertSite; panics "interface conversion: ..."
  public static final int ASSERT2 = 151; // a b k      register a, L[a+1] := R[b].(T)   comma-ok: zero value and 0 on failure
  public static final int ISTYPE = 152;  // a b k      L[a] := R[b] != nil and its dynamic type is KR[k] (an RType) or implements it (an interface RType)
  public static final int DEFER = 153;   // a b c n    R[a] := a defer record {func R[b], args registers c..c+n-1 (both halves)} linked before R[a]
  public static final int DEFERPOP = 154; // a b c j    if R[b] is nil: pc := j; else pop its first record: R[b] := the rest, R[a] := its func, registers c.. := its args
  public static final int RECOVER = 155; // a          R[a] := recover(): the current panic's value if called directly by a deferred call the panic runs, else nil
  public static final int PANICCONT = 156; //            (the panic trampoline's only instruction) a deferred call run by a panic returned: run the next one, finish a recovery, or die (Panics)
  public static final int EQ_P = 157;    // a b c      L[a] := R[b] == R[c]   pointers (identity, or the same element/field Ref)
  public static final int NE_P = 158;    // a b c      L[a] := R[b] != R[c]

  // Immediate forms: the compiler uses them when an operand is a constant that fits in an int.
  public static final int ANDI = 159;     // a b i      L[a] := L[b] & i
  public static final int ORI = 160;      // a b i      L[a] := L[b] | i
  public static final int XORI = 161;     // a b i      L[a] := L[b] ^ i
  public static final int SHLI = 162;     // a b i      L[a] := L[b] << i    (0 <= i < 64)
  public static final int SHRI = 163;     // a b i      L[a] := L[b] >> i    arithmetic (0 <= i < 64)
  public static final int SHRUI = 164;    // a b i      L[a] := L[b] >>> i   logical (0 <= i < 64)
  public static final int MULI = 165;     // a b i      L[a] := L[b] * i
  public static final int JLTI = 166;     // b i j      if L[b] < i then pc := j    (signed)
  public static final int JLEI = 167;     // b i j      if L[b] <= i then pc := j
  public static final int JGTI = 168;     // b i j      if L[b] > i then pc := j
  public static final int JGEI = 169;     // b i j      if L[b] >= i then pc := j
  public static final int JEQI = 170;     // b i j      if L[b] == i then pc := j
  public static final int JNEI = 171;     // b i j      if L[b] != i then pc := j
  // A counted for loop's post statement and condition in one instruction (Lua's FORLOOP):
  // for i := ...; i < n; i += k  ends its body with FORLT i k n top.
  public static final int FORLT = 172;    // a i c j    L[a] += i; if L[a] < L[c] then pc := j
  public static final int FORLE = 173;    // a i c j    L[a] += i; if L[a] <= L[c] then pc := j
  public static final int FORGT = 174;    // a i c j    L[a] += i; if L[a] > L[c] then pc := j
  public static final int FORGE = 175;    // a i c j    L[a] += i; if L[a] >= L[c] then pc := j
  // Intrinsics: calls of stdlib functions the compiler turns into one instruction.
  public static final int SQRT_F = 176;   // a b        L[a] := math.Sqrt(L[b])   (IEEE sqrt, as Go's)
  public static final int ADDR_GL = 177;  // a i        R[a] := &globalL[i]   a primitive package-level variable: new Ref(globals, i)
  public static final int ADDR_GR = 178;  // a i        R[a] := &globalR[i]   a reference-kind package-level variable
  // float64 arithmetic with a primitive struct field as the second operand (GETF_L fused in).
  public static final int ADDF_FL = 179;  // a b c i    L[a] := L[b] + ((Struct) R[c]).l[i]   float64; nil R[c] panics (NPE)
  public static final int SUBF_FL = 180;  // a b c i    L[a] := L[b] - ((Struct) R[c]).l[i]
  public static final int MULF_FL = 181;  // a b c i    L[a] := L[b] * ((Struct) R[c]).l[i]

  public static final int CONCATN = 182;  // a c n      R[a] := R[c] + R[c+1] + ... + R[c+n-1]   strings, one allocation (x + y + z...)

  // a switch on a string whose cases are all constants (StrSwitch): the clause in one lookup
  public static final int SWITCH_S = 183; // a k        pc := KR[k]'s target for R[a], or the next instruction if none

  // new(T) and &T{...} of a struct or array type: NEWV, but a heap object (gol.runtime.Alloc counts it)
  public static final int NEWH = 184;     // a k        R[a] := a new zero value of the struct or array RType KR[k]   (Ext)

  // array elements of the other kinds (LDA_L, STA_L above), as LDX_*/STX_* for slices: compiled
  // code does them inline (the interpreter through Ext); the array value is never nil unless it
  // is a nil *[N]T (then a nil dereference)
  public static final int LDA_B = 185;    // a b c      L[a] := ((byte[]) R[b])[L[c]] & 0xFF
  public static final int LDA_R = 186;    // a b c      R[a] := ((Object[]) R[b])[L[c]]
  public static final int STA_B = 187;    // a b c      ((byte[]) R[a])[L[b]] := (byte) L[c]
  public static final int STA_R = 188;    // a b c      ((Object[]) R[a])[L[b]] := R[c]

  // m[x + y ...] with string keys (m[k] reads and m[k] op= v): a short key already in the map is
  // found from its parts, without building it (GoMap.getConcat); R[d] is then the map's own key
  public static final int MAPGET_CAT = 189; // a b c n d k   register a := R[b][R[c] + ... + R[c+n-1]]; R[d] := that key; KR[k] the map RType   (Ext)
  //                                           n = 1: R[c] is a []byte, and the key is string(R[c])

  // a float converted to int32, int16, int8, uint16 or uint8 (then WRAP): gc on amd64 converts
  // through int32, so NaN and values out of int32's range give MinInt32 before the truncation
  public static final int F2I32 = 190;    // a b        L[a] := int64(int32(float64 L[b])) truncated toward zero (NaN, out of range: MinInt32)

  // an integer converted to float32 is rounded once (I2F then F32 rounds twice, which is off by
  // one unit for some integers beyond 2^24)
  public static final int I2F32 = 191;    // a b        L[a] := float32(int64 L[b]), as float64 bits
  public static final int U2F32 = 192;    // a b        L[a] := float32(uint64 L[b]), as float64 bits

  // division by a constant (i != 0, so neither can panic): translated code divides by a power
  // of two with shifts, which every HotSpot tier runs without a division
  public static final int DIVI = 193;     // a b i      L[a] := L[b] / i   truncated (signed)
  public static final int REMI = 194;     // a b i      L[a] := L[b] % i   sign of dividend

  public static final String[] NAMES = {
    "NOP", "MOV_L", "MOV_R", "MOV", "LOADI", "LOADK_L", "LOADK_R", "NIL_R",
    "ADD_I", "SUB_I", "MUL_I", "DIV_I", "REM_I", "DIV_U", "REM_U", "ADDI", "NEG_I",
    "AND", "OR", "XOR", "ANDNOT", "NOT_I", "SHL", "SHR_I", "SHR_U", "WRAP",
    "ADD_F", "SUB_F", "MUL_F", "DIV_F", "NEG_F", "F32",
    "EQ_I", "NE_I", "LT_I", "LE_I", "LT_U", "LE_U", "EQ_F", "NE_F", "LT_F", "LE_F",
    "EQ_S", "NE_S", "LT_S", "LE_S", "NOT",
    "JMP", "JT", "JF", "JLT_I", "JLE_I", "JGE_I", "JGT_I", "JEQ_I", "JNE_I",
    "CONCAT", "LEN_S", "INDEX_S", "SLICE_S",
    "I2F", "U2F", "F2I", "F2U", "RUNE2S",
    "CALL", "CALLC", "CALLN", "RET", "CLOSURE",
    "NEWCELL_L", "NEWCELL_R", "LDCELL_L", "LDCELL_R", "STCELL_L", "STCELL_R",
    "GETUP", "LDUP_L", "LDUP_R", "STUP_L", "STUP_R",
    "LDG_L", "LDG_R", "STG_L", "STG_R",
    "BOX", "VARARGS", "PANIC", "UNREACHABLE",
    "LEN_SL", "CAP_SL", "LDX_L", "LDX_B", "LDX_R", "STX_L", "STX_B", "STX_R",
    "VARARGS_L", "DECRUNE", "STR2BYTES", "BYTES2STR", "STR2RUNES", "RUNES2STR",
    "EQ_REF", "NE_REF",
    "GO", "GOC", "MKCHAN", "SEND", "RECV", "RECV2", "CLOSE", "LEN_CH", "CAP_CH", "SELECT",
    "GETF_L", "GETF_R", "SETF_L", "SETF_R", "NEWV", "COPYV", "ASSIGNV", "EQ_V",
    "NE_V", "LDA_L", "STA_L", "LDP_L", "LDP_R", "STP_L", "STP_R", "ADDR_FL",
    "ADDR_FR", "ADDR_X", "ADDR_A", "MAKESL", "APPEND", "APPENDSL", "COPYSL", "SLICE_SL",
    "SLICE_A", "MAKEMAP", "MAPGET", "MAPGET2", "MAPSET", "MAPDEL", "LEN_MAP", "MAPITER",
    "MAPNEXT", "CLEAR", "IMETH", "ASSERT", "ASSERT2", "ISTYPE", "DEFER", "DEFERPOP",
    "RECOVER", "PANICCONT", "EQ_P", "NE_P",
    "ANDI", "ORI", "XORI", "SHLI", "SHRI", "SHRUI", "MULI",
    "JLTI", "JLEI", "JGTI", "JGEI", "JEQI", "JNEI",
    "FORLT", "FORLE", "FORGT", "FORGE",
    "SQRT_F",
    "ADDR_GL", "ADDR_GR",
    "ADDF_FL", "SUBF_FL", "MULF_FL",
    "CONCATN",
    "SWITCH_S",
    "NEWH",
    "LDA_B", "LDA_R", "STA_B", "STA_R",
    "MAPGET_CAT",
    "F2I32", "I2F32", "U2F32",
    "DIVI", "REMI",
  };

  /** Operand kinds per opcode, one letter per operand (see the class comment). */
  public static final String[] FORMAT = {
    "", "ab", "ab", "ab", "ai", "ak", "ak", "a",
    "abc", "abc", "abc", "abc", "abc", "abc", "abc", "abi", "ab",
    "abc", "abc", "abc", "abc", "ab", "abc", "abc", "abc", "abi",
    "abc", "abc", "abc", "abc", "ab", "ab",
    "abc", "abc", "abc", "abc", "abc", "abc", "abc", "abc", "abc", "abc",
    "abc", "abc", "abc", "abc", "ab",
    "j", "aj", "aj", "bcj", "bcj", "bcj", "bcj", "bcj", "bcj",
    "abc", "ab", "abc", "abcd",
    "ab", "ab", "ab", "ab", "ab",
    "kb", "ab", "kb", "an", "ak",
    "a", "a", "ab", "ab", "ab", "ab",
    "ai", "ai", "ai", "ib", "ib",
    "ai", "ai", "ib", "ib",
    "abk", "abn", "a", "i",
    "ab", "ab", "abc", "abc", "abc", "abc", "abc", "abc",
    "abn", "abc", "ab", "ab", "ab", "ab",
    "abc", "abc",
    "kbn", "abn", "abk", "ab", "ab", "ab", "a", "ab", "ab", "abnki",
    "abi", "abi", "aic", "aic", "ak", "abk", "abk", "abck",
    "abck", "abc", "abc", "ab", "ab", "ab", "ab", "abi",
    "abi", "abc", "abc", "abck", "abcnk", "abck", "abck", "abcde",
    "abcde", "abk", "abck", "abck", "abc", "ab", "ab", "ab",
    "abj", "ak", "abck", "abk", "abk", "abk", "abcn", "abcj",
    "a", "", "abc", "abc",
    "abi", "abi", "abi", "abi", "abi", "abi", "abi",
    "bij", "bij", "bij", "bij", "bij", "bij",
    "aicj", "aicj", "aicj", "aicj",
    "ab",
    "ai", "ai",
    "abci", "abci", "abci",
    "acn",
    "ak",
    "ak",
    "abc", "abc", "abc", "abc",
    "abcndk",
    "ab", "ab", "ab",
    "abi", "abi",
  };

  /** Whether control can go on to the next instruction after one with opcode {@code op}. */
  public static boolean fallsThrough(int op) {
    return op != JMP && op != RET && op != PANIC && op != UNREACHABLE && op != PANICCONT;
  }

  /**
   * Where control can go after the instruction at pc: the next instruction (-1 if control does
   * not fall through or the code ends) and the jump target (-1 if none). A string switch's
   * targets are in its table, not here.
   */
  public static int[] successors(int[] code, int pc) {
    int op = code[pc];
    int next = pc + size(op);
    int j = FORMAT[op].indexOf('j');
    return new int[] {fallsThrough(op) && next < code.length ? next : -1, j < 0 ? -1 : code[pc + 1 + j]};
  }

  /** The length in ints of the instruction with opcode {@code op}. */
  public static int size(int op) {
    return 1 + FORMAT[op].length();
  }
}
