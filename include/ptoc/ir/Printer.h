// The IR printer: canonical `pl` DSL text (docs/ir-text-format.md is the contract)
// for programs, plus debugging forms for one function / statement / expression /
// type and the short type spelling used in diagnostics.
//
// Output is deterministic: variable names come from their hints, made unique per
// function (first come keeps the name, later distinct variables get `_1`, `_2`, ...,
// never colliding with another variable's hint, a keyword, `pl`, `self` or `tuple`).
// Flat statement sequences are printed iteratively (no recursion per statement).
#pragma once

#include <string>
#include <string_view>

#include "ptoc/ir/Function.h"

namespace ptoc::ir {

/// The whole file: `import pypto.language as pl`, a blank line, then the program
/// (`@pl.program class NAME:` or top-level functions). Ends with a newline.
std::string printProgram(const Program& program);
/// Same as printProgram, appended to `out`.
void printProgramTo(const Program& program, std::string& out);

/// One function (decorator, signature, func_attr prologue, body). With `asMethod`
/// it is printed as in a class: indented by 4, `self` first, calls as `self.f(...)`.
std::string printFunction(const Function& function, bool asMethod = false);

/// A statement (a Seq prints all its statements) at `indentLevel` * 4 spaces; every
/// line ends with '\n'. Names are made unique within the statement. A Yield prints
/// as `pl.yield_(...)` since its targets are unknown here.
std::string printStmt(const Stmt& stmt, int indentLevel = 0);

/// An expression, e.g. `(a + b) * c`, `pl.tile.add(x, y)`, `f(a)`.
std::string printExpr(const Expr& expr);

/// Full `pl` spelling of a type: `pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]`.
/// UnknownType prints as `pl.Unknown` (never in annotations: it has no spelling).
std::string printType(const Type& type);

/// Short spelling for messages: `Tile[[16, 16], FP32, Vec]`, `Scalar[INDEX]`,
/// `Tensor[[4], FP16]`, `Tile[[16, 16], FP32, Vec, TileView(valid_shape=[8, n])]`,
/// `VReg[64, FP32]`, `Mask[64]`, `tuple[...]`, `Unknown`.
std::string typeToString(const Type& type);

/// A kwarg / function attribute value: `True`, `3`, `1.5`, `"lt"`, `pl.FP16`,
/// `pl.Mem.Vec`, `pl.TileLayout.row_major`, `pl.PadValue.zero`, `pl.SplitMode.UP_DOWN`.
std::string printAttrValue(const AttrValue& value);

/// Shortest decimal that reads back as the same double, laid out as Python's
/// repr: `1.0`, `0.1`, `1e-05`, `1e+16`, `-0.0`; always contains '.' or 'e'.
/// Non-finite values give `inf`, `-inf`, `nan` (the printer wraps those in pl.const).
std::string formatFloat(double value);

/// A double-quoted Python string literal: `\\`, `\"`, `\n`, `\r`, `\t` and `\xNN`
/// for other control bytes; other bytes (UTF-8 included) are kept.
std::string quoteString(std::string_view s);

}  // namespace ptoc::ir
