#!/usr/bin/env python3
"""Writes the conformance vectors (cases/, tools/) and manifest.json.

The expected verdicts and diagnostic ids below are written from SEP-2793's field definitions
and docs/tool-risk-metadata.md, not taken from toolrisk's output: run.py checks toolrisk (and the
JSON Schema) against them. Run again after editing the lists; the files are committed.
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ALL_EFFECTS = ["code_execution", "cost", "data_exfiltration", "downtime", "external_notification",
               "privilege_change", "state_loss"]
TABLE = {"low": ("none", 1), "medium": ("single", 3), "high": ("single", 4), "critical": ("multi", 5)}
SEP = ["riskLevel", "category", "blastRadius", "reversibility", "sideEffects", "approvalRecommendation",
       "minTrustLevel"]

cases = []


ENUMS = {"riskLevel": ["low", "medium", "high", "critical"],
         "category": ["read", "observe", "mutate", "delete", "destroy", "utility"],
         "blastRadius": ["item", "namespace", "cluster", "organization", "global"],
         "reversibility": ["auto", "manual", "none"], "approvalRecommendation": ["none", "single", "multi"]}


def valid_value(key, v):
    if key in ENUMS:
        return v in ENUMS[key]
    if key == "minTrustLevel":
        return isinstance(v, (int, float)) and not isinstance(v, bool) and v == int(v) and 1 <= v <= 5
    if key == "sideEffects":
        return isinstance(v, list) and all(isinstance(x, str) for x in v) and len(set(v)) == len(v)
    return False


def effective(doc):
    """The values a risk-aware client acts on: declared and valid, else the fail-closed default."""
    given = {k: v for k, v in doc.items() if k in SEP and valid_value(k, v)}
    level = given.get("riskLevel", "critical")
    out = {
        "riskLevel": level,
        "category": given.get("category", "destroy"),
        "blastRadius": given.get("blastRadius", "global"),
        "reversibility": given.get("reversibility", "none"),
        "sideEffects": sorted(given.get("sideEffects", ALL_EFFECTS)),
        "approvalRecommendation": given.get("approvalRecommendation", TABLE[level][0]),
        "minTrustLevel": int(given.get("minTrustLevel", TABLE[level][1])),
    }
    return out, [k for k in SEP if k not in given]


def case(name, doc, verdict, diagnostics=(), note="", with_effective=False):
    path = f"cases/{name}.json"
    entry = {"file": path, "kind": "annotations", "verdict": verdict,
             "diagnostics": [{"id": i, "path": p} for i, p in diagnostics], "note": note}
    if with_effective:
        entry["effective"], entry["defaulted"] = effective(doc)
    cases.append((path, doc, entry))


def tools_case(name, tool, verdict, diagnostics=(), note=""):
    path = f"tools/{name}.json"
    entry = {"file": path, "kind": "tools", "verdict": verdict,
             "diagnostics": [{"id": i, "path": p} for i, p in diagnostics], "note": note}
    cases.append((path, {"tools": [tool]}, entry))


# ---- valid: defaults, every enum value alone, boundaries, open vocabulary ----------------
case("valid-empty", {}, "valid", note="no risk metadata: every field takes its fail-closed default",
     with_effective=True)
case("valid-hints-only", {"title": "Read file", "readOnlyHint": True, "destructiveHint": False,
                          "idempotentHint": True, "openWorldHint": False}, "valid",
     note="the four hints of the specification, no SEP field", with_effective=True)
for v in ["low", "medium", "high", "critical"]:
    case(f"valid-riskLevel-{v}", {"riskLevel": v}, "valid",
         note="approval and trust follow riskLevel when missing", with_effective=True)
for v in ["read", "observe", "mutate", "delete", "destroy", "utility"]:
    case(f"valid-category-{v}", {"category": v}, "valid", with_effective=True)
for v in ["item", "namespace", "cluster", "organization", "global"]:
    case(f"valid-blastRadius-{v}", {"blastRadius": v}, "valid", with_effective=True)
for v in ["auto", "manual", "none"]:
    case(f"valid-reversibility-{v}", {"reversibility": v}, "valid", with_effective=True)
for v in ["none", "single", "multi"]:
    case(f"valid-approvalRecommendation-{v}", {"approvalRecommendation": v}, "valid", with_effective=True)
for v in [1, 2, 3, 4, 5]:
    case(f"valid-minTrustLevel-{v}", {"minTrustLevel": v}, "valid", with_effective=True)
case("valid-minTrustLevel-3.0", {"minTrustLevel": 3.0}, "valid",
     note="JSON Schema counts a number with a zero fraction as an integer", with_effective=True)
case("valid-sideEffects-empty", {"sideEffects": []}, "valid", note="declared: no side effects",
     with_effective=True)
for v in ALL_EFFECTS:
    case(f"valid-sideEffects-{v}", {"sideEffects": [v]}, "valid", with_effective=True)
case("valid-sideEffects-open-vocabulary", {"sideEffects": ["cost", "x-vendor-quota"]}, "valid",
     note="sideEffects is an open vocabulary: unknown values are allowed")
case("valid-other-keys", {"riskLevel": "low", "x-vendor": {"anything": [1, 2]}}, "valid",
     note="other keys are allowed, as the specification allows")
case("valid-read-low", {"title": "List issues", "readOnlyHint": True, "riskLevel": "low", "category": "read",
                        "blastRadius": "namespace", "reversibility": "auto", "sideEffects": [],
                        "approvalRecommendation": "none", "minTrustLevel": 1}, "valid", with_effective=True)
case("valid-destroy-critical", {"readOnlyHint": False, "destructiveHint": True, "riskLevel": "critical",
                                "category": "destroy", "blastRadius": "cluster", "reversibility": "none",
                                "sideEffects": ["state_loss", "downtime"], "approvalRecommendation": "multi",
                                "minTrustLevel": 5}, "valid", with_effective=True)
case("valid-send-high", {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": True,
                         "riskLevel": "high", "category": "mutate", "blastRadius": "item",
                         "reversibility": "none", "sideEffects": ["external_notification"],
                         "approvalRecommendation": "single", "minTrustLevel": 4}, "valid")

# ---- invalid: types, values, boundaries -------------------------------------------------
for name, doc in [("array", []), ("string", "low"), ("null", None), ("number", 5)]:
    case(f"invalid-root-{name}", doc, "invalid", [("not-an-object", "$")], note="ToolAnnotations is an object")
for name, v, check in [("0", 0, "trust-out-of-range"), ("6", 6, "trust-out-of-range"),
                       ("negative", -1, "trust-out-of-range"), ("2.5", 2.5, "trust-not-integer"),
                       ("string-3", "3", "wrong-type"), ("boolean", True, "wrong-type"),
                       ("null", None, "wrong-type")]:
    case(f"invalid-minTrustLevel-{name}", {"minTrustLevel": v}, "invalid", [(check, "$.minTrustLevel")],
         note="minTrustLevel is an integer from 1 to 5", with_effective=True)
for field, bad_values in [("riskLevel", ["Low", "extreme", ""]), ("category", ["write", "Read"]),
                          ("blastRadius", ["account", "tenant"]), ("reversibility", ["partial"]),
                          ("approvalRecommendation", ["dual", "required"])]:
    for v in bad_values:
        case(f"invalid-{field}-{v or 'empty'}", {field: v}, "invalid", [("unknown-value", f"$.{field}")],
             note="enumerated values are case-sensitive and closed", with_effective=True)
    case(f"invalid-{field}-number", {field: 3}, "invalid", [("wrong-type", f"$.{field}")])
    case(f"invalid-{field}-null", {field: None}, "invalid", [("wrong-type", f"$.{field}")])
for hint, v in [("readOnlyHint", "true"), ("destructiveHint", 0), ("idempotentHint", None),
                ("openWorldHint", "yes")]:
    case(f"invalid-{hint}", {hint: v}, "invalid", [("wrong-type", f"$.{hint}")], note="hints are booleans")
case("invalid-title-number", {"title": 5}, "invalid", [("wrong-type", "$.title")])
case("invalid-sideEffects-string", {"sideEffects": "cost"}, "invalid", [("wrong-type", "$.sideEffects")],
     note="sideEffects is an array, even for one value")
case("invalid-sideEffects-item-number", {"sideEffects": ["cost", 1]}, "invalid",
     [("wrong-type", "$.sideEffects[1]")])
case("invalid-sideEffects-item-null", {"sideEffects": [None]}, "invalid", [("wrong-type", "$.sideEffects[0]")])
case("invalid-sideEffects-duplicate", {"sideEffects": ["cost", "cost"]}, "invalid",
     [("side-effect-duplicate", "$.sideEffects[1]")], note="items are unique")
case("invalid-several", {"riskLevel": "extreme", "minTrustLevel": 0, "readOnlyHint": "no"}, "invalid",
     [("wrong-type", "$.readOnlyHint"), ("unknown-value", "$.riskLevel"), ("trust-out-of-range", "$.minTrustLevel")],
     note="every error is reported, not only the first")

# ---- warnings: each consistency check, alone --------------------------------------------
warn = [
    ("readonly-changes-state", {"readOnlyHint": True, "category": "mutate"}, "$.readOnlyHint"),
    ("readonly-changes-state-destroy", {"readOnlyHint": True, "category": "destroy"}, "$.readOnlyHint"),
    ("readonly-and-destructive", {"readOnlyHint": True, "destructiveHint": True}, "$.destructiveHint"),
    ("nondestructive-deletes", {"destructiveHint": False, "category": "delete"}, "$.destructiveHint"),
    ("destructive-safe-category", {"destructiveHint": True, "category": "read"}, "$.destructiveHint"),
    ("readonly-side-effect", {"readOnlyHint": True, "sideEffects": ["privilege_change"]}, "$.sideEffects"),
    ("safe-category-side-effect", {"category": "observe", "sideEffects": ["downtime"]}, "$.sideEffects"),
    ("state-loss-auto-reversible", {"sideEffects": ["state_loss"], "reversibility": "auto"}, "$.reversibility"),
    ("changes-at-low-risk", {"category": "mutate", "riskLevel": "low"}, "$.riskLevel"),
    ("low-risk-multi-approval", {"riskLevel": "low", "approvalRecommendation": "multi"},
     "$.approvalRecommendation"),
    ("risky-auto-approved", {"riskLevel": "critical", "approvalRecommendation": "none"}, "$.approvalRecommendation"),
    ("risky-auto-approved-high", {"riskLevel": "high", "approvalRecommendation": "none"},
     "$.approvalRecommendation"),
    ("observer-trust-for-change", {"category": "delete", "minTrustLevel": 1}, "$.minTrustLevel"),
    ("observer-trust-for-change-high", {"riskLevel": "high", "minTrustLevel": 1}, "$.minTrustLevel"),
    ("destroy-auto-reversible", {"category": "destroy", "reversibility": "auto"}, "$.reversibility"),
    ("destroy-item-scope", {"category": "destroy", "blastRadius": "item"}, "$.blastRadius"),
]
for name, doc, path in warn:
    check = name.removesuffix("-destroy").removesuffix("-high")
    case(f"warning-{name}", doc, "warning", [(check, path)], note="schema-valid, but contradictory")
case("warning-invalid-value-not-combined", {"readOnlyHint": True, "category": "wipe"}, "invalid",
     [("unknown-value", "$.category")], note="an invalid value takes part in no consistency check")

# ---- whole tools: the _meta extension form ----------------------------------------------
seven = {"riskLevel": "high", "category": "delete", "blastRadius": "item", "reversibility": "none",
         "sideEffects": ["state_loss"], "approvalRecommendation": "single", "minTrustLevel": 4}
meta = "dev.toolrisk/risk"
tools_case("meta-form-valid", {"name": "delete_issue", "annotations": {"destructiveHint": True},
                               "_meta": {meta: seven}}, "valid", note="the seven fields in the _meta form")
tools_case("annotations-form-valid", {"name": "delete_issue", "annotations": dict(seven, destructiveHint=True)},
           "valid")
tools_case("meta-form-invalid-trust", {"name": "delete_issue", "_meta": {meta: dict(seven, minTrustLevel=9)}},
           "invalid", [("trust-out-of-range", "tools[0]._meta.dev.toolrisk/risk.minTrustLevel")])
tools_case("meta-form-not-object", {"name": "delete_issue", "_meta": {meta: "high"}}, "invalid",
           [("not-an-object", "tools[0]._meta.dev.toolrisk/risk")])
tools_case("annotations-not-object", {"name": "delete_issue", "annotations": "destructive"}, "invalid",
           [("not-an-object", "tools[0].annotations")])
tools_case("forms-disagree", {"name": "delete_issue", "annotations": {"riskLevel": "low"},
                              "_meta": {meta: {"riskLevel": "high"}}}, "warning",
           [("forms-disagree", "tools[0]._meta.dev.toolrisk/risk.riskLevel")],
           note="both forms present must agree")
tools_case("meta-form-consistency", {"name": "delete_issue", "annotations": {"readOnlyHint": True},
                                     "_meta": {meta: {"category": "delete"}}}, "warning",
           [("readonly-changes-state", "tools[0].annotations.readOnlyHint")],
           note="consistency is checked across both forms")

os.makedirs(os.path.join(HERE, "cases"), exist_ok=True)
os.makedirs(os.path.join(HERE, "tools"), exist_ok=True)
for path, doc, _ in cases:
    with open(os.path.join(HERE, path), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
manifest = {
    "description": "SEP-2793 ToolAnnotations conformance vectors. verdict: valid (no diagnostic), "
                   "warning (schema-valid, only warnings), invalid (at least one error; the JSON Schema "
                   "rejects it). kind: annotations (the file is one ToolAnnotations object) or tools (a "
                   "tools/list result; annotations and the _meta[\"dev.toolrisk/risk\"] form are checked). "
                   "effective/defaulted: the values a risk-aware client acts on, after the fail-closed "
                   "defaults. See README.md.",
    "schema": "../../schema/tool-risk-annotations.schema.json",
    "cases": [entry for _, _, entry in cases],
}
with open(os.path.join(HERE, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=2)
    f.write("\n")
print(f"{len(cases)} cases")
