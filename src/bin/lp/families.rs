//! `lp families`: every family of the registry, what it takes and what its hints say.

use crate::Done;
use lphint::params::Spec;
use lphint::registry;
use serde_json::json;

#[derive(clap::Args)]
pub struct FamiliesArgs {
    /// Print one JSON object per family per line.
    #[arg(long)]
    json: bool,
}

fn spec_json(s: &Spec) -> serde_json::Value {
    json!({"name": s.name, "kind": s.kind.name(), "min": s.min, "max": s.max, "default": s.default,
           "allowed": s.allowed(), "doc": s.doc})
}

pub fn families(args: FamiliesArgs) -> Done {
    for e in registry::families() {
        if args.json {
            let line = json!({
                "id": e.id, "name": e.name, "summary": e.summary, "rating_unit": e.rating_unit,
                "params": e.params.iter().map(spec_json).collect::<Vec<_>>(),
                "presets": e.presets.iter().map(|p| json!({"name": p.name, "params": p.params})).collect::<Vec<_>>(),
                "small": e.small,
                "variants": e.variants.iter().map(|v| json!({"notation": v.notation, "title": v.title,
                    "params": v.params, "presets": v.presets})).collect::<Vec<_>>(),
                "options": e.options.iter().map(spec_json).collect::<Vec<_>>(),
                "reasons": e.reasons.iter().map(|r| json!({"code": r.code, "name": r.name, "doc": r.doc})).collect::<Vec<_>>(),
                "tables": e.tables.iter().map(|k| json!({"kind": k.name, "doc": k.doc,
                    "params": k.params.iter().map(spec_json).collect::<Vec<_>>()})).collect::<Vec<_>>(),
            });
            println!("{line}");
            continue;
        }
        println!("{} (id {}): {}", e.name, e.id, e.summary);
        println!("  generation parameters (--param KEY=VALUE; ratings in {}):", e.rating_unit);
        for s in e.params {
            println!("    {:<12} {} (default {}): {}", s.name, s.allowed(), s.default, s.doc);
        }
        println!("  presets (--preset NAME):");
        for p in e.presets {
            println!("    {:<12} {}", p.name, p.params);
        }
        for v in e.variants {
            println!(
                "  variant {} ({}:, `lp generate {}`): {}; presets {}",
                v.title,
                v.notation,
                v.notation,
                v.params,
                v.presets.join(", ")
            );
        }
        println!("  small puzzles (tutorials; the brute-force checks): {}", e.small);
        for s in e.options {
            println!(
                "  option {} (--option {}=VALUE): {} (default {}): {}",
                s.name,
                s.name,
                s.allowed(),
                s.default,
                s.doc
            );
        }
        println!("  hint reasons:");
        for r in e.reasons {
            println!("    {} {:<16} {}", r.code, r.name, r.doc);
        }
        for k in e.tables {
            let params: Vec<String> =
                k.params.iter().map(|s| format!("{} ({}, default {})", s.name, s.allowed(), s.default)).collect();
            println!("  tables --kind {}: {} [{}]", k.name, k.doc, params.join("; "));
        }
        println!();
    }
    Ok(())
}
