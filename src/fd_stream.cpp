#include "toolrisk/fd_stream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ios>
#include <limits>
#include <unistd.h>

namespace toolrisk {

FdReadBuf::FdReadBuf(int fd, bool owned) : fd_(fd), owned_(owned), buffer_(new char[kFdBufferBytes]) {
  setg(buffer_.get(), buffer_.get(), buffer_.get());
}

FdReadBuf::~FdReadBuf() {
  if (owned_ && fd_ >= 0) ::close(fd_);
}

ssize_t FdReadBuf::read_some(char* p, std::size_t n) {
  for (;;) {
    const ssize_t got = ::read(fd_, p, n);
    if (got >= 0 || errno != EINTR) return got;
  }
}

FdReadBuf::int_type FdReadBuf::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  const ssize_t n = read_some(buffer_.get(), kFdBufferBytes);
  if (n > 0) {
    setg(buffer_.get(), buffer_.get(), buffer_.get() + n);
    return traits_type::to_int_type(*gptr());
  }
  if (n == 0) return traits_type::eof();
  // A failed read is not the end of the input: the istream catches this and sets badbit,
  // which its reader checks (an exception never leaves the istream: its mask is not set).
  error_ = errno;
  throw std::ios_base::failure(std::strerror(error_));
}

bool FdReadBuf::read_rest(std::string& out, std::size_t most) {
  out.append(gptr(), egptr());
  setg(buffer_.get(), buffer_.get(), buffer_.get());
  while (out.size() <= most) {
    // Into the room `out` has (a caller that knows the size reserves one byte more, so the
    // read that finds the end needs none); else twice its size; never past one byte over `most`.
    const std::size_t have = out.size();
    const std::size_t left = most - have == std::numeric_limits<std::size_t>::max() ? most - have : most - have + 1;
    const std::size_t room = std::min(out.capacity() > have ? out.capacity() - have : std::max<std::size_t>(have, 1 << 16), left);
    out.resize(have + room);
    const ssize_t n = read_some(out.data() + have, room);
    if (n < 0) error_ = errno;
    out.resize(have + static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
    if (n <= 0) return n == 0;
  }
  return true;
}

FdWriteBuf::FdWriteBuf(int fd) : fd_(fd), buffer_(new char[kFdBufferBytes]) {
  setp(buffer_.get(), buffer_.get() + kFdBufferBytes);
}

FdWriteBuf::~FdWriteBuf() { drain(); }

bool FdWriteBuf::write_all(const char* p, std::size_t left) {
  while (left > 0) {
    const ssize_t n = ::write(fd_, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    p += n;
    left -= static_cast<std::size_t>(n);
  }
  return true;
}

bool FdWriteBuf::drain() {
  if (!write_all(pbase(), static_cast<std::size_t>(pptr() - pbase()))) return false;
  setp(buffer_.get(), buffer_.get() + kFdBufferBytes);
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
  // A large block (JsonWriter writes 64 KiB at a time) goes straight out: copied into the
  // buffer, it would first touch fresh buffer pages, which costs more than the write call saved.
  if (static_cast<std::size_t>(n) >= kFdDirectBytes) {
    if (!drain()) return 0;
    return write_all(s, static_cast<std::size_t>(n)) ? n : 0;
  }
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
