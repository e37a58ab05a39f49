// Writes JSON straight to a stream, byte for byte as nlohmann/json's dump() writes the same
// value (compact, or indented by N spaces; UTF-8 kept, control characters escaped, numbers
// in the shortest form that reads back), so that both readers give the same output. Pure:
// it holds no state beyond the value being written. Values come through a view (json_view.h).
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "json_view.h"

namespace toolrisk {

class JsonWriter {
 public:
  // indent < 0: compact, one line; otherwise that many spaces per level, as dump(indent).
  JsonWriter(std::ostream& out, int indent);
  // Appends to `text` instead (when flushed, and when destroyed).
  JsonWriter(std::string& text, int indent);
  ~JsonWriter();
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  void begin_object();
  void key(std::string_view k);
  void end_object();
  void begin_array();
  void end_array();
  void string(std::string_view s);
  // A string or key whose bytes are already their own JSON text (no quote, backslash or control
  // character; valid UTF-8), copied as it is: the caller vouches for that.
  void plain_string(std::string_view s) {
    before_value();
    put_quoted(s);
  }
  void plain_key(std::string_view k) {
    next_member();
    put_quoted(k);
    end_key();
  }
  void boolean(bool b);
  void null();
  void number(const JsonNumber& n);
  void integer(long long i) { number(i < 0 ? JsonNumber{JsonNumber::kSigned, i, 0, 0} : JsonNumber{JsonNumber::kUnsigned, 0, static_cast<std::uint64_t>(i), 0}); }
  void newline();  // between top-level values
  void flush();

  // Any value, as given by a view.
  // A view that knows its strings need no escaping (FastView: read without an escape) has
  // them copied as they are.
  template <class View>
  void value(const View& v) {
    if (v.is_object()) {
      begin_object();
      if constexpr (requires { v.plain(); }) {
        v.keyed_members([&](const View& k, const View& c) {
          if (k.plain()) plain_key(k.str());
          else key(k.str());
          value(c);
        });
      } else {
        v.members([&](std::string_view k, const View& c) {
          key(k);
          value(c);
        });
      }
      end_object();
    } else if (v.is_array()) {
      begin_array();
      v.each([&](const View& c) { value(c); });
      end_array();
    } else if (v.is_string()) {
      if constexpr (requires { v.plain(); }) {
        if (v.plain()) {
          plain_string(v.str());
          return;
        }
      }
      string(v.str());
    } else if (v.is_boolean()) {
      boolean(v.boolean());
    } else if (v.is_null()) {
      null();
    } else {
      number(v.number());
    }
  }

 private:
  void before_value();
  void next_member();  // a comma after the object's previous member, and the indent
  void end_key() { put(indent_ >= 0 ? std::string_view(": ") : std::string_view(":")); }
  void put_quoted(std::string_view s) {
    char* p = room(s.size() + 2);
    p[0] = '"';
    std::memcpy(p + 1, s.data(), s.size());
    p[s.size() + 1] = '"';
    size_ += s.size() + 2;
  }
  void indent_to(std::size_t level);
  void open(char c, bool array);
  void close(char c);
  void maybe_flush() {
    if (size_ >= kFlushAt) flush();
  }
  // Room for `n` more bytes at the end of the buffer; the caller writes them and adds what it
  // wrote to size_. Output goes through a pointer: a std::string checked capacity, wrote and
  // terminated each piece, and that was most of writing a short string.
  char* room(std::size_t n) {
    if (capacity_ - size_ < n) grow(n);
    return buf_.get() + size_;
  }
  void grow(std::size_t n);
  void put(char c) {
    *room(1) = c;
    ++size_;
  }
  void put(std::string_view s) {
    std::memcpy(room(s.size()), s.data(), s.size());
    size_ += s.size();
  }
  void escape(std::string_view s, bool* ascii);  // s's bytes, escaped, without quotes

  static constexpr std::size_t kFlushAt = 1 << 16;
  struct Level {
    bool array = false;
    std::size_t count = 0;
  };
  std::ostream* out_ = nullptr;  // where the output goes: a stream,
  std::string* text_ = nullptr;  // or a string
  int indent_;
  std::unique_ptr<char[]> buf_;  // what is not yet written out; grows to kFlushAt and a little more
  std::size_t size_ = 0, capacity_ = 0;
  std::vector<Level> stack_;
};

// A value as one compact line, as nlohmann's dump() gives it.
template <class View>
std::string compact_text(const View& v) {
  std::string s;
  {
    JsonWriter w(s, -1);
    w.value(v);
  }
  return s;
}

}  // namespace toolrisk
