//! The constructors, against what the generated Go package's constructors build from the same
//! calls (testdata/constructors.json, written by the Go test TestConstructorsFile in
//! internal/gen/emit/rust): the error's bytes and what check_catalog reports.

use agenterror::catalog::kinds;
use agenterror::{AgentError, Options, SafetyHints};
use contractgen_runtime::to_go_json;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::time::Duration;

#[derive(Deserialize, Default)]
#[serde(default)]
struct GoOptions {
    text: BTreeMap<String, String>,
    evidence: Option<serde_json::Map<String, serde_json::Value>>,
    safety: Option<SafetyHints>,
    retry_after_ns: Option<u64>,
    origin: Option<String>,
    recovery_action: Option<String>,
    same_arguments: Option<String>,
    guidance: Option<String>,
    side_effects: Option<String>,
}

#[derive(Deserialize)]
struct GoViolation {
    #[serde(rename = "instanceLocation")]
    instance_location: String,
    #[serde(rename = "keywordLocation")]
    keyword_location: String,
    error: String,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    kind: String,
    message: String,
    options: GoOptions,
    error: String,
    check_catalog: Vec<GoViolation>,
    /// What Go's Parse reports of the error's bytes.
    validate: Vec<GoViolation>,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/constructors.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("read constructors.json")).expect("parse constructors.json")
}

/// The crate's Options for the described ones.
fn options(o: &GoOptions) -> Options {
    let mut opts = Options {
        evidence: o.evidence.clone(),
        safety: o.safety.clone(),
        retry_after: o.retry_after_ns.map(Duration::from_nanos),
        origin: o.origin.as_deref().map(Into::into),
        recovery_action: o.recovery_action.as_deref().map(Into::into),
        same_arguments: o.same_arguments.as_deref().map(Into::into),
        guidance: o.guidance.clone(),
        side_effects: o.side_effects.as_deref().map(Into::into),
        ..Options::default()
    };
    for (name, text) in &o.text {
        let slot = match name.as_str() {
            "service" => &mut opts.service,
            "action" => &mut opts.action,
            "tool" => &mut opts.tool,
            "upstream" => &mut opts.upstream,
            "command" => &mut opts.command,
            "prompt" => &mut opts.prompt,
            "resource" => &mut opts.resource,
            "cause" => &mut opts.cause,
            "original_kind" => &mut opts.original_kind,
            other => panic!("no text option {other}"),
        };
        *slot = Some(text.clone());
    }
    opts
}

type Constructor = fn(&str, Options) -> AgentError;

/// Every kind's own constructor; the test fails when the catalog and this list disagree.
fn per_kind() -> Vec<(&'static str, Constructor)> {
    vec![
        ("ambiguous_tool", agenterror::new_ambiguous_tool),
        ("artifact_too_large", agenterror::new_artifact_too_large),
        ("auth_failed", agenterror::new_auth_failed),
        ("auth_required", agenterror::new_auth_required),
        ("bad_gateway", agenterror::new_bad_gateway),
        ("bridge_transport_error", agenterror::new_bridge_transport_error),
        ("budget_exceeded", agenterror::new_budget_exceeded),
        ("call_budget_exceeded", agenterror::new_call_budget_exceeded),
        ("cancelled", agenterror::new_cancelled),
        ("code_mode_fuel_exhausted", agenterror::new_code_mode_fuel_exhausted),
        ("code_mode_timeout", agenterror::new_code_mode_timeout),
        ("confirmation_required", agenterror::new_confirmation_required),
        ("conflict", agenterror::new_conflict),
        ("connection_error", agenterror::new_connection_error),
        ("content_too_large", agenterror::new_content_too_large),
        ("decode_error", agenterror::new_decode_error),
        ("forbidden", agenterror::new_forbidden),
        ("internal_error", agenterror::new_internal_error),
        ("invalid_code_mode_id", agenterror::new_invalid_code_mode_id),
        ("invalid_cursor", agenterror::new_invalid_cursor),
        ("invalid_encoding", agenterror::new_invalid_encoding),
        ("invalid_hint", agenterror::new_invalid_hint),
        ("invalid_param", agenterror::new_invalid_param),
        ("invalid_provider_output", agenterror::new_invalid_provider_output),
        ("missing_param", agenterror::new_missing_param),
        ("network_error", agenterror::new_network_error),
        ("not_connected", agenterror::new_not_connected),
        ("not_found", agenterror::new_not_found),
        ("not_implemented", agenterror::new_not_implemented),
        ("not_supported", agenterror::new_not_supported),
        ("oauth_account_ambiguous", agenterror::new_oauth_account_ambiguous),
        ("oauth_client_mismatch", agenterror::new_oauth_client_mismatch),
        ("oauth_needs_reauth", agenterror::new_oauth_needs_reauth),
        ("oauth_scope_upgrade_required", agenterror::new_oauth_scope_upgrade_required),
        ("oauth_shared_credential_protected", agenterror::new_oauth_shared_credential_protected),
        ("path_traversal", agenterror::new_path_traversal),
        ("permission_denied", agenterror::new_permission_denied),
        ("provider_timeout", agenterror::new_provider_timeout),
        ("provider_unavailable", agenterror::new_provider_unavailable),
        ("queue_saturated", agenterror::new_queue_saturated),
        ("quota_exceeded", agenterror::new_quota_exceeded),
        ("rate_limited", agenterror::new_rate_limited),
        ("relay_forwarder_init_failed", agenterror::new_relay_forwarder_init_failed),
        ("relay_invalid_target", agenterror::new_relay_invalid_target),
        ("result_too_large", agenterror::new_result_too_large),
        ("route_scope_denied", agenterror::new_route_scope_denied),
        ("server_error", agenterror::new_server_error),
        ("service_unavailable", agenterror::new_service_unavailable),
        ("snippet_budget_exceeded", agenterror::new_snippet_budget_exceeded),
        ("snippet_not_found", agenterror::new_snippet_not_found),
        ("snippet_resolve_limit", agenterror::new_snippet_resolve_limit),
        ("ssrf_blocked", agenterror::new_ssrf_blocked),
        ("symlink_rejected", agenterror::new_symlink_rejected),
        ("timeout", agenterror::new_timeout),
        ("tool_error", agenterror::new_tool_error),
        ("unknown_action", agenterror::new_unknown_action),
        ("unknown_instance", agenterror::new_unknown_instance),
        ("unknown_subaction", agenterror::new_unknown_subaction),
        ("unknown_tool", agenterror::new_unknown_tool),
        ("unknown_upstream", agenterror::new_unknown_upstream),
        ("upstream_error", agenterror::new_upstream_error),
        ("validation_failed", agenterror::new_validation_failed),
    ]
}

