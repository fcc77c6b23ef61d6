//! The Rust sanitizer against the Go one: every text and evidence map of the corpus that
//! TestSanitizeParityDump (cgruntime) writes, sanitized by both, must give the same bytes.

use contractgen_rust_tests::sanitize::{compare_evidence, compare_texts, corpus, report};

#[test]
fn texts_match_go() {
    let Some(c) = corpus() else { return };
    assert!(c.texts.len() > 20_000, "the corpus shrank to {} texts", c.texts.len());
    let (n, diffs) = compare_texts(&c.texts);
    println!("({} of them repaired from invalid UTF-8 before both sanitized them)", c.repaired);
    report("texts", n, &diffs);
}

#[test]
fn evidence_matches_go() {
    let Some(c) = corpus() else { return };
    assert!(c.evidence.len() > 100, "the corpus shrank to {} evidence maps", c.evidence.len());
    let (n, diffs) = compare_evidence(&c.evidence);
    report("evidence maps", n, &diffs);
}
