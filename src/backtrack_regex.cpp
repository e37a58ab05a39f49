#include "backtrack_regex.h"

#include <algorithm>
#include <array>
#include <memory>
#include <string>

#include "folded_regex.h"
#include "toolrisk/utf8.h"

namespace toolrisk {
namespace {

using Op = BacktrackRegex::Op;
using Assert = BacktrackRegex::Assert;
using Inst = BacktrackRegex::Inst;
using CharClass = BacktrackRegex::CharClass;
using Ranges = std::vector<std::pair<char32_t, char32_t>>;

constexpr char32_t kMaxRune = 0x10FFFF;
constexpr std::size_t kMaxInsts = 20000;
constexpr int kMaxRepeat = 1000;  // RE2's limit

bool is_word(unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_upper(char32_t c) { return c >= 'A' && c <= 'Z'; }
bool is_lower(char32_t c) { return c >= 'a' && c <= 'z'; }

void normalize(Ranges& r) {
  std::sort(r.begin(), r.end());
  Ranges out;
  for (const auto& [lo, hi] : r) {
    if (!out.empty() && lo <= out.back().second + 1) {
      out.back().second = std::max(out.back().second, hi);
    } else {
      out.emplace_back(lo, hi);
    }
  }
  r = std::move(out);
}

Ranges complement(Ranges r) {
  normalize(r);
  Ranges out;
  char32_t next = 0;
  for (const auto& [lo, hi] : r) {
    if (lo > next) out.emplace_back(next, lo - 1);
    next = hi + 1;
  }
  if (next <= kMaxRune) out.emplace_back(next, kMaxRune);
  return out;
}

// RE2's Perl classes (ASCII only).
Ranges perl_class(char e) {
  Ranges r;
  switch (e | 0x20) {
    case 'd': r = {{'0', '9'}}; break;
    case 's': r = {{'\t', '\n'}, {'\f', '\r'}, {' ', ' '}}; break;
    case 'w': r = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}; break;
    default: break;
  }
  return is_upper(static_cast<char32_t>(e)) ? complement(r) : r;
}

struct PatternNode {
  enum class Kind { kEmpty, kLiteral, kClass, kAny, kAssert, kConcat, kAlternate, kRepeat } kind = Kind::kEmpty;
  std::vector<std::unique_ptr<PatternNode>> subs;
  std::string bytes;     // kLiteral: as searched (lowered unless exact)
  bool exact = false;    // kLiteral, kClass: a case-sensitive part
  std::uint32_t cls = 0; // kClass
  bool dot_nl = false;   // kAny
  Assert assertion = Assert::kBeginText;
  int min = 0, max = 0;  // kRepeat; max -1: no bound
  bool greedy = true;
};

struct Flags {
  bool fold = true;    // i: ignore case (the search's default)
  bool multi = false;  // m
  bool dot_nl = false; // s
};

// Recursive descent over RE2's syntax; sets `ok` false on anything outside the subset.
class PatternParser {
 public:
  PatternParser(std::string_view p, std::vector<CharClass>& classes) : p_(p), classes_(classes) {}

  std::unique_ptr<PatternNode> parse() {
    Flags flags;
    auto n = alternation(flags, 0);
    if (pos_ != p_.size()) ok_ = false;
    return ok_ ? std::move(n) : nullptr;
  }

 private:
  bool at_end() const { return pos_ >= p_.size(); }
  char peek() const { return p_[pos_]; }
  static bool is_quantifier(char c) { return c == '*' || c == '+' || c == '?' || c == '{'; }
  // A pattern character below 0x80 that stands for itself.
  bool plain_ascii(std::size_t i) const {
    static constexpr auto kPlain = [] {
      std::array<bool, 256> t{};
      for (int c = 0; c < 0x80; ++c) t[c] = true;
      for (const unsigned char c : std::string_view("\\.+*?()|[]{}^$")) t[c] = false;
      return t;
    }();
    return kPlain[static_cast<unsigned char>(p_[i])];
  }

