// Building functions in passes: fresh names for new variables and outlined functions,
// rebuilding a function with a new body, and restamping its attributes. Shared by
// outline-incore-scopes, lower-auto-vector-split and the passes after them.
#pragma once

#include <deque>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "ptoc/ir/Function.h"
#include "ptoc/support/FlatStringMap.h"

namespace ptoc::ir {

/// `base` when it is not in `taken`, else the first of `base_1`, `base_2`, ... that is not;
/// the result is added to `taken`.
std::string freshName(std::unordered_set<std::string>& taken, const std::string& base);

/// The names of the parameters and of every variable defined in `f` that start with
/// `prefix` (the names a fresh variable called `prefix...` must avoid).
std::unordered_set<std::string> definedNamesWithPrefix(const Function& f, std::string_view prefix);

/// The variable names in use in a function, for making fresh ones, without copying them:
/// the set keeps views of the variables' own name text (so the variables, i.e. the function
/// they come from, must outlive it) and owns only the names it makes. Collecting every name of
/// a 100k-statement function into a std::unordered_set<std::string> cost an allocation and a
/// copy per variable (4 % of expand-mixed-kernel).
class TakenNames {
 public:
  /// Adds a name whose text outlives this set (a Var's name).
  void addBorrowed(std::string_view name) {
    bool inserted;
    set_.findOrInsert(name, inserted);
  }
  bool contains(std::string_view name) const { return set_.find(name) != nullptr; }
  size_t size() const { return set_.size(); }
  /// `base` when it is not taken, else the first of `base_1`, `base_2`, ... that is not;
  /// the result is taken from then on (as freshName does).
  std::string fresh(const std::string& base);

 private:
  FlatStringMap<char> set_;
  std::deque<std::string> owned_;  // the names fresh() made (a deque: their text never moves)
};

/// The names of the parameters and of every variable defined in `f` (see TakenNames: `f`
/// must outlive the result).
TakenNames takenNames(const Function& f);

/// Names for functions outlined from the functions of a program, unique in the program.
class FunctionNamer {
 public:
  explicit FunctionNamer(const Program& p);

  /// The name for the next function outlined from `parent`. Without a hint:
  /// `<parent>_incore_<k>`. With a hint: the hint when free; `hint_0`, `hint_1`, ... when
  /// `parent` already used it; `<parent>_<hint>` when another function owns it.
  std::string next(const std::string& parent, const std::string& hint);

 private:
  std::string fresh(const std::string& base, bool alwaysSuffix = false) const;

  std::unordered_map<std::string, std::string> owner_;  // taken name -> outlining function
  std::unordered_map<std::string, int> unnamedCount_;
};

/// `f` with `body` and `attrs` (name, type, params, directions and return types kept).
FunctionPtr withBody(const Function& f, StmtPtr body, AttrList attrs);

/// `attrs` with the `set` entries first (in their order), then the others in their order,
/// without the keys of `set` and of `drop`.
AttrList restampAttrs(const AttrList& attrs, AttrList set,
                      std::initializer_list<std::string_view> drop);

}  // namespace ptoc::ir
