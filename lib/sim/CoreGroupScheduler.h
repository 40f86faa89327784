// Deterministic cooperative scheduling of the tasks of one core group (AIC + AIV
// lanes, or the two lanes of a split_aiv function). One std::thread per task, and
// exactly one of them runs at a time: the running task holds the baton and passes it
// on only when it blocks (a pop with no data, a push with no free slot, a gather
// waiting for the other lane) or ends, to the next task in fixed round-robin order
// that can proceed. When no live task can proceed the group is deadlocked: the
// scheduler raises one SimError naming every blocked task and the op it waits in,
// then unwinds every task. Shared state (pipes, gather points) is only touched by
// the baton holder, and the baton changes hands under a mutex.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ptoc/ir/Expr.h"

namespace ptoc::sim {

/// Thrown inside a task whose group was aborted (another task failed or the group
/// deadlocked); the aborted tasks unwind one at a time, each holding the baton.
/// Deliberately not a std::exception: nothing but the task's own entry point catches it.
struct TaskAborted {};

/// Where a blocked task waits: the op (for the report) and why it cannot proceed,
/// computed when the report is made (queue depths, finished peers).
struct WaitSite {
  const ir::Call* call = nullptr;
  std::function<std::string()> why;
};

class TaskScheduler {
 public:
  using Body = std::function<void()>;
  /// `backwards`: start with the last task and pass the baton to the previous live one
  /// (Schedule::AivFirst); otherwise task 0 first and forwards.
  explicit TaskScheduler(std::string groupName, bool backwards = false)
      : groupName_(std::move(groupName)), backwards_(backwards) {}
  TaskScheduler(const TaskScheduler&) = delete;
  TaskScheduler& operator=(const TaskScheduler&) = delete;
  ~TaskScheduler();

  /// Adds a task (before run). `name` is how reports call it: "qk_aiv (AIV lane 1)".
  int addTask(std::string name, Body body);
  /// Runs every task to its end, starting with task 0 (the last when backwards); rethrows the first
  /// error of a task (a deadlock is a SimErrorWithNotes).
  void run();

  /// Called by the running task `self`: returns once `ready()` holds, letting the other
  /// tasks run in the meantime. Throws TaskAborted when the group is aborted.
  void waitUntil(int self, const std::function<bool()>& ready, WaitSite site);

  const std::string& taskName(int i) const { return tasks_[i].name; }
  bool finished(int i) const { return tasks_[i].state == State::Done; }
  size_t taskCount() const { return tasks_.size(); }

 private:
  enum class State { Waiting, Running, Blocked, Done };
  struct Task {
    std::string name;
    Body body;
    State state = State::Waiting;
    const std::function<bool()>* ready = nullptr;  // while Blocked
    WaitSite site;
  };

  void threadMain(int i);
  /// Next task after `from` (round robin) that can proceed, or -1. Holds mu_.
  int pickNext(int from) const;
  /// Next task after `from` (round robin) that has not ended, or -1. Holds mu_.
  int nextLive(int from) const;
  /// Hands the baton on from `from` or records a deadlock. Holds mu_.
  void handOff(int from);
  std::exception_ptr deadlockError() const;

  std::string groupName_;
  bool backwards_ = false;
  std::vector<Task> tasks_;
  std::vector<std::thread> threads_;
  std::mutex mu_;
  std::condition_variable cv_;
  int current_ = -1;
  size_t done_ = 0;
  bool aborted_ = false;
  std::exception_ptr error_;
};

}  // namespace ptoc::sim
