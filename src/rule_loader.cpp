// Reads rule files (YAML) into Rule values. Every problem is collected with its file and
// line, and all are returned together.
#include <algorithm>
#include <map>
#include <set>

#include "toolrisk/rule_base.h"
#include "toolrisk/tokenizer.h"
#include "yaml_reader.h"

namespace toolrisk {
namespace {

const std::set<std::string>& allowed_keys(RuleKind kind) {
  static const std::set<std::string> common = {"id", "why", "examples", "disabled", "category",
                                               "level", "bump", "blast", "reversibility",
                                               "side_effects"};
  static const std::map<RuleKind, std::set<std::string>> extra = {
      {RuleKind::kVerb, {"words", "weak", "collection", "restricts", "creates", "listed", "with", "lead", "lead_only", "whole"}},
      {RuleKind::kObject, {"words", "listed", "traits"}},
      {RuleKind::kParam, {"words", "role", "type", "description", "tool_description", "values", "unless", "only_for", "defines", "unconfined", "in_name"}},
      {RuleKind::kPhrase, {"pattern", "changes_only", "locates", "creates", "collection", "opens", "unless"}},
  };
  static std::map<RuleKind, std::set<std::string>> merged;
  auto& m = merged[kind];
  if (m.empty()) {
    m = common;
    m.insert(extra.at(kind).begin(), extra.at(kind).end());
  }
  return m;
}

const std::set<std::string> kTraits = {"telemetry", "secret", "privilege", "notifies", "money",
                                       "billable", "workload", "batch", "everything", "attribute", "freestanding", "forwards", "public", "static", "contents", "members", "documents", "reaches_many", "person", "summons"};

class Parser : public YamlReader {
 public:
  explicit Parser(std::vector<Diagnostic>& errors) : YamlReader(errors) {}

  void parse(const RuleSource& src, std::vector<Rule>& out) {
    context_.clear();
    const auto loaded = load(src.name, src.text);
    if (!loaded) return;
    const YAML::Node& root = *loaded;
    if (!root.IsMap()) {
      error(root.Mark(), "a rule file is a mapping with `kind` and `rules`");
      return;
    }
    for (const auto& kv : root) {
      const auto key = kv.first.as<std::string>("");
      if (key != "kind" && key != "rules") error(kv.first.Mark(), "unknown key `" + key + "` (expected kind, rules)");
    }
    const std::string kind_name = root["kind"] ? scalar(root["kind"], "kind") : "";
    std::optional<RuleKind> kind;
    if (kind_name == "verb") kind = RuleKind::kVerb;
    else if (kind_name == "object") kind = RuleKind::kObject;
    else if (kind_name == "param") kind = RuleKind::kParam;
    else if (kind_name == "phrase") kind = RuleKind::kPhrase;
    if (!kind) {
      error(root["kind"] ? root["kind"].Mark() : root.Mark(), "`kind` must be one of verb, object, param, phrase");
      return;
    }
    const YAML::Node rules = root["rules"];
    if (!rules || !rules.IsSequence()) {
      error(root.Mark(), "`rules` must be a list");
      return;
    }
    for (const auto& node : rules) {
      Rule r;
      if (parse_rule(node, *kind, r)) out.push_back(std::move(r));
    }
  }

 private:
  static std::optional<ParamRole> parse_role(std::string_view s) {
    for (auto r : {ParamRole::kModifier, ParamRole::kScope, ParamRole::kWiden, ParamRole::kExec,
                   ParamRole::kUrl, ParamRole::kAction, ParamRole::kDryRun, ParamRole::kNote, ParamRole::kPick}) {
      if (to_string(r) == s) return r;
    }
    return std::nullopt;
  }

