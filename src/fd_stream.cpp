#include "toolrisk/fd_stream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ios>
#include <unistd.h>

namespace toolrisk {

FdReadBuf::FdReadBuf(int fd, bool owned) : fd_(fd), owned_(owned), buffer_(kFdBufferBytes) {
  setg(buffer_.data(), buffer_.data(), buffer_.data());
}

FdReadBuf::~FdReadBuf() {
  if (owned_ && fd_ >= 0) ::close(fd_);
}

FdReadBuf::int_type FdReadBuf::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  for (;;) {
    const ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
    if (n > 0) {
      setg(buffer_.data(), buffer_.data(), buffer_.data() + n);
      return traits_type::to_int_type(*gptr());
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) return traits_type::eof();
    // A failed read is not the end of the input: the istream catches this and sets badbit,
    // which its reader checks (an exception never leaves the istream: its mask is not set).
    error_ = errno;
    throw std::ios_base::failure(std::strerror(error_));
  }
}

FdWriteBuf::FdWriteBuf(int fd) : fd_(fd), buffer_(kFdBufferBytes) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

FdWriteBuf::~FdWriteBuf() { drain(); }

bool FdWriteBuf::drain() {
  const char* p = pbase();
  std::size_t left = static_cast<std::size_t>(pptr() - pbase());
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return true;
}

FdWriteBuf::int_type FdWriteBuf::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize FdWriteBuf::xsputn(const char* s, std::streamsize n) {
  std::streamsize done = 0;
  while (done < n) {
    const std::streamsize room = epptr() - pptr();
    if (room == 0) {
      if (!drain()) return done;
      continue;
    }
    const std::streamsize take = std::min(room, n - done);
    std::memcpy(pptr(), s + done, static_cast<std::size_t>(take));
    pbump(static_cast<int>(take));
    done += take;
  }
  return done;
}

int FdWriteBuf::sync() { return drain() ? 0 : -1; }

}  // namespace toolrisk
