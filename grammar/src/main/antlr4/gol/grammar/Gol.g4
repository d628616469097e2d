/*
 * Gol.g4 — the syntax of gol: Go's syntax (generics included), plus script mode (a file may hold
 * statements at top level, the package clause and imports are optional).
 *
 * Written from the Go specification (https://go.dev/ref/spec). How it differs in shape from the
 * spec's EBNF, and why:
 *
 *  - Semicolons. The lexer emits NL tokens and block comments; gol.grammar.SemicolonInserter turns
 *    them into SEMI or drops them (the spec's "Semicolons" rules), so the parser sees only ';'.
 *    At run time gol.grammar.GolScanner does the lexing and the insertion in one pass. Lists are
 *    written so that a ';' may be omitted before ')' or '}'.
 *
 *  - Composite literal vs. block. In the header of if/for/switch a composite literal whose type
 *    is a bare (possibly qualified) type name must be parenthesised. Rules ending in "NB" ("no
 *    brace") are the header variants: the ordinary rules minus "T{...}". Inside (), [] and {} the
 *    ordinary rules apply again.
 *
 *  - Where a type may stand in an expression. As in Go, a type literal ([]T, map[K]V, chan T,
 *    func(...), struct{...}, interface{...}) is an operand only when a composite literal value or
 *    a conversion's argument list follows it; a bare one may be a call argument (make([]int, 3)),
 *    a type switch case, or be parenthesised. Named types are ordinary names. Keeping types out of
 *    the other expression positions keeps what can follow a type small, which makes nearly every
 *    decision LL(1): ANTLR then decides with a switch on the next token instead of running its
 *    adaptive prediction, whose first use per decision is the dominant cost of a cold start.
 *
 *  - Expressions are flat: "unaryExpr (binary_op unaryExpr)*". Go's five precedence levels are
 *    applied by the AST builder (precedence climbing).
 *
 *  - Like gc, the grammar is looser than the spec where a later check gives a better message:
 *    "x.(type)" is a suffix anywhere, any simple statement may appear in an if/switch header,
 *    parameters are "name? ...? type" grouped by the builder, "range" is part of the header simple
 *    statement, labels are parsed with simple statements, and lists accept an extra separator
 *    (",," or ";;") that the builder reports. The builder reports misuse in gc's words.
 *
 * SLL prediction parses every valid program (GolParsingTest checks it on many).
 */
grammar Gol;

// FUNC_DECL is a top-level "func" that starts a declaration; GolParsing retypes those FUNC
// tokens before parsing (see there), so that the top-level item decision is LL(1).
// TPARAMS_LBRACK is the "[" of "type Name[T any]" and TARGS_LBRACK the "[" of a field or
// parameter type "List[T]" standing alone; GolParsing.markBrackets retypes those tokens, so
// that "type A [N]int" and "a []int" stay LL(1) decisions.
tokens { FUNC_DECL, TPARAMS_LBRACK, TARGS_LBRACK }

// ---------------------------------------------------------------------------------------------
// Source file

sourceFile
    : (packageClause SEMI)? topLevelList EOF
    ;

packageClause
    : PACKAGE IDENT
    ;

// Imports are accepted anywhere at top level; the builder complains about late ones as gc does.
topLevelList
    : topLevelItem? (SEMI topLevelItem?)*
    ;

topLevelItem
    : importDecl
    | funcDecl
    | statement
    ;

importDecl
    : IMPORT (importSpec | LPAREN importSpec? (SEMI importSpec?)* RPAREN)
    ;

// the path is any literal and may be missing, for go's messages ("import path must be a string",
// "missing import path"), reported by the builder; LL(1), as GolParsingTest wants
importSpec
    : (PERIOD | IDENT) basicLit?
    | basicLit
    ;

// ---------------------------------------------------------------------------------------------
// Declarations

declaration
    : constDecl
    | typeDecl
    | varDecl
    ;

constDecl
    : CONST (constSpec | LPAREN constSpec? (SEMI constSpec?)* RPAREN)
    ;

// "const x int" parses (as in gc); the builder reports the missing value
constSpec
    : identifierList type_? (ASSIGN expressionList)?
    ;

