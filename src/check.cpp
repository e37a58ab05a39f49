#include "toolrisk/check.h"

#include <map>

namespace toolrisk {
namespace {

std::string s(auto v) { return std::string(to_string(v)); }

std::string fields_text(const RiskAnnotations& f) {
  return "riskLevel " + s(f.risk_level) + ", category " + s(f.category) + ", blastRadius " + s(f.blast_radius) +
         ", approval " + s(f.approval) + ", minTrustLevel " + std::to_string(f.min_trust_level);
}

std::vector<std::string> evidence_lines(const Assessment& a) {
  std::vector<std::string> out;
  for (const auto& e : a.evidence) {
    out.push_back(e.field + " = " + e.value + ": " + e.rule + " (" + s(e.from) + " '" + e.match + "')");
  }
  return out;
}

// What got more harmful between the baseline and now, one line per field.
std::vector<std::string> increases(const RiskAnnotations& was, const RiskAnnotations& now) {
  std::vector<std::string> out;
  auto more = [&](const char* name, auto a, auto b) {
    if (b > a) out.push_back(std::string(name) + " " + s(a) + " -> " + s(b));
  };
  more("riskLevel", was.risk_level, now.risk_level);
  more("category", was.category, now.category);
  more("blastRadius", was.blast_radius, now.blast_radius);
  more("reversibility", was.reversibility, now.reversibility);
  more("approvalRecommendation", was.approval, now.approval);
  if (now.min_trust_level > was.min_trust_level) {
    out.push_back("minTrustLevel " + std::to_string(was.min_trust_level) + " -> " + std::to_string(now.min_trust_level));
  }
  for (const auto& e : now.side_effects) {
    if (!was.side_effects.count(e)) out.push_back("sideEffects + " + e);
  }
  return out;
}

class Checker {
 public:
  Checker(const Policy& policy, const LockFile* baseline, CheckReport& report)
      : policy_(policy), baseline_(baseline), report_(report) {}

  void document(const DocumentResult& r) {
    const std::string& server = server_name(r.document);
    const LockedServer* locked = baseline_ ? baseline_->find(server) : nullptr;
    std::map<std::string, const LockedTool*> before;
    if (locked) for (const auto& t : locked->tools) before.emplace(t.name, &t);
    for (std::size_t i = 0; i < r.assessments.size(); ++i) {
      const Tool& tool = r.document.tools[i];
      const Assessment& a = r.assessments[i];
      report_.tools.push_back({r.document.file, server, tool.name, tool.line, a.fields, a.classified, explain(a)});
      Finding base{"", r.document.file, tool.line, tool.column, server, tool.name, "", {}};
      policy_findings(base, a);
      if (baseline_) drift(base, r.document, i, a, before);
    }
    if (baseline_ && locked && policy_.drift.count("removed-tool")) {
      std::set<std::string> now;
      for (const auto& t : r.document.tools) now.insert(t.name);
      for (const auto& t : locked->tools) {
        if (now.count(t.name)) continue;
        add({"removed-tool", r.document.file, 0, 0, server, t.name,
             "`" + t.name + "` is in the baseline but the server no longer lists it", {"baseline: " + fields_text(t.fields)}});
      }
    }
  }

 private:
  void add(Finding f) { report_.findings.push_back(std::move(f)); }

  static Finding with(const Finding& base, const char* rule, std::string message, std::vector<std::string> evidence) {
    Finding f = base;
    f.rule = rule;
    f.message = std::move(message);
    f.evidence = std::move(evidence);
    return f;
  }

  void policy_findings(const Finding& base, const Assessment& a) {
    if (policy_.fail_on_unclassified && !a.classified) {
      std::vector<std::string> ev = a.flags;
      add(with(base, "unclassified",
               "nothing in the name, description or schema of `" + base.tool + "` shows what it does: it gets the "
               "fail-closed values (riskLevel critical, approval multi, minTrustLevel 5) until an operator classifies it",
               ev));
    }
    if (policy_.fail_on_unclassified && !a.unreviewed_catalog_entry.empty()) {
      add(with(base, "unreviewed-catalog-entry",
               "the catalogue entry for `" + base.tool + "` at " + a.unreviewed_catalog_entry +
                   " still says `reason: unreviewed`: review its values and say why they are right",
               {}));
    }
    if (policy_.fail_on && a.classified && a.fields.risk_level >= *policy_.fail_on) {
      add(with(base, "risk-threshold",
               "`" + base.tool + "` is " + s(a.fields.risk_level) + " risk (" + s(a.fields.category) + ", " +
                   s(a.fields.blast_radius) + "), at or above the policy's fail_on " + s(*policy_.fail_on) +
                   "; it needs " + s(a.fields.approval) + " approval and trust level " +
                   std::to_string(a.fields.min_trust_level) + ". Because: " + explain(a),
               evidence_lines(a)));
    }
    if (policy_.fail_on_conflict) {
      for (const auto& c : a.conflicts) {
        add(with(base, "declared-conflict", "`" + base.tool + "`: " + c.message + " (" + c.hint + "=" + c.declared + ")",
                 evidence_lines(a)));
      }
    }
  }

