#include "toolrisk/rule_base.h"

#include <re2/re2.h>
#include <re2/filtered_re2.h>
#include <re2/set.h>

#include <algorithm>
#include <unordered_map>

namespace toolrisk {
namespace {

bool is_plain_word(const std::string& w) {
  return !w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789 ") == std::string::npos;
}

bool is_literal(const std::string& w) { return w.find_first_of("\\.+*?()|[]{}^$") == std::string::npos; }

// The exact strings a literal word matches: an object word also matches its plural
// (repository|repositories, index|indexes, pod|pods).
std::vector<std::string> literal_forms(const Rule& r, const std::string& w) {
  if (r.kind != RuleKind::kObject || !is_plain_word(w)) return {w};
  if (w.size() > 2 && w.back() == 'y' && std::string("aeiou").find(w[w.size() - 2]) == std::string::npos) {
    return {w, w.substr(0, w.size() - 1) + "ies"};
  }
  return {w, w + "s", w + "es"};
}

// The rule's words that are patterns ("force_\\w+"), as one alternation; "" when all are literal.
std::string pattern_alternation(const Rule& r) {
  std::string out;
  for (const auto& w : r.words) {
    if (is_literal(w)) continue;
    out += out.empty() ? "(?:" : "|";
    out += w;
  }
  return out.empty() ? out : out + ")";
}

RE2::Options options(bool case_sensitive) {
  RE2::Options o;
  o.set_log_errors(false);  // errors are reported to the caller, not to stderr
  o.set_case_sensitive(case_sensitive);
  // Room for the DFA of a whole rule set: with RE2's default 8 MiB a set of a hundred
  // case-insensitive phrases falls back to the slow NFA on long descriptions.
  o.set_max_mem(int64_t{256} << 20);
  return o;
}

}  // namespace

// Looks words up as string_views, without making a string of each.
struct WordHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

struct RuleBase::Compiled {
  // Words are looked up whole: literal words in a hash table, the few that are patterns in
  // an anchored RE2 set.
  struct KindSet {
    std::unordered_map<std::string, std::vector<std::size_t>, WordHash, std::equal_to<>> literal;  // word -> rule indexes
    std::unique_ptr<RE2::Set> set;
    std::vector<std::size_t> rule_of;  // set index -> rule index
  };
  KindSet verb, object, param;
  // Phrases are searched through RE2's prefilter: each pattern's required literals ("atoms")
  // are found first, in one pass over the lower-cased text, and only patterns whose atoms are
  // all there are run. Same answers as the phrase set, without building the set's DFA, which
  // grows with every new description on the counted repetitions phrase patterns use.
  std::unique_ptr<re2::FilteredRE2> phrase_filter;
  std::unique_ptr<RE2::Set> phrase_atoms;      // the atoms, as one literal set (null: none)
  std::vector<std::size_t> phrase_rule_of;     // filter id -> rule index
  std::vector<int> phrase_id_of;               // rule index -> filter id (-1: not a phrase)
  std::vector<std::unique_ptr<RE2>> param_desc_re;   // by rule index (param rules with `description`)
  std::vector<std::unique_ptr<RE2>> param_values_re; // by rule index (param rules with `values`)
  std::vector<std::unique_ptr<RE2>> param_unless_re; // by rule index (param rules with `unless`)

