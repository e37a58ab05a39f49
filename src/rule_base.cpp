#include "toolrisk/rule_base.h"

#include <re2/re2.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <unordered_map>

#include "denial.h"
#include "folded_regex.h"
#include "literal_set.h"
#include "not_for_clause.h"
#include "rule_regex.h"
#include "toolrisk/tokenizer.h"
#include "toolrisk/utf8.h"
#include "word_table.h"

namespace toolrisk {
namespace {

bool is_plain_word(const std::string& w) {
  return !w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789 ") == std::string::npos;
}

// Adds a literal word to `table`; an object word also as its plural (repository: repositories,
// index: indexes, pod: pods).
void add_literal_forms(WordTable& table, const Rule& r, const std::string& w, std::uint32_t rule) {
  table.add(w, "", rule);
  if (r.kind != RuleKind::kObject || !is_plain_word(w)) return;
  if (w.size() > 2 && w.back() == 'y' && std::string_view("aeiou").find(w[w.size() - 2]) == std::string_view::npos) {
    table.add(std::string_view(w).substr(0, w.size() - 1), "ies", rule);
    return;
  }
  table.add(w, "s", rule);
  table.add(w, "es", rule);
}

// Whether `t` holds a literal of every group (lower-case ASCII literals, searched ignoring ASCII
// case), so that a pattern with these groups could match it. Always true for no groups, and for
// a text with U+212A or U+017F, which RE2 folds to k and s.
bool may_match(const FoldedText& t, const std::vector<std::vector<std::string>>& groups) {
  if (groups.empty() || !t.lowerable) return true;
  return std::all_of(groups.begin(), groups.end(), [&](const std::vector<std::string>& group) {
    return std::any_of(group.begin(), group.end(), [&](const std::string& lit) { return t.lower.find(lit) != std::string_view::npos; });
  });
}

// Patterns are compiled when first needed: most are never needed by a run over a few tools, and
// compiling them all would be most of toolrisk's startup.
std::unique_ptr<FoldedRegex> lazy(const std::string& pattern) {
  return pattern.empty() ? nullptr : std::make_unique<FoldedRegex>(pattern);
}

}  // namespace

struct RuleBase::Compiled {
  // Words are looked up whole: literal words in a hash table; a rule's words that are patterns
  // as one pattern (Rule::word_groups prefilter it), compiled when first needed.
  struct WordPattern {
    std::size_t rule;
    std::unique_ptr<FoldedRegex> re;
    std::vector<std::vector<std::uint32_t>> groups;  // Rule::word_groups, as ids in `pattern_literals`
  };
  struct KindSet {
    WordTable literal;                                // word -> rule indexes
    std::vector<WordPattern> patterns;                // in rule order
    std::unique_ptr<LiteralSet> pattern_literals;     // every literal of their groups, found in one pass
    // Which rule base's set this is, for the memo in `match` (a pointer could be reused by a
    // later rule base; a number from one counter is not).
    std::uint64_t id = next_id();
    static std::uint64_t next_id() {
      static std::atomic<std::uint64_t> counter{0};
      return ++counter;
    }
  };
  KindSet verb, object, param;
  // Phrases are prefiltered: every literal of every alternative's groups (found by RE2's
  // prefilter when the rule was read) is searched for in one pass, and an alternative runs only
  // when each of its groups has a literal there (compiled when first needed).
  struct Alternative {
    std::vector<std::vector<std::uint32_t>> groups;  // PhraseAlternative::groups, as LiteralSet ids
    std::unique_ptr<FoldedRegex> re;
    // PhraseAlternative::exact_groups: each literal as written, with the LiteralSet id of its
    // lower-case form, whose places are recorded (a group with a literal not in the set: none,
    // and the group is searched for in the text).
    struct Exact {
      const std::string* spelled;
      std::optional<std::uint32_t> id;
    };
    std::vector<std::vector<Exact>> exact_groups;
    std::unique_ptr<FoldedRegex> tail;                            // PhraseAlternative::tail, or null
    std::vector<std::uint32_t> leading;                         // PhraseAlternative::leading, as LiteralSet ids
    const PhraseAlternative* source;                              // its opening and sentence marks
  };
  struct Phrase {
    std::size_t rule;
    std::vector<Alternative> alternatives;  // in pattern order
  };
  std::vector<Phrase> phrases;           // in rule order
  // Which phrases a text could match, by the literals it holds: literal id -> the phrases (as
  // indexes into `phrases`, ascending) with an alternative whose smallest group holds it (a text
  // with no literal of that group cannot match that alternative); and the phrases with an
  // alternative without groups, which may match any text.
  std::vector<std::vector<std::uint32_t>> phrases_by_literal;
  std::vector<std::uint32_t> phrases_always;
  std::unique_ptr<LiteralSet> literals;  // every phrase literal
  std::vector<unsigned char> leading;    // by literal id: whether some alternative starts with it
  std::vector<std::uint32_t> literal_length;  // by literal id, in bytes (ASCII: in characters too)
  std::vector<std::unique_ptr<FoldedRegex>> param_desc_re;   // by rule index (param rules with `description`)
  std::vector<std::unique_ptr<FoldedRegex>> param_tool_desc_re;  // by rule index (param rules with `tool_description`)
  std::vector<std::unique_ptr<FoldedRegex>> param_values_re; // by rule index (param rules with `values`)
  std::vector<std::unique_ptr<FoldedRegex>> param_unless_re; // by rule index (param and phrase rules with `unless`)

