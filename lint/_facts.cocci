// SPDX-License-Identifier: MIT
// iomodel lint: the fact printer every rule of lint/ uses. `iomodel lint` puts this file
// first and the rules after it into one SmPL program, so spatch reads each C file once.
// To run one rule by hand:  cat lint/_facts.cocci lint/mtrr.cocci > /tmp/r.cocci &&
//   spatch --very-quiet --no-show-diff --cocci-file /tmp/r.cocci FILE.c
//
// A fact is one JSON object per line on standard output (docs/lint.md, "Facts"):
//   {"kind": "call", "name": N, "file": F, "line": L, "column": C,
//    "function": FN, "args": [...]}
// and two kinds that link values: "ret" (args: the variable the call at that position is
// kept in) and "assign" (name "=", args: [L, R] of an assignment L = R).
// with the column 0-based as spatch gives it (iomodel adds 1) and each argument as written,
// spaces normalised. The rules decide nothing: iomodel does (lib/lint).
// Python comments here keep their quote marks paired: spatch 1.1.1 lexes the script, and an
// odd one made it read the next rule file's comments as Python.

@initialize:python@
@@
import json, re

def _split(s):
    # the top-level comma-separated parts of an expression list as spatch prints it
    out, cur, depth, quote, esc = [], [], 0, None, False
    for ch in s:
        if quote:
            cur.append(ch)
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    if "".join(cur).strip():
        out.append("".join(cur))
    return [_norm(a) for a in out]

def _norm(a):
    # tokens come with spaces between them: "par -> res_start" becomes par->res_start
    a = " ".join(a.split())
    a = re.sub(r"\s*(->|\.)\s*", r"\1", a)
    a = re.sub(r"([(\[])\s+", r"\1", a)
    a = re.sub(r"\s+([)\],])", r"\1", a)
    a = re.sub(r"(\w)\s+([(\[])", r"\1\2", a)
    a = re.sub(r"(\w)\s+(\+\+|--)", r"\1\2", a)
    return a

def fact(kind, name, p, es=None):
    # a script whose metavariables all have defaults also runs when its rule matched
    # nothing; then there is no position and no fact
    if not p:
        return
    f = {"kind": kind, "name": name, "file": p[0].file, "line": int(p[0].line),
         "column": int(p[0].column), "function": p[0].current_element}
    if es is not None:
        f["args"] = _split(str(es))
    print(json.dumps(f))

def ret(name, p, lhs):
    # the variable a call's value is kept in: "L = name(...)", at the call's position
    if not p:
        return
    print(json.dumps({"kind": "ret", "name": name, "file": p[0].file, "line": int(p[0].line),
                      "column": int(p[0].column), "function": p[0].current_element,
                      "args": [_norm(str(lhs))]}))

_assigned = set()

def assign(p, lhs, rhs):
    # "L = R" at the position of L, once: two rules may see one store (a cpu_to_le32()
    # value stored into DMA memory). spatch may run a worker through its files rule by rule, so
    # the set keeps the assignments of every file with the calls of a rule.
    if not p:
        return
    a = [_norm(str(lhs)), _norm(str(rhs))]
    once("assign", "=", p, a)

def once(kind, name, p, args):
    # a fact with these arguments, printed once for its position
    key = (kind, name, p[0].file, p[0].line, p[0].column, tuple(args))
    if key in _assigned:
        return
    _assigned.add(key)
    print(json.dumps({"kind": kind, "name": name, "file": p[0].file, "line": int(p[0].line),
                      "column": int(p[0].column), "function": p[0].current_element,
                      "args": args}))

def assign_first(forms, lhs=None):
    # the one form a disjunction bound: (position, L, R), or (position, R) with L = lhs
    for form in forms:
        if form[0]:
            assign(form[0], lhs if len(form) == 2 else form[1], form[-1])
            return

def first(name_pos):
    # the one (name, position) pair a disjunction bound; the others are []
    for n, p in name_pos:
        if p:
            return n, p
    return None, None

# Per-file state of the rules: the locals a DMA allocation was kept in (doorbell.cocci
# dma_local), by name, and the functions that return a pointer into DMA memory. A worker keeps Python globals from file to file, so the anchor's
# script calls new_file() with its position, which empties them when the file changes.
_file_state = {"file": None, "dma_locals": {}, "region_fns": set(), "stream_ptrs": set()}

def new_file(*ps):
    for p in ps:
        if p and p[0].file != _file_state["file"]:
            _file_state["file"] = p[0].file
            _file_state["dma_locals"] = {}
            _file_state["region_fns"] = set()
            _file_state["stream_ptrs"] = set()
            return

def dma_locals():
    return _file_state["dma_locals"]

def region_fns():
    # the functions of the file that return a pointer into DMA memory (doorbell.cocci
    # region_ret)
    return _file_state["region_fns"]

def stream_ptrs():
    # (function, pointer) of the file: the pointers taken into a streaming buffer
    # (doorbell.cocci stream_ptr)
    return _file_state["stream_ptrs"]

def text_at(p):
    # the source text at a position of one line (a metavariable whose value a script
    # cannot be given: one constrained by a script)
    with open(p[0].file, errors="replace") as f:
        for i, line in enumerate(f, 1):
            if i == int(p[0].line):
                return line[int(p[0].column):int(p[0].column_end)]
    return ""