  std::unique_ptr<PatternNode> alternation(Flags& flags, int depth) {
    if (depth > 100) {
      ok_ = false;
      return nullptr;
    }
    auto alt = std::make_unique<PatternNode>();
    alt->kind = PatternNode::Kind::kAlternate;
    alt->subs.push_back(concatenation(flags, depth));
    while (ok_ && !at_end() && peek() == '|') {
      ++pos_;
      alt->subs.push_back(concatenation(flags, depth));
    }
    if (alt->subs.size() == 1) return std::move(alt->subs.front());
    return alt;
  }

  std::unique_ptr<PatternNode> concatenation(Flags& flags, int depth) {
    auto cat = std::make_unique<PatternNode>();
    cat->kind = PatternNode::Kind::kConcat;
    while (ok_ && !at_end() && peek() != '|' && peek() != ')') {
      // A run of plain ASCII characters is one literal node: most of a pattern is words, and a
      // node a character was most of compiling it. A character that a repetition follows is
      // an atom of its own.
      if (plain_ascii(pos_) && !(pos_ + 1 < p_.size() && is_quantifier(p_[pos_ + 1])) && !cat->subs.empty() &&
          cat->subs.back()->kind == PatternNode::Kind::kLiteral && cat->subs.back()->exact == !flags.fold) {
        const auto c = static_cast<unsigned char>(p_[pos_++]);
        cat->subs.back()->bytes.push_back(static_cast<char>(flags.fold && is_upper(c) ? c + 32 : c));
        continue;
      }
      auto atom_node = atom(flags, depth);
      if (!ok_) break;
      if (!atom_node) continue;  // a flag group: sets flags, matches nothing
      cat->subs.push_back(repetition(std::move(atom_node)));
    }
    return cat;
  }

  // {n}, {n,} or {n,m} at pos_, or false (then '{' is a literal, as in RE2). As RE2, a number
  // with a leading zero ("{00}", "{1,02}") is no count.
  bool counted(int* min, int* max) {
    std::size_t i = pos_ + 1;
    auto number = [&](int* out) {
      const std::size_t start = i;
      long v = 0;
      while (i < p_.size() && p_[i] >= '0' && p_[i] <= '9') {
        v = v * 10 + (p_[i] - '0');
        if (v > 100000) return false;
        ++i;
      }
      *out = static_cast<int>(v);
      return i > start && !(i - start > 1 && p_[start] == '0');
    };
    if (!number(min)) return false;
    if (i < p_.size() && p_[i] == ',') {
      ++i;
      if (i < p_.size() && p_[i] == '}') {
        *max = -1;
      } else if (!number(max)) {
        return false;
      }
    } else {
      *max = *min;
    }
    if (i >= p_.size() || p_[i] != '}') return false;
    pos_ = i + 1;
    return true;
  }

  std::unique_ptr<PatternNode> repetition(std::unique_ptr<PatternNode> sub) {
    if (at_end()) return sub;
    int min = 0, max = 0;
    const char c = peek();
    if (c == '*' || c == '+' || c == '?') {
      min = c == '+' ? 1 : 0;
      max = c == '?' ? 1 : -1;
      ++pos_;
    } else if (c != '{' || !counted(&min, &max)) {
      return sub;
    }
    if (max > kMaxRepeat || min > kMaxRepeat || (max >= 0 && max < min)) ok_ = false;
    bool greedy = true;
    if (!at_end() && peek() == '?') {
      greedy = false;
      ++pos_;
    }
    // RE2 refuses a repetition of a repetition ("a**"); a repeated assertion is left to RE2.
    if (!at_end() && (peek() == '*' || peek() == '+' || peek() == '?')) ok_ = false;
    if (sub->kind == PatternNode::Kind::kAssert || sub->kind == PatternNode::Kind::kEmpty) ok_ = false;
    auto rep = std::make_unique<PatternNode>();
    rep->kind = PatternNode::Kind::kRepeat;
    rep->min = min;
    rep->max = max;
    rep->greedy = greedy;
    rep->subs.push_back(std::move(sub));
    return rep;
  }

