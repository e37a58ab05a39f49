// A rule pattern as a small backtracking program: compiled in microseconds, where RE2 takes 10
// to 300 µs a pattern, and most of a run over a small dump went into RE2 compiling the phrases
// its descriptions let through (docs/performance.md). Serves FoldedRegex, which keeps RE2 for
// what this does not take.
//
// It takes the part of RE2's syntax the rule patterns use: literals, classes ([...], ., \w \d \s
// and their negations), groups with the i, m and s flags, alternation, the repetitions * + ? and
// {n,m} (greedy or lazy), and the assertions ^ $ \A \z \b \B. The pattern is searched ignoring
// ASCII case in a text with A-Z lowered, its case-sensitive parts ((?-i:...)) in the text as
// given. It finds what RE2 finds: the leftmost match, and of those the one a backtracking
// (Perl) search takes first, which is RE2's leftmost-first choice. A pattern outside the subset
// (a non-ASCII letter searched ignoring case, \p, \x, \Q, a repeated group that can match
// nothing, the U flag ...) does not compile. Backtracking has no memory of where it has failed,
// so a search stops, undecided, after a budget of steps proportional to the text: the caller
// then asks RE2, so a hostile text costs no more than it did.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace toolrisk {

struct FoldedText;  // folded_regex.h

class BacktrackRegex {
 public:
  // The program for `pattern`, or nullopt when the pattern is outside the subset.
  static std::optional<BacktrackRegex> compile(std::string_view pattern);

  enum class Result { kNoMatch, kMatch, kGaveUp };
  // Searches `t` (its `lowerable` must be true) for a match that starts at `from` or later (at
  // `from` when `anchor_start`) and, when `anchor_end`, ends where the text ends. On kMatch the
  // match is t.text[*begin, *end). Gives up after `max_steps` steps, or fewer for a short text.
  // Adds the steps it took to *steps.
  Result search(const FoldedText& t, std::size_t from, bool anchor_start, bool anchor_end, std::size_t* begin,
                std::size_t* end, std::size_t max_steps, std::size_t* steps) const;

  // Instructions, after repetitions are written out (for tests).
  std::size_t size() const { return prog_.size(); }

  enum class Op : std::uint8_t { kByte, kClass, kAny, kSplit, kJmp, kAssert, kMatch };
  enum class Assert : std::uint8_t { kBeginText, kEndText, kBeginLine, kEndLine, kWordBoundary, kNotWordBoundary };
  struct Inst {
    Op op;
    bool exact;         // kByte, kClass: the text as given (a case-sensitive part), else lowered
    std::uint8_t arg;   // kByte: the byte; kAny: 1 when it takes a newline; kAssert: an Assert
    std::uint32_t x;    // kSplit: tried first; kJmp: target; kClass: class index
    std::uint32_t y;    // kSplit: tried second
  };
  struct CharClass {
    std::array<std::uint64_t, 2> ascii{};                 // members below 0x80
    std::vector<std::pair<char32_t, char32_t>> high;      // member ranges from 0x80, sorted
    bool contains(char32_t c) const;
  };

 private:
  bool run(const FoldedText& t, std::size_t start, bool anchor_end, std::size_t* end, std::size_t* steps,
           std::size_t budget) const;

  std::vector<Inst> prog_;
  std::vector<CharClass> classes_;
  std::array<bool, 256> first_{};  // bytes of the lowered text a match can start with
  bool nullable_ = false;          // a match may start with no byte (an empty match, or one after an assertion only)
};

}  // namespace toolrisk