  // A set with word patterns (`force_\w+`, `\w*path`) runs them on every word it is asked of,
  // about a thousand instructions for a property name; the same names come back tool after
  // tool (41,746 properties of the corpus and tests/data/npm-extra have 7,537 names), so each
  // thread keeps the answers for the last set it was asked of, up to kMemoWords words.
  static std::vector<std::size_t> match(const KindSet& ks, std::string_view text) {
    if (ks.patterns.empty() || text.size() > kMemoLongest) return match_now(ks, text);
    struct Memo {
      std::uint64_t id = 0;
      std::unordered_map<std::string, std::vector<std::size_t>> answers;
    };
    thread_local std::array<Memo, 3> memos;  // verb, object and param sets of one rule base
    Memo* memo = nullptr;
    for (Memo& m : memos) {
      if (m.id == ks.id) memo = &m;
    }
    if (!memo) {
      memo = &*std::min_element(memos.begin(), memos.end(), [](const Memo& a, const Memo& b) { return a.id < b.id; });
      memo->id = ks.id;
      memo->answers.clear();
    }
    thread_local std::string key;
    key.assign(text);
    if (const auto it = memo->answers.find(key); it != memo->answers.end()) return it->second;
    if (memo->answers.size() >= kMemoWords) memo->answers.clear();
    std::vector<std::size_t> out = match_now(ks, text);
    memo->answers.emplace(key, out);
    return out;
  }
  static constexpr std::size_t kMemoWords = 8192;
  static constexpr std::size_t kMemoLongest = 64;

