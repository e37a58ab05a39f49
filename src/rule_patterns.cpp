// A rule's regular expressions, checked when the rule is read: each must compile; a phrase is
// split into its top-level alternatives and each one's required literals are found, once (at
// build time for the built-in rules), so that the rule base runs and compiles an alternative
// only when a text could match it.
#include <re2/filtered_re2.h>

#include <algorithm>

#include "literal_set.h"
#include "rule_regex.h"
#include "toolrisk/rule_base.h"
#include "toolrisk/tokenizer.h"
#include "toolrisk/utf8.h"

namespace toolrisk {
namespace {

// Groups of literals such that every match of `pattern` contains one literal of each group
// (lower case, at least three bytes): clauses of RE2's prefilter for the pattern, found by asking
// the prefilter which sets of literals would let the pattern run. A group is kept minimal: leave
// out all its literals and no match is possible. Up to four groups are found, each trying to
// avoid the literals of those before, so a pattern such as "(get|list) (messages|items) in
// (channels|boards)" is run only on texts that have a word of every part. No groups when the
// prefilter has no literals, or has one with a letter past ASCII that has case (the search folds
// ASCII case only), unless `cased_ok`: then such a literal is kept as RE2 gives it, lower case.
std::vector<std::vector<std::string>> literal_groups(const std::string& pattern, bool cased_ok) {
  re2::FilteredRE2 filter(3);
  int id = -1;
  std::vector<std::string> atoms;
  if (filter.Add(re2::StringPiece(pattern), rule_regex_options(false), &id) != RE2::NoError) return {};
  filter.Compile(&atoms);
  // A literal is found as written, A-Z lowered: one with a letter past ASCII (which RE2 folds
  // through Unicode's tables) is not prefiltered; one of CJK or other caseless characters is.
  if (atoms.empty() || (!cased_ok && std::any_of(atoms.begin(), atoms.end(), [](const std::string& a) { return !non_ascii_has_no_case(a); }))) {
    return {};
  }
  // Whether the pattern would run on a text holding just the literals not in `absent`.
  auto runs_without = [&](const std::vector<bool>& absent) {
    std::vector<int> present;
    for (std::size_t i = 0; i < atoms.size(); ++i) {
      if (!absent[i]) present.push_back(static_cast<int>(i));
    }
    std::vector<int> potential;
    filter.AllPotentials(present, &potential);
    return !potential.empty();
  };
  if (runs_without(std::vector<bool>(atoms.size(), true))) return {};
  std::vector<std::vector<std::string>> groups;
  std::vector<bool> used(atoms.size(), false);
  for (int round = 0; round < 4; ++round) {
    // Drop literals from the group while leaving the rest out still blocks every match: first
    // those already in a group, then the short ones (the commoner words).
    std::vector<std::size_t> order(atoms.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      if (used[a] != used[b]) return used[a] > used[b];
      return atoms[a].size() < atoms[b].size();
    });
    std::vector<bool> in_group(atoms.size(), true);
    for (std::size_t i : order) {
      in_group[i] = false;
      if (runs_without(in_group)) in_group[i] = true;
    }
    std::vector<std::string> group;
    for (std::size_t i = 0; i < atoms.size(); ++i) {
      if (in_group[i]) group.push_back(atoms[i]);
    }
    std::sort(group.begin(), group.end());
    if (std::find(groups.begin(), groups.end(), group) != groups.end()) break;
    for (std::size_t i = 0; i < atoms.size(); ++i) used[i] = used[i] || in_group[i];
    groups.push_back(std::move(group));
  }
  std::sort(groups.begin(), groups.end());
  return groups;
}

std::vector<std::vector<std::string>> required_literals(const std::string& pattern) { return literal_groups(pattern, false); }

// The byte sequences that open every spelling, in any case RE2 folds to, of a Cyrillic letter:
// the two-byte letters U+0400-U+04FF open with D0-D3, and RE2 folds в, д, о, с, т, ъ, ѣ and ꙋ
// with the old forms U+1C80-U+1C88 (E1 B2 ..) and ꙋ with U+A64A (EA 99 ..).
constexpr std::string_view kCyrillicOpenings[] = {"\xD0", "\xD1", "\xD2", "\xD3", "\xE1\xB2", "\xEA\x99"};

// A phrase alternative's literal groups: required_literals', except that a literal holding a
// letter past ASCII that has case, which the literal pass, folding ASCII only, cannot find in
// every spelling ("Удаляет", "удаляет", "УДАЛЯЕТ"), stands, when it is Cyrillic, for the bytes
// that open Cyrillic letters, which every spelling of it holds. So such an alternative runs on a
// text with Cyrillic in it and spares the others. None when such a literal is of another script.
std::vector<std::vector<std::string>> phrase_groups(const std::string& pattern) {
  auto groups = literal_groups(pattern, true);
  for (auto& group : groups) {
    std::vector<std::string> out;
    for (const auto& lit : group) {
      if (non_ascii_has_no_case(lit)) {
        out.push_back(lit);
        continue;
      }
      // The literal's first letter past ASCII with case decides its script.
      char32_t c = 0;
      std::size_t len = 0;
      for (std::size_t i = next_non_ascii(lit); i < lit.size(); i = next_non_ascii(lit, i + len)) {
        if (!utf8_decode(lit, i, &c, &len)) return {};
        if (!has_no_case(c)) break;
      }
      if (c < 0x0400 || c > 0x04FF) return {};
      out.insert(out.end(), std::begin(kCyrillicOpenings), std::end(kCyrillicOpenings));
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    group = std::move(out);
  }
  std::sort(groups.begin(), groups.end());
  groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
  return groups;
}

// One piece of a pattern's syntax, as walk_pattern() reports it.
enum class Syntax {
  kOpen,   // "(", "(?:", "(?-i:" ...: the opening parenthesis of a group
  kClose,  // ")"
  kBar,    // "|"
  kClass,  // a whole character class, "[^.]" or "[]a]"
  kOther,  // anything else: one literal character, one escape, or a whole \Q...\E quote
};

// Walks `pattern` piece by piece, calling on(kind, begin, end, depth) with each piece's place
// [begin, end) and the number of groups around it (for kOpen, before it opens; for kClose,
// after it closes). `on` returns false to stop. The one place where the rule files' patterns
// are taken apart, so that escapes, quotes and classes are skipped the same way everywhere.
template <class On>
void walk_pattern(std::string_view pattern, On on) {
  std::size_t depth = 0;
  for (std::size_t i = 0; i < pattern.size();) {
    const char c = pattern[i];
    std::size_t end = i + 1;
    Syntax kind = Syntax::kOther;
    std::size_t at_depth = depth;
    if (c == '\\' && i + 1 < pattern.size()) {
      if (pattern[i + 1] == 'Q') {  // \Q...\E: literal text up to \E or the end
        const auto close = pattern.find("\\E", i + 2);
        end = close == std::string_view::npos ? pattern.size() : close + 2;
      } else {
        end = i + 2;
      }
    } else if (c == '[') {
      kind = Syntax::kClass;
      if (end < pattern.size() && pattern[end] == '^') ++end;
      if (end < pattern.size() && pattern[end] == ']') ++end;  // "[]a]", "[^]a]": ']' is a member
      for (; end < pattern.size() && pattern[end] != ']'; ++end) {
        if (pattern[end] == '\\') ++end;
      }
      end = std::min(end + 1, pattern.size());
    } else if (c == '(') {
      kind = Syntax::kOpen;
      ++depth;
    } else if (c == ')' && depth > 0) {
      kind = Syntax::kClose;
      at_depth = --depth;
    } else if (c == '|') {
      kind = Syntax::kBar;
    }
    if (!on(kind, i, end, at_depth)) return;
    i = end;
  }
}

// Whether `c`, after a piece of a pattern, may let that piece be absent ("?", "*", "{0,2}";
// "{1,2}" counts too: taking a piece for optional only gives up a shortcut).
bool optional_mark(char c) { return c == '?' || c == '*' || c == '{'; }

// Whether a flag group ("(?i)", "(?-i)", "(?sm)") opens at `at`: its flags reach everything
// after it in the enclosing group.
bool flag_group_at(std::string_view pattern, std::size_t at) {
  if (pattern.compare(at, 2, "(?") != 0) return false;
  const auto flags_end = pattern.find_first_not_of("imsU-", at + 2);
  return flags_end != std::string_view::npos && pattern[flags_end] == ')';
}

// Walks the pieces of `pattern` that stand outside every group, calling on(kind, begin, end).
// False, having stopped, where a flag group stands at the top level ("(?m)^a|b"): its flags
// reach everything after it, so the pattern is not to be taken apart.
template <class On>
bool walk_top_level(std::string_view pattern, On on) {
  bool flag_group = false;
  walk_pattern(pattern, [&](Syntax kind, std::size_t begin, std::size_t end, std::size_t depth) {
    if (depth != 0) return true;
    if (kind == Syntax::kOpen && flag_group_at(pattern, begin)) {
      flag_group = true;
      return false;
    }
    return on(kind, begin, end);
  });
  return !flag_group;
}

// The top-level alternatives of `pattern` ("a(b|c)|d" -> "a(b|c)", "d"): `|` outside groups,
// character classes and \Q...\E quotes. The whole pattern when it has one alternative, when a
// flag group stands at the top level ("(?m)^a|b": the flag reaches every alternative after it),
// or when a piece does not compile on its own (which a split in the wrong place would show).
std::vector<std::string> top_level_alternatives(const std::string& pattern) {
  std::vector<std::string> pieces;
  std::size_t start = 0;
  const bool apart = walk_top_level(pattern, [&](Syntax kind, std::size_t begin, std::size_t end) {
    if (kind == Syntax::kBar) {
      pieces.push_back(pattern.substr(start, begin - start));
      start = end;
    }
    return true;
  });
  if (!apart) return {pattern};
  pieces.push_back(pattern.substr(start));
  const bool each_compiles = std::all_of(pieces.begin(), pieces.end(), [](const std::string& piece) {
    return !piece.empty() && RE2(piece, rule_regex_options(false)).ok();
  });
  if (pieces.size() < 2 || !each_compiles) return {pattern};
  return pieces;
}

// The case-sensitive parts every match of `pattern` (one alternative) goes through: the
// bodies of its "(?-i:...)" groups that stand at the top level with no quantifier after them.
// None when such a body holds a flag group of its own (it might turn folding back on).
std::vector<std::string> mandatory_case_sensitive_parts(const std::string& pattern) {
  std::vector<std::string> parts;
  std::size_t open = std::string::npos;  // where a top-level "(?-i:" group starts
  bool nested_flags = false;
  walk_pattern(pattern, [&](Syntax kind, std::size_t begin, std::size_t end, std::size_t depth) {
    if (depth != 0) {
      // A flag group inside a part ("(?i:", "(?s)") changes what the part matches; a plain
      // group ("(?:") does not.
      nested_flags = open != std::string::npos && kind == Syntax::kOpen && pattern.compare(begin, 2, "(?") == 0 &&
                     pattern.compare(begin, 3, "(?:") != 0;
      return !nested_flags;
    }
    if (kind == Syntax::kOpen && pattern.compare(begin, 5, "(?-i:") == 0) open = begin;
    if (kind == Syntax::kClose && open != std::string::npos) {
      std::string body = pattern.substr(open + 5, begin - open - 5);
      if (end >= pattern.size() || !optional_mark(pattern[end])) parts.push_back(std::move(body));
      open = std::string::npos;
    }
    return true;
  });
  if (nested_flags) return {};
  return parts;
}

// Groups of literals, spelled as written, that every match of `pattern` (one alternative)
// holds in that case: the literal groups of each mandatory case-sensitive part
// ("(?-i:\\b(INSERT|DELETE)\\b) rows" gives (DELETE|INSERT)). A literal not written as
// itself in the part (a class such as [Ii]) drops its group.
std::vector<std::vector<std::string>> exact_case_groups(const std::string& pattern) {
  std::vector<std::vector<std::string>> out;
  for (const auto& part : mandatory_case_sensitive_parts(pattern)) {
    const std::string part_lower = ascii_lower(part);
    for (const auto& group : required_literals(part)) {
      std::vector<std::string> spelled;
      bool written = true;
      for (const auto& lit : group) {
        const std::size_t before = spelled.size();
        for (auto at = part_lower.find(lit); at != std::string::npos; at = part_lower.find(lit, at + 1)) {
          spelled.push_back(part.substr(at, lit.size()));
        }
        written = written && spelled.size() > before;
      }
      if (!written) continue;
      std::sort(spelled.begin(), spelled.end());
      spelled.erase(std::unique(spelled.begin(), spelled.end()), spelled.end());
      if (std::find(out.begin(), out.end(), spelled) == out.end()) out.push_back(std::move(spelled));
    }
  }
  return out;
}

// What follows the last window of `pattern` (one alternative) that stands at its top level: a
// negated class with a bounded count ("[^.]{0,60}", "[^.\\n]{0,50}?"). Every match of the
// pattern holds a match of this tail, which needs no window. Empty when there is no such
// window, when a flag group at the top level would not reach the tail, or when the tail does
// not compile on its own.
std::string tail_after_window(const std::string& pattern) {
  std::size_t tail = std::string::npos;
  const bool apart = walk_top_level(pattern, [&](Syntax kind, std::size_t begin, std::size_t end) {
    if (kind != Syntax::kClass || pattern.compare(begin, 2, "[^") != 0 || end >= pattern.size() || pattern[end] != '{') return true;
    const auto close = pattern.find('}', end);
    if (close == std::string::npos || pattern.find(',', end) > close) return true;
    tail = close + 1;
    if (tail < pattern.size() && pattern[tail] == '?') ++tail;
    return true;
  });
  if (!apart || tail == std::string::npos || tail >= pattern.size()) return "";
  std::string out = pattern.substr(tail);
  return RE2(out, rule_regex_options(false)).ok() ? out : "";
}

// The literal text `s` opens with, up to its first regular-expression syntax, lower case; a
// character a quantifier makes optional ("returns?") is left out. Empty when `s` opens with
// syntax or with a character outside ASCII.
std::string plain_prefix(std::string_view s) {
  std::size_t n = 0;
  while (n < s.size() && static_cast<unsigned char>(s[n]) < 0x80 && std::string_view("\\()[]{}|.*+?^$").find(s[n]) == std::string_view::npos) ++n;
  if (n > 0 && n < s.size() && optional_mark(s[n])) --n;
  return ascii_lower(s.substr(0, n));
}

// The literals every match of `pattern` (one alternative) starts with, lower case: the plain
// text it opens with, after an optional \b ("\\bpermanent(ly)?" -> permanent), or the plain
// text each branch of the group it opens with starts with ("\\b(delet|remov)(e|es)? ..." ->
// delet, remov). A match can start only where one of them stands, so it is tried there,
// anchored, instead of searched for across the whole text. Empty when the pattern opens
// otherwise (a flag, an anchor, a class, an optional group), when it has alternatives at its top
// level, or when a literal is shorter than three characters (common words: trying every place
// they stand would cost more).
std::vector<std::string> leading_literals(const std::string& pattern) {
  // A piece that could not be split ("(?m)^a|b") has alternatives of its own: none.
  bool bar = false;
  walk_pattern(pattern, [&](Syntax kind, std::size_t, std::size_t, std::size_t depth) {
    bar = bar || (kind == Syntax::kBar && depth == 0);
    return !bar;
  });
  if (bar) return {};
  std::string_view p = pattern;
  if (p.starts_with("\\b")) p.remove_prefix(2);
  std::vector<std::string> out;
  if (p.starts_with("(")) {
    if (p.starts_with("(?") && !p.starts_with("(?:")) return {};
    // The group's branches at its own top level, and where it ends.
    std::vector<std::string_view> branches;
    std::size_t from = p.starts_with("(?:") ? 3 : 1, after = std::string_view::npos;
    walk_pattern(p, [&](Syntax kind, std::size_t begin, std::size_t end, std::size_t depth) {
      if ((kind == Syntax::kBar && depth == 1) || (kind == Syntax::kClose && depth == 0)) {
        branches.push_back(p.substr(from, begin - from));
        from = end;
        if (kind == Syntax::kClose) after = end;
      }
      return after == std::string_view::npos;
    });
    if (after == std::string_view::npos) return {};
    if (after < p.size() && optional_mark(p[after])) return {};  // the group may be absent
    for (const auto& b : branches) out.push_back(plain_prefix(b));
  } else {
    out.push_back(plain_prefix(p));
  }
  if (std::any_of(out.begin(), out.end(), [](const std::string& l) { return l.size() < 3; })) return {};
  // Places are counted back from a literal's end in characters of its byte length: ASCII only.
  if (std::any_of(out.begin(), out.end(), [](const std::string& l) { return has_non_ascii(l); })) return {};
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// How `pattern` (one alternative) opens, when it opens a sentence or a line in one of the two
// forms PhraseAlternative::Opening names; the rest of the pattern in `*rest`. kAtLeading (and
// `*rest` untouched) otherwise.
PhraseAlternative::Opening opening(const std::string& pattern, std::string* marks, std::string* rest) {
  constexpr std::string_view kLine = "(?m)^[^\\w\\n]*";
  if (pattern.starts_with(kLine)) {
    *rest = pattern.substr(kLine.size());
    return PhraseAlternative::Opening::kLine;
  }
  constexpr std::string_view kOpen = "(?:^|[", kClose = "]\\s|\\n)\\s*";
  if (!pattern.starts_with(kOpen)) return PhraseAlternative::Opening::kAtLeading;
  const std::size_t close = pattern.find(']', kOpen.size());
  if (close == std::string::npos || pattern.compare(close, kClose.size(), kClose) != 0) return PhraseAlternative::Opening::kAtLeading;
  const std::string set = pattern.substr(kOpen.size(), close - kOpen.size());
  // Marks written as themselves only (no range, escape or negation).
  if (set.empty() || set.find_first_not_of(".!?:;,") != std::string::npos) return PhraseAlternative::Opening::kAtLeading;
  *marks = set;
  *rest = pattern.substr(close + kClose.size());
  return PhraseAlternative::Opening::kSentence;
}

}  // namespace

std::vector<Diagnostic> check_patterns(Rule& r) {
  std::vector<Diagnostic> errors;
  auto check = [&](const std::string& pattern, const std::string& what) {  // searched case-insensitively
    if (pattern.empty()) return;
    RE2 re(pattern, rule_regex_options(false));
    if (!re.ok()) errors.push_back({r.file, r.line, 0, r.id, "rule `" + r.id + "`: bad " + what + ": " + re.error()});
  };
  check(r.kind == RuleKind::kPhrase ? r.pattern : "", "pattern");
  check(r.description_pattern, "description pattern");
  check(r.tool_description_pattern, "tool_description pattern");
  check(r.values_pattern, "values pattern");
  check(r.unless_pattern, "unless pattern");
  const std::string words = r.kind == RuleKind::kPhrase ? "" : word_pattern(r);
  if (!words.empty()) {
    RE2 re(words, rule_regex_options(true));
    if (!re.ok()) errors.push_back({r.file, r.line, 0, r.id, "rule `" + r.id + "`: bad words: " + re.error()});
  }
  if (!errors.empty()) return errors;
  r.word_groups = words.empty() ? decltype(r.word_groups){} : required_literals(words);
  r.alternatives.emplace();
  r.description_groups = r.description_pattern.empty() ? decltype(r.description_groups){} : required_literals(r.description_pattern);
  r.unless_groups = r.unless_pattern.empty() ? decltype(r.unless_groups){} : required_literals(r.unless_pattern);
  r.tool_description_groups = r.tool_description_pattern.empty() ? decltype(r.tool_description_groups){} : required_literals(r.tool_description_pattern);
  if (r.kind == RuleKind::kPhrase) {
    for (auto& piece : top_level_alternatives(r.pattern)) {
      auto groups = phrase_groups(piece);
      auto exact = exact_case_groups(piece);
      auto tail = tail_after_window(piece);
      std::string marks, rest;
      auto open = opening(piece, &marks, &rest);
      auto leading = leading_literals(open == PhraseAlternative::Opening::kAtLeading ? piece : rest);
      if (leading.empty()) open = PhraseAlternative::Opening::kAtLeading, marks.clear();
      r.alternatives->push_back(
          {std::move(piece), std::move(groups), std::move(exact), std::move(tail), std::move(leading), open, std::move(marks)});
    }
  }
  return errors;
}

std::string word_pattern(const Rule& r) {
  std::string out;
  for (const auto& w : r.words) {
    if (is_literal_word(w)) continue;
    out += out.empty() ? "(?:" : "|";
    out += w;
  }
  return out.empty() ? out : out + ")";
}

std::vector<std::string_view> phrase_literals(const std::vector<Rule>& rules, std::vector<std::uint32_t>* ids) {
  LiteralNumbering numbering(4096);
  const auto visit = [&](const std::string& lit) {
    const std::uint32_t id = numbering.number(lit);
    if (ids) ids->push_back(id);
  };
  for (const auto& r : rules) {
    if (r.kind != RuleKind::kPhrase || !r.alternatives) continue;
    for (const auto& alt : *r.alternatives) {
      for (const auto& group : alt.groups) {
        for (const auto& lit : group) visit(lit);
      }
      for (const auto& lit : alt.leading) visit(lit);
    }
  }
  return numbering.literals();
}

}  // namespace toolrisk
