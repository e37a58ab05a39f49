#include "denial.h"

#include <algorithm>
#include <array>
#include <string>

#include "toolrisk/tokenizer.h"

namespace toolrisk {

namespace {

// How many words before the place are read: a denial and the fillers that may follow it.
constexpr int kMostWordsBack = 3;

constexpr std::array<std::string_view, 9> kDenials = {"not", "never", "cannot", "nor", "neither", "doesn", "don", "won", "isn"};
constexpr std::array<std::string_view, 5> kFillers = {"be", "ever", "actually", "automatically", "directly"};

bool listed(std::string_view w, const auto& words) { return std::find(words.begin(), words.end(), w) != words.end(); }

// The word that ends at text[at] (spaces before `at` passed over), lowered, and where it starts;
// "doesn't" and "doesn’t" give "doesn". An empty word when punctuation, a digit or the text's
// start comes first.
std::string word_before(std::string_view text, std::size_t at, std::size_t* from) {
  while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t')) --at;
  std::size_t f = at;
  while (f > 0 && is_ascii_letter(text[f - 1])) --f;
  std::string word = ascii_lower(text.substr(f, at - f));
  if (word == "t") {
    std::size_t apostrophe = f;
    if (apostrophe >= 1 && text[apostrophe - 1] == '\'') apostrophe -= 1;
    else if (apostrophe >= 3 && text.substr(apostrophe - 3, 3) == "\xE2\x80\x99") apostrophe -= 3;
    else apostrophe = f;
    if (apostrophe != f) return word_before(text, apostrophe, from);
  }
  *from = f;
  return word;
}

// Whether nothing but spaces, Markdown marks, a list's dash or "please" stands between a
// clause's opening and text[at].
bool opens_clause(std::string_view text, std::size_t at) {
  while (at > 0 && (text[at - 1] == ' ' || text[at - 1] == '\t' || text[at - 1] == '*' || text[at - 1] == '`' || text[at - 1] == '-')) --at;
  if (at == 0) return true;
  const char c = text[at - 1];
  if (ends_clause(c) || c == ':' || c == '(') return true;
  std::size_t from = 0;
  return word_before(text, at, &from) == "please" && opens_clause(text, from);
}

}  // namespace

bool is_denial_word(std::string_view word) { return listed(word, kDenials); }

bool denied_before(std::string_view text, std::size_t at) {
  if (at > text.size()) return false;
  for (int n = 0; n < kMostWordsBack; ++n) {
    std::size_t from = 0;
    const std::string word = word_before(text, at, &from);
    if (word.empty()) return false;
    if (is_denial_word(word)) {
      // "Never overwrite the original", "Do not delete ...": told to the caller, a warning that
      // the tool can.
      if ((word == "never" || word == "don") && opens_clause(text, from)) return false;
      if (word == "not") {
        std::size_t do_from = 0;
        if (word_before(text, from, &do_from) == "do" && opens_clause(text, do_from)) return false;
      }
      return true;
    }
    if (!listed(word, kFillers)) return false;
    at = from;
  }
  return false;
}

}  // namespace toolrisk
