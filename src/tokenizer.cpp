#include "toolrisk/tokenizer.h"

#include <algorithm>

namespace toolrisk {
namespace {

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

void ascii_lower(std::string_view s, std::string& out) {
  out.assign(s);
  for (char& c : out) c = lower(c);
}

std::string ascii_lower(std::string_view s) {
  std::string out;
  ascii_lower(s, out);
  return out;
}

namespace {

// The capitals of Latin-1 (U+00C0 to U+00DE but the multiplication sign), lower-cased in place:
// a word of French, German, Spanish or Portuguese opening a sentence ("Ändert", "Élimine") is
// the rule base's lower-case word. Their UTF-8 forms are 0xC3 then 0x80 to 0x9E; the lower-case
// letter is 0x20 further.
void latin1_lower(std::string& word) {
  for (std::size_t i = 0; i + 1 < word.size(); ++i) {
    const auto lead = static_cast<unsigned char>(word[i]);
    const auto next = static_cast<unsigned char>(word[i + 1]);
    if (lead == 0xC3 && next >= 0x80 && next <= 0x9E && next != 0x97) word[i + 1] = static_cast<char>(next + 0x20);
  }
}

// Calls f with each word of a name, as written (a piece of `name`): fooBar -> foo | Bar;
// HTTPResponse -> HTTP | Response; digits stay with the letters before them (s3, v2010) but a
// capital after digits starts a word (V1Create).
template <class F>
void each_name_word(std::string_view name, F&& f) {
  std::size_t start = std::string_view::npos;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    if (!is_word_char(c)) {
      if (start != std::string_view::npos) f(name.substr(start, i - start));
      start = std::string_view::npos;
      continue;
    }
    if (start == std::string_view::npos) {
      start = i;
      continue;
    }
    const char prev = name[i - 1];
    const char next = i + 1 < name.size() ? name[i + 1] : '\0';
    const bool lower_to_upper = (is_lower(prev) || is_digit(prev)) && is_upper(c);
    const bool acronym_end = is_upper(prev) && is_upper(c) && is_lower(next);
    if (lower_to_upper || acronym_end) {
      f(name.substr(start, i - start));
      start = i;
    }
  }
  if (start != std::string_view::npos) f(name.substr(start));
}

}  // namespace

std::vector<std::string> tokenize_name(std::string_view name) {
  std::vector<std::string> words;
  each_name_word(name, [&](std::string_view w) { ascii_lower(w, words.emplace_back()); });
  return words;
}

std::string join_name_words(std::string_view name, char separator) {
  std::string out;
  out.reserve(name.size() + 4);
  each_name_word(name, [&](std::string_view w) {
    if (!out.empty()) out += separator;
    for (const char c : w) out += lower(c);
  });
  return out;
}

std::vector<std::string> tokenize_text(std::string_view text, std::size_t most) {
  std::vector<std::string> words;
  words.reserve(std::min(most, text.size() / 4 + 1));
  std::size_t start = 0;
  bool in_word = false;
  bool past_ascii = false;
  for (std::size_t i = 0; i <= text.size() && words.size() < most; ++i) {
    if (i < text.size() && is_word_char(text[i])) {
      if (!in_word) start = i;
      in_word = true;
      past_ascii |= static_cast<unsigned char>(text[i]) >= 0x80;
    } else if (in_word) {
      std::string& word = words.emplace_back();
      ascii_lower(text.substr(start, i - start), word);
      if (past_ascii) latin1_lower(word);
      in_word = false;
      past_ascii = false;
    }
  }
  return words;
}

std::vector<char> commas_before_words(std::string_view text, std::size_t most) {
  std::vector<char> marks;
  bool comma = false, colon = false, sentence = false;  // since the word before
  std::size_t depth = 0;                                // brackets open
  for (std::size_t i = 0; i < text.size() && marks.size() < most; ++i) {
    const char c = text[i];
    if (!is_word_char(c)) {
      if (c == '(' || c == '[') ++depth;
      if ((c == ')' || c == ']') && depth > 0) --depth;
      if (depth == 0) {
        comma |= c == ',';
        colon |= c == ':';
        sentence |= ends_clause(c);
      }
      continue;
    }
    marks.push_back(marks.empty() ? 0 : sentence ? kMarkSentence : colon ? kMarkColon : comma ? kMarkComma : 0);
    comma = colon = sentence = false;
    while (i + 1 < text.size() && is_word_char(text[i + 1])) ++i;  // the rest of the word
  }
  return marks;
}

}  // namespace toolrisk
