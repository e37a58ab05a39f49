// A child process in its own process group, with pipes for stdin, stdout and stderr. The
// destructor always ends it: close stdin, wait, SIGTERM the group, wait, SIGKILL the group,
// reap. Private to the live module.
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace toolrisk::live {

using Clock = std::chrono::steady_clock;

class ChildProcess {
 public:
  // Starts `argv` (PATH searched) with `env` added to the environment. Throws nothing:
  // `error()` says why it could not start.
  ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  const std::string& error() const { return error_; }

  // Writes all of `data` to the child's stdin; false when the child closed it.
  bool write(const std::string& data);

  enum class Read { kData, kTimeout, kClosed };
  // Waits until `deadline` for stdout data (appended to `out`); stderr that arrives meanwhile
  // goes to `on_stderr`.
  template <typename OnStderr>
  Read read(std::string& out, Clock::time_point deadline, OnStderr on_stderr);

  // The exit status text once the child has ended ("exited with status 1", "killed by signal 9").
  std::string exit_text();

  // Ends the child and its group now (idempotent).
  void terminate();

 private:
  Read read_some(std::string& out, std::string& err, Clock::time_point deadline);
  bool ended(std::chrono::milliseconds grace);

  int pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1;
  std::string exit_;  // set once the child has ended
  std::string error_;
};

template <typename OnStderr>
ChildProcess::Read ChildProcess::read(std::string& out, Clock::time_point deadline, OnStderr on_stderr) {
  for (;;) {
    std::string err;
    const std::size_t before = out.size();
    const Read r = read_some(out, err, deadline);
    if (!err.empty()) on_stderr(err);
    if (r != Read::kData || out.size() > before) return r;
  }
}

}  // namespace toolrisk::live
