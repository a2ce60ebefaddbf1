//! `ratings-lab methods`: every method and its parameters as the engine's registry declares
//! them, as text or JSON (`{"methods": [{"name", "label", "about", "params": [{"id", "field",
//! "flag", "label", "help", "unit", "kind", "default", "min", "max", "step", "options",
//! "tunable", "tune": {"symbol", "name", "key"} or null, "compare"}]}]}`: `compare` when the
//! compare view offers it for each entry).

use crate::args::{MethodsArgs, ReportFormat};
use ratings_engine::methods::registry::{self, Access, Param};
use ratings_engine::methods::Params;
use ratings_engine::MethodKind;
use serde_json::{json, Value};

pub fn run(args: &MethodsArgs) -> String {
    match args.format {
        ReportFormat::Json => {
            let methods: Vec<Value> = MethodKind::ALL.iter().map(|&k| method_json(k)).collect();
            serde_json::to_string_pretty(&json!({ "methods": methods })).unwrap_or_default() + "\n"
        }
        ReportFormat::Text => MethodKind::ALL.iter().map(|&k| method_text(k)).collect::<Vec<_>>().join("\n"),
    }
}

fn method_json(kind: MethodKind) -> Value {
    let defaults = Params::default();
    let params: Vec<Value> = registry::of(kind)
        .iter()
        .map(|p| {
            let mut v = json!({
                "id": p.id, "field": p.field, "flag": format!("--{}", p.flag), "label": p.label, "help": p.help,
                "unit": p.unit, "tunable": p.tunable, "flag_negates": p.flag_negates, "default": default_json(p, &defaults),
                "compare": p.compare, "tune": p.tune.map(|t| json!({"symbol": t.symbol, "name": t.name, "key": t.key})),
            });
            match p.access {
                Access::Number { min, max, step, integer, .. } => {
                    v["kind"] = json!(if integer { "integer" } else { "number" });
                    (v["min"], v["max"], v["step"]) = (json!(min), json!(max), json!(step));
                }
                Access::Flag { .. } => v["kind"] = json!("flag"),
                Access::Choice { options, .. } => {
                    v["kind"] = json!("choice");
                    v["options"] = json!(options().iter().map(|o| json!({"name": o.0, "label": o.1})).collect::<Vec<_>>());
                }
            }
            v
        })
        .collect();
    json!({ "name": kind.name(), "label": kind.label(), "about": kind.about(), "params": params })
}

fn default_json(p: &Param, defaults: &Params) -> Value {
    match p.access {
        Access::Number { get, .. } => json!(get(defaults)),
        Access::Flag { get, .. } => json!(get(defaults)),
        Access::Choice { get, .. } => json!(get(defaults)),
    }
}

fn method_text(kind: MethodKind) -> String {
    let defaults = Params::default();
    let mut out = format!("{} ({})\n  {}\n", kind.label(), kind.name(), kind.about());
    for p in registry::of(kind) {
        let range = match p.access {
            Access::Number { min, max, .. } => format!(", {}–{}", short(min), short(max)),
            Access::Choice { options, .. } => format!(", one of {}", options().iter().map(|o| o.0).collect::<Vec<_>>().join(", ")),
            Access::Flag { .. } => String::new(),
        };
        let unit = if p.unit.is_empty() { String::new() } else { format!(" {}", p.unit) };
        let tuned = if p.tunable { "; tunable" } else { "" };
        let off = if p.flag_negates { " (turns it off)" } else { "" };
        let value = match p.access {
            Access::Number { get, .. } => short(get(&defaults)),
            _ => p.show(&defaults),
        };
        let flag = format!("--{}{off}", p.flag);
        out += &format!("  {flag:<24} {} = {value}{unit}{range}{tuned}\n  {:<24} {}\n", p.label, "", p.help);
    }
    out
}

/// A number as the list shows it: `1e-9` for the very small and large.
fn short(v: f64) -> String {
    if v != 0.0 && (v.abs() < 1e-3 || v.abs() >= 1e7) {
        format!("{v:e}")
    } else {
        ratings_engine::error::number(v)
    }
}
