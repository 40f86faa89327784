// The one list of IR node kinds (docs/ir.md). Each entry is X(Kind, Class): the
// ExprKind / StmtKind / TypeKind enumerators, the kind names, the dispatch of the
// visitor, the mutator, the functors, structural equality and hashing are all
// generated from these lists. Adding a node kind = one line here + its class (with
// `fields()` and, for expressions and statements, `rebuild()`); every exhaustive
// walker (ExprFunctor / StmtFunctor subclasses, `switch` over the kind without a
// `default:`) then fails to compile until it handles the new kind.
#pragma once

// scripts/check-node-kinds.sh defines PTOC_CHECK_DUMMY_NODE to add a dummy statement
// kind (ir/Stmt.h) and lists every file that then fails to compile: every walker.
#ifdef PTOC_CHECK_DUMMY_NODE
#define PTOC_DUMMY_STMT_NODE(X) X(Dummy, DummyStmt)
#else
#define PTOC_DUMMY_STMT_NODE(X)
#endif

// clang-format off
#define PTOC_EXPR_NODES(X)       \
  X(Var, Var)                    \
  X(IterArg, IterArg)            \
  X(ConstInt, ConstInt)          \
  X(ConstFloat, ConstFloat)      \
  X(ConstBool, ConstBool)        \
  X(Binary, BinaryExpr)          \
  X(Unary, UnaryExpr)            \
  X(Select, SelectExpr)          \
  X(Call, Call)                  \
  X(BufferLoad, BufferLoad)      \
  X(MakeTuple, MakeTuple)        \
  X(TupleGetItem, TupleGetItem)

#define PTOC_STMT_NODES(X)               \
  X(Assign, AssignStmt)                  \
  X(Eval, EvalStmt)                      \
  X(BufferStore, BufferStoreStmt)        \
  X(Seq, SeqStmt)                        \
  X(If, IfStmt)                          \
  X(For, ForStmt)                        \
  X(While, WhileStmt)                    \
  X(Yield, YieldStmt)                    \
  X(Return, ReturnStmt)                  \
  X(InCoreScope, InCoreScopeStmt)        \
  X(SplitAivScope, SplitAivScopeStmt)    \
  X(SimdVfScope, SimdVfScopeStmt)        \
  X(RuntimeScope, RuntimeScopeStmt)      \
  X(Break, BreakStmt)                    \
  X(Continue, ContinueStmt)              \
  PTOC_DUMMY_STMT_NODE(X)

#define PTOC_TYPE_NODES(X)   \
  X(Unknown, UnknownType)    \
  X(Scalar, ScalarType)      \
  X(Tensor, TensorType)      \
  X(Tile, TileType)          \
  X(VReg, VRegType)          \
  X(Mask, MaskType)          \
  X(Tuple, TupleType)        \
  X(Handle, HandleType)
// clang-format on
