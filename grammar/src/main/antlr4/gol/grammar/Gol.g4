/*
 * Gol.g4 — the syntax of gol: Go's syntax without generics, plus script mode (a file may hold
 * statements at top level, the package clause and imports are optional).
 *
 * Written from the Go specification (https://go.dev/ref/spec). How it differs in shape from the
 * spec's EBNF, and why:
 *
 *  - Semicolons. The lexer emits NL tokens and block comments; gol.grammar.SemicolonInserter turns
 *    them into SEMI or drops them (the spec's "Semicolons" rules), so the parser sees only ';'.
 *    Lists are written "item? (';' item?)*", which also lets a ';' be omitted before ')' or '}'.
 *
 *  - Composite literal vs. block. In the header of if/for/switch a composite literal whose type
 *    is a bare (possibly qualified) type name must be parenthesised. Parse rules ending in "NB"
 *    ("no brace") are the header variants: they are the ordinary rules minus the "T{...}" form
 *    of a primary expression. Inside (), [] and {} the ordinary rules apply again.
 *    Composite literals whose type is a type literal ([]T{}, map[K]V{}, struct{}{}) are fine
 *    everywhere, as in gc.
 *
 *  - Expressions are flat: "unaryExpr (binary_op unaryExpr)*". Go's five precedence levels are
 *    applied by the AST builder (precedence climbing). That keeps prediction cheap and the tree
 *    small.
 *
 *  - Like gc, the grammar is looser than the spec where a later check gives a better message:
 *    types appear as expressions (conversions, make/new arguments, type switch cases),
 *    "x.(type)" is accepted as a suffix anywhere, any simple statement may appear in an if/switch
 *    header or a select case, parameters are "name? ...? type" and grouped by the builder, and
 *    "range" is part of the header simple statement. The builder reports misuse with gc's words.
 *
 * All decisions are LL(1) or LL(2) except a handful that need to look past a parenthesised list
 * (func declaration vs. function literal at top level); SLL prediction parses every valid program.
 */
grammar Gol;

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
    : IMPORT (importSpec | LPAREN (importSpec (SEMI importSpec)* SEMI?)? RPAREN)
    ;

importSpec
    : (PERIOD | IDENT)? stringLit
    ;

// ---------------------------------------------------------------------------------------------
// Declarations

declaration
    : constDecl
    | typeDecl
    | varDecl
    ;

constDecl
    : CONST (constSpec | LPAREN (constSpec (SEMI constSpec)* SEMI?)? RPAREN)
    ;

// "const x int" parses (as in gc); the builder reports the missing value
constSpec
    : identifierList type_? (ASSIGN expressionList)?
    ;

varDecl
    : VAR (varSpec | LPAREN (varSpec (SEMI varSpec)* SEMI?)? RPAREN)
    ;

varSpec
    : identifierList (type_ (ASSIGN expressionList)? | ASSIGN expressionList)
    ;

typeDecl
    : TYPE (typeSpec | LPAREN (typeSpec (SEMI typeSpec)* SEMI?)? RPAREN)
    ;

typeSpec
    : IDENT ASSIGN? type_
    ;

// func Name sig body?  |  func (recv) Name sig body?   (no body: bound to a native)
funcDecl
    : FUNC parameters? IDENT signature block?
    ;

identifierList
    : IDENT (COMMA IDENT)*
    ;

// ---------------------------------------------------------------------------------------------
// Types

type_
    : typeName
    | typeLit
    | LPAREN type_ RPAREN
    ;

typeName
    : IDENT (PERIOD IDENT)?
    ;

typeLit
    : arrayType
    | sliceType
    | structType
    | pointerType
    | funcType
    | interfaceType
    | mapType
    | chanType
    ;

arrayType
    : LBRACK expression RBRACK type_
    ;

sliceType
    : LBRACK RBRACK type_
    ;

// [...]T: only as the type of a composite literal
ellipsisArrayType
    : LBRACK ELLIPSIS RBRACK type_
    ;

pointerType
    : MUL type_
    ;

funcType
    : FUNC signature
    ;

