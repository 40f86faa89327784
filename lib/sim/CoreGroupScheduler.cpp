// The baton scheduler of a core group (see CoreGroupScheduler.h).
#include "CoreGroupScheduler.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "ptoc/sim/Interpreter.h"

namespace ptoc::sim {

TaskScheduler::~TaskScheduler() {
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

int TaskScheduler::addTask(std::string name, Body body) {
  Task t;
  t.name = std::move(name);
  t.body = std::move(body);
  tasks_.push_back(std::move(t));
  return static_cast<int>(tasks_.size()) - 1;
}

void TaskScheduler::run() {
  if (tasks_.empty()) return;
  try {
    threads_.reserve(tasks_.size());
    for (size_t i = 0; i < tasks_.size(); ++i)
      threads_.emplace_back(&TaskScheduler::threadMain, this, static_cast<int>(i));
  } catch (...) {
    // Could not start every thread: the started ones run to their (aborted) end in turn.
    {
      std::lock_guard<std::mutex> lock(mu_);
      aborted_ = true;
      for (size_t i = threads_.size(); i < tasks_.size(); ++i) {
        tasks_[i].state = State::Done;
        ++done_;
      }
      current_ = nextLive(-1);
    }
    cv_.notify_all();
    for (auto& t : threads_) t.join();
    threads_.clear();
    throw;
  }
  {
    std::unique_lock<std::mutex> lock(mu_);
    current_ = backwards_ ? static_cast<int>(tasks_.size()) - 1 : 0;
    tasks_[current_].state = State::Running;
    cv_.notify_all();
    cv_.wait(lock, [&] { return done_ == tasks_.size(); });
  }
  for (auto& t : threads_) t.join();
  threads_.clear();
  if (error_) std::rethrow_exception(error_);
}

void TaskScheduler::threadMain(int i) {
  // Every step of every task, its unwinding after an abort included, runs while it holds
  // the baton (current_ == i): tasks never run concurrently.
  bool start = false;
  {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] { return current_ == i; });
    start = !aborted_;
  }
  if (start) {
    try {
      tasks_[i].body();
    } catch (const TaskAborted&) {
      // The group was aborted while this task waited; the error is recorded already.
    } catch (...) {
      std::lock_guard<std::mutex> lock(mu_);
      if (!error_) error_ = std::current_exception();
      aborted_ = true;
    }
  }
  std::lock_guard<std::mutex> lock(mu_);
  tasks_[i].state = State::Done;
  ++done_;
  if (aborted_)
    current_ = nextLive(i);
  else
    handOff(i);
  cv_.notify_all();
}

int TaskScheduler::pickNext(int from) const {
  const int n = static_cast<int>(tasks_.size());
  for (int k = 1; k <= n; ++k) {
    int j = ((backwards_ ? from - k : from + k) % n + n) % n;
    const Task& t = tasks_[j];
    if (t.state == State::Waiting) return j;
    if (t.state == State::Blocked && (*t.ready)()) return j;
  }
  return -1;
}

int TaskScheduler::nextLive(int from) const {
  const int n = static_cast<int>(tasks_.size());
  for (int k = 1; k <= n; ++k) {
    int j = ((from + k) % n + n) % n;
    if (tasks_[j].state != State::Done) return j;
  }
  return -1;
}

void TaskScheduler::handOff(int from) {
  int next = pickNext(from);
  if (next >= 0) {
    current_ = next;
    tasks_[next].state = State::Running;
    tasks_[next].ready = nullptr;
    return;
  }
  if (done_ == tasks_.size()) {
    current_ = -1;
    return;
  }
  // Every live task is blocked: a deadlock. Abort; the tasks unwind one after another.
  if (!error_) error_ = deadlockError();
  aborted_ = true;
  current_ = nextLive(from);
}

void TaskScheduler::waitUntil(int self, const std::function<bool()>& ready, WaitSite site) {
  if (ready()) return;
  std::unique_lock<std::mutex> lock(mu_);
  Task& me = tasks_[self];
  me.state = State::Blocked;
  me.ready = &ready;
  me.site = std::move(site);
  handOff(self);
  cv_.notify_all();
  cv_.wait(lock, [&] { return current_ == self; });
  if (aborted_) throw TaskAborted{};
}

std::exception_ptr TaskScheduler::deadlockError() const {
  std::vector<std::pair<Span, std::string>> notes;
  std::vector<std::string> finished;
  Span first;
  std::string firstName, firstOp;
  for (const Task& t : tasks_) {
    if (t.state == State::Done) {
      finished.push_back(t.name);
      continue;
    }
    if (t.state != State::Blocked) continue;
    std::string op = t.site.call ? std::string(t.site.call->callee) : std::string("an op");
    Span span = t.site.call ? t.site.call->span : Span{};
    if (!first.valid() && firstName.empty()) {
      first = span;
      firstName = t.name;
      firstOp = op;
    }
    std::string why = t.site.why ? t.site.why() : std::string();
    notes.emplace_back(
        span, fmt::format("{} is blocked in {}{}{}", t.name, op, why.empty() ? "" : ": ", why));
  }
  std::string msg =
      fmt::format("deadlock in core group '{}': {} waits in {} and no task can proceed", groupName_,
                  firstName, firstOp);
  if (!finished.empty()) msg += fmt::format(" ({} finished)", fmt::join(finished, ", "));
  return std::make_exception_ptr(SimErrorWithNotes(
      first, msg, std::move(notes),
      "every tpop needs a matching tpush on the peer core, a tpush needs a free slot (tfree "
      "releases one), and both lanes must reach every aic_gather"));
}

}  // namespace ptoc::sim
