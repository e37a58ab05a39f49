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
#pragma once

#include <re2/re2.h>

#include <memory>
#include <mutex>
#include <string>
#include <string_view>

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
  explicit FoldedRegex(std::string pattern);
  // Whether the pattern matches somewhere in `t`.
  bool partial(const FoldedText& t) const;
  // RE2::Match on `t` from `from`: the match, if any, in `*m` as a view of t.text.
  bool match(const FoldedText& t, std::size_t from, RE2::Anchor anchor, re2::StringPiece* m) const;
  // Whether the pattern matches the whole of `s`.
  bool full(std::string_view s) const;
  const std::string& pattern() const { return pattern_; }

 private:
  const RE2& folding() const;  // the pattern, case-insensitive
  const RE2* lowered() const;  // its lower-case spelling, case-sensitive; null when there is none
  std::string pattern_;
  mutable std::once_flag folding_once_, lowered_once_;
  mutable std::unique_ptr<RE2> folding_, lowered_;
};

}  // namespace toolrisk