mapType
    : MAP LBRACK type_ RBRACK type_
    ;

chanType
    : chanTypeNoRecv
    | ARROW CHAN type_
    ;

// chan T, chan<- T. "chan<- chan int" is chan<- (chan int): the greedy optional ARROW makes <-
// associate with the leftmost chan, as the spec says. Operands use only this form: there
// "<-chan T(x)" is a receive from the conversion chan T(x), and "<-chan T" a unary <- that the
// builder turns back into a channel type, as gc does.
chanTypeNoRecv
    : CHAN ARROW? type_
    ;

structType
    : STRUCT LBRACE (fieldDecl (SEMI fieldDecl)* SEMI?)? RBRACE
    ;

fieldDecl
    : (identifierList type_ | MUL? typeName) stringLit?
    ;

interfaceType
    : INTERFACE LBRACE (interfaceElem (SEMI interfaceElem)* SEMI?)? RBRACE
    ;

interfaceElem
    : IDENT signature
    | typeName
    ;

signature
    : parameters result?
    ;

// a parenthesised single type "(T)" as result is a parameter list
result
    : parameters
    | typeName
    | typeLit
    ;

parameters
    : LPAREN (parameterDecl (COMMA parameterDecl)* COMMA?)? RPAREN
    ;

// "a, b int" arrives as [type a] [name b, type int]; the builder distributes names and types
parameterDecl
    : IDENT? ELLIPSIS? type_
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

// T{...} and pkg.T{...}: a composite literal with a type name (as in gc, a '{' ends the primary
// expression after anything else, such as a call)
primaryExpr
    : operand suffix*
    | typeName literalValue suffix*
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
    : operandNB suffix*
    ;

binaryOp
    : LOR | LAND
    | EQL | NEQ | LSS | LEQ | GTR | GEQ
    | ADD | SUB | OR | XOR
    | MUL | QUO | REM | SHL | SHR | AND | AND_NOT
    ;

unaryOp
    : ADD | SUB | NOT | XOR | MUL | AND | ARROW
    ;

operand
    : basicLit
    | IDENT
    | LPAREN expression RPAREN
    | FUNC signature block?                 // function literal, or a func type
    | compositeType literalValue?           // composite literal, or a type in a conversion
    | chanTypeNoRecv
    | interfaceType
    ;

// In a header, an operand that ends in a type must go on ("[]int{...}", "[]byte(s)"): a '{'
// after it opens the block. Keeping the two operand rules apart keeps '{' out of what can
// follow an ordinary operand, so "literalValue?" and "block?" above are LL(1) decisions, and an
// error inside a literal or function body is reported where it is.
operandNB
    : basicLit
    | IDENT
    | LPAREN expression RPAREN
    | FUNC signature block
    | compositeType (literalValue | arguments)
    | chanTypeNoRecv
    | interfaceType
    ;

compositeType
    : arrayType
    | ellipsisArrayType
    | sliceType
    | mapType
    | structType
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

suffix
    : PERIOD IDENT                                          // selector
    | PERIOD LPAREN (TYPE | type_) RPAREN                   // type assertion / x.(type)
    | LBRACK expression? (COLON expression? (COLON expression?)?)? RBRACK    // index, slice
    | arguments
    ;

arguments
    : LPAREN (expressionList ELLIPSIS? COMMA?)? RPAREN
    ;

literalValue
    : LBRACE (keyedElement (COMMA keyedElement)* COMMA?)? RBRACE
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
    | labeledStmt
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

labeledStmt
    : IDENT COLON statement?
    ;

// expression statement, x++, x--, send, or an assignment / short variable declaration
simpleStmt
    : expression (INC | DEC | ARROW expression | (COMMA expression)* (assignOp | DEFINE) expressionList)?
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
    : (CASE expressionList | DEFAULT) COLON stmtList
    ;

selectStmt
    : SELECT LBRACE commClause* RBRACE
    ;

commClause
    : (CASE simpleStmt | DEFAULT) COLON stmtList
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

IDENT : LETTER (LETTER | UNICODE_DIGIT)*;

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