varDecl
    : VAR (varSpec | LPAREN varSpec? (SEMI varSpec?)* RPAREN)
    ;

varSpec
    : identifierList (type_ (ASSIGN expressionList)? | ASSIGN expressionList)
    ;

typeDecl
    : TYPE (typeSpec | LPAREN typeSpec? (SEMI typeSpec?)* RPAREN)
    ;

// "type A[N]int" is an array type, "type A[T any] ..." a generic type: which one is decided by
// ANTLR's prediction, looking past the first name in the brackets
typeSpec
    : IDENT typeParams? ASSIGN? type_
    ;

// [K comparable, V any], [S ~[]E, E any]
typeParams
    : TPARAMS_LBRACK typeParamDecl (COMMA typeParamDecl?)* RBRACK
    ;

typeParamDecl
    : IDENT (COMMA IDENT)* constraintElem
    ;

// T | ~T | A | ~B | ... (a type constraint or an interface's type-set element)
constraintElem
    : constraintTerm (OR constraintTerm)*
    ;

constraintTerm
    : TILDE? type_
    ;

// func Name sig body?  |  func (recv) Name sig body?   (no body: bound to a native)
funcDecl
    : FUNC_DECL parameters? IDENT typeParams? signature block?
    ;

identifierList
    : IDENT (COMMA IDENT)*
    ;

// ---------------------------------------------------------------------------------------------
// Types

type_
    : typeName
    | typeLit
    | recvChanType
    | LPAREN type_ RPAREN
    ;

typeName
    : IDENT (PERIOD IDENT)? typeArgs?
    ;

// Stack[int], Pair[K, V]
typeArgs
    : (LBRACK | TARGS_LBRACK) type_ (COMMA type_?)* RBRACK
    ;

// a type's arguments where "[" could also start an array type (retyped by GolParsing)
standaloneTypeArgs
    : TARGS_LBRACK type_ (COMMA type_?)* RBRACK
    ;

typeLit
    : arrayType
    | structType
    | pointerType
    | funcType
    | interfaceType
    | mapType
    | chanType
    ;

// [N]T, []T, and [...]T (only right for the type of a composite literal: the builder checks)
arrayType
    : LBRACK (expression | ELLIPSIS)? RBRACK type_
    ;

pointerType
    : MUL type_
    ;

// a function type: the result is optional, so "(" after it is ambiguous (a conversion
// "[]func()(x)" reads "(x)" as the result, as in Go)
funcType
    : FUNC parameters result?
    ;

mapType
    : MAP LBRACK type_ RBRACK type_
    ;

// chan T, chan<- T. "chan<- chan int" is chan<- (chan int): <- associates with the leftmost
// chan, so the element of a plain "chan" cannot start with <-.
chanType
    : CHAN (ARROW type_ | typeName | typeLit | LPAREN type_ RPAREN)
    ;

recvChanType
    : ARROW CHAN type_
    ;

structType
    : STRUCT LBRACE fieldDecl? (SEMI fieldDecl?)* RBRACE
    ;

// a, b T | T | pkg.T | *T | *pkg.T, each with an optional tag (any literal, as gc parses it:
// the checker rejects one that is not a string)
fieldDecl
    : IDENT ((COMMA IDENT)* type_ | PERIOD IDENT typeArgs? | standaloneTypeArgs)? basicLit?
    | MUL typeName basicLit?
    ;

interfaceType
    : INTERFACE LBRACE interfaceElem? (SEMI interfaceElem?)* RBRACE
    ;

// M(sig) | T | pkg.T | ~int | string | A | B  (type-set elements)
interfaceElem
    : IDENT (typeParams? signature | (PERIOD IDENT)? typeArgs? (OR constraintTerm)*)  // M[T any](): an error
    | TILDE type_ (OR constraintTerm)*
    | (typeLit | recvChanType | LPAREN type_ RPAREN) (OR constraintTerm)*
    ;

// the signature of a declared function or a method (always followed by '{', ';' or '}', so the
// optional result is an LL(1) decision; a function literal spells it out in operand)
signature
    : parameters result?
    ;

// a parenthesised single type "(T)" as result is a parameter list
result
    : parameters
    | typeName
    | typeLit
    | recvChanType
    ;