  std::unique_ptr<PatternNode> make_assert(Assert a) {
    auto n = std::make_unique<PatternNode>();
    n->kind = PatternNode::Kind::kAssert;
    n->assertion = a;
    return n;
  }

  std::unique_ptr<PatternNode> make_class(Ranges members, bool negated, const Flags& flags) {
    if (flags.fold) {
      // Both cases of an ASCII letter (RE2 folds k and s to U+212A and U+017F too; a text
      // holding those is not searched here).
      Ranges folded = members;
      for (const auto& [lo, hi] : members) {
        for (char32_t c = lo; c <= std::min<char32_t>(hi, 0x7F); ++c) {
          if (is_upper(c)) folded.emplace_back(c + 32, c + 32);
          if (is_lower(c)) folded.emplace_back(c - 32, c - 32);
        }
      }
      members = std::move(folded);
    }
    normalize(members);
    if (negated) members = complement(std::move(members));
    CharClass cls;
    for (const auto& [lo, hi] : members) {
      for (char32_t c = lo; c <= std::min<char32_t>(hi, 0x7F); ++c) cls.ascii[c >> 6] |= std::uint64_t{1} << (c & 63);
      if (hi >= 0x80) cls.high.emplace_back(std::max<char32_t>(lo, 0x80), hi);
    }
    auto n = std::make_unique<PatternNode>();
    n->kind = PatternNode::Kind::kClass;
    n->exact = !flags.fold;
    n->cls = static_cast<std::uint32_t>(classes_.size());
    classes_.push_back(std::move(cls));
    return n;
  }

  std::unique_ptr<PatternNode> literal(char32_t c, std::string_view utf8, const Flags& flags) {
    auto n = std::make_unique<PatternNode>();
    n->kind = PatternNode::Kind::kLiteral;
    n->exact = !flags.fold;
    if (flags.fold) {
      if (c >= 0x80 && !has_no_case(c)) {  // RE2 would fold it through Unicode's tables (toolrisk/utf8.h)
        ok_ = false;
        return n;
      }
      if (c < 0x80) {
        n->bytes.push_back(static_cast<char>(is_upper(c) ? c + 32 : c));
        return n;
      }
    }
    for (const char b : utf8) n->bytes.push_back(b);
    return n;
  }

  // One character of the pattern at pos_ (valid UTF-8, as RE2 requires).
  bool pattern_char(char32_t* c, std::string_view* utf8) {
    std::size_t n = 0;
    if (!utf8_decode(p_, pos_, c, &n)) return false;
    *utf8 = p_.substr(pos_, n);
    pos_ += n;
    return true;
  }

  // An escape after '\' that stands for one character, or -1.
  static int escaped_char(char e) {
    switch (e) {
      case 'n': return '\n';
      case 't': return '\t';
      case 'r': return '\r';
      case 'f': return '\f';
      case 'v': return '\v';
      case 'a': return '\a';
      default: break;
    }
    const auto u = static_cast<unsigned char>(e);
    if (u < 0x80 && !is_word(u)) return u;  // punctuation escapes itself
    return -1;
  }

