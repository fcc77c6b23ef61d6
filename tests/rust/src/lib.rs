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

/// The sanitizer's parity corpus (testdata/sanitize_parity.json), written by the Go test
/// TestSanitizeParityDump in cgruntime when tests/rust/run.sh runs; not committed, as it is
/// large and Go writes it in a second.
pub mod sanitize {
    use serde::Deserialize;

    /// One text, the limit it was sanitized with and Go's output.
    #[derive(Debug, Deserialize)]
    pub struct Text {
        pub name: String,
        pub text: String,
        pub limit: usize,
        pub out: String,
    }

    /// One evidence map and Go's output for it.
    #[derive(Debug, Deserialize)]
    pub struct Evidence {
        pub name: String,
        #[serde(rename = "in")]
        pub input: serde_json::Map<String, serde_json::Value>,
        pub out: serde_json::Map<String, serde_json::Value>,
    }

    /// One AddSanitizeRules call and Go's error text ("" for none).
    #[derive(Debug, Deserialize)]
    pub struct Rules {
        pub tokens: Option<Vec<Token>>,
        pub keys: Option<Vec<String>>,
        pub error: String,
    }

    /// A token format of a rules call.
    #[derive(Debug, Deserialize)]
    pub struct Token {
        pub prefix: String,
        pub alphabet: String,
        pub min_body: usize,
    }

    /// The corpus.
    #[derive(Debug, Deserialize)]
    pub struct Corpus {
        pub texts: Vec<Text>,
        pub evidence: Vec<Evidence>,
        pub repaired: usize,
        pub rules: Vec<Rules>,
        pub rule_texts: Vec<Text>,
        pub rule_evidence: Vec<Evidence>,
    }

    /// Reads the corpus, or None when it was not written (cargo test run alone); under CI=true
    /// a missing corpus panics, so CI cannot pass without comparing.
    pub fn corpus() -> Option<Corpus> {
        let path = std::env::var("CONTRACTGEN_SANITIZE_PARITY").unwrap_or_else(|_| {
            concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/sanitize_parity.json").to_string()
        });
        let data = match std::fs::read_to_string(&path) {
            Ok(d) => d,
            Err(e) if std::env::var("CI").as_deref() != Ok("true") => {
                eprintln!("sanitizer parity skipped: {path}: {e} (tests/rust/run.sh writes it)");
                return None;
            }
            Err(e) => panic!("{path}: {e}; tests/rust/run.sh writes it with go test ./cgruntime -run TestSanitizeParityDump"),
        };
        Some(serde_json::from_str(&data).expect("parse the sanitizer parity corpus"))
    }

    /// Compares texts, returning how many were compared and a description of each difference.
    pub fn compare_texts(texts: &[Text]) -> (usize, Vec<String>) {
        let mut diffs = Vec::new();
        for t in texts {
            let got = contractgen_runtime::sanitize_text_limit(&t.text, t.limit);
            if got != t.out {
                diffs.push(format!(
                    "{} (limit {}):\n  in:   {:?}\n  go:   {:?}\n  rust: {:?}",
                    t.name, t.limit, t.text, t.out, got
                ));
            }
        }
        (texts.len(), diffs)
    }

    /// Compares evidence maps as JSON values, as Go's and Rust's encoders write them.
    pub fn compare_evidence(evidence: &[Evidence]) -> (usize, Vec<String>) {
        let mut diffs = Vec::new();
        for e in evidence {
            let got = contractgen_runtime::sanitize_evidence(&e.input);
            if got != e.out {
                let show = |m: &serde_json::Map<String, serde_json::Value>| {
                    serde_json::to_string(m).unwrap_or_default()
                };
                diffs.push(format!(
                    "{}:\n  in:   {}\n  go:   {}\n  rust: {}",
                    e.name,
                    show(&e.input),
                    show(&e.out),
                    show(&got)
                ));
            }
        }
        (evidence.len(), diffs)
    }

    /// Panics with the first differences, if any.
    pub fn report(what: &str, compared: usize, diffs: &[String]) {
        println!(
            "sanitizer parity, {what}: {compared} compared with Go, {} differ",
            diffs.len()
        );
        if !diffs.is_empty() {
            let first: Vec<&str> = diffs.iter().take(15).map(String::as_str).collect();
            panic!(
                "{} of {compared} {what} differ from Go; the first:\n{}",
                diffs.len(),
                first.join("\n")
            );
        }
    }
}