// "a, b int" arrives as [type a] [name b, type int]; the builder distributes names and types
parameters
    : LPAREN (parameterDecl (COMMA parameterDecl?)*)? RPAREN
    ;

// T | pkg.T | name T | name ...T | ...T | a type that is not a name
parameterDecl
    : IDENT (PERIOD IDENT typeArgs? | standaloneTypeArgs | ELLIPSIS? type_)?
    | ELLIPSIS type_
    | typeLit
    | recvChanType
    | LPAREN type_ RPAREN
    ;

// ---------------------------------------------------------------------------------------------
// Expressions

expression
    : unaryExpr (binaryOp unaryExpr)*
    ;

expressionList
    : expression (COMMA expression)*
    ;

unaryExpr
    : primaryExpr
    | unaryOp unaryExpr
    ;

primaryExpr
    : operand suffix*
    ;

// header ("no brace") variants: a '{' after a primary expression opens the block
expressionNB
    : unaryExprNB (binaryOp unaryExprNB)*
    ;

expressionListNB
    : expressionNB (COMMA expressionNB)*
    ;

unaryExprNB
    : primaryExprNB
    | unaryOp unaryExprNB
    ;

primaryExprNB
    : operandNB suffixNB*
    ;

binaryOp
    : LOR | LAND
    | EQL | NEQ | LSS | LEQ | GTR | GEQ
    | ADD | SUB | OR | XOR
    | MUL | QUO | REM | SHL | SHR | AND | AND_NOT
    ;

// "<-chan T" is a type only where a bare type may stand (an argument, a case, in parentheses):
// in an operand, "<-chan T(x)" is a receive from the conversion chan T(x)
unaryOp
    : ADD | SUB | NOT | XOR | MUL | AND | ARROW
    | TILDE // not Go's, but gc's parser takes it and its checker reports "cannot use ~ outside of interface"
    ;

operand
    : simpleOperand
    | typeOperand
    ;

operandNB
    : basicLit
    | IDENT
    | LPAREN argument RPAREN
    | typeOperand
    ;

simpleOperand
    : basicLit
    | IDENT literalValue?                       // a name, or T{...}
    | LPAREN argument RPAREN                    // an expression, or a type: ([]int)(x)
    ;

// operands that start with a type literal: "{" or "(" must follow it
typeOperand
    : FUNC parameters (block | (parameters | opTypeNoParen) (block | arguments))   // literal or conversion
    | elemCompositeType (literalValue | arguments)  // []T{...}, map[K]V{...}, []byte(s)
    | structType (literalValue | arguments | methodName)  // struct{...}{...}, struct{ T }.M
    | CHAN opChanElem arguments                 // chan T(x)
    | interfaceType (arguments | methodName)    // interface{}(x), interface{ M() }.M
    ;

// a method expression on a type literal: struct{ T }.M, interface{ M() }.M
methodName
    : PERIOD IDENT
    ;

// The type of a composite literal or of a conversion in an operand, and the types at its end
// (element, value, result): the same types as in type_, but ending right before the "{" or "("
// that follows. A function type there takes a "(" as its result, as in Go ("[]func()(x)" is a
// slice of func() (x)). Keeping these apart keeps "(" out of what can follow any other type,
// so that the optional result of an ordinary function type is an LL(1) decision.
compositeType
    : elemCompositeType
    | structType
    ;

// (a "." after these would be ambiguous: []pkg.T; a method expression needs a struct type)
elemCompositeType
    : LBRACK (expression | ELLIPSIS)? RBRACK opType     // [N]T, []T, [...]T
    | MAP LBRACK type_ RBRACK opType
    ;

opType
    : opTypeNoParen
    | LPAREN type_ RPAREN
    ;

opTypeNoParen
    : opTypeNoArrow
    | ARROW CHAN opType
    ;

// "chan <-chan T" is chan<- (chan T): after a plain "chan" the element cannot start with <-
opTypeNoArrow
    : typeName
    | compositeType
    | MUL opType
    | FUNC parameters (parameters | opTypeNoParen)?
    | interfaceType
    | CHAN opChanElem
    ;