#[test]
fn constructors_build_what_go_builds_byte_for_byte() {
    let cases = cases();
    let mut failures = Vec::new();
    for c in &cases {
        let e = agenterror::new(&c.kind, &c.message, options(&c.options));
        let got = to_go_json(&e).expect("encodes");
        if got != c.error {
            failures.push(format!("{}:\n  rust {got}\n  go   {}", c.name, c.error));
        }
        let got: Vec<String> = e.check_catalog().iter().map(|v| format!("{} {} {}", v.instance_location, v.keyword_location, v.error)).collect();
        let want: Vec<String> = c.check_catalog.iter().map(|v| format!("{} {} {}", v.instance_location, v.keyword_location, v.error)).collect();
        if got != want {
            failures.push(format!("{} / check_catalog:\n  rust {got:?}\n  go   {want:?}", c.name));
        }
        // An option may override a default with a value the schema rejects ("overrides"): the
        // verdict must be Go's, and only such cases may have one.
        let got: Vec<String> = AgentError::validate_json(got_bytes(&e).as_bytes())
            .expect("JSON")
            .iter()
            .map(|v| format!("{} {} {}", v.instance_location, v.keyword_location, v.error))
            .collect();
        let want: Vec<String> = c.validate.iter().map(|v| format!("{} {} {}", v.instance_location, v.keyword_location, v.error)).collect();
        if got != want {
            failures.push(format!("{} / validate:\n  rust {got:?}\n  go   {want:?}", c.name));
        }
    }
    assert!(failures.is_empty(), "{} differences from Go:\n{}", failures.len(), failures.join("\n"));
}

fn got_bytes(e: &AgentError) -> String {
    to_go_json(e).expect("encodes")
}

#[test]
fn every_kind_has_its_own_constructor() {
    let cases = cases();
    let listed: Vec<&str> = per_kind().iter().map(|(k, _)| *k).collect();
    assert_eq!(listed, kinds().collect::<Vec<_>>(), "the per-kind list differs from the catalog");
    for (kind, construct) in per_kind() {
        let case = cases.iter().find(|c| c.kind == kind && c.name == format!("kind {kind}")).unwrap_or_else(|| panic!("no case for kind {kind}"));
        let got = got_bytes(&construct(&case.message, options(&case.options)));
        assert_eq!(got, case.error, "new_{kind}");
    }
}

#[test]
fn cli_line_sanitizes_the_command_as_go_does() {
    let e = agenterror::new_timeout("Timed out.", Options::default());
    let (line, _) = e.cli_line("deploy --token=ghp_0123456789abcdefghijABCDEFGHIJ0123456789");
    let line = String::from_utf8(line).expect("utf-8");
    assert!(!line.contains("ghp_0123"), "{line}");
    assert!(line.contains("[REDACTED]"), "{line}");
}
