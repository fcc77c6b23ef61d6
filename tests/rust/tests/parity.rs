//! Cross-language parity: the Rust runtime gives the Go runtime's verdicts and violation lists on
//! every instance of the corpus; the generated crate does on the contract's; its parse and serde
//! encode valid instances byte for byte as the generated Go package does.

use agenterror::AgentError;
use contractgen_rust_tests::{corpus, GoViolation};

fn report(failures: &[String]) {
    if !failures.is_empty() {
        panic!("{} mismatches with Go:\n{}", failures.len(), failures.join("\n"));
    }
}

#[test]
fn runtime_agrees_with_go() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for s in corpus() {
        let nodes: Vec<contractgen_runtime::Node> = serde_json::from_str(&s.table).expect("table");
        for c in &s.cases {
            checked += 1;
            match contractgen_runtime::validate_json(&nodes, s.root, c.json.as_bytes()) {
                Err(e) if !c.not_json => failures.push(format!("{} / {}: not JSON to Rust ({e}), JSON to Go", s.name, c.name)),
                Ok(_) if c.not_json => failures.push(format!("{} / {}: JSON to Rust, not JSON to Go", s.name, c.name)),
                Ok(vs) => {
                    let got: Vec<GoViolation> = vs.iter().map(GoViolation::from).collect();
                    if got != c.violations {
                        failures.push(format!("{} / {}:\n  rust {:?}\n  go   {:?}", s.name, c.name, got, c.violations));
                    }
                }
                Err(_) => {}
            }
        }
    }
    assert!(checked > 500, "only {checked} cases");
    report(&failures);
}

#[test]
fn generated_crate_agrees_with_go() {
    let corpus = corpus();
    let contract = corpus.iter().find(|s| s.name == "contract").expect("the contract's cases");
    let mut failures = Vec::new();
    for c in &contract.cases {
        match AgentError::validate_json(c.json.as_bytes()) {
            Ok(vs) => {
                let got: Vec<GoViolation> = vs.iter().map(GoViolation::from).collect();
                if c.not_json || got != c.violations {
                    failures.push(format!("{}:\n  rust {:?}\n  go   {:?}", c.name, got, c.violations));
                }
            }
            Err(e) if !c.not_json => failures.push(format!("{}: not JSON to Rust: {e}", c.name)),
            Err(_) => {}
        }
    }
    report(&failures);
}

#[test]
fn round_trip_matches_go_byte_for_byte() {
    let corpus = corpus();
    let contract = corpus.iter().find(|s| s.name == "contract").expect("the contract's cases");
    let mut failures = Vec::new();
    let mut checked = 0;
    for c in &contract.cases {
        let Some(want) = &c.encoded else { continue };
        checked += 1;
        match AgentError::parse(c.json.as_bytes()) {
            Err(e) => failures.push(format!("{}: parse: {e}", c.name)),
            Ok(v) => {
                let got = serde_json::to_string(&v).expect("encode");
                if &got != want {
                    failures.push(format!("{}:\n  rust {got}\n  go   {want}", c.name));
                }
                // Go's encoding is canonical: reading it back and writing it again changes nothing.
                match AgentError::parse(want.as_bytes()).map(|v| serde_json::to_string(&v).expect("encode")) {
                    Ok(again) if &again == want => {}
                    other => failures.push(format!("{}: the canonical form does not survive: {other:?}", c.name)),
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} valid cases");
    report(&failures);
}