  void parse_examples(const YAML::Node& n, Rule& r) {
    if (!n.IsMap()) {
      error(n.Mark(), "`examples` must have `match` and `no_match` lists");
      return;
    }
    for (const auto& kv : n) {
      const auto key = kv.first.as<std::string>("");
      if (key != "match" && key != "no_match") {
        error(kv.first.Mark(), "unknown key `" + key + "` in examples (expected match, no_match)");
        continue;
      }
      if (!kv.second.IsSequence()) {
        error(kv.second.Mark(), "`" + key + "` must be a list of examples");
        continue;
      }
      for (const auto& ex : kv.second) {
        RuleExample e;
        e.should_match = key == "match";
        e.line = static_cast<std::size_t>(ex.Mark().line + 1);
        if (ex.IsScalar()) {
          e.name = ex.Scalar();
        } else if (ex.IsMap()) {
          for (const auto& f : ex) {
            const auto fk = f.first.as<std::string>("");
            if (fk == "name") e.name = scalar(f.second, "name");
            else if (fk == "description") e.description = scalar(f.second, "description");
            else if (fk == "params") e.params = list(f.second, "params");
            else error(f.first.Mark(), "unknown key `" + fk + "` in an example (expected name, description, params)");
          }
          if (e.name.empty()) e.name = "tool";
        } else {
          error(ex.Mark(), "an example is a tool name or a mapping with name, description, params");
          continue;
        }
        r.examples.push_back(std::move(e));
      }
    }
  }