  static std::vector<std::size_t> match(const KindSet& ks, std::string_view text) {
    std::vector<std::size_t> out;
    if (auto it = ks.literal.find(text); it != ks.literal.end()) out = it->second;
    if (ks.set && !ks.rule_of.empty()) {
      std::vector<int> hits;
      ks.set->Match(re2::StringPiece(text.data(), text.size()), &hits);
      for (int h : hits) out.push_back(ks.rule_of[static_cast<std::size_t>(h)]);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
};

RuleBase::RuleBase(std::vector<Rule> rules) : rules_(std::move(rules)), compiled_(std::make_unique<Compiled>()) {}
RuleBase::~RuleBase() = default;

Expected<std::shared_ptr<const RuleBase>> RuleBase::compile(std::vector<Rule> rules) {
  std::shared_ptr<RuleBase> base(new RuleBase(std::move(rules)));
  Compiled& c = *base->compiled_;
  std::vector<Diagnostic> errors;
  c.verb.set = std::make_unique<RE2::Set>(options(true), RE2::ANCHOR_BOTH);
  c.object.set = std::make_unique<RE2::Set>(options(true), RE2::ANCHOR_BOTH);
  c.param.set = std::make_unique<RE2::Set>(options(true), RE2::ANCHOR_BOTH);
  c.phrase_filter = std::make_unique<re2::FilteredRE2>(3);
  c.phrase_id_of.assign(base->rules_.size(), -1);
  c.param_desc_re.resize(base->rules_.size());
  c.param_values_re.resize(base->rules_.size());
  c.param_unless_re.resize(base->rules_.size());

  for (std::size_t i = 0; i < base->rules_.size(); ++i) {
    const Rule& r = base->rules_[i];
    auto fail = [&](const std::string& what, const std::string& err) {
      errors.push_back({r.file, r.line, 0, r.id, "rule `" + r.id + "`: bad " + what + ": " + err});
    };
    Compiled::KindSet* ks = nullptr;
    switch (r.kind) {
      case RuleKind::kVerb: ks = &c.verb; break;
      case RuleKind::kObject: ks = &c.object; break;
      case RuleKind::kParam: ks = &c.param; break;
      case RuleKind::kPhrase: break;
    }
    if (ks) {
      for (const auto& w : r.words) {
        if (!is_literal(w)) continue;
        for (auto& form : literal_forms(r, w)) ks->literal[std::move(form)].push_back(i);
      }
      if (const std::string pattern = pattern_alternation(r); !pattern.empty()) {
        std::string err;
        if (ks->set->Add(re2::StringPiece(pattern), &err) < 0) {
          fail("words", err);
          continue;
        }
        ks->rule_of.push_back(i);
      }
    } else {
      int id = -1;
      if (c.phrase_filter->Add(re2::StringPiece(r.pattern), options(false), &id) != RE2::NoError) {
        fail("pattern", RE2(r.pattern, options(false)).error());
        continue;
      }
      c.phrase_id_of[i] = id;
      c.phrase_rule_of.push_back(i);
    }
    if (!r.description_pattern.empty()) {
      auto re = std::make_unique<RE2>(r.description_pattern, options(false));
      if (!re->ok()) fail("description pattern", re->error());
      c.param_desc_re[i] = std::move(re);
    }
    if (!r.values_pattern.empty()) {
      auto re = std::make_unique<RE2>(r.values_pattern, options(false));
      if (!re->ok()) fail("values pattern", re->error());
      c.param_values_re[i] = std::move(re);
    }
    if (!r.unless_pattern.empty()) {
      auto re = std::make_unique<RE2>(r.unless_pattern, options(false));
      if (!re->ok()) fail("unless pattern", re->error());
      c.param_unless_re[i] = std::move(re);
    }
  }
  if (!c.phrase_rule_of.empty()) {
    std::vector<std::string> atoms;
    c.phrase_filter->Compile(&atoms);
    // Atoms outside ASCII would need Unicode case folding of the text: search without them.
    const bool ascii = std::all_of(atoms.begin(), atoms.end(), [](const std::string& a) {
      return std::all_of(a.begin(), a.end(), [](char ch) { return static_cast<unsigned char>(ch) < 0x80; });
    });
    if (!atoms.empty() && ascii) {
      c.phrase_atoms = std::make_unique<RE2::Set>(options(true), RE2::UNANCHORED);
      for (const auto& a : atoms) c.phrase_atoms->Add(RE2::QuoteMeta(a), nullptr);
      if (!c.phrase_atoms->Compile()) errors.push_back({"", 0, 0, "", "the phrase atoms are too many for RE2 to compile"});
    } else if (!atoms.empty()) {
      c.phrase_filter = std::make_unique<re2::FilteredRE2>(1 << 30);  // no atoms: every pattern runs
      for (std::size_t i : c.phrase_rule_of) {
        int id = -1;
        c.phrase_filter->Add(re2::StringPiece(base->rules_[i].pattern), options(false), &id);
      }
      c.phrase_filter->Compile(&atoms);
    }
  }
  for (auto* ks : {&c.verb, &c.object, &c.param}) {  // the phrase set only checked the patterns
    if (!ks->rule_of.empty() && !ks->set->Compile()) {
      errors.push_back({"", 0, 0, "", "the rule set is too large for RE2 to compile"});
    }
  }
  if (!errors.empty()) return errors;
  return std::shared_ptr<const RuleBase>(std::move(base));
}

std::vector<std::size_t> RuleBase::match_verb(std::string_view word) const { return Compiled::match(compiled_->verb, word); }
std::vector<std::size_t> RuleBase::match_object(std::string_view word) const { return Compiled::match(compiled_->object, word); }
std::vector<std::size_t> RuleBase::match_param(std::string_view name) const { return Compiled::match(compiled_->param, name); }
std::vector<std::size_t> RuleBase::match_phrase(std::string_view text) const {
  const Compiled& c = *compiled_;
  std::vector<std::size_t> out;
  if (!c.phrase_filter || c.phrase_rule_of.empty()) return out;
  std::vector<int> atoms;
  if (c.phrase_atoms) {
    std::string lower(text);  // atoms are lower case (RE2's prefilter folds them)
    for (char& ch : lower) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    c.phrase_atoms->Match(lower, &atoms);
  }
  std::vector<int> hits;
  c.phrase_filter->AllMatches(re2::StringPiece(text.data(), text.size()), atoms, &hits);
  for (int h : hits) out.push_back(c.phrase_rule_of[static_cast<std::size_t>(h)]);
  std::sort(out.begin(), out.end());
  return out;
}

std::string RuleBase::phrase_match_text(std::size_t index, std::string_view text) const {
  const int id = compiled_->phrase_id_of[index];
  if (id < 0) return "";
  re2::StringPiece m;  // the whole match, quoted as evidence
  const RE2& re = compiled_->phrase_filter->GetRE2(id);
  if (re.Match(re2::StringPiece(text.data(), text.size()), 0, text.size(), RE2::UNANCHORED, &m, 1)) {
    return std::string(m.data(), m.size());
  }
  return "";
}

bool RuleBase::param_constraints_hold(std::size_t index, const SchemaProperty& p) const {
  const Rule& r = rules_[index];
  if (!r.type.empty() && ("|" + p.type + "|").find("|" + r.type + "|") == std::string::npos) return false;
  // A "command" that only takes listed values is a choice of actions, not free code; a "kind"
  // or "path" that only takes listed values reaches only those.
  if ((r.role == ParamRole::kExec || (r.role == ParamRole::kWiden && r.type == "string")) &&
      !p.enum_values.empty() && r.values_pattern.empty()) {
    return false;
  }
  if (const auto& re = compiled_->param_desc_re[index]; re && !RE2::PartialMatch(p.description, *re)) return false;
  if (const auto& re = compiled_->param_unless_re[index]; re && RE2::PartialMatch(p.description, *re)) return false;
  // A property speaks for the tool at its top level; deeper down it is data (a request
  // definition's "method", a message's "role"). Modifiers may sit one level down (options.force).
  const auto depth = std::count(p.path.begin(), p.path.end(), '.');
  const bool modifier = r.role == ParamRole::kModifier || r.role == ParamRole::kDryRun;
  if (depth > (modifier ? 1 : 0)) return false;
  if (const auto& re = compiled_->param_values_re[index]) {
    bool any = false;
    for (const auto& v : p.enum_values) any = any || RE2::FullMatch(v, *re);
    if (!any) return false;
  }
  return true;
}

}  // namespace toolrisk
