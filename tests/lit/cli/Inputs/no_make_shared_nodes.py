"""Fails when a source file makes an IR node with std::make_shared instead of ir::makeNode.
usage: no_make_shared_nodes.py DIR..."""
import os
import re
import sys

# The node classes of the IR (include/ptoc/ir: Expr.h, Stmt.h, Type.h, Function.h).
NODES = ("AssignStmt BinaryExpr BreakStmt BufferLoad BufferStoreStmt Call ConstBool ConstFloat "
         "ConstInt ContinueStmt EvalStmt ForStmt HandleType IfStmt InCoreScopeStmt IterArg "
         "MakeTuple MaskType ReturnStmt RuntimeScopeStmt ScalarType SelectExpr SeqStmt "
         "SimdVfScopeStmt SplitAivScopeStmt TensorType TileType TupleGetItem TupleType UnaryExpr "
         "UnknownType VRegType Var WhileStmt YieldStmt Function Program Buffer").split()
PATTERN = re.compile(r"std::make_shared<\s*(?:const\s+)?(?:ptoc::)?(?:ir::)?(%s)\s*>" % "|".join(NODES))

bad = []
for root in sys.argv[1:]:
    for dirpath, _, files in os.walk(root):
        for name in files:
            if not name.endswith((".cpp", ".h")):
                continue
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    if PATTERN.search(line):
                        bad.append(f"{path}:{n}: {line.strip()}")
if bad:
    print("IR nodes made with std::make_shared; use ir::makeNode<T>(...) (ptoc/ir/Make.h):")
    print("\n".join(bad))
    sys.exit(1)