  bool parse_rule(const YAML::Node& node, RuleKind kind, Rule& r) {
    const std::size_t before = errors_.size();
    r.kind = kind;
    r.file = file_;
    r.line = static_cast<std::size_t>(node.Mark().line + 1);
    context_.clear();
    if (!node.IsMap()) {
      error(node.Mark(), "a rule is a mapping");
      return false;
    }
    if (node["id"]) r.id = context_ = scalar(node["id"], "id");
    const auto& allowed = allowed_keys(kind);
    for (const auto& kv : node) {
      const auto key = kv.first.as<std::string>("");
      const YAML::Node& v = kv.second;
      if (!allowed.count(key)) {
        error(kv.first.Mark(), "unknown key `" + key + "` for a " + std::string(to_string(kind)) + " rule");
        continue;
      }
      if (key == "id") continue;
      if (key == "why") r.why = scalar(v, key);
      else if (key == "words") r.words = list(v, key);
      else if (key == "pattern") r.pattern = scalar(v, key);
      else if (key == "category") r.category = enum_value<Category>(v, key, parse_category, "utility, read, observe, mutate, delete, destroy");
      else if (key == "level") r.level = enum_value<RiskLevel>(v, key, parse_risk_level, "low, medium, high, critical");
      else if (key == "blast") r.blast = enum_value<BlastRadius>(v, key, parse_blast_radius, "item, namespace, cluster, organization, global");
      else if (key == "listed") r.listed = enum_value<BlastRadius>(v, key, parse_blast_radius, "item, namespace, cluster, organization, global");
      else if (key == "reversibility") r.reversibility = enum_value<Reversibility>(v, key, parse_reversibility, "auto, manual, none");
      else if (key == "side_effects") r.side_effects = list(v, key);
      else if (key == "traits") r.traits = list(v, key);
      else if (key == "with") r.with = list(v, key);
      else if (key == "weak") r.weak = boolean(v, key);
      else if (key == "collection") r.collection = boolean(v, key);
      else if (key == "restricts") r.restricts = boolean(v, key);
      else if (key == "creates") r.creates = boolean(v, key);
      else if (key == "lead") r.lead = boolean(v, key);
      else if (key == "lead_only") r.lead_only = boolean(v, key);
      else if (key == "whole") r.whole = boolean(v, key);
      else if (key == "changes_only") r.changes_only = boolean(v, key);
      else if (key == "locates") r.locates = boolean(v, key);
      else if (key == "opens") r.opens = boolean(v, key);
      else if (key == "defines") r.defines = boolean(v, key);
      else if (key == "unconfined") r.unconfined = boolean(v, key);
      else if (key == "in_name") r.in_name = boolean(v, key);
      else if (key == "only_for") {
        for (const auto& c : list(v, key)) {
          if (auto cat = parse_category(c)) r.only_for.push_back(*cat);
          else error(v.Mark(), "`only_for`: unknown category `" + c + "`");
        }
      }
      else if (key == "disabled") r.disabled = boolean(v, key);
      else if (key == "type") r.type = scalar(v, key);
      else if (key == "description") r.description_pattern = scalar(v, key);
      else if (key == "tool_description") r.tool_description_pattern = scalar(v, key);
      else if (key == "values") r.values_pattern = scalar(v, key);
      else if (key == "unless") r.unless_pattern = scalar(v, key);
      else if (key == "role") {
        const std::string s = scalar(v, key);
        if (auto role = parse_role(s)) r.role = *role;
        else error(v.Mark(), "`role`: unknown value `" + s + "` (expected modifier, scope, widen, exec, url, action, dry_run, note)");
      } else if (key == "bump") {
        const std::string s = scalar(v, key);
        if (s == "1" || s == "2") r.bump = s[0] - '0';
        else error(v.Mark(), "`bump` must be 1 or 2");
      } else if (key == "examples") {
        parse_examples(v, r);
      }
    }
    if (r.id.empty()) error(node.Mark(), "rule has no `id`");
    if (r.disabled) return errors_.size() == before;  // a removal needs nothing else
    if (r.why.empty()) error(node.Mark(), "rule has no `why` (a one-line rationale)");
    if (kind == RuleKind::kPhrase ? r.pattern.empty() : r.words.empty()) {
      error(node.Mark(), kind == RuleKind::kPhrase ? "phrase rule has no `pattern`" : "rule has no `words`");
    }
    if (kind == RuleKind::kVerb || kind == RuleKind::kObject) {
      // Names are split into words before matching, so a word with a separator never matches.
      // An object word, or a verb's `with` word, may be two words separated by one space.
      const auto check = [&](const std::string& w, bool pairs) {
        const bool pair = pairs && std::count(w.begin(), w.end(), ' ') == 1 && w.front() != ' ' && w.back() != ' ';
        if (w.find_first_of("_-./") != std::string::npos || (w.find(' ') != std::string::npos && !pair)) {
          error(node.Mark(), "word `" + w + "` has a separator; a verb word matches one word of a split name, "
                             "an object or `with` word one word or two separated by one space");
        }
      };
      for (const auto& w : r.words) check(w, kind == RuleKind::kObject);
      for (const auto& w : r.with) check(w, true);
    }
    if (r.in_name && r.bump == 0) error(node.Mark(), "`in_name` is for a modifier: the rule needs a `bump`");
    for (const auto& t : r.traits) {
      if (!kTraits.count(t)) error(node.Mark(), "unknown trait `" + t + "`");
    }
    for (const auto& s : r.side_effects) {
      if (s.empty() || s.find_first_not_of("abcdefghijklmnopqrstuvwxyz_") != std::string::npos) {
        error(node.Mark(), "side effect `" + s + "` must be lower_snake_case");
      }
    }
    const bool has_pos = std::any_of(r.examples.begin(), r.examples.end(), [](const RuleExample& e) { return e.should_match; });
    const bool has_neg = std::any_of(r.examples.begin(), r.examples.end(), [](const RuleExample& e) { return !e.should_match; });
    if (!has_pos || !has_neg) error(node.Mark(), "rule needs `examples` with at least one `match` and one `no_match`");
    return errors_.size() == before;
  }
};

}  // namespace

std::string_view to_string(RuleKind k) {
  switch (k) {
    case RuleKind::kVerb: return "verb";
    case RuleKind::kObject: return "object";
    case RuleKind::kParam: return "param";
    case RuleKind::kPhrase: return "phrase";
  }
  return "?";
}

std::string_view to_string(ParamRole r) {
  switch (r) {
    case ParamRole::kModifier: return "modifier";
    case ParamRole::kScope: return "scope";
    case ParamRole::kWiden: return "widen";
    case ParamRole::kExec: return "exec";
    case ParamRole::kUrl: return "url";
    case ParamRole::kAction: return "action";
    case ParamRole::kDryRun: return "dry_run";
    case ParamRole::kNote: return "note";
    case ParamRole::kPick: return "pick";
  }
  return "?";
}

Expected<std::vector<Rule>> parse_rule_files(const std::vector<RuleSource>& sources) {
  std::vector<Diagnostic> errors;
  std::vector<Rule> rules;
  Parser parser(errors);
  for (const auto& src : sources) parser.parse(src, rules);
  for (auto& r : rules) {
    auto bad = check_patterns(r);
    errors.insert(errors.end(), bad.begin(), bad.end());
  }
  if (!errors.empty()) return errors;
  return rules;
}

}  // namespace toolrisk
