//! The parity corpus (testdata/parity.json, written by the Go test TestParityCorpus in
//! internal/gen/emit/rust): schemas as validation tables, instances, and the Go runtime's answers.

use serde::Deserialize;

/// One schema of the corpus.
#[derive(Debug, Deserialize)]
pub struct Schema {
    pub name: String,
    pub table: String,
    pub root: u32,
    pub cases: Vec<Case>,
}

/// One instance and what the Go runtime made of it.
#[derive(Debug, Deserialize)]
pub struct Case {
    pub name: String,
    pub json: String,
    #[serde(default)]
    pub not_json: bool,
    pub violations: Vec<GoViolation>,
    /// The generated Go package's encoding of a valid contract instance.
    #[serde(default)]
    pub encoded: Option<String>,
}

/// A violation as the Go runtime encodes it.
#[derive(Debug, Deserialize, PartialEq, Eq, Clone)]
pub struct GoViolation {
    #[serde(rename = "instanceLocation")]
    pub instance_location: String,
    #[serde(rename = "keywordLocation")]
    pub keyword_location: String,
    pub error: String,
}

impl From<&contractgen_runtime::Violation> for GoViolation {
    fn from(v: &contractgen_runtime::Violation) -> Self {
        GoViolation { instance_location: v.instance_location.clone(), keyword_location: v.keyword_location.clone(), error: v.error.clone() }
    }
}

/// Reads the corpus.
pub fn corpus() -> Vec<Schema> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/parity.json");
    let text = std::fs::read_to_string(path).expect("read testdata/parity.json");
    serde_json::from_str(&text).expect("parse testdata/parity.json")
}
