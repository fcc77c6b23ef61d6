//! User rules (add_sanitize_rules) against Go's AddSanitizeRules. Adding rules changes the
//! process's sanitizer for good, so this file is a test binary, and a single test, of its own.

use contractgen_runtime::{add_sanitize_rules, SanitizeRules, SanitizeToken};
use contractgen_rust_tests::sanitize::{compare_evidence, compare_texts, corpus, report};

#[test]
fn user_rules_match_go() {
    let Some(c) = corpus() else { return };
    assert!(!c.rules.is_empty() && !c.rule_texts.is_empty(), "the corpus has no user-rule cases");
    // Before the rules, the texts must come out otherwise than Go's outputs after them, or the
    // comparison below would not show the rules took effect.
    let (_, before) = compare_texts(&c.rule_texts);
    assert!(!before.is_empty(), "no rule text depends on the rules");
    let mut errors = Vec::new();
    for r in &c.rules {
        let rules = SanitizeRules {
            tokens: r
                .tokens
                .iter()
                .flatten()
                .map(|t| SanitizeToken { prefix: t.prefix.clone(), alphabet: t.alphabet.clone(), min_body: t.min_body })
                .collect(),
            keys: r.keys.clone().unwrap_or_default(),
        };
        let got = add_sanitize_rules(&rules).err().map(|e| e.to_string()).unwrap_or_default();
        if got != r.error {
            errors.push(format!("rules {rules:?}: go error {:?}, rust {:?}", r.error, got));
        }
    }
    report("rule calls", c.rules.len(), &errors);
    let (n, diffs) = compare_texts(&c.rule_texts);
    report("texts under user rules", n, &diffs);
    let (n, diffs) = compare_evidence(&c.rule_evidence);
    report("evidence maps under user rules", n, &diffs);
}
