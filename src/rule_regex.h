// How rule patterns are compiled with RE2: shared by the check made when rules are read
// (rule_patterns.cpp) and the rule base that runs them (rule_base.cpp).
#pragma once

#include <re2/re2.h>

#include <cstdint>

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

}  // namespace toolrisk