  std::unique_ptr<PatternNode> atom(Flags& flags, int depth) {
    const char c = peek();
    switch (c) {
      case '(': return group(flags, depth);
      case '[': return char_class(flags);
      case '.': {
        ++pos_;
        auto n = std::make_unique<PatternNode>();
        n->kind = PatternNode::Kind::kAny;
        n->dot_nl = flags.dot_nl;
        return n;
      }
      case '^': ++pos_; return make_assert(flags.multi ? Assert::kBeginLine : Assert::kBeginText);
      case '$': ++pos_; return make_assert(flags.multi ? Assert::kEndLine : Assert::kEndText);
      case '*': case '+': case '?': ok_ = false; return nullptr;  // nothing to repeat
      case '\\': {
        if (pos_ + 1 >= p_.size()) break;
        const char e = p_[pos_ + 1];
        pos_ += 2;
        switch (e) {
          case 'A': return make_assert(Assert::kBeginText);
          case 'z': return make_assert(Assert::kEndText);
          case 'b': return make_assert(Assert::kWordBoundary);
          case 'B': return make_assert(Assert::kNotWordBoundary);
          case 'd': case 'D': case 's': case 'S': case 'w': case 'W': return make_class(perl_class(e), false, flags);
          default: break;
        }
        const int ch = escaped_char(e);
        if (ch < 0) break;
        const char lit = static_cast<char>(ch);
        return literal(static_cast<char32_t>(ch), std::string_view(&lit, 1), flags);
      }
      default: {
        char32_t ch = 0;
        std::string_view utf8;
        if (!pattern_char(&ch, &utf8)) break;
        return literal(ch, utf8, flags);
      }
    }
    ok_ = false;
    return nullptr;
  }

  // After '(': a group, or a flag group (returns null, flags changed for the rest of the
  // enclosing group).
  std::unique_ptr<PatternNode> group(Flags& flags, int depth) {
    ++pos_;
    Flags inner = flags;
    if (!at_end() && peek() == '?') {
      ++pos_;
      if (p_.compare(pos_, 2, "P<") == 0) {  // a named group, (?P<name>...)
        std::size_t close = pos_ + 2;
        while (close < p_.size() && is_word(static_cast<unsigned char>(p_[close]))) ++close;
        if (close == pos_ + 2 || close >= p_.size() || p_[close] != '>') {
          ok_ = false;
          return nullptr;
        }
        pos_ = close + 1;
      } else {
        bool negate = false;
        Flags set = flags;
        for (;;) {
          if (at_end()) {
            ok_ = false;
            return nullptr;
          }
          const char f = p_[pos_++];
          if (f == '-') {
            if (negate) {
              ok_ = false;
              return nullptr;
            }
            negate = true;
          } else if (f == 'i') {
            set.fold = !negate;
          } else if (f == 'm') {
            set.multi = !negate;
          } else if (f == 's') {
            set.dot_nl = !negate;
          } else if (f == ')') {  // (?flags): for the rest of this group
            flags = set;
            return nullptr;
          } else if (f == ':') {
            inner = set;
            break;
          } else {  // U, or not a flag
            ok_ = false;
            return nullptr;
          }
        }
      }
    }
    auto n = alternation(inner, depth + 1);
    if (!ok_ || at_end() || peek() != ')') {
      ok_ = false;
      return nullptr;
    }
    ++pos_;
    return n;
  }

  // After '[': the class up to its ']'.
  std::unique_ptr<PatternNode> char_class(const Flags& flags) {
    ++pos_;
    bool negated = false;
    if (!at_end() && peek() == '^') {
      negated = true;
      ++pos_;
    }
    Ranges members;
    bool first = true;
    while (ok_) {
      if (at_end()) {
        ok_ = false;
        break;
      }
      if (peek() == ']' && !first) {
        ++pos_;
        break;
      }
      first = false;
      if (p_.compare(pos_, 2, "[:") == 0) {  // a POSIX class
        ok_ = false;
        break;
      }
      char32_t lo = 0;
      if (!class_char(&lo, &members, flags)) continue;  // a Perl class, added whole
      char32_t hi = lo;
      if (pos_ + 1 < p_.size() && peek() == '-' && p_[pos_ + 1] != ']') {
        ++pos_;
        Ranges none;
        if (!class_char(&hi, &none, flags) || hi < lo) ok_ = false;
        // A range ignoring case must not reach past the caseless block it starts in.
        if (flags.fold && hi >= 0x80 && !has_no_case(lo, hi)) ok_ = false;
      }
      members.emplace_back(lo, hi);
    }
    if (!ok_) return nullptr;
    return make_class(std::move(members), negated, flags);
  }

