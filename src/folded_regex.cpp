#include "folded_regex.h"

#include <string_view>

#include "rule_regex.h"
#include "toolrisk/tokenizer.h"

namespace toolrisk {
namespace {

bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
char lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

// Escapes whose meaning does not depend on case folding: word, digit and space classes and
// their negations, word boundaries, text anchors, control characters.
bool case_free_escape(char e) { return std::string_view("bBwWdDsSntrfvAz").find(e) != std::string_view::npos; }

}  // namespace

FoldedText fold_text(std::string_view text, std::string& buffer) {
  ascii_lower(text, buffer);
  const bool special = text.find("\xE2\x84\xAA") != std::string_view::npos || text.find("\xC5\xBF") != std::string_view::npos;
  return {text, buffer, !special};
}

std::string lowered_pattern(std::string_view p) {
  // A leading "(?i)" says what the search does anyway.
  if (p.starts_with("(?i)")) p.remove_prefix(4);
  std::string out;
  out.reserve(p.size());
  bool in_class = false;
  bool class_empty = true;  // no member of the class read yet
  char class_prev = 0;      // the class's last member when it was a plain character, else 0
  for (std::size_t i = 0; i < p.size(); ++i) {
    const char c = p[i];
    if (static_cast<unsigned char>(c) >= 0x80) return "";
    if (c == '\\') {
      if (i + 1 >= p.size()) return "";
      const char e = p[i + 1];
      if (static_cast<unsigned char>(e) >= 0x80 || is_digit(e)) return "";
      if ((is_upper(e) || is_lower(e)) && !case_free_escape(e)) return "";  // \p, \x, \Q, \C ...
      out += c;
      out += e;
      ++i;
      class_prev = 0;
      class_empty = false;
      continue;
    }
    if (in_class) {
      if (c == ']') {
        in_class = false;
      } else if (c == '[' && i + 1 < p.size() && p[i + 1] == ':') {
        return "";  // [[:upper:]]
      } else if (c == '-' && !class_empty && i + 1 < p.size() && p[i + 1] != ']') {
        // After an escape or a range, a '-' may open a range whose ends lowering would change
        // ("[\.-Z]" holds A-Z and no a-z; "[\.-z]" holds both and "[\]^_`").
        if (class_prev == 0) return "";
        // A range: its ends must be letters of one case, or digits, so that lowering both ends
        // lowers exactly the letters in between ("A-Z"; not "A-z", which holds "[\]^_`").
        const char to = p[i + 1];
        const bool same_kind = (is_upper(class_prev) && is_upper(to)) || (is_lower(class_prev) && is_lower(to)) ||
                               (is_digit(class_prev) && is_digit(to));
        if (!same_kind) return "";
        out += c;
        out += lower(to);
        ++i;
        class_prev = 0;
        continue;
      }
      class_prev = c;
      class_empty = false;
      out += lower(c);
      continue;
    }
    if (c == '(' && i + 1 < p.size() && p[i + 1] == '?') {
      // "(?:" groups only; a flag group may set m, s or U, never i.
      std::size_t j = i + 2;
      while (j < p.size() && std::string_view("msU-").find(p[j]) != std::string_view::npos) ++j;
      if (j >= p.size() || (p[j] != ':' && p[j] != ')')) return "";  // (?i, (?P<name>
      out.append(p.substr(i, j - i + 1));
      i = j;
      continue;
    }
    if (c == '[') {
      in_class = true;
      class_empty = true;
      class_prev = 0;
      out += c;
      if (i + 1 < p.size() && p[i + 1] == '^') out += p[++i];
      if (i + 1 < p.size() && p[i + 1] == ']') {  // "[]a]": ']' is a member
        out += p[++i];
        class_prev = ']';
        class_empty = false;
      }
      continue;
    }
    out += lower(c);
  }
  return in_class ? "" : out;
}

FoldedRegex::FoldedRegex(std::string pattern) : pattern_(std::move(pattern)) {}

const BacktrackRegex* FoldedRegex::small() const {
  std::call_once(small_once_, [this] {
    if (auto re = BacktrackRegex::compile(pattern_)) small_ = std::make_unique<BacktrackRegex>(std::move(*re));
  });
  return small_.get();
}

BacktrackRegex::Result FoldedRegex::small_search(const FoldedText& t, std::size_t from, bool anchor_start, bool anchor_end,
                                                 std::size_t* begin, std::size_t* end) const {
  const BacktrackRegex* re = t.lowerable ? small() : nullptr;
  // Once its searches have taken about what compiling the pattern with RE2 costs, RE2 is
  // compiled and serves the rest of the run: a run over a few tools compiles next to nothing,
  // and a long one (or a hostile text) is not held to backtracking.
  if (!re) return BacktrackRegex::Result::kGaveUp;
  const std::size_t allowed = kSmallStepsPerInstruction * re->size();
  const std::size_t used = small_steps_.load(std::memory_order_relaxed);
  if (used >= allowed) return BacktrackRegex::Result::kGaveUp;
  std::size_t steps = 0;
  const auto r = re->search(t, from, anchor_start, anchor_end, begin, end, allowed - used, &steps);
  small_steps_.fetch_add(steps, std::memory_order_relaxed);
  return r;
}

const RE2& FoldedRegex::folding() const {
  std::call_once(folding_once_, [this] { folding_ = std::make_unique<RE2>(pattern_, rule_regex_options(false)); });
  return *folding_;
}

const RE2* FoldedRegex::lowered() const {
  std::call_once(lowered_once_, [this] {
    const std::string spelling = lowered_pattern(pattern_);
    if (spelling.empty()) return;
    auto re = std::make_unique<RE2>(spelling, rule_regex_options(true));
    if (re->ok()) lowered_ = std::move(re);  // else: the case-insensitive program serves
  });
  return lowered_.get();
}

bool FoldedRegex::partial(const FoldedText& t, std::size_t from) const { return match(t, from, RE2::UNANCHORED, nullptr); }

bool FoldedRegex::match(const FoldedText& t, std::size_t from, RE2::Anchor anchor, re2::StringPiece* m) const {
  std::size_t begin = 0, end = 0;
  if (const auto r = small_search(t, from, anchor != RE2::UNANCHORED, anchor == RE2::ANCHOR_BOTH, &begin, &end);
      r != BacktrackRegex::Result::kGaveUp) {
    if (r == BacktrackRegex::Result::kMatch && m) *m = re2::StringPiece(t.text.data() + begin, end - begin);
    return r == BacktrackRegex::Result::kMatch;
  }
  const int groups = m ? 1 : 0;  // no match asked for: RE2 only says whether there is one
  if (const RE2* re = t.lowerable ? lowered() : nullptr) {
    const re2::StringPiece piece(t.lower.data(), t.lower.size());
    if (!re->Match(piece, from, piece.size(), anchor, m, groups)) return false;
    if (m) *m = re2::StringPiece(t.text.data() + (m->data() - t.lower.data()), m->size());
    return true;
  }
  const re2::StringPiece piece(t.text.data(), t.text.size());
  return folding().Match(piece, from, piece.size(), anchor, m, groups);
}

bool FoldedRegex::full(std::string_view s) const {
  std::string buffer;
  const FoldedText t = fold_text(s, buffer);
  std::size_t begin = 0, end = 0;
  if (const auto r = small_search(t, 0, true, true, &begin, &end); r != BacktrackRegex::Result::kGaveUp) {
    return r == BacktrackRegex::Result::kMatch;
  }
  if (const RE2* re = t.lowerable ? lowered() : nullptr) return RE2::FullMatch(re2::StringPiece(t.lower.data(), t.lower.size()), *re);
  return RE2::FullMatch(re2::StringPiece(t.text.data(), t.text.size()), folding());
}

}  // namespace toolrisk
