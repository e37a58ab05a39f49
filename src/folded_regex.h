// A rule pattern, searched ignoring case, compiled on first use (thread-safe). Serves the rule
// base (rule_base.cpp).
//
// Most rule patterns are plain ASCII without case-sensitive parts. For such a pattern, a search
// that ignores case finds what a case-sensitive search for its lower-case spelling finds in the
// text with A-Z lowered (bytes keep their places, so a match is quoted from the text as given):
// RE2 folds an ASCII letter only to its other case and to U+212A (K) or U+017F (s), and a text
// holding either of those takes the case-insensitive program. The case-sensitive program costs
// about a third less to compile (RE2 builds no case-folding class for each letter), and compiling
// is most of what a run over a small dump does (docs/performance.md).
//
// Before either, a pattern in the subset BacktrackRegex takes (every built-in one) is searched by
// that small program, which costs microseconds to compile; RE2 serves a pattern outside it, a
// text with U+212A or U+017F, and a search the small program gives up on.
#pragma once

#include <re2/re2.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "backtrack_regex.h"

namespace toolrisk {

// A text as the patterns search it: as given, and with A-Z lowered.
struct FoldedText {
  std::string_view text;
  std::string_view lower;  // same length as text
  bool lowerable = true;   // false when the text holds U+212A or U+017F
};

// Fills `buffer` with `text` lowered and returns both views (`buffer` must outlive the result).
FoldedText fold_text(std::string_view text, std::string& buffer);

// `pattern` spelled for a case-sensitive search of lowered text, or "" when that would not find
// the same matches (a byte outside ASCII, a flag group that turns case folding on or off other
// than a leading "(?i)", an escape such as \p or \x, a POSIX class, a range mixing letters with
// other characters).
std::string lowered_pattern(std::string_view pattern);

class FoldedRegex {
 public:
  // Backtracking steps a pattern may take, over a run, for each instruction of its program,
  // before RE2 is compiled for it.
  static constexpr std::size_t kSmallStepsPerInstruction = 50;
  explicit FoldedRegex(std::string pattern);
  // Whether the pattern matches somewhere in `t` at or after `from` (what stands before `from`
  // is still context for \b and ^).
  bool partial(const FoldedText& t, std::size_t from = 0) const;
  // RE2::Match on `t` from `from`: the match, if any, in `*m` as a view of t.text (`m` may be
  // null: only whether there is one).
  bool match(const FoldedText& t, std::size_t from, RE2::Anchor anchor, re2::StringPiece* m) const;
  // Whether the pattern matches the whole of `s`.
  bool full(std::string_view s) const;
  const std::string& pattern() const { return pattern_; }

 private:
  const BacktrackRegex* small() const;  // the pattern as a backtracking program; null when outside its subset
  // The backtracking program's search, or kGaveUp: when it gives up, when the pattern or text is
  // not for it, or when its searches have used up the steps it is allowed.
  BacktrackRegex::Result small_search(const FoldedText& t, std::size_t from, bool anchor_start, bool anchor_end,
                                      std::size_t* begin, std::size_t* end) const;
  const RE2& folding() const;  // the pattern, case-insensitive
  const RE2* lowered() const;  // its lower-case spelling, case-sensitive; null when there is none
  std::string pattern_;
  mutable std::once_flag small_once_, folding_once_, lowered_once_;
  // Held apart: a BacktrackRegex is 312 bytes, mostly a table of 256 bytes, and the rule base
  // makes hundreds of FoldedRegex at each start, most of them never searched.
  mutable std::unique_ptr<BacktrackRegex> small_;
  mutable std::atomic<std::size_t> small_steps_{0};  // taken by its searches so far
  mutable std::unique_ptr<RE2> folding_, lowered_;
};

}  // namespace toolrisk