opChanElem
    : ARROW opType
    | opTypeNoArrow
    | LPAREN type_ RPAREN
    ;

basicLit
    : INT_LIT
    | FLOAT_LIT
    | IMAG_LIT
    | RUNE_LIT
    | STRING_LIT
    | RAW_STRING_LIT
    ;

stringLit
    : STRING_LIT
    | RAW_STRING_LIT
    ;

// an index may be a list of types (an instantiation, Map[int, string]), checked by the builder
suffix
    : PERIOD (IDENT literalValue? | LPAREN (TYPE | type_) RPAREN)   // selector, pkg.T{...}, x.(T)
    | (LBRACK | TARGS_LBRACK) indexBody RBRACK literalValue?    // index, slice, instantiation, G[T]{...}
    | arguments
    ;

suffixNB
    : PERIOD (IDENT | LPAREN (TYPE | type_) RPAREN)
    | (LBRACK | TARGS_LBRACK) indexBody RBRACK
    | arguments
    ;

indexBody
    : argument (COMMA argument?)* (COLON expression? (COLON expression?)?)?
    | COLON expression? (COLON expression?)?
    |
    ;

// f(a, b...), make([]int, n); a doubled comma or a misplaced "..." is reported by the builder
arguments
    : LPAREN (argument ELLIPSIS? (COMMA (argument ELLIPSIS?)?)*)? RPAREN
    ;

// An argument, a case or a parenthesised operand: an expression, or a bare type. As gc does,
// one that starts with a type literal reads the type first; a following "{" makes it a
// composite literal and "(" a conversion (or a function literal's body / a conversion after a
// func type), otherwise it stands alone: make([]int, n), new(chan int), case func():. This keeps
// all of it LL(1) (ANTLR's adaptive prediction costs milliseconds on its first use in a cold
// JVM); only an argument starting with "<-" (a receive, or a bare <-chan T) needs prediction.
argument
    : simpleArg
    | typeArg
    ;

simpleArg
    : ((ADD | SUB | NOT | XOR | AND | TILDE) unaryExpr | MUL starArg | simpleOperand suffix*) (binaryOp unaryExpr)*
    ;

// After a "*" in an argument: an operand, or a bare type literal, which makes the whole a pointer
// type: (*[4]int)(s), new(*[]T), case *map[K]V:. A type literal that a "{" or "(" follows is an
// operand as elsewhere; suffixes bind tighter than the "*".
starArg
    : MUL starArg
    | (ADD | SUB | NOT | XOR | AND | TILDE) unaryExpr
    | starRecv
    | simpleOperand suffix*
    | compositeType ((literalValue | arguments) suffix*)?
    | CHAN opChanElem (arguments suffix*)?
    | interfaceType (arguments suffix*)?
    | FUNC parameters (block suffix* | (parameters | opTypeNoParen) ((block | arguments) suffix*)?)?
    ;

// "<-" after a "*": a receive, or (*<-chan T)(x); only this needs prediction, as in recvArg
starRecv
    : recvChanType
    | ARROW unaryExpr
    ;

typeArg
    : elemCompositeType ((literalValue | arguments) argRest)?
    | structType ((literalValue | arguments | methodName) argRest)?
    | CHAN opChanElem (arguments argRest)?
    | interfaceType ((arguments | methodName) argRest)?
    | FUNC parameters (block argRest | (parameters | opTypeNoParen) ((block | arguments) argRest)?)?
    | recvArg
    ;

// after an argument's first operand: its suffixes, and the rest of the expression
argRest
    : suffix* (binaryOp unaryExpr)*
    ;

recvArg
    : recvChanType
    | ARROW unaryExpr (binaryOp unaryExpr)*
    ;

literalValue
    : LBRACE (keyedElement (COMMA keyedElement?)*)? RBRACE
    ;

keyedElement
    : element (COLON element)?
    ;

element
    : expression
    | literalValue
    ;

// ---------------------------------------------------------------------------------------------
// Statements

statement
    : declaration
    | simpleStmt
    | goStmt
    | returnStmt
    | breakStmt
    | continueStmt
    | gotoStmt
    | fallthroughStmt
    | block
    | ifStmt
    | switchStmt
    | selectStmt
    | forStmt
    | deferStmt
    ;

