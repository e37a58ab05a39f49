// The descriptor streams the loader reads with and the command line writes with.
#include "toolrisk/fd_stream.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <limits>
#include <string>
#include <string_view>
#include <thread>
#include <unistd.h>

#include "toolrisk/loader.h"

namespace toolrisk {
namespace {

std::string temp_path(const char* name) { return ::testing::TempDir() + name; }

void write_file(const std::string& path, std::string_view text) {
  FILE* f = std::fopen(path.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(std::fwrite(text.data(), 1, text.size(), f), text.size());
  std::fclose(f);
}

TEST(FdStream, WritesMoreThanItsBufferAndReadsItBackLineByLine) {
  const std::string path = temp_path("fd_stream_lines.txt");
  const int out_fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(out_fd, 0);
  std::string expected;
  {
    FdOstream out(out_fd);
    for (int i = 0; i < 60000; ++i) {  // about 1 MB: four buffers and a part
      const std::string line = "line " + std::to_string(i) + std::string(static_cast<std::size_t>(i % 23), 'x');
      out << line << '\n';
      expected += line + '\n';
    }
    ASSERT_TRUE(out.flush());
  }
  ::close(out_fd);
  ASSERT_GT(expected.size(), 3 * kFdBufferBytes);

  auto in = open_input(path);
  ASSERT_TRUE(in);
  std::string line;
  std::string got;
  while (std::getline(**in, line)) got += line + '\n';
  EXPECT_FALSE((*in)->bad());
  EXPECT_EQ(got, expected);

  auto whole = read_input(path);
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole.value(), expected);
  std::remove(path.c_str());
}

TEST(FdStream, AFailedReadIsAnErrorNotTheEndOfTheInput) {
  const int fd = ::open("/", O_RDONLY);  // read() on a directory fails with EISDIR
  ASSERT_GE(fd, 0);
  FdIstream in(fd, true);
  std::string line;
  EXPECT_FALSE(std::getline(in, line));
  EXPECT_TRUE(in.bad());
  EXPECT_EQ(in.error(), EISDIR);
  const Diagnostic d = read_error("/", in);
  EXPECT_NE(d.message.find("cannot read"), std::string::npos) << d.message;
}

TEST(FdStream, AFailedWriteSetsBadbit) {
  const int fd = ::open("/dev/full", O_WRONLY);  // every write fails with ENOSPC
  if (fd < 0) GTEST_SKIP() << "no /dev/full here";
  {
    FdOstream out(fd);
    out << "x";
    EXPECT_TRUE(out);  // buffered: nothing written yet
    out.flush();
    EXPECT_FALSE(out);
    out.clear();
    out << std::string(kFdBufferBytes + 1, 'y');  // more than the buffer: written at once
    EXPECT_FALSE(out);
  }
  ::close(fd);
}

TEST(FdStream, ReadRestAppendsToWhatWasReadAndKeepsTheLimit) {
  const std::string path = temp_path("fd_stream_rest.txt");
  write_file(path, "first\nsecond\nthird\n");
  auto in = open_input(path);
  ASSERT_TRUE(in);
  std::string first;
  std::getline(**in, first);
  auto rest = read_rest(**in, path, LoadLimits{}, first + "\n");
  ASSERT_TRUE(rest);
  EXPECT_EQ(rest.value(), "first\nsecond\nthird\n");

  LoadLimits small;
  small.max_bytes = 8;
  auto again = open_input(path);
  ASSERT_TRUE(again);
  auto over = read_rest(**again, path, small);
  ASSERT_FALSE(over);
  EXPECT_NE(over.errors().front().message.find("over the limit"), std::string::npos);
  std::remove(path.c_str());
}

TEST(FdStream, LargeWritesGoStraightOutInOrderWithTheBufferedOnes) {
  const std::string path = temp_path("fd_stream_blocks.txt");
  const int out_fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(out_fd, 0);
  std::string expected;
  {
    FdOstream out(out_fd);
    for (int i = 0; i < 12; ++i) {
      // Small pieces are buffered; blocks of kFdDirectBytes and more are written at once,
      // after what is buffered.
      const std::string small = "piece " + std::to_string(i) + "\n";
      const std::string block(kFdDirectBytes + static_cast<std::size_t>(i) * 1000, static_cast<char>('a' + i));
      out << small;
      out.write(block.data(), static_cast<std::streamsize>(block.size()));
      expected += small + block;
    }
    out << "end\n";
    expected += "end\n";
    ASSERT_TRUE(out.flush());
  }
  ::close(out_fd);
  auto whole = read_input(path);
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole.value(), expected);
  std::remove(path.c_str());
}

TEST(FdStream, ReadRestReadsAPipeOfUnknownLengthWhole) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::string expected;
  for (int i = 0; i < 50000; ++i) expected += "row " + std::to_string(i) + "\n";  // about 540 KB
  std::thread writer([&] {
    for (std::size_t at = 0; at < expected.size(); at += 7000) {
      const std::size_t n = std::min<std::size_t>(7000, expected.size() - at);
      ASSERT_EQ(::write(fds[1], expected.data() + at, n), static_cast<ssize_t>(n));
    }
    ::close(fds[1]);
  });
  FdIstream in(fds[0], true);
  std::string first;
  ASSERT_TRUE(std::getline(in, first));
  auto rest = read_rest(in, "-", LoadLimits{}, first + "\n");
  writer.join();
  ASSERT_TRUE(rest);
  EXPECT_EQ(rest.value(), expected);
}

TEST(FdStream, ReadRestStopsOneByteOverTheLimit) {
  const std::string path = temp_path("fd_stream_limit.txt");
  write_file(path, std::string(300000, 'x'));
  for (const std::size_t most : {std::size_t{0}, std::size_t{1000}, std::size_t{299999}, std::size_t{300000},
                                 std::numeric_limits<std::size_t>::max()}) {
    FdIstream in(::open(path.c_str(), O_RDONLY), true);
    std::string text;
    ASSERT_TRUE(in.read_rest(text, most));
    EXPECT_EQ(text.size(), std::min<std::size_t>(300000, most == std::numeric_limits<std::size_t>::max() ? most : most + 1)) << most;
  }
  std::remove(path.c_str());
}

TEST(FdStream, ReadRestReportsAFailedRead) {
  const int fd = ::open("/", O_RDONLY);
  ASSERT_GE(fd, 0);
  FdIstream in(fd, true);
  auto rest = read_rest(in, "/", LoadLimits{}, "already read\n");
  ASSERT_FALSE(rest);
  EXPECT_TRUE(in.bad());
  EXPECT_EQ(in.error(), EISDIR);
  EXPECT_NE(rest.errors().front().message.find("cannot read"), std::string::npos) << rest.errors().front().message;
}

}  // namespace
}  // namespace toolrisk