  // One member of a class: a character in *c (true), or a Perl class added to *members (false).
  bool class_char(char32_t* c, Ranges* members, const Flags& flags) {
    if (peek() == '\\') {
      if (pos_ + 1 >= p_.size()) {
        ok_ = false;
        return false;
      }
      const char e = p_[pos_ + 1];
      pos_ += 2;
      if (std::string_view("dDsSwW").find(e) != std::string_view::npos) {
        const Ranges r = perl_class(e);
        members->insert(members->end(), r.begin(), r.end());
        return false;
      }
      const int ch = escaped_char(e);
      if (ch < 0) {
        ok_ = false;
        return false;
      }
      *c = static_cast<char32_t>(ch);
      return true;
    }
    std::string_view utf8;
    if (!pattern_char(c, &utf8)) {
      ok_ = false;
      return false;
    }
    // A letter outside ASCII searched ignoring case: RE2 folds it through Unicode's tables.
    if (*c >= 0x80 && flags.fold && !has_no_case(*c)) ok_ = false;  // RE2 would fold it through Unicode's tables
    return true;
  }

  std::string_view p_;
  std::size_t pos_ = 0;
  bool ok_ = true;
  std::vector<CharClass>& classes_;
};

bool can_be_empty(const PatternNode& n) {
  switch (n.kind) {
    case PatternNode::Kind::kEmpty:
    case PatternNode::Kind::kAssert: return true;
    case PatternNode::Kind::kLiteral:
    case PatternNode::Kind::kClass:
    case PatternNode::Kind::kAny: return false;
    case PatternNode::Kind::kConcat: return std::all_of(n.subs.begin(), n.subs.end(), [](const auto& s) { return can_be_empty(*s); });
    case PatternNode::Kind::kAlternate: return std::any_of(n.subs.begin(), n.subs.end(), [](const auto& s) { return can_be_empty(*s); });
    case PatternNode::Kind::kRepeat: return n.min == 0 || can_be_empty(*n.subs.front());
  }
  return true;
}

// Writes nodes out as instructions, repetitions as copies (x{2,4} as x x (x (x)?)?, as RE2 does).
class Emitter {
 public:
  explicit Emitter(std::vector<Inst>& prog) : prog_(prog) {}
  bool ok() const { return ok_; }

  void emit(const PatternNode& n) {
    if (!ok_) return;
    if (prog_.size() > kMaxInsts) {
      ok_ = false;
      return;
    }
    switch (n.kind) {
      case PatternNode::Kind::kEmpty: break;
      case PatternNode::Kind::kLiteral:
        for (const char b : n.bytes) add({Op::kByte, n.exact, static_cast<std::uint8_t>(b), 0, 0});
        break;
      case PatternNode::Kind::kClass: add({Op::kClass, n.exact, 0, n.cls, 0}); break;
      case PatternNode::Kind::kAny: add({Op::kAny, false, static_cast<std::uint8_t>(n.dot_nl ? 1 : 0), 0, 0}); break;
      case PatternNode::Kind::kAssert: add({Op::kAssert, false, static_cast<std::uint8_t>(n.assertion), 0, 0}); break;
      case PatternNode::Kind::kConcat:
        for (const auto& s : n.subs) emit(*s);
        break;
      case PatternNode::Kind::kAlternate: {
        std::vector<std::size_t> jumps;
        for (std::size_t i = 0; i < n.subs.size(); ++i) {
          if (i + 1 == n.subs.size()) {  // the last: no split before it, no jump after it
            emit(*n.subs[i]);
            break;
          }
          const std::size_t split = add({Op::kSplit, false, 0, here() + 1, 0});  // x: the branch, next
          emit(*n.subs[i]);
          jumps.push_back(add({Op::kJmp, false, 0, 0, 0}));
          prog_[split].y = here();
        }
        for (const std::size_t j : jumps) prog_[j].x = here();
        break;
      }
      case PatternNode::Kind::kRepeat: {
        const PatternNode& sub = *n.subs.front();
        if (n.max < 0 && can_be_empty(sub)) {  // Perl and RE2 differ on empty iterations: left to RE2
          ok_ = false;
          return;
        }
        for (int i = 0; i < n.min; ++i) emit(sub);
        if (n.max < 0) {
          const std::size_t loop = add({Op::kSplit, false, 0, 0, 0});
          emit(sub);
          add({Op::kJmp, false, 0, static_cast<std::uint32_t>(loop), 0});
          set_split(loop, loop + 1, here(), n.greedy);
        } else {
          std::vector<std::size_t> splits;
          for (int i = n.min; i < n.max && ok_; ++i) {
            splits.push_back(add({Op::kSplit, false, 0, 0, 0}));
            emit(sub);
          }
          for (const std::size_t s : splits) set_split(s, s + 1, here(), n.greedy);
        }
        break;
      }
    }
  }