stmtList
    : statement? (SEMI statement?)*
    ;

block
    : LBRACE stmtList RBRACE
    ;

// an expression statement, x++, x--, a send, an assignment, a short variable declaration, or
// (with ':' after a name) a labeled statement
simpleStmt
    : expression (COLON statement?
                 | INC | DEC | ARROW expression
                 | (COMMA expression)* (assignOp | DEFINE) expressionList)?
    ;

// the header form; "range" appears here as in gc and is checked by the builder
simpleStmtNB
    : expressionNB (INC | DEC | ARROW expressionNB
                   | (COMMA expressionNB)* (assignOp | DEFINE) (expressionListNB | RANGE expressionNB))?
    | RANGE expressionNB
    ;

assignOp
    : ASSIGN
    | ADD_ASSIGN | SUB_ASSIGN | MUL_ASSIGN | QUO_ASSIGN | REM_ASSIGN
    | AND_ASSIGN | OR_ASSIGN | XOR_ASSIGN | SHL_ASSIGN | SHR_ASSIGN | AND_NOT_ASSIGN
    ;

goStmt
    : GO expression
    ;

deferStmt
    : DEFER expression
    ;

returnStmt
    : RETURN expressionList?
    ;

breakStmt
    : BREAK IDENT?
    ;

continueStmt
    : CONTINUE IDENT?
    ;

gotoStmt
    : GOTO IDENT
    ;

fallthroughStmt
    : FALLTHROUGH
    ;

// if/switch header: [init ;] cond — which part is which is sorted out by the builder
header
    : simpleStmtNB (SEMI simpleStmtNB?)?
    | SEMI simpleStmtNB?
    ;

ifStmt
    : IF header? block (ELSE (ifStmt | block))?
    ;

switchStmt
    : SWITCH header? LBRACE caseClause* RBRACE
    ;

caseClause
    : (CASE argument (COMMA argument)* | DEFAULT) COLON stmtList
    ;

selectStmt
    : SELECT LBRACE commClause* RBRACE
    ;

commClause
    : (CASE commCase | DEFAULT) COLON stmtList
    ;

// a send, a receive, or an assignment of a receive (checked by the checker: as gc's parser, this
// takes any simple statement's right side, "case x := <-c, true:", and an operator assignment,
// "case a += <-c:", which gc rejects only after type checking)
commCase
    : expression (ARROW expression | (COMMA expression)* (assignOp | DEFINE) expressionList)?
    ;

forStmt
    : FOR forClause? block
    ;

// cond | init; cond; post | range clause (inside simpleStmtNB)
forClause
    : simpleStmtNB (SEMI simpleStmtNB? SEMI simpleStmtNB?)?
    | SEMI simpleStmtNB? SEMI simpleStmtNB?
    ;

// =============================================================================================
// Lexer

// keywords
BREAK       : 'break';
CASE        : 'case';
CHAN        : 'chan';
CONST       : 'const';
CONTINUE    : 'continue';
DEFAULT     : 'default';
DEFER       : 'defer';
ELSE        : 'else';
FALLTHROUGH : 'fallthrough';
FOR         : 'for';
FUNC        : 'func';
GO          : 'go';
GOTO        : 'goto';
IF          : 'if';
IMPORT      : 'import';
INTERFACE   : 'interface';
MAP         : 'map';
PACKAGE     : 'package';
RANGE       : 'range';
RETURN      : 'return';
SELECT      : 'select';
STRUCT      : 'struct';
SWITCH      : 'switch';
TYPE        : 'type';
VAR         : 'var';

// as gc's scanner, any non-ASCII character (but a BOM) is part of a name: SemicolonInserter
// reports those that are neither letters nor digits
IDENT : (LETTER | NON_ASCII) (LETTER | UNICODE_DIGIT | NON_ASCII)*;

