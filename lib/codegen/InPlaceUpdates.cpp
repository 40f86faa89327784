// In-place updates in PTO. An op that reads and writes a tile operand (its ArgSpec effect is
// ReadWrite: tile.matmul_acc's accumulator, tile.assemble's target, ...) is emitted in
// destination-passing style into that operand's buffer: the result *is* the operand's buffer.
// The IR is SSA, so the operand's old value may still be read afterwards; on the hardware it is
// gone. This check rejects such a program before emission instead of emitting wrong numbers
// (the simulator runs the IR's value semantics and could not tell):
//   - the operand is read by a statement after the update, or
//   - the update runs in a loop that does not define the operand (neither in its body nor as its
//     carry): the next iteration reads the clobbered buffer.
#include <fmt/format.h>

#include "FunctionEmitter.h"
#include "ptoc/ir/Visitor.h"
#include "ptoc/ops/OpRegistry.h"
#include "ptoc/support/PtrTable.h"

namespace ptoc::codegen {

using namespace ir;

namespace {

struct Update {
  const Call* call;
  const Var* operand;
  size_t argIndex;
  size_t at;                       // ordinal of the statement
  std::vector<size_t> loopBegins;  // ordinals of the enclosing loops' headers
  Span span;
};

class UpdateScan final : public IRVisitor {
 public:
  PtrMap<Var, size_t> defAt, lastUse;
  std::vector<Update> updates;

  void visitStmt(const StmtPtr& s) override {
    ++ordinal_;
    stmtSpan_ = s->span;
    bool loop = s->kind == StmtKind::For || s->kind == StmtKind::While;
    if (loop) loops_.push_back(ordinal_);
    IRVisitor::visitStmt(s);
    if (loop) loops_.pop_back();
  }

 protected:
  void visitDef(const VarPtr& v) override { defAt.emplace(v.get(), ordinal_); }
  void visitVar(const Var& v) override {
    auto [u, fresh] = lastUse.emplace(&v, ordinal_);
    if (!fresh && *u < ordinal_) *u = ordinal_;
  }
  void visitCall(const Call& c) override {
    if (c.op && c.type && c.type->as<TileType>())
      for (size_t i = 0; i < c.args.size() && i < c.op->args.size(); ++i)
        if (argEffect(c, i) == MemoryEffect::ReadWrite)
          if (const auto* v = c.args[i]->as<Var>(); v && v->type && v->type->as<TileType>())
            updates.push_back(
                Update{&c, v, i, ordinal_, loops_, c.span.valid() ? c.span : stmtSpan_});
    IRVisitor::visitCall(c);
  }

 private:
  size_t ordinal_ = 0;
  Span stmtSpan_;
  std::vector<size_t> loops_;
};

}  // namespace

void checkInPlaceUpdates(FunctionEmitter& fe, const Function& f) {
  UpdateScan scan;
  for (const auto& p : f.params) scan.defAt.emplace(p.get(), 0);
  scan.visitStmt(f.body);
  for (const Update& u : scan.updates) {
    const std::string& name = u.operand->name;
    const std::string& arg = u.call->op->args[u.argIndex].name;
    const size_t* last = scan.lastUse.find(u.operand);
    if (last && *last > u.at)
      fe.fail(u.span,
              fmt::format("{} updates its {} '{}' in place in PTO, but '{}' is read again after "
                          "it",
                          u.call->op->name, arg, name, name),
              fmt::format("read '{}' before this update, or give the update a tile of its own "
                          "(e.g. start another accumulator with pl.matmul)",
                          name));
    const size_t* def = scan.defAt.find(u.operand);
    size_t defOrdinal = def ? *def : 0;
    for (size_t begin : u.loopBegins)
      if (defOrdinal < begin)
        fe.fail(u.span,
                fmt::format("{} updates its {} '{}' in place in PTO inside a loop that does not "
                            "carry '{}': the next iteration would read the updated buffer",
                            u.call->op->name, arg, name, name),
                fmt::format("carry '{}' through the loop (init_values=...) and yield the update, "
                            "or create the tile inside the loop",
                            name));
  }
}

}  // namespace ptoc::codegen
