// Streams over a POSIX file descriptor with a large buffer of their own.
//
// std::ifstream reads 8 KiB at a time, and std::cin and std::cout, kept in step with C stdio,
// go through stdio's 4 KiB buffer (std::cin a character at a time): on 100,000 streamed tools
// that was about 16,700 read and write calls, a sixth of the run on a virtual machine where a
// call costs 5 microseconds (docs/performance.md). These read and write 256 KiB at a time; a
// write of kFdDirectBytes or more goes straight out, and read_rest reads a whole input
// straight into its string (a fresh page touched costs about 13 microseconds there too).
#pragma once

#include <istream>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <sys/types.h>

namespace toolrisk {

inline constexpr std::size_t kFdBufferBytes = std::size_t{1} << 18;
// Writes of this size or more bypass the write buffer.
inline constexpr std::size_t kFdDirectBytes = std::size_t{1} << 16;

// Reads from a descriptor; owns it (closes it) when told to. A failed read sets the istream's
// badbit (not eofbit alone), and error() holds its errno.
class FdReadBuf : public std::streambuf {
 public:
  FdReadBuf(int fd, bool owned);
  ~FdReadBuf() override;
  FdReadBuf(const FdReadBuf&) = delete;
  FdReadBuf& operator=(const FdReadBuf&) = delete;
  // The errno of the read that failed, or 0.
  int error() const { return error_; }
  // Appends the rest of the input to `out`: what is buffered, then straight from the
  // descriptor into `out`. Stops once `out` is over `most` bytes. False when a read failed
  // (error() says why).
  bool read_rest(std::string& out, std::size_t most);

 protected:
  int_type underflow() override;

 private:
  ssize_t read_some(char* p, std::size_t n);  // read(2), again when a signal interrupted it
  int fd_;
  bool owned_;
  int error_ = 0;
  std::unique_ptr<char[]> buffer_;  // not zeroed: a page costs only when a read reaches it
};

// Writes to a descriptor it does not own; flushes when full, on sync() and when destroyed.
class FdWriteBuf : public std::streambuf {
 public:
  explicit FdWriteBuf(int fd);
  ~FdWriteBuf() override;
  FdWriteBuf(const FdWriteBuf&) = delete;
  FdWriteBuf& operator=(const FdWriteBuf&) = delete;

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool write_all(const char* p, std::size_t n);  // false on a write error
  bool drain();  // writes out what is buffered; false on a write error
  int fd_;
  std::unique_ptr<char[]> buffer_;  // not zeroed: a page costs only when output reaches it
};

// An istream that owns its FdReadBuf.
class FdIstream : public std::istream {
 public:
  FdIstream(int fd, bool owned) : std::istream(nullptr), buf_(fd, owned) { rdbuf(&buf_); }
  int error() const { return buf_.error(); }
  // FdReadBuf::read_rest; a failed read sets badbit.
  bool read_rest(std::string& text, std::size_t most) {
    if (buf_.read_rest(text, most)) return true;
    setstate(std::ios_base::badbit);
    return false;
  }

 private:
  FdReadBuf buf_;
};

// An ostream that owns its FdWriteBuf.
class FdOstream : public std::ostream {
 public:
  explicit FdOstream(int fd) : std::ostream(nullptr), buf_(fd) { rdbuf(&buf_); }

 private:
  FdWriteBuf buf_;
};

}  // namespace toolrisk
