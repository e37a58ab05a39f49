// How rule patterns are compiled with RE2: shared by the check made when rules are read
// (rule_patterns.cpp) and the rule base that runs them (rule_base.cpp).
#pragma once

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>

namespace toolrisk {

inline RE2::Options rule_regex_options(bool case_sensitive) {
  RE2::Options o;
  o.set_log_errors(false);  // errors are reported to the caller, not to stderr
  o.set_case_sensitive(case_sensitive);
  // Room for the DFA of a whole rule set: with RE2's default 8 MiB a set of a hundred
  // case-insensitive phrases falls back to the slow NFA on long descriptions.
  o.set_max_mem(int64_t{256} << 20);
  o.set_never_capture(true);  // only the whole match is quoted; groups only cost compile time
  return o;
}

// Whether a rule word has no regex syntax, so that it matches only itself (a table:
// find_first_of asks memchr once per byte).
inline bool is_literal_word(std::string_view w) {
  static constexpr auto kSyntax = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : std::string_view("\\.+*?()|[]{}^$")) t[c] = true;
    return t;
  }();
  return std::none_of(w.begin(), w.end(), [](char c) { return kSyntax[static_cast<unsigned char>(c)]; });
}

}  // namespace toolrisk