  void drift(const Finding& base, const Document& doc, std::size_t i, const Assessment& a,
             const std::map<std::string, const LockedTool*>& before) {
    auto it = before.find(base.tool);
    if (it == before.end()) {
      if (policy_.drift.count("new-tool")) {
        add(with(base, "new-tool", "`" + base.tool + "` is new since the baseline: " + fields_text(a.fields), evidence_lines(a)));
      }
      return;
    }
    const LockedTool& was = *it->second;
    if (policy_.drift.count("changed-definition")) {
      const DefinitionHashes now = definition_hashes(doc, i);
      if (now.definition != was.hashes.definition) {
        std::vector<std::string> changed;
        std::string list;
        for (const auto& [part, hash] : now.parts) {
          auto old = was.hashes.parts.find(part);
          if (old != was.hashes.parts.end() && old->second == hash) continue;
          changed.push_back(part + ": sha256 " + (old == was.hashes.parts.end() ? "(none)" : old->second.substr(0, 12)) +
                            " -> " + hash.substr(0, 12));
          list += (list.empty() ? "" : ", ") + part;
        }
        add(with(base, "changed-definition",
                 "the definition of `" + base.tool + "` changed since the baseline (" + list +
                     "): same name, different tool; review it before trusting it again",
                 changed));
      }
    }
    if (policy_.drift.count("risk-increase")) {
      auto up = increases(was.fields, a.fields);
      if (!up.empty()) {
        std::string list;
        for (const auto& u : up) list += (list.empty() ? "" : "; ") + u;
        add(with(base, "risk-increase", "`" + base.tool + "` is riskier than in the baseline: " + list, up));
      }
    }
  }

  const Policy& policy_;
  const LockFile* baseline_;
  CheckReport& report_;
};

}  // namespace

const std::vector<CheckRule>& check_rules() {
  static const std::vector<CheckRule> rules = {
      {"unclassified", "Unclassified tool",
       "Nothing in the tool's name, description or input schema shows what it does, so it carries the fail-closed values.",
       "Classify the tool in a catalogue (toolrisk catalog init writes one to start from), or add a rule."},
      {"unreviewed-catalog-entry", "Unreviewed catalogue entry",
       "A catalogue entry matching the tool still says `reason: unreviewed`.",
       "Check the entry's values against what the tool does and replace `unreviewed` with the reason they are right."},
      {"risk-threshold", "Risk at or above the policy's threshold",
       "The tool's riskLevel is at or above the policy's fail_on level.",
       "Decide whether the server should expose the tool; if it should, record the decision in a catalogue entry or raise fail_on."},
      {"declared-conflict", "Declared hints contradict the evidence",
       "What the server declares (readOnlyHint, destructiveHint, riskLevel, category) is less harmful than the tool's name, description or schema show.",
       "Ask the server's authors to fix the annotations; until then toolrisk keeps the stricter values."},
      {"new-tool", "New tool since the baseline",
       "The server lists a tool the baseline lock file does not have.",
       "Review the tool, then run toolrisk lock to accept it."},
      {"removed-tool", "Tool removed since the baseline",
       "The baseline lock file has a tool the server no longer lists.",
       "Check that the removal is intended, then run toolrisk lock."},
      {"changed-definition", "Tool definition changed since the baseline",
       "A tool kept its name but its description, input schema, title or annotations changed: the \"rug pull\".",
       "Read the new definition before trusting the tool again, then run toolrisk lock."},
      {"risk-increase", "Risk increased since the baseline",
       "A tool's classification is more harmful than in the baseline lock file.",
       "Review why the tool became riskier, then run toolrisk lock to accept it."},
  };
  return rules;
}

CheckReport run_check(const std::vector<DocumentResult>& results, const Policy& policy, const LockFile* baseline) {
  CheckReport report;
  Checker checker(policy, baseline, report);
  for (const auto& r : results) checker.document(r);
  return report;
}

}  // namespace toolrisk
