#include "process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <thread>

extern char** environ;

namespace toolrisk::live {
namespace {

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return left <= 0 ? 0 : static_cast<int>(std::min<long long>(left, 60'000));
}

}  // namespace

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env) {
  if (argv.empty()) {
    error_ = "no command given";
    return;
  }
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 || ::pipe2(err, O_CLOEXEC) != 0) {
    error_ = std::string("cannot create pipes: ") + std::strerror(errno);
    return;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err[1], 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group, so that terminate() reaches whatever it starts; default signals.
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::map<std::string, std::string> merged;
  for (char** e = environ; e && *e; ++e) {
    const std::string entry(*e);
    const auto eq = entry.find('=');
    if (eq != std::string::npos) merged[entry.substr(0, eq)] = entry.substr(eq + 1);
  }
  for (const auto& [k, v] : env) merged[k] = v;
  std::vector<std::string> env_strings;
  for (const auto& [k, v] : merged) env_strings.push_back(k + "=" + v);
  std::vector<char*> envp, args;
  for (auto& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> argv_copy = argv;
  for (auto& s : argv_copy) args.push_back(s.data());
  args.push_back(nullptr);

  pid_t pid = -1;
  const int rc = ::posix_spawnp(&pid, args[0], &actions, &attr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  if (rc != 0) {
    error_ = "cannot start `" + argv[0] + "`: " + std::strerror(rc);
    // A script without a "#!" line (some npm packages ship their entry point so): say what to do.
    if (rc == ENOEXEC) error_ += " (a script needs a '#!' line naming its interpreter; or name the interpreter first, e.g. -- node " + argv[0] + ")";
    close_fd(in_);
    close_fd(out_);
    close_fd(err_);
    return;
  }
  pid_ = pid;
  ::fcntl(out_, F_SETFL, ::fcntl(out_, F_GETFL) | O_NONBLOCK);
  ::fcntl(err_, F_SETFL, ::fcntl(err_, F_GETFL) | O_NONBLOCK);
}

ChildProcess::~ChildProcess() { terminate(); }

bool ChildProcess::write(const std::string& data) {
  if (in_ < 0) return false;
  // A child that closed its stdin must not kill us with SIGPIPE: block it for this thread,
  // and take back a SIGPIPE the write raised.
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  std::size_t done = 0;
  bool ok = true;
  while (done < data.size()) {
    const ssize_t n = ::write(in_, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ok = false;
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  if (!ok && errno == EPIPE) {
    const timespec zero{0, 0};
    while (sigtimedwait(&pipe_set, nullptr, &zero) > 0) {
    }
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

ChildProcess::Read ChildProcess::read_some(std::string& out, std::string& err, Clock::time_point deadline) {
  if (out_ < 0) return Read::kClosed;
  pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
  const nfds_t n = err_ >= 0 ? 2 : 1;
  const int ready = ::poll(fds, n, remaining_ms(deadline));
  if (ready < 0 && errno == EINTR) return Read::kData;
  if (ready == 0) return Clock::now() >= deadline ? Read::kTimeout : Read::kData;
  char buf[65536];
  if (n == 2 && (fds[1].revents & (POLLIN | POLLHUP))) {
    const ssize_t got = ::read(err_, buf, sizeof buf);
    if (got > 0) err.append(buf, static_cast<std::size_t>(got));
    else if (got == 0) close_fd(err_);
  }
  if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
    const ssize_t got = ::read(out_, buf, sizeof buf);
    if (got > 0) {
      out.append(buf, static_cast<std::size_t>(got));
    } else if (got == 0 || (errno != EAGAIN && errno != EINTR)) {
      close_fd(out_);
      return Read::kClosed;
    }
  }
  return Read::kData;
}

// Whether the child has ended, without reaping it: while it is an unreaped zombie its pid
// (and so its process group id) cannot be reused, which keeps kill(-pid) safe.
bool ChildProcess::ended(std::chrono::milliseconds grace) {
  const auto until = Clock::now() + grace;
  for (;;) {
    siginfo_t info{};
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid_) {
      if (info.si_code == CLD_EXITED) exit_ = "exited with status " + std::to_string(info.si_status);
      else exit_ = "killed by signal " + std::to_string(info.si_status);
      return true;
    }
    if (Clock::now() >= until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

std::string ChildProcess::exit_text() {
  if (pid_ > 0 && exit_.empty()) ended(std::chrono::milliseconds(500));
  return exit_.empty() ? "still running" : exit_;
}

void ChildProcess::terminate() {
  close_fd(in_);  // a well-behaved server exits when its stdin closes
  if (pid_ > 0) {
    if (!ended(std::chrono::milliseconds(500))) {
      ::kill(-pid_, SIGTERM);
      if (!ended(std::chrono::milliseconds(2000))) {
        ::kill(-pid_, SIGKILL);
        ended(std::chrono::milliseconds(5000));
      }
    }
    // The leader is ended but not reaped, so its group id is still its own: whatever the
    // server started in its group goes with it. Then reap the leader.
    ::kill(-pid_, SIGKILL);
    int st = 0;
    while (::waitpid(pid_, &st, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  close_fd(out_);
  close_fd(err_);
}

}  // namespace toolrisk::live
