//! The catalog as data and the surface shapes, against what the generated Go package's catalog
//! and adapters say of an error of every kind (testdata/surfaces.json, written by the Go test
//! TestSurfacesFile in internal/gen/emit/rust).

use agenterror::catalog::{kinds, lookup_kind};
use agenterror::AgentError;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Deserialize)]
#[serde(rename_all = "PascalCase")]
struct GoInfo {
    kind: String,
    origin: String,
    action: String,
    same_arguments: String,
    side_effects: String,
    guidance: String,
    #[serde(rename = "HTTPStatus")]
    http_status: u16,
    retry_after: bool,
    hint_relaxes: bool,
    #[serde(rename = "JSONRPCCode")]
    jsonrpc_code: i64,
    #[serde(rename = "WWWAuthenticate")]
    www_authenticate: String,
}

#[derive(Deserialize)]
struct Case {
    name: String,
    known: bool,
    info: GoInfo,
    http_status: u16,
    http_headers: BTreeMap<String, String>,
    http_body: String,
    jsonrpc: String,
    mcp: String,
    cli_line: String,
    cli_exit_code: i64,
}

fn cases() -> Vec<Case> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/surfaces.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("read surfaces.json")).expect("parse surfaces.json")
}

#[test]
fn catalog_and_surfaces_match_go_byte_for_byte() {
    let cases = cases();
    let mut failures = Vec::new();
    let mut check = |name: &str, what: &str, got: String, want: &str| {
        if got != want {
            failures.push(format!("{name} / {what}:\n  rust {got}\n  go   {want}"));
        }
    };
    for c in &cases {
        let e: AgentError = serde_json::from_str(&c.http_body).expect("Go's error decodes (an unknown origin too)");
        let (row, known) = lookup_kind(&e.kind);
        check(&c.name, "known", known.to_string(), &c.known.to_string());
        let i = &c.info;
        let want_kind = if known { i.kind.as_str() } else { "" };
        check(&c.name, "info", format!("{want_kind} {} {} {} {} {} {} {} {} {} {}", row.origin, row.action, row.same_arguments, row.side_effects, row.guidance, row.http_status, row.retry_after, row.hint_relaxes, row.jsonrpc_code, row.www_authenticate),
            &format!("{} {} {} {} {} {} {} {} {} {} {}", row.kind, i.origin, i.action, i.same_arguments, i.side_effects, i.guidance, i.http_status, i.retry_after, i.hint_relaxes, i.jsonrpc_code, i.www_authenticate));
        check(&c.name, "http status", e.http_status().to_string(), &c.http_status.to_string());
        let headers: BTreeMap<String, String> = e.http_headers().into_iter().map(|(k, v)| (k.to_ascii_lowercase(), v)).collect();
        let want: BTreeMap<String, String> = c.http_headers.iter().map(|(k, v)| (k.to_ascii_lowercase(), v.clone())).collect();
        check(&c.name, "http headers", format!("{headers:?}"), &format!("{want:?}"));
        check(&c.name, "http body", String::from_utf8(e.http_body()).expect("utf-8"), &c.http_body);
        check(&c.name, "json-rpc", String::from_utf8(e.to_jsonrpc()).expect("utf-8"), &c.jsonrpc);
        check(&c.name, "mcp", String::from_utf8(e.to_mcp_tool_result()).expect("utf-8"), &c.mcp);
        let (line, code) = e.cli_line("labby search");
        check(&c.name, "cli", String::from_utf8(line).expect("utf-8"), &c.cli_line);
        check(&c.name, "cli exit code", code.to_string(), &c.cli_exit_code.to_string());
    }
    assert!(failures.is_empty(), "{} differences from Go:\n{}", failures.len(), failures.join("\n"));
    let known: Vec<&str> = cases.iter().filter(|c| c.known).map(|c| c.info.kind.as_str()).collect();
    for k in kinds() {
        assert!(known.contains(&k), "kind {k} has no case");
    }
}
