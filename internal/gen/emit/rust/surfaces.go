package rust

import (
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// surfacesFile writes src/catalog.rs for a contract with a kind catalog: the catalog as data, and
// the surface shapes (HTTP status and headers, the JSON-RPC error, the MCP tool result, the CLI
// envelope) as methods of the root type that return what the Go package's adapters write, byte
// for byte. It returns "" when the contract has no catalog.
func (g *gen) surfacesFile() (string, error) {
	pkg := g.pkg
	ec := errorcontract.Of(pkg)
	if ec.Catalog == nil || ec.Constructors == nil || ec.Catalog.Fallback == nil {
		return "", nil
	}
	root, members := ec.Root(), ec.Catalog.Members
	fields := map[string]*ir.Field{}
	for _, f := range root.Fields {
		fields[f.Name] = f
	}
	for _, name := range []string{members.Kind, members.Message, members.Origin, members.Recovery} {
		if fields[name] == nil {
			return "", fmt.Errorf("rust: %s: the catalog's surfaces need the member %q", root.Origin, name)
		}
	}
	// The Rust fields of the members the surfaces read.
	rootNames, _ := fieldNames(root)
	field := map[string]string{}
	for i, f := range root.Fields {
		field[f.Name] = rootNames[i]
	}
	var b strings.Builder
	b.WriteString(g.header(".rs"))
	b.WriteString("\n//! The kind catalog as data, and the surface shapes of the contract's errors.\n\n")
	fmt.Fprintf(&b, "use crate::%s;\n\n", g.names[root])
	// The wait member's Rust field in recovery, or "" when the contract has none: then no
	// surface carries a wait.
	var retry string
	if rec := fields[members.Recovery]; rec.Type.Kind == ir.TypeRef && rec.Type.Named != nil {
		names, _ := fieldNames(rec.Type.Named)
		for i, f := range rec.Type.Named.Fields {
			if f.Name == members.RetryAfter {
				retry = names[i]
			}
		}
	}
	// The doc comments name the contract's members as the profile does.
	doc := func(prefix, text string) string {
		var d strings.Builder
		writeDoc(&d, prefix, text)
		return d.String()
	}
	// Without a wait member the catalog's retry_after has nothing to govern, so the row has no
	// such field, as Go's KindInfo has none.
	waitField := ""
	if retry != "" {
		waitField = doc("    ///", "Whether "+members.RetryAfterPath()+" may be set for this kind.") + "    pub retry_after: bool,\n"
	}
	b.WriteString(`/// One row of the kind catalog: the defaults of an error of that kind and how each surface carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindInfo {
    /// The kind's wire value ("" for the fallback row).
    pub kind: &'static str,
` + doc("    ///", "The defaults of "+members.Origin+", "+members.Recovery+"."+members.Action+", "+members.Recovery+"."+members.SameArguments+" and "+members.SideEffects+".") +
		`    pub origin: &'static str,
    pub action: &'static str,
    pub same_arguments: &'static str,
    pub side_effects: &'static str,
    /// The default recovery guidance.
    pub guidance: &'static str,
    /// The status of HTTP responses that carry the error.
    pub http_status: u16,
` + waitField + doc("    ///", `Whether read-only or idempotent safety hints turn `+members.SameArguments+` into "`+ec.Catalog.Values.Relaxed+`".`) +
		`    pub hint_relaxes: bool,
    /// The code of JSON-RPC errors that carry the error.
    pub jsonrpc_code: i64,
    /// The challenge a 401 response carries, or "".
    pub www_authenticate: &'static str,
}

`)
	// The challenge as the Go rows carry it: the constructors' row has it only where it applies.
	challenge := map[string]string{"": ec.Constructors.Fallback.WWWAuthenticate}
	for _, r := range ec.Constructors.Kinds {
		challenge[r.Name] = r.WWWAuthenticate
	}
	row := func(k *errorcontract.Kind, name string) string {
		wait := ""
		if retry != "" {
			wait = fmt.Sprintf(" retry_after: %t,", k.RetryAfter)
		}
		return fmt.Sprintf("KindInfo { kind: %s, origin: %s, action: %s, same_arguments: %s, side_effects: %s, guidance: %s, http_status: %d,%s hint_relaxes: %t, jsonrpc_code: %d, www_authenticate: %s }",
			rustString(name), rustString(k.Origin), rustString(k.Action), rustString(k.SameArguments), rustString(k.SideEffects), rustString(k.Guidance),
			k.HTTPStatus, wait, k.HintRelaxes, k.JSONRPCCode, rustString(challenge[name]))
	}
	b.WriteString("/// The catalog's rows, sorted by kind.\npub static CATALOG: &[KindInfo] = &[\n")
	for _, k := range ec.Catalog.Kinds {
		fmt.Fprintf(&b, "    %s,\n", row(k, k.Name))
	}
	b.WriteString("];\n\n/// The row of every kind the catalog does not list.\n")
	fmt.Fprintf(&b, "pub static FALLBACK: KindInfo = %s;\n\n", row(ec.Catalog.Fallback, ""))
	fmt.Fprintf(&b, "/// The key under an MCP result's _meta that holds the error object.\npub const MCP_META_KEY: &str = %s;\n\n", rustString(ec.Constructors.MCPMetaKey))
	b.WriteString(`/// The catalog row of kind and true; for a kind the catalog does not list, the fallback row with
/// that kind, and false.
pub fn lookup_kind(kind: &str) -> (KindInfo, bool) {
    match CATALOG.binary_search_by(|row| row.kind.cmp(kind)) {
        Ok(i) => (CATALOG[i], true),
        Err(_) => (KindInfo { kind: "", ..FALLBACK }, false),
    }
}

/// Every kind the catalog lists, sorted.
pub fn kinds() -> impl Iterator<Item = &'static str> {
    CATALOG.iter().map(|row| row.kind)
}

`)
	origin := fields[members.Origin]
	fallback := ""
	if origin.Type.Kind == ir.TypeRef && origin.Type.Named != nil && origin.Type.Named.Enum != nil && origin.Type.Named.Enum.Fallback != nil {
		fallback = origin.Type.Named.Enum.Fallback.Value
	}
	codes := func(fn string, table map[string]int, otherwise int, doc string) {
		fmt.Fprintf(&b, "/// %s\nfn %s(origin: &str) -> i64 {\n    match origin {\n", doc, fn)
		for _, k := range sortedKeys(table) {
			fmt.Fprintf(&b, "        %s => %d,\n", rustString(k), table[k])
		}
		if fallback != "" {
			if code, ok := table[fallback]; ok {
				otherwise = code
			}
		}
		fmt.Fprintf(&b, "        _ => %d,\n    }\n}\n\n", otherwise)
	}
	codes("jsonrpc_code_of", ec.Surfaces.JSONRPCCodes, -32603, "The JSON-RPC code of an origin; an unknown origin is read as the fallback origin.")
	codes("cli_exit_code_of", ec.Surfaces.CLIExitCodes, 1, "The CLI exit status of an origin; an unknown origin is read as the fallback origin.")
	// Retry-After, in whole seconds rounded up, only when the contract has a wait member.
	headersDoc := "The headers of that response beside Content-Type and Content-Length: the kind's WWW-Authenticate challenge on a 401."
	retryAfter := ""
	if retry != "" {
		headersDoc = "The headers of that response beside Content-Type and Content-Length: Retry-After in whole seconds (rounded up) when " +
			members.RetryAfterPath() + " is set, and the kind's WWW-Authenticate challenge on a 401."
		retryAfter = fmt.Sprintf(`        if let Some(seconds) = self.%s.%s.as_ref().and_then(|ms| ms.to_string().parse::<i64>().ok()).filter(|ms| *ms >= 0).map(|ms| ((ms + 999) / 1000).to_string()) {
            headers.push(("Retry-After", seconds));
        }
`, field[members.Recovery], retry)
	}
	methods := fmt.Sprintf(`/// A value as JSON the way the Go package writes it (contractgen_runtime::to_go_json).
fn go_json<T: serde::Serialize + ?Sized>(v: &T) -> String {
    contractgen_runtime::to_go_json(v).expect("the contract's types always encode")
}

impl %[1]s {
    /// The catalog row of the error's kind (the fallback row for a kind the catalog does not list).
    pub fn info(&self) -> KindInfo {
        let (row, known) = lookup_kind(&self.@KIND@);
        if known {
            row
        } else {
            FALLBACK
        }
    }

    /// The status of an HTTP response that carries the error.
    pub fn http_status(&self) -> u16 {
        self.info().http_status
    }

%[3]s    pub fn http_headers(&self) -> Vec<(&'static str, String)> {
        let row = self.info();
        let mut headers = vec![("Content-Type", "application/json".to_string())];
        headers.push(("Content-Length", self.http_body().len().to_string()));
%[2]s        if row.http_status == 401 && !row.www_authenticate.is_empty() {
            headers.push(("WWW-Authenticate", row.www_authenticate.to_string()));
        }
        headers
    }

    /// The body of that response: the object as JSON.
    pub fn http_body(&self) -> Vec<u8> {
        go_json(self).into_bytes()
    }

    /// The code of a JSON-RPC error that carries the error: the catalog's code for a known kind,
    /// else the code of its origin.
    pub fn jsonrpc_code(&self) -> i64 {
        match lookup_kind(&self.@KIND@) {
            (row, true) if row.jsonrpc_code != 0 => row.jsonrpc_code,
            _ => jsonrpc_code_of(self.@ORIGIN@.as_str()),
        }
    }

    /// The JSON-RPC error object that carries the error (MCP's protocol errors):
    /// {"code", "message", "data"}, data being the object (JSON-RPC's ErrorData.data).
    pub fn to_jsonrpc(&self) -> Vec<u8> {
        let data = go_json(self);
        let message = go_json(&self.@MESSAGE@);
        format!("{{\"code\":{},\"message\":{message},\"data\":{data}}}", self.jsonrpc_code()).into_bytes()
    }

    /// The MCP tool result that reports the error: the object's JSON as a text block, the object
    /// as structuredContent and under _meta[MCP_META_KEY], isError set.
    pub fn to_mcp_tool_result(&self) -> Vec<u8> {
        let data = go_json(self);
        let text = go_json(&data);
        let key = go_json(MCP_META_KEY);
        (format!("{{\"content\":[{{\"type\":\"text\",\"text\":{text}}}],\"structuredContent\":{data},\"isError\":true,\"_meta\":{{{key}:{data}}}}}")).into_bytes()
    }

    /// The exit status of a command that fails with the error.
    pub fn cli_exit_code(&self) -> i64 {
        cli_exit_code_of(self.@ORIGIN@.as_str())
    }

    /// The line a failing command prints on stderr in JSON mode, {"ok": false, "command": …,
    /// "error": …}, and the exit status. The command name passes the sanitizer, as in the Go
    /// adapter.
    pub fn cli_line(&self, command: &str) -> (Vec<u8>, i64) {
        let command = contractgen_runtime::sanitize_text(command);
        let line = format!("{{\"ok\":false,\"command\":{},\"error\":{}}}\n", go_json(&command), go_json(self));
        (line.into_bytes(), self.cli_exit_code())
    }
}
`, g.names[root], retryAfter, doc("    ///", headersDoc))
	b.WriteString(strings.NewReplacer("@KIND@", field[members.Kind], "@ORIGIN@", field[members.Origin], "@MESSAGE@", field[members.Message]).Replace(methods))
	return b.String(), nil
}
