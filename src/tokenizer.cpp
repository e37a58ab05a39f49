#include "toolrisk/tokenizer.h"

#include <algorithm>

namespace toolrisk {
namespace {

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_high(char c) { return static_cast<unsigned char>(c) >= 0x80; }

}  // namespace

bool is_word_char(char c) { return is_upper(c) || is_lower(c) || is_digit(c) || is_high(c); }

void ascii_lower(std::string_view s, std::string& out) {
  out.assign(s);
  for (char& c : out) c = is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string ascii_lower(std::string_view s) {
  std::string out;
  ascii_lower(s, out);
  return out;
}

std::vector<std::string> tokenize_name(std::string_view name) {
  std::vector<std::string> words;
  std::string current;
  auto flush = [&] {
    if (!current.empty()) words.push_back(ascii_lower(current));
    current.clear();
  };
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (!is_word_char(c)) {
      flush();
      continue;
    }
    if (!current.empty()) {
      const char prev = current.back();
      const char next = i + 1 < name.size() ? name[i + 1] : '\0';
      // fooBar -> foo | Bar; HTTPResponse -> HTTP | Response; digits stay with the letters
      // before them (s3, v2010) but a capital after digits starts a word (V1Create).
      const bool lower_to_upper = (is_lower(prev) || is_digit(prev)) && is_upper(c);
      const bool acronym_end = is_upper(prev) && is_upper(c) && is_lower(next);
      if (lower_to_upper || acronym_end) flush();
    }
    current.push_back(c);
  }
  flush();
  return words;
}

std::vector<std::string> tokenize_text(std::string_view text, std::size_t most) {
  std::vector<std::string> words;
  words.reserve(std::min(most, text.size() / 4 + 1));
  std::size_t start = 0;
  bool in_word = false;
  for (std::size_t i = 0; i <= text.size() && words.size() < most; ++i) {
    if (i < text.size() && is_word_char(text[i])) {
      if (!in_word) start = i;
      in_word = true;
    } else if (in_word) {
      ascii_lower(text.substr(start, i - start), words.emplace_back());
      in_word = false;
    }
  }
  return words;
}

}  // namespace toolrisk