  std::size_t add(const Inst& i) {
    prog_.push_back(i);
    return prog_.size() - 1;
  }

 private:
  std::uint32_t here() const { return static_cast<std::uint32_t>(prog_.size()); }
  void set_split(std::size_t at, std::size_t body, std::size_t after, bool greedy) {
    prog_[at].x = static_cast<std::uint32_t>(greedy ? body : after);
    prog_[at].y = static_cast<std::uint32_t>(greedy ? after : body);
  }
  std::vector<Inst>& prog_;
  bool ok_ = true;
};

char lower(unsigned char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c); }

}  // namespace

bool BacktrackRegex::CharClass::contains(char32_t c) const {
  if (c < 0x80) return (ascii[c >> 6] >> (c & 63)) & 1;
  const auto it = std::upper_bound(high.begin(), high.end(), c, [](char32_t v, const auto& r) { return v < r.first; });
  return it != high.begin() && c <= std::prev(it)->second;
}

std::optional<BacktrackRegex> BacktrackRegex::compile(std::string_view pattern) {
  BacktrackRegex re;
  PatternParser parser(pattern, re.classes_);
  const auto tree = parser.parse();
  if (!tree) return std::nullopt;
  re.prog_.reserve(2 * pattern.size() + 8);  // about what a pattern writes out (windows write more)
  Emitter emitter(re.prog_);
  emitter.emit(*tree);
  emitter.add({Op::kMatch, false, 0, 0, 0});
  if (!emitter.ok() || re.prog_.size() > kMaxInsts) return std::nullopt;

  // The bytes (of the lowered text) a match can start with: every instruction reachable from the
  // start without consuming a byte, assertions passed as if they held.
  std::vector<bool> seen(re.prog_.size(), false);
  std::vector<std::uint32_t> todo{0};
  while (!todo.empty()) {
    const std::uint32_t pc = todo.back();
    todo.pop_back();
    if (seen[pc]) continue;
    seen[pc] = true;
    const Inst& i = re.prog_[pc];
    switch (i.op) {
      case Op::kByte: re.first_[static_cast<unsigned char>(lower(i.arg))] = true; break;
      case Op::kClass: {
        const CharClass& cls = re.classes_[i.x];
        for (char32_t c = 0; c < 0x80; ++c) {
          if (cls.contains(c)) re.first_[static_cast<unsigned char>(lower(static_cast<unsigned char>(c)))] = true;
        }
        if (!cls.high.empty()) std::fill(re.first_.begin() + 0xC2, re.first_.begin() + 0xF5, true);
        break;
      }
      case Op::kAny: std::fill(re.first_.begin(), re.first_.end(), true); break;
      case Op::kSplit:
        todo.push_back(i.x);
        todo.push_back(i.y);
        break;
      case Op::kJmp: todo.push_back(i.x); break;
      case Op::kAssert: todo.push_back(pc + 1); break;
      case Op::kMatch: re.nullable_ = true; break;
    }
  }
  return re;
}