// operators and punctuation
ADD_ASSIGN     : '+=';
SUB_ASSIGN     : '-=';
MUL_ASSIGN     : '*=';
QUO_ASSIGN     : '/=';
REM_ASSIGN     : '%=';
AND_ASSIGN     : '&=';
OR_ASSIGN      : '|=';
XOR_ASSIGN     : '^=';
SHL_ASSIGN     : '<<=';
SHR_ASSIGN     : '>>=';
AND_NOT_ASSIGN : '&^=';
LAND     : '&&';
LOR      : '||';
ARROW    : '<-';
INC      : '++';
DEC      : '--';
EQL      : '==';
NEQ      : '!=';
LEQ      : '<=';
GEQ      : '>=';
DEFINE   : ':=';
ELLIPSIS : '...';
SHL      : '<<';
SHR      : '>>';
AND_NOT  : '&^';
ADD      : '+';
SUB      : '-';
MUL      : '*';
QUO      : '/';
REM      : '%';
AND      : '&';
OR       : '|';
XOR      : '^';
LSS      : '<';
GTR      : '>';
ASSIGN   : '=';
NOT      : '!';
TILDE    : '~';
LPAREN   : '(';
RPAREN   : ')';
LBRACK   : '[';
RBRACK   : ']';
LBRACE   : '{';
RBRACE   : '}';
COMMA    : ',';
PERIOD   : '.';
SEMI     : ';';
COLON    : ':';

// Number literals are lexed leniently (any digits and '_' after the prefix) and checked by the
// builder, which reports gc's messages ("invalid digit '8' in octal literal", "'_' must separate
// successive digits", "exponent has no digits", ...).
INT_LIT   : INT_FORM;
FLOAT_LIT : FLOAT_FORM;
IMAG_LIT  : (INT_FORM | FLOAT_FORM) 'i';

fragment INT_FORM
    : [0-9] [0-9_]*
    | '0' [xX] [0-9a-fA-F_]*
    | '0' [bB] [0-9_]*
    | '0' [oO] [0-9_]*
    ;

fragment FLOAT_FORM
    : [0-9] [0-9_]* '.' [0-9_]* EXPONENT?
    | [0-9] [0-9_]* EXPONENT
    | '.' [0-9] [0-9_]* EXPONENT?
    | '0' [xX] [0-9a-fA-F_]* ('.' [0-9a-fA-F_]*)? [pP] [+-]? [0-9_]*
    | '0' [xX] [0-9a-fA-F_]* '.' [0-9a-fA-F_]*        // mantissa without 'p' exponent: reported
    | '0' [bBoO] [0-9_]* ('.' [0-9_]*)? EXPONENT       // exponents and radix points: reported
    | '0' [bBoO] [0-9_]* '.' [0-9_]*
    ;

// As gc's scanner, any number may take either exponent letter; the wrong one is reported. In a
// hexadecimal literal 'e' is a digit, so there only 'p' starts an exponent.
fragment EXPONENT : ([eE] | [pP]) [+-]? [0-9_]*;

// Escapes are checked and decoded by the builder.
RUNE_LIT       : '\'' (~['\\\n] | '\\' ~[\n])* '\'';
STRING_LIT     : '"' (~["\\\n] | '\\' ~[\n])* '"';
RAW_STRING_LIT : '`' ~'`'* '`';

// Unterminated literals: always shorter than a terminated one, so they win only when the closing
// quote is missing. SemicolonInserter reports them and passes them on as literals (as gc does).
RUNE_UNTERMINATED   : '\'' (~['\\\n] | '\\' ~[\n])* '\\'?;
STRING_UNTERMINATED : '"' (~["\\\n] | '\\' ~[\n])* '\\'?;
RAW_UNTERMINATED    : '`' ~'`'*;

// A block comment containing a newline acts like a newline; SemicolonInserter decides.
BLOCK_COMMENT              : '/*' (~'*' | '*'+ ~[*/])* '*'+ '/';
BLOCK_COMMENT_UNTERMINATED : '/*' (~'*' | '*'+ ~[*/])* '*'*;
LINE_COMMENT               : '//' ~[\n]* -> skip;

NL : '\n';
WS : [ \t\r]+ -> skip;

// Anything else: reported as "invalid character U+0040 '@'" and dropped.
INVALID : .;

fragment LETTER        : [\p{L}_];
fragment UNICODE_DIGIT : [\p{Nd}];
fragment NON_ASCII     : ~[\u0000-\u007F\uFEFF];
