// Building functions in passes (see FunctionBuilder.h).
#include "ptoc/ir/FunctionBuilder.h"

#include <fmt/format.h>

#include "ptoc/ir/Visitor.h"

namespace ptoc::ir {

namespace {

class PrefixNameCollector : public IRVisitor {
 public:
  explicit PrefixNameCollector(std::string_view prefix) : prefix_(prefix) {}
  std::unordered_set<std::string> names;
  void add(const VarPtr& v) {
    if (std::string_view(v->name).starts_with(prefix_)) names.insert(v->name);
  }
  void visitExpr(const ExprPtr&) override {}  // expressions define no variables

 protected:
  void visitDef(const VarPtr& v) override { add(v); }

 private:
  std::string_view prefix_;
};

/// Every defined name (statements only: expressions define no variables).
class NameCollector : public IRVisitor {
 public:
  explicit NameCollector(TakenNames& names) : names_(names) {}
  void visitExpr(const ExprPtr&) override {}

 protected:
  void visitDef(const VarPtr& v) override { names_.addBorrowed(v->name); }

 private:
  TakenNames& names_;
};

}  // namespace

std::string TakenNames::fresh(const std::string& base) {
  std::string n = base;
  for (int k = 1; contains(n); ++k) n = fmt::format("{}_{}", base, k);
  owned_.push_back(n);
  addBorrowed(owned_.back());
  return n;
}

TakenNames takenNames(const Function& f) {
  TakenNames names;
  for (const auto& p : f.params) names.addBorrowed(p->name);
  NameCollector c(names);
  c.visitStmt(f.body);
  return names;
}

std::string freshName(std::unordered_set<std::string>& taken, const std::string& base) {
  std::string n = base;
  for (int k = 1; taken.count(n); ++k) n = fmt::format("{}_{}", base, k);
  taken.insert(n);
  return n;
}

std::unordered_set<std::string> definedNamesWithPrefix(const Function& f, std::string_view prefix) {
  PrefixNameCollector c(prefix);
  for (const auto& p : f.params) c.add(p);
  c.visitStmt(f.body);
  return std::move(c.names);
}

FunctionNamer::FunctionNamer(const Program& p) {
  for (const auto& f : p.functions) owner_.emplace(f->name, std::string());
}

std::string FunctionNamer::next(const std::string& parent, const std::string& hint) {
  std::string name;
  if (hint.empty()) {
    name = fresh(fmt::format("{}_incore_{}", parent, unnamedCount_[parent]++));
  } else {
    auto it = owner_.find(hint);
    if (it == owner_.end())
      name = hint;
    else if (it->second == parent)
      name = fresh(hint, /*alwaysSuffix=*/true);  // in-function: hint_0, hint_1, ...
    else
      name = fresh(fmt::format("{}_{}", parent, hint));  // cross-function: namespaced
  }
  owner_.emplace(name, parent);
  return name;
}

std::string FunctionNamer::fresh(const std::string& base, bool alwaysSuffix) const {
  if (!alwaysSuffix && !owner_.count(base)) return base;
  for (int n = 0;; ++n) {
    std::string candidate = fmt::format("{}_{}", base, n);
    if (!owner_.count(candidate)) return candidate;
  }
}

FunctionPtr withBody(const Function& f, StmtPtr body, AttrList attrs) {
  return std::make_shared<Function>(f.name, f.funcType, f.params, f.directions, f.returnTypes,
                                    std::move(body), std::move(attrs), f.span);
}

AttrList restampAttrs(const AttrList& attrs, AttrList set,
                      std::initializer_list<std::string_view> drop) {
  AttrList out = std::move(set);
  for (const auto& [k, v] : attrs) {
    bool skip = false;
    for (std::string_view d : drop) skip |= k == d;
    for (const auto& kept : out) skip |= k == kept.first;
    if (!skip) out.emplace_back(k, v);
  }
  return out;
}

}  // namespace ptoc::ir