bool BacktrackRegex::run(const FoldedText& t, std::size_t start, bool anchor_end, std::size_t* end, std::size_t* steps,
                         std::size_t budget) const {
  struct Thread {
    std::uint32_t pc;
    std::size_t pos;
  };
  thread_local std::vector<Thread> stack;
  stack.clear();
  stack.push_back({0, start});
  const std::size_t len = t.text.size();
  while (!stack.empty()) {
    std::uint32_t pc = stack.back().pc;
    std::size_t pos = stack.back().pos;
    stack.pop_back();
    for (;;) {
      if (++*steps > budget) return false;
      const Inst& i = prog_[pc];
      bool ok = true;
      switch (i.op) {
        case Op::kByte:
          ok = pos < len && static_cast<std::uint8_t>((i.exact ? t.text : t.lower)[pos]) == i.arg;
          pos += 1;
          ++pc;
          break;
        case Op::kClass: {
          char32_t c = 0;
          std::size_t n = 0;
          ok = pos < len && utf8_decode(i.exact ? t.text : t.lower, pos, &c, &n) && classes_[i.x].contains(c);
          pos += n;
          ++pc;
          break;
        }
        case Op::kAny: {
          char32_t c = 0;
          std::size_t n = 0;
          ok = pos < len && utf8_decode(t.lower, pos, &c, &n) && (i.arg != 0 || c != '\n');
          pos += n;
          ++pc;
          break;
        }
        case Op::kSplit:
          stack.push_back({i.y, pos});
          pc = i.x;
          break;
        case Op::kJmp: pc = i.x; break;
        case Op::kAssert: {
          const std::string_view s = t.lower;
          switch (static_cast<Assert>(i.arg)) {
            case Assert::kBeginText: ok = pos == 0; break;
            case Assert::kEndText: ok = pos == len; break;
            case Assert::kBeginLine: ok = pos == 0 || s[pos - 1] == '\n'; break;
            case Assert::kEndLine: ok = pos == len || s[pos] == '\n'; break;
            case Assert::kWordBoundary:
            case Assert::kNotWordBoundary: {
              const bool before = pos > 0 && is_word(static_cast<unsigned char>(s[pos - 1]));
              const bool after = pos < len && is_word(static_cast<unsigned char>(s[pos]));
              ok = (before != after) == (static_cast<Assert>(i.arg) == Assert::kWordBoundary);
              break;
            }
          }
          ++pc;
          break;
        }
        case Op::kMatch:
          if (!anchor_end || pos == len) {
            *end = pos;
            return true;
          }
          ok = false;
          break;
      }
      if (!ok) break;
    }
  }
  return false;
}

BacktrackRegex::Result BacktrackRegex::search(const FoldedText& t, std::size_t from, bool anchor_start, bool anchor_end,
                                              std::size_t* begin, std::size_t* end, std::size_t max_steps,
                                              std::size_t* steps_taken) const {
  const std::size_t len = t.text.size();
  if (from > len) return Result::kNoMatch;
  // Enough for any search of a real description; a text that needs more is left to RE2.
  const std::size_t budget = std::min(max_steps, 20000 + 64 * (len - from));
  std::size_t steps = 0;
  Result result = Result::kNoMatch;
  for (std::size_t start = from; start <= len; ++start) {
    if (anchor_start && start != from) break;
    if (!nullable_ && (start == len || !first_[static_cast<unsigned char>(t.lower[start])])) continue;
    if (run(t, start, anchor_end, end, &steps, budget)) {
      *begin = start;
      result = Result::kMatch;
      break;
    }
    if (steps > budget) {
      result = Result::kGaveUp;
      break;
    }
  }
  *steps_taken += steps;
  return result;
}

}  // namespace toolrisk
