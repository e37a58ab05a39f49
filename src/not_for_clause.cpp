#include "not_for_clause.h"

#include <algorithm>
#include <array>
#include <string>

#include "toolrisk/tokenizer.h"

namespace toolrisk {

namespace {

// How far from the match a clause's ends are looked for; farther, the clause is not read.
constexpr std::size_t kFarthest = 240;

// Headings of a list of cases the tool is not for; what follows on their line is one of them.
constexpr std::array<std::string_view, 4> kHeadings = {"when not to use", "when not to call", "when to avoid", "do not use when"};

// Openings of a clause that says what the tool is not for.
constexpr std::array<std::string_view, 20> kOpenings = {
    "not for ",           "not meant for ",         "not intended for ",      "not suitable for ",
    "not designed for ",  "not to be used for ",    "do not use this tool",   "do not use the tool",
    "don't use this tool", "don't use the tool",    "don\xE2\x80\x99t use this tool", "don\xE2\x80\x99t use the tool",
    "never use this tool", "never use the tool",    "avoid using this tool",  "do not call this tool",
    "don't call this tool", "do not use it for ",   "do not use for ",        "don't use for ",
};

// Words that qualify a warning, which then says what the tool can do.
constexpr std::array<std::string_view, 9> kQualifiers = {"without", "unless", "until", "before", "except", "but",
                                                         "only",    "other than", "first"};

bool has_word(std::string_view s, std::string_view w) {
  for (std::size_t at = s.find(w); at != std::string_view::npos; at = s.find(w, at + 1)) {
    const bool starts = at == 0 || !is_ascii_letter(s[at - 1]);
    const bool ends = at + w.size() == s.size() || !is_ascii_letter(s[at + w.size()]);
    if (starts && ends) return true;
  }
  return false;
}

}  // namespace

bool in_not_for_clause(std::string_view text, std::size_t begin, std::size_t end) {
  if (begin > end || end > text.size()) return false;
  std::size_t from = begin;
  while (from > 0 && begin - from < kFarthest && !ends_clause(text[from - 1])) --from;
  if (from > 0 && !ends_clause(text[from - 1])) return false;  // too far back to tell where it opens
  std::size_t to = end;
  while (to < text.size() && to - end < kFarthest && !ends_clause(text[to])) ++to;
  if (to < text.size() && !ends_clause(text[to])) return false;
  // The clause, from its first letter ("- ", "2) " are no words), in lower case and without
  // Markdown's emphasis marks ("**Not for** listing").
  while (from < begin && !is_ascii_letter(text[from])) ++from;
  thread_local std::string lowered;
  lowered.clear();
  std::size_t before = 0;  // the match starts here in `lowered`
  for (std::size_t i = from; i < to; ++i) {
    if (i == begin) before = lowered.size();
    const char c = text[i];
    if (c == '*' || c == '`') continue;
    lowered += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  }
  const std::string_view clause = lowered;
  const auto opens_with = [&](std::string_view w) { return w.size() <= before && clause.substr(0, w.size()) == w; };
  if (std::any_of(kHeadings.begin(), kHeadings.end(), opens_with)) return true;
  if (!std::any_of(kOpenings.begin(), kOpenings.end(), opens_with)) return false;
  // "Not for the faint of heart: deletes every table in the organization" says what it does.
  if (clause.substr(0, before).find(':') != std::string_view::npos) return false;
  return std::none_of(kQualifiers.begin(), kQualifiers.end(), [&](std::string_view w) { return has_word(clause, w); });
}

}  // namespace toolrisk