  static std::vector<std::size_t> match_now(const KindSet& ks, std::string_view text) {
    std::vector<std::size_t> out;
    const auto rules = ks.literal.find(text);
    out.assign(rules.begin(), rules.end());
    if (!ks.patterns.empty()) {
      thread_local std::vector<unsigned char> seen;
      seen.assign(ks.pattern_literals->size(), 0);
      ks.pattern_literals->scan(text, seen);
      std::optional<FoldedText> t;
      thread_local std::string lowered;
      for (const auto& p : ks.patterns) {
        if (!all_groups_seen(p.groups, seen)) continue;
        if (!t) t = fold_text(text, lowered);
        re2::StringPiece m;
        if (p.re->match(*t, 0, RE2::ANCHOR_BOTH, &m)) out.push_back(p.rule);
      }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
};

bool only_scopes(const Rule& r) {
  const bool says_more = r.category || r.level || r.bump != 0 || r.reversibility || !r.side_effects.empty() || r.opens || r.creates;
  return r.kind == RuleKind::kPhrase && (r.blast || r.collection) && !says_more;
}

RuleBase::RuleBase(std::vector<Rule> rules) : rules_(std::move(rules)), compiled_(std::make_unique<Compiled>()) {}
RuleBase::~RuleBase() = default;

Expected<std::shared_ptr<const RuleBase>> RuleBase::compile(std::vector<Rule> rules) {
  std::shared_ptr<RuleBase> base(new RuleBase(std::move(rules)));
  Compiled& c = *base->compiled_;
  std::vector<Diagnostic> errors;
  c.param_desc_re.resize(base->rules_.size());
  c.param_tool_desc_re.resize(base->rules_.size());
  c.param_values_re.resize(base->rules_.size());
  c.param_unless_re.resize(base->rules_.size());
  for (Rule& r : base->rules_) {
    if (!r.alternatives) {  // built by hand, not read from a rule file: check it now
      auto bad = check_patterns(r);
      errors.insert(errors.end(), bad.begin(), bad.end());
    }
  }
  if (!errors.empty()) return errors;
  std::vector<std::uint32_t> literal_ids;  // each phrase literal's number, place by place
  const std::vector<std::string_view> literals = phrase_literals(base->rules_, &literal_ids);
  std::size_t next_literal = 0;  // in literal_ids: visited below in phrase_literals' order
  c.leading.assign(literals.size(), 0);
  for (const auto& lit : literals) c.literal_length.push_back(static_cast<std::uint32_t>(lit.size()));

  std::map<Compiled::KindSet*, LiteralNumbering> pattern_literals;  // of each kind's word patterns
  for (std::size_t i = 0; i < base->rules_.size(); ++i) {
    Rule& r = base->rules_[i];
    Compiled::KindSet* ks = nullptr;
    switch (r.kind) {
      case RuleKind::kVerb: ks = &c.verb; break;
      case RuleKind::kObject: ks = &c.object; break;
      case RuleKind::kParam: ks = &c.param; break;
      case RuleKind::kPhrase: break;
    }
    if (ks) {
      for (const auto& w : r.words) {
        if (!is_literal_word(w)) continue;
        add_literal_forms(ks->literal, r, w, static_cast<std::uint32_t>(i));
      }
      // Matched as the set of words was: case-sensitively (check_patterns made sure it compiles).
      if (const std::string pattern = word_pattern(r); !pattern.empty()) {
        auto& p = ks->patterns.emplace_back(Compiled::WordPattern{i, std::make_unique<FoldedRegex>("(?-i:" + pattern + ")"), {}});
        for (const auto& group : r.word_groups) {
          auto& ids = p.groups.emplace_back();
          for (const auto& lit : group) ids.push_back(pattern_literals[ks].number(lit));
        }
      }
    } else {
      Compiled::Phrase& ph = c.phrases.emplace_back(Compiled::Phrase{i, {}});
      for (const auto& alt : *r.alternatives) {
        auto& compiled = ph.alternatives.emplace_back(Compiled::Alternative{{}, lazy(alt.pattern), {}, lazy(alt.tail), {}, &alt});
        // A case-sensitive literal's lower-case form is among the alternative's own literals.
        const std::size_t first_literal = next_literal;
        std::size_t literal_count = 0;
        for (const auto& group : alt.groups) literal_count += group.size();
        for (const auto& group : alt.exact_groups) {
          auto& exact = compiled.exact_groups.emplace_back();
          for (const auto& spelled : group) {
            const std::string lower = ascii_lower(spelled);
            std::optional<std::uint32_t> id;
            for (std::size_t k = first_literal; k < first_literal + literal_count && !id; ++k) {
              if (literals[literal_ids[k]] == lower) id = literal_ids[k];
            }
            exact.push_back({&spelled, id});
            if (id) c.leading[*id] = 1;
          }
        }
        for (const auto& group : alt.groups) {
          auto& ids = compiled.groups.emplace_back();
          for (std::size_t k = 0; k < group.size(); ++k) ids.push_back(literal_ids[next_literal++]);
        }
        for (std::size_t k = 0; k < alt.leading.size(); ++k) {
          compiled.leading.push_back(literal_ids[next_literal++]);
          c.leading[compiled.leading.back()] = 1;
        }
      }
    }
    c.param_desc_re[i] = lazy(r.description_pattern);
    c.param_tool_desc_re[i] = lazy(r.tool_description_pattern);
    c.param_values_re[i] = lazy(r.values_pattern);
    c.param_unless_re[i] = lazy(r.unless_pattern);
  }
  for (auto* ks : {&c.verb, &c.object, &c.param}) {
    ks->literal.build();
    if (ks->patterns.empty()) continue;
    const auto& words = pattern_literals[ks].literals();
    ks->pattern_literals = std::make_unique<LiteralSet>(std::vector<std::string>(words.begin(), words.end()));
  }
  c.phrases_by_literal.assign(literals.size(), {});
  for (std::uint32_t p = 0; p < c.phrases.size(); ++p) {
    for (const auto& alt : c.phrases[p].alternatives) {
      if (alt.groups.empty()) {
        c.phrases_always.push_back(p);
        continue;
      }
      const auto& smallest = *std::min_element(alt.groups.begin(), alt.groups.end(),
                                               [](const auto& a, const auto& b) { return a.size() < b.size(); });
      for (const std::uint32_t id : smallest) {
        auto& list = c.phrases_by_literal[id];
        if (list.empty() || list.back() != p) list.push_back(p);
      }
    }
  }
  c.phrases_always.erase(std::unique(c.phrases_always.begin(), c.phrases_always.end()), c.phrases_always.end());
  // The built-in rules' automaton was built with toolrisk; the tables depend on the literals only.
  const EmbeddedLiterals* built = embedded_literals();
  if (built && std::equal(built->literals.begin(), built->literals.end(), literals.begin(), literals.end())) {
    c.literals = std::make_unique<LiteralSet>(built->tables, literals.size());
  } else {
    c.literals = std::make_unique<LiteralSet>(std::vector<std::string>(literals.begin(), literals.end()));
  }
  return std::shared_ptr<const RuleBase>(std::move(base));
}

std::vector<std::size_t> RuleBase::match_verb(std::string_view word) const { return Compiled::match(compiled_->verb, word); }
std::vector<std::size_t> RuleBase::match_object(std::string_view word) const { return Compiled::match(compiled_->object, word); }
std::vector<std::size_t> RuleBase::match_param(std::string_view name) const { return Compiled::match(compiled_->param, name); }
// How many places an alternative is tried at, anchored, before one search from the first
// place is cheaper.
constexpr std::size_t kMostAnchoredTries = 64;
// How far before a phrase's match its `unless` is looked for.
constexpr std::size_t kUnlessBefore = 60;
// How many matches an `unless` may silence in one text before the next one speaks regardless.
constexpr std::size_t kMostSilenced = 16;

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }  // RE2's \s
bool is_word(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }

// Where the leftmost match of an alternative that opens as `alt` says would start, for a match
// whose leading literal stands at `at`; npos when no match can have it there. A match found
// from a later start would be found from this one too (what lies between is all opening).
std::size_t opening_start(const PhraseAlternative& alt, std::string_view text, std::size_t at) {
  std::size_t w = at;
  if (alt.opening == PhraseAlternative::Opening::kLine) {  // (?m)^[^\w\n]*
    while (w > 0 && !is_word(text[w - 1]) && text[w - 1] != '\n') --w;  // bytes past ASCII are no word characters
    return w == 0 || text[w - 1] == '\n' ? w : std::string_view::npos;
  }
  while (w > 0 && is_space(text[w - 1])) --w;  // (?:^|[marks]\s|\n)\s*
  if (w > 0 && w < at && alt.sentence_marks.find(text[w - 1]) != std::string::npos) return w - 1;
  if (w == 0) return 0;
  const std::size_t newline = text.substr(w, at - w).find('\n');
  return newline == std::string_view::npos ? std::string_view::npos : w + newline;
}

}  // namespace

std::vector<std::pair<std::size_t, std::string>> RuleBase::match_phrase(std::string_view text) const {
  const Compiled& c = *compiled_;
  thread_local std::vector<unsigned char> seen;
  thread_local std::vector<LiteralHit> hits;
  thread_local std::vector<std::size_t> starts;
  // Each leading literal's places, chained in text order: head[literal] -> first hit, and
  // next_hit[hit] -> the literal's next one (-1: none).
  thread_local std::vector<std::int32_t> head, next_hit;
  // The literals the text holds, and so the phrases it could match, in rule order.
  thread_local std::vector<std::uint32_t> held, candidates;
  seen.assign(c.literals->size(), 0);
  hits.clear();
  held.clear();
  c.literals->scan(text, seen, &c.leading, &hits, &held);
  candidates.assign(c.phrases_always.begin(), c.phrases_always.end());
  for (const std::uint32_t id : held) candidates.insert(candidates.end(), c.phrases_by_literal[id].begin(), c.phrases_by_literal[id].end());
  std::sort(candidates.begin(), candidates.end());
  candidates.erase(std::unique(candidates.begin(), candidates.end()), candidates.end());
  if (head.size() != c.literals->size()) head.assign(c.literals->size(), -1);  // -1 again after each text
  next_hit.resize(hits.size());
  for (std::size_t i = hits.size(); i-- > 0;) {
    next_hit[i] = head[hits[i].literal];
    head[hits[i].literal] = static_cast<std::int32_t>(i);
  }
  std::vector<std::pair<std::size_t, std::string>> out;
  // The text, lowered for the patterns: made when an alternative first gets past its literals.
  thread_local std::string lowered;
  std::optional<FoldedText> folded;
  const auto fold = [&]() -> const FoldedText& {
    if (!folded) folded = fold_text(text, lowered);
    return *folded;
  };
  for (const std::uint32_t candidate : candidates) {
    const Compiled::Phrase& ph = c.phrases[candidate];
    // A phrase whose `unless` the words around its match hold (up to kUnlessBefore bytes before
    // it, through the word after it) says nothing there: "a channel in the workspace" locates
    // one channel, "symbols across the workspace" and "the workspace folder" are a folder on
    // disk, not an organisation's workspace. A
    // later match may still speak ("... a channel in the workspace; then deletes it across the
    // organization"); past kMostSilenced silenced ones the next is taken as it stands (failing
    // closed: a phrase only raises).
    const auto silenced = [&](const re2::StringPiece& match) {
      const std::size_t match_at = static_cast<std::size_t>(match.data() - text.data());
      std::size_t from_at = match_at > kUnlessBefore ? match_at - kUnlessBefore : 0;
      while (from_at < match_at && (static_cast<unsigned char>(text[from_at]) & 0xC0) == 0x80) ++from_at;  // a character's start
      thread_local std::string lowered_around;
      const auto holds = [&](std::size_t to) {
        const FoldedText around = fold_text(text.substr(from_at, to - from_at), lowered_around);
        return may_match(around, rules_[ph.rule].unless_groups) && compiled_->param_unless_re[ph.rule]->partial(around);
      };
      // Through its end first: an `unless` may end on the match (`permanently$`).
      const std::size_t end = match_at + match.size();
      std::size_t to = end;
      while (to < text.size() && text[to] == ' ') ++to;
      const std::size_t next = to;
      while (to < text.size() && is_word(text[to])) ++to;
      return holds(end) || (to > next && holds(to));
    };
    re2::StringPiece best;  // the match, when `found`
    bool found = false;
    for (std::size_t min_start = 0, silenced_count = 0;; ++silenced_count) {
      // The pattern's match is its alternatives' leftmost one that starts at `min_start` or
      // later, the first listed at a tie (RE2's leftmost-first semantics), so the quoted text is
      // what the whole pattern would quote.
      found = false;
      for (const auto& alt : ph.alternatives) {
        if (!all_groups_seen(alt.groups, seen)) continue;
        // Literals of case-sensitive parts must be there as written ("INSERT", not "insert").
        const auto as_written = [&](const std::vector<Compiled::Alternative::Exact>& group) {
          return std::any_of(group.begin(), group.end(), [&](const Compiled::Alternative::Exact& e) {
            const std::string& l = *e.spelled;
            if (!e.id) return text.find(l) != std::string_view::npos;
            for (std::int32_t h = head[*e.id]; h >= 0; h = next_hit[static_cast<std::size_t>(h)]) {
              const std::size_t end = hits[static_cast<std::size_t>(h)].end;
              if (end >= l.size() && text.substr(end - l.size(), l.size()) == l) return true;
            }
            return false;
          });
        };
        if (!std::all_of(alt.exact_groups.begin(), alt.exact_groups.end(), as_written)) continue;
        re2::StringPiece m;
        std::size_t from = 0;  // no match starts before it
        if (alt.leading.empty()) {
          // A windowed alternative runs only where what follows its window is found.
          if (alt.tail && !alt.tail->partial(fold())) continue;
        } else {
          // Every match starts where one of the leading literals stands (or where the opening
          // before one does): tried there, anchored, in text order, up to where an earlier
          // alternative's match starts (which wins a tie).
          starts.clear();
          for (const std::uint32_t id : alt.leading) {
            for (std::int32_t h = head[id]; h >= 0; h = next_hit[static_cast<std::size_t>(h)]) {
              std::size_t at = utf8_back(text, hits[static_cast<std::size_t>(h)].end, c.literal_length[id]);
              if (alt.source->opening != PhraseAlternative::Opening::kAtLeading) at = opening_start(*alt.source, text, at);
              if (at != std::string_view::npos) starts.push_back(at);
            }
          }
          std::sort(starts.begin(), starts.end());
          starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
          starts.erase(starts.begin(), std::lower_bound(starts.begin(), starts.end(), min_start));
          if (starts.empty()) continue;
          // What follows the window stands after where a match starts: it is looked for from there.
          if (alt.tail && !alt.tail->partial(fold(), starts.front())) continue;
          // Where the words stand very often (a hostile text repeating them), one search from the
          // first place costs less than a try at each.
          if (starts.size() <= kMostAnchoredTries) {
            for (const std::size_t at : starts) {
              if (found && text.data() + at >= best.data()) break;
              if (alt.re->match(fold(), at, RE2::ANCHOR_START, &m)) {
                best = m;
                found = true;
                break;
              }
            }
            continue;
          }
          from = starts.front();
        }
        from = std::max(from, min_start);
        if (from <= text.size() && alt.re->match(fold(), from, RE2::UNANCHORED, &m) && (!found || m.data() < best.data())) {
          best = m;
          found = true;
        }
      }
      if (!found || silenced_count == kMostSilenced) break;
      // A phrase that only widens the scope says nothing where the text says what the tool is not
      // for (only_scopes); one that says what the tool does still speaks there.
      const std::size_t best_at = static_cast<std::size_t>(best.data() - text.data());
      const bool not_for = only_scopes(rules_[ph.rule]) && in_not_for_clause(text, best_at, best_at + best.size());
      // Nor does one the words before it deny: "Does not charge the card", "never sends email".
      if (!not_for && !denied_before(text, best_at) && (!compiled_->param_unless_re[ph.rule] || !silenced(best))) break;
      min_start = best_at + 1;
    }
    if (found) out.emplace_back(ph.rule, std::string(best.data(), best.size()));
  }
  for (const auto& h : hits) head[h.literal] = -1;
  return out;
}

bool RuleBase::param_constraints_hold(std::size_t index, const SchemaProperty& p, int shallower,
                                      const PropertyContext& context) const {
  const Rule& r = rules_[index];
  if (!r.type.empty()) {
    // A list of commands or statements runs each of them: an exec rule's type may be its items'.
    // A count asked for as an integer is as often typed a number (zod's z.number()).
    const auto has_type = [&](std::string_view t) { return ("|" + p.type + "|").find("|" + std::string(t) + "|") != std::string::npos; };
    const bool typed = has_type(r.type) || (r.type == "integer" && has_type("number")) ||
                       (r.role == ParamRole::kExec && (p.items_types & json_type_bits(r.type)) != 0);
    if (!typed) return false;
  }
  // A "command" that only takes listed values is a choice of actions, not free code; a "kind"
  // or "path" that only takes listed values reaches only those; nor is a listed "method" any
  // method (a note about a free-form string is about what it leaves open).
  const bool free_form_only = r.role == ParamRole::kExec || ((r.role == ParamRole::kWiden || r.role == ParamRole::kNote) && r.type == "string");
  if (free_form_only &&
      !p.enum_values.empty() && r.values_pattern.empty()) {
    return false;
  }
  // A pattern runs (and is compiled) only on a description that has its literals.
  const auto& desc_re = compiled_->param_desc_re[index];
  const auto& unless_re = compiled_->param_unless_re[index];
  thread_local std::string lowered;
  const FoldedText description = desc_re || unless_re ? fold_text(p.description, lowered) : FoldedText{};
  // Text read in place of a property's missing description.
  thread_local std::string lowered_context;
  const auto holds = [&](const FoldedRegex& re, const auto& groups, std::string_view text) {
    const FoldedText folded = fold_text(text, lowered_context);
    return may_match(folded, groups) && re.partial(folded);
  };
  // A property with no description of its own: the `tool_description` pattern, asked of the
  // tool's description and of the name's words it is read as ("sql query" for the bare
  // "query" of execute_sql), where a text it matches does not also hold the `unless` ("Run a
  // SQL query. Only SELECT statements are allowed.").
  const auto& tool_re = compiled_->param_tool_desc_re[index];
  const auto said_by = [&](std::string_view text) {
    return !text.empty() && holds(*tool_re, r.tool_description_groups, text) &&
           !(unless_re && holds(*unless_re, r.unless_groups, text));
  };
  const bool told = p.description.empty() && tool_re && (said_by(context.tool_description) || said_by(context.undescribed_as));
  if (desc_re && !told && !(may_match(description, r.description_groups) && desc_re->partial(description))) {
    const bool speaks_for_it = p.description.empty() && (r.role == ParamRole::kWiden || r.role == ParamRole::kNote);
    if (!speaks_for_it || !holds(*desc_re, r.description_groups, context.tool_description)) return false;
  }
  if (tool_re && !desc_re && p.description.empty() && !told) return false;
  if (unless_re && may_match(description, r.unless_groups) && unless_re->partial(description)) return false;
  if (unless_re && p.description.empty() && !context.undescribed_as.empty() &&
      holds(*unless_re, r.unless_groups, context.undescribed_as)) {
    return false;
  }
  // A property speaks for the tool at its top level; deeper down it is data (a request
  // definition's "method", a message's "role"). Modifiers may sit one level down (options.force).
  const auto depth = std::count(p.path.begin(), p.path.end(), '.') - shallower;
  const bool modifier = r.role == ParamRole::kModifier || r.role == ParamRole::kDryRun;
  if (depth > (modifier ? 1 : 0)) return false;
  if (const auto& re = compiled_->param_values_re[index]) {
    bool any = false;
    for (const auto& v : p.enum_values) any = any || re->full(v);
    if (!any) return false;
  }
  return true;
}

}  // namespace toolrisk
