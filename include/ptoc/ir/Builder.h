// Small helpers to build IR nodes (used by the binder, passes and tests): constants,
// variables, scalar expressions with dtype promotion, calls, statements.
//
// Scalar dtype promotion (binaryResultDType):
//   - comparisons (== != < <= > >=) and `and` / `or` give BOOL;
//   - `/` (true division) of two non-float operands (integers, INDEX, BOOL) gives FP32;
//   - otherwise promoteDTypes(a, b):
//       * equal dtypes stay;
//       * a float beats any integer / INDEX / BOOL;
//       * between floats the wider wins (FP32 > FP16, BF16 > FP8E4M3FN, FP8E5M2); two
//         different floats of the same width (FP16 vs BF16, E4M3 vs E5M2) go to the next
//         wider float (FP32, resp. FP16);
//       * BOOL is the narrowest integer: BOOL op X gives X;
//       * INDEX beats every other integer type (all are <= 64 bits): INDEX op INT32 → INDEX;
//       * between other integers the wider wins; same width with mixed signedness gives
//         the unsigned one (C rule): INT32 op UINT32 → UINT32.
// Min/Max/Pow/FloorDiv/FloorMod/bitwise/shift ops follow promoteDTypes.
#pragma once

#include <string>
#include <vector>

#include "ptoc/ir/Function.h"

namespace ptoc::ir {

// --- dtype promotion -------------------------------------------------------
DType promoteDTypes(DType a, DType b);
DType binaryResultDType(BinaryOp op, DType a, DType b);

// --- constants -------------------------------------------------------------
ExprPtr constInt(int64_t value, DType dtype = DType::Index, Span span = {});
ExprPtr constIndex(int64_t value, Span span = {});
ExprPtr constFloat(double value, DType dtype = DType::FP32, Span span = {});
ExprPtr constBool(bool value, Span span = {});

// --- variables -------------------------------------------------------------
VarPtr var(std::string name, TypePtr type, Span span = {});
VarPtr scalarVar(std::string name, DType dtype, Span span = {});
IterArgPtr iterArg(std::string name, TypePtr type, ExprPtr init, Span span = {});

// --- scalar expressions ----------------------------------------------------
/// Result type Scalar[binaryResultDType(op, ...)] from the operands' element dtypes;
/// UnknownType when an operand has none. Operands are not cast.
ExprPtr binary(BinaryOp op, ExprPtr lhs, ExprPtr rhs, Span span = {});
ExprPtr add(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr sub(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr mul(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr div(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr floorDiv(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr floorMod(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr minExpr(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr maxExpr(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr eq(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr ne(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr lt(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr le(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr gt(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr ge(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr logicalAnd(ExprPtr a, ExprPtr b, Span span = {});
ExprPtr logicalOr(ExprPtr a, ExprPtr b, Span span = {});

/// Neg / Abs / BitNot keep the operand's type; Not gives BOOL. Use cast() for Cast.
ExprPtr unary(UnaryOp op, ExprPtr operand, Span span = {});
ExprPtr neg(ExprPtr x, Span span = {});
ExprPtr logicalNot(ExprPtr x, Span span = {});
ExprPtr cast(ExprPtr x, DType to, Span span = {});
/// Type of the true value.
ExprPtr select(ExprPtr cond, ExprPtr trueValue, ExprPtr falseValue, Span span = {});

// --- calls and aggregates --------------------------------------------------
/// A call of a registered op ("tile.add"); `op` may be null (printing only needs the name).
CallPtr callOp(std::string name, std::vector<ExprPtr> args, AttrList kwargs, TypePtr resultType,
               const OpDef* op = nullptr, Span span = {});
/// Unknown for no result, the type for one, a TupleType for several.
TypePtr functionResultType(const Function& f);
/// A call of a function of the program (op = null, callee = its name).
CallPtr callFunction(const Function& f, std::vector<ExprPtr> args, Span span = {});
/// `[a, b]`: a TupleType of the element types.
ExprPtr makeTuple(std::vector<ExprPtr> elements, Span span = {});
/// `t[i]` of a tuple-typed value (Unknown type when out of range / not a tuple).
ExprPtr tupleGetItem(ExprPtr tuple, int64_t index, Span span = {});
/// `buffer[i, j]`: Scalar of the buffer's element dtype.
ExprPtr bufferLoad(VarPtr buffer, std::vector<ExprPtr> indices, Span span = {});

// --- statements ------------------------------------------------------------
StmtPtr assign(VarPtr v, ExprPtr value, Span span = {});
/// A fresh variable named `name` with the value's type, assigned `value`; the
/// variable is returned through `out`.
StmtPtr assignNew(std::string name, ExprPtr value, VarPtr& out, Span span = {});
StmtPtr evalStmt(ExprPtr e, Span span = {});
/// Flattens nested Seqs; a single statement is returned as is.
StmtPtr seq(std::vector<StmtPtr> stmts, Span span = {});
/// seq() of a list the caller knows to be flat (no Seq, no null), e.g. because it looked at
/// each statement as it collected it: seq() checks by reading every statement node again, a
/// cache miss each once the list is long.
StmtPtr flatSeq(std::vector<StmtPtr> stmts, Span span = {});
StmtPtr returnStmt(std::vector<ExprPtr> values, Span span = {});
StmtPtr yieldStmt(std::vector<ExprPtr> values, Span span = {});
StmtPtr bufferStore(VarPtr buffer, std::vector<ExprPtr> indices, ExprPtr value,
                    ExprPtr predicate = nullptr, Span span = {});
StmtPtr ifStmt(ExprPtr cond, StmtPtr thenBody, StmtPtr elseBody = nullptr,
               std::vector<VarPtr> returnVars = {}, Span span = {});
/// A loop; null `start` / `step` become the INDEX constants 0 / 1.
StmtPtr forStmt(VarPtr loopVar, ExprPtr start, ExprPtr stop, ExprPtr step, StmtPtr body,
                ForKind kind = ForKind::Serial, std::vector<IterArgPtr> iterArgs = {},
                std::vector<VarPtr> returnVars = {}, AttrList attrs = {}, Span span = {});
StmtPtr whileStmt(ExprPtr cond, StmtPtr body, std::vector<IterArgPtr> iterArgs = {},
                  std::vector<VarPtr> returnVars = {}, Span span = {});

}  // namespace ptoc::ir
