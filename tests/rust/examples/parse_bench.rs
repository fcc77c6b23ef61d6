//! Parse+validate of the generated crate beside serde_json into a hand-written struct, on the
//! contract's instance with every member (the corpus' "base" case). Run with
//! `cargo run --release --offline --example parse_bench`; it prints ns per operation, the median
//! of 5 rounds.

use agenterror::AgentError;
use serde::Deserialize;
use std::hint::black_box;
use std::time::Instant;

/// What a Rust author would write by hand for the same document: plain strings for the enums, no
/// validation, unknown members dropped.
#[allow(dead_code)]
#[derive(Deserialize)]
struct HandWritten {
    contract_version: i64,
    kind: String,
    message: String,
    origin: String,
    recovery: HandRecovery,
    side_effects: String,
    service: Option<String>,
    action: Option<String>,
    tool: Option<String>,
    upstream: Option<String>,
    command: Option<String>,
    prompt: Option<String>,
    resource: Option<String>,
    cause: Option<String>,
    original_kind: Option<String>,
    evidence: Option<serde_json::Map<String, serde_json::Value>>,
    safety: Option<HandSafety>,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct HandRecovery {
    action: String,
    same_arguments: String,
    guidance: String,
    retry_after_ms: Option<i64>,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct HandSafety {
    read_only_hint: Option<bool>,
    destructive_hint: Option<bool>,
    idempotent_hint: Option<bool>,
    open_world_hint: Option<bool>,
}

fn measure(name: &str, iters: u32, mut f: impl FnMut()) -> f64 {
    let mut rounds = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..iters {
            f();
        }
        rounds.push(start.elapsed().as_nanos() as f64 / iters as f64);
    }
    rounds.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    let median = rounds[2];
    println!("{name:<44} {median:>9.0} ns/op");
    median
}

fn main() {
    let corpus = contractgen_rust_tests::corpus();
    let contract = corpus.iter().find(|s| s.name == "contract").expect("contract");
    let base = contract.cases.iter().find(|c| c.name == "ts corpus: base").expect("base case");
    let data = base.json.as_bytes();
    println!("instance: {} bytes", data.len());
    let iters = 20_000;
    let hand = measure("serde_json into a hand-written struct", iters, || {
        black_box(serde_json::from_slice::<HandWritten>(black_box(data)).expect("hand"));
    });
    let typed = measure("serde_json into the generated AgentError", iters, || {
        black_box(serde_json::from_slice::<AgentError>(black_box(data)).expect("typed"));
    });
    let validate = measure("AgentError::validate_json (validation only)", iters, || {
        black_box(AgentError::validate_json(black_box(data)).expect("json"));
    });
    let parse = measure("AgentError::parse (validate, then decode)", iters, || {
        black_box(AgentError::parse(black_box(data)).expect("parse"));
    });
    println!("parse / hand-written: {:.1}x; decode alone / hand-written: {:.1}x; validation alone / hand-written: {:.1}x", parse / hand, typed / hand, validate / hand);
}
