// Package gosurfaces emits the surface adapters of a contract with a kind catalog: an error as an
// HTTP response and back, as a JSON-RPC error object and back, as an MCP tool result (also wrapping
// a failed upstream result) and back, and as the CLI's JSON failure line with its exit status. The
// generated code is the contract's glue: what no contract changes (MCP content blocks, the CLI
// line, an HTTP error body, reading Retry-After) is ordinary Go in the runtime
// (cgruntime/surface.go), which it calls.
//
// surfaces.go is written through gosrc, contractgen's one Go writer, in gofmt's layout and without
// go/format: a function per surface writes its lines, the packages they name are imported as they
// are used, and the per-origin tables are aligned with gosrc.PairLines. The tests check every
// output against go/format.
package gosurfaces

import (
	"strconv"

	"github.com/contractgen/contractgen/internal/gen/emit"
	"github.com/contractgen/contractgen/internal/gen/emit/gosrc"
	"github.com/contractgen/contractgen/internal/gen/ir"
	"github.com/contractgen/contractgen/internal/gen/naming"
	"github.com/contractgen/contractgen/internal/gen/profile/errorcontract"
)

// The standard packages surfaces.go uses.
const (
	jsonPkg    gosrc.ImportPath = "encoding/json"
	errorsPkg  gosrc.ImportPath = "errors"
	fmtPkg     gosrc.ImportPath = "fmt"
	ioPkg      gosrc.ImportPath = "io"
	httpPkg    gosrc.ImportPath = "net/http"
	strconvPkg gosrc.ImportPath = "strconv"
	timePkg    gosrc.ImportPath = "time"
)

// The identifiers surfaces.go names most.
var (
	jsonRawMessage = jsonPkg.Ident("RawMessage")
	fmtErrorf      = fmtPkg.Ident("Errorf")
	errorsNew      = errorsPkg.Ident("New")
)

// Emit returns surfaces.go, or nothing when the contract has no kind catalog. It relies on the
// names goconstruct.Emit declares (Info, LookupKind, Kind, and the runtime files it copies: the
// sanitizer and the surfaces' contract-independent parts) in the same package, and
// prints what the builder decided (errorcontract.Constructors).
func Emit(pkg *ir.Package) ([]emit.File, error) {
	m := errorcontract.Of(pkg).Constructors
	if m == nil {
		return nil, nil
	}
	f := gosrc.NewFile(pkg.Name, emit.HeaderLines(pkg.Hash, "")...)
	rt := emit.Runtime{Import: pkg.Go.ImportRuntime}
	common(f, m)
	httpSurface(f, m, rt)
	jsonrpcSurface(f, m)
	mcpSurface(f, m, rt)
	cliSurface(f, m, rt)
	return []emit.File{{Path: "surfaces.go", Bytes: f.Bytes()}}, nil
}

// codeTable writes a per-origin map literal: a line per entry, values aligned as gofmt aligns
// them, or "{}" for an empty table, as gofmt writes it.
func codeTable(f *gosrc.File, head string, codes []errorcontract.OriginCode) {
	if len(codes) == 0 {
		f.Line(head + "{}")
		return
	}
	rows := make([][]gosrc.Pair, len(codes))
	for i, c := range codes {
		rows[i] = []gosrc.Pair{{Key: c.Origin, Value: strconv.Itoa(c.Code)}}
	}
	f.OpenLiteral(head)
	f.Lines(gosrc.PairLines(0, rows))
	f.Close("")
}

// common writes what every surface uses: the decoding of a contract object.
func common(f *gosrc.File, m *errorcontract.Constructors) {
	f.Line("")
	f.Comment("Every surface below carries the bytes of "+m.Error+".MarshalJSON unchanged, so an error reads the",
		"same over HTTP, JSON-RPC, MCP and the CLI.")
	f.Line("")
	f.Comment("cgLooksLikeContract reports whether a decoded object is a contract error rather than some other",
		"JSON that happened to decode: the version matches and the two members every reader relies on are set.")
	f.Open("func cgLooksLikeContract(e *", m.Error, ") bool")
	f.P("return e.", m.Fields.Version, " == ", m.Version, " && e.", m.Fields.Kind, ` != "" && e.`, m.Fields.Message, ` != ""`)
	f.Close("")
	f.Line("")
	f.Comment("cgDecodeContract decodes data as a contract error, or says why it is not one. It calls",
		"UnmarshalJSON directly, so data is scanned once and a syntax error names its line and column.")
	f.Open("func cgDecodeContract(data []byte) (*", m.Error, ", error)")
	f.P("var e ", m.Error)
	f.Open("if err := e.UnmarshalJSON(data); err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.Open("if !cgLooksLikeContract(&e)")
	f.P("return nil, ", errorsNew, "(", strconv.Quote(notContract(m)), ")")
	f.Close("")
	f.Line("return &e, nil")
	f.Close("")
}

// notContract is the error cgDecodeContract returns for JSON that is not an object of the
// contract: what the error type is and the members cgLooksLikeContract requires.
func notContract(m *errorcontract.Constructors) string {
	noun := m.Noun()
	return "not " + naming.Article(noun) + " " + noun + " object (" + m.JSON.Version + " " + m.Version + ", " +
		m.JSON.Kind + " and " + m.JSON.Message + " are required)"
}

// httpSurface writes WriteHTTP, ReadHTTP and the Retry-After handling.
func httpSurface(f *gosrc.File, m *errorcontract.Constructors, rt emit.Runtime) {
	f.Line("")
	f.Comment("HTTPBodyLimit is the most ReadHTTP reads of a response body, so that a misbehaving server cannot",
		"make a client buffer without end.")
	f.Line("const HTTPBodyLimit = 1 << 20")
	f.Line("")
	f.Comment("HTTPStatus returns the status of an HTTP response that carries e: its kind's catalog status, or",
		"the fallback row's for a kind the catalog does not list.")
	f.P("func HTTPStatus(e *", m.Error, ") int { return Info(e).HTTPStatus }")
	f.Line("")
	if m.Waits() {
		f.Comment("WriteHTTP writes e as a complete HTTP response: the status from the catalog, the object as a JSON",
			"body, Retry-After in whole seconds (rounded up) when "+m.JSON.RetryAfterPath()+" is set, and the",
			"kind's WWW-Authenticate challenge on a 401.")
	} else {
		f.Comment("WriteHTTP writes e as a complete HTTP response: the status from the catalog, the object as a JSON",
			"body, and the kind's WWW-Authenticate challenge on a 401.")
	}
	f.Open("func WriteHTTP(w ", httpPkg.Ident("ResponseWriter"), ", e *", m.Error, ") error")
	f.Line("body, err := e.MarshalJSON()")
	f.Open("if err != nil")
	f.Line("return err")
	f.Close("")
	f.Line("row := Info(e)")
	f.Line("h := w.Header()")
	f.Line(`h.Set("Content-Type", "application/json")`)
	f.P(`h.Set("Content-Length", `, strconvPkg.Ident("Itoa"), "(len(body)))")
	if m.Waits() {
		f.Open("if seconds, ok := cgRetryAfterSeconds(e); ok")
		f.Line(`h.Set("Retry-After", seconds)`)
		f.Close("")
	}
	f.Open("if row.HTTPStatus == ", httpPkg.Ident("StatusUnauthorized"), ` && row.WWWAuthenticate != ""`)
	f.Line(`h.Set("WWW-Authenticate", row.WWWAuthenticate)`)
	f.Close("")
	f.Line("w.WriteHeader(row.HTTPStatus)")
	f.Line("_, err = w.Write(body)")
	f.Line("return err")
	f.Close("")
	if m.Waits() {
		retryAfterSeconds(f, m)
	}
	readHTTP(f, m, rt)
	if m.Waits() {
		retryAfterFromHeader(f, m, rt)
	}
}

// retryAfterSeconds writes cgRetryAfterSeconds, which WriteHTTP's Retry-After header comes from.
func retryAfterSeconds(f *gosrc.File, m *errorcontract.Constructors) {
	f.Line("")
	f.Comment("cgRetryAfterSeconds renders "+m.JSON.RetryAfterPath()+" as a Retry-After value: whole seconds, rounded",
		"up so that a client never comes back early. Values that are not integers of int64 range are skipped.")
	f.Open("func cgRetryAfterSeconds(e *", m.Error, ") (string, bool)")
	f.Open("if ", retryAfter(m), " == nil")
	f.Line(`return "", false`)
	f.Close("")
	retryAfterMS(f, m)
	f.Line("seconds := ms / 1000")
	f.Open("if ms%1000 != 0")
	f.Line("seconds++")
	f.Close("")
	f.P("return ", strconvPkg.Ident("FormatInt"), "(seconds, 10), true")
	f.Close("")
}

// readHTTP writes ReadHTTP.
func readHTTP(f *gosrc.File, m *errorcontract.Constructors, rt emit.Runtime) {
	f.Line("")
	doc := []string{"ReadHTTP reads the error a non-2xx response carries. It reads at most HTTPBodyLimit bytes of the",
		"body and leaves closing it to the caller; a body that is not a contract error is an error naming",
		"the status."}
	if m.Waits() {
		doc[2] += " When the body sets no " + m.JSON.RetryAfterPath() + ", a Retry-After header (seconds or an"
		doc = append(doc, "HTTP-date, see ParseRetryAfter) fills it in, in milliseconds.")
	}
	f.Comment(doc...)
	f.Open("func ReadHTTP(resp *", httpPkg.Ident("Response"), ") (*", m.Error, ", error)")
	f.Open("if resp == nil")
	f.P("return nil, ", errorsNew, `("no HTTP response to read an error from")`)
	f.Close("")
	f.P("body, err := ", rt.Ident("ReadErrorBody"), "(resp.StatusCode, resp.Body, HTTPBodyLimit)")
	f.Open("if err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.Line("e, err := cgDecodeContract(body)")
	f.Open("if err != nil")
	f.P("return nil, ", fmtErrorf, `("HTTP %d: %w", resp.StatusCode, err)`)
	f.Close("")
	if m.Waits() {
		f.P("cgRetryAfterFromHeader(e, resp.Header, ", timePkg.Ident("Now"), "())")
	}
	f.Line("return e, nil")
	f.Close("")
}

// retryAfterFromHeader writes cgRetryAfterFromHeader and ParseRetryAfter, with which ReadHTTP
// fills the wait member from a Retry-After header.
func retryAfterFromHeader(f *gosrc.File, m *errorcontract.Constructors, rt emit.Runtime) {
	f.Line("")
	f.Comment("cgRetryAfterFromHeader fills "+m.JSON.RetryAfterPath()+" from a Retry-After header when the body does",
		"not set it, as when a proxy adds the header: the body, which the header is derived from, wins.")
	f.Open("func cgRetryAfterFromHeader(e *", m.Error, ", h ", httpPkg.Ident("Header"), ", now ", timePkg.Ident("Time"), ")")
	f.Open("if ", retryAfter(m), " != nil")
	f.Line("return")
	f.Close("")
	f.Line(`wait, ok := ParseRetryAfter(h.Get("Retry-After"), now)`)
	f.Open("if !ok")
	f.Line("return")
	f.Close("")
	setRetryAfterMS(f, m, rt)
	f.Close("")
	f.Line("")
	f.Comment("ParseRetryAfter reads a Retry-After value as HTTP defines it (RFC 9110, section 10.2.3): a",
		"number of seconds, or an HTTP-date in any of the three formats a recipient must accept, which",
		"becomes the time from now until then (zero for a date in the past). ok is false for anything",
		"else, including an empty value; a number of seconds too large for a time.Duration gives the",
		"largest one.")
	f.Open("func ParseRetryAfter(value string, now ", timePkg.Ident("Time"), ") (wait ", timePkg.Ident("Duration"), ", ok bool)")
	f.P("return ", rt.Ident("ParseRetryAfter"), "(value, now)")
	f.Close("")
}

// jsonrpcSurface writes the JSON-RPC error object and its codes.
func jsonrpcSurface(f *gosrc.File, m *errorcontract.Constructors) {
	f.Line("")
	f.Comment("JSONRPCError is the error member of a JSON-RPC 2.0 response, as MCP uses it for protocol errors.")
	f.Open("type JSONRPCError struct")
	f.Comment("Code is the JSON-RPC error code.")
	f.Line("Code int `json:\"code\"`")
	f.Comment("Message is a short description; here the contract's message.")
	f.Line("Message string `json:\"message\"`")
	f.Comment("Data is the contract object, byte for byte.")
	f.P("Data ", jsonRawMessage, " `json:\"data,omitempty\"`")
	f.Close("")
	f.Line("")
	f.Comment("Error returns the message, so that a JSONRPCError can travel as a Go error.")
	f.Line("func (j *JSONRPCError) Error() string { return j.Message }")
	f.Line("")
	f.Comment("cgJSONRPCCodes is the per-origin table of x-surfaces.")
	codeTable(f, "var cgJSONRPCCodes = map["+m.Origin+"]int", m.JSONRPCCodes)
	f.Line("")
	f.Comment("JSONRPCCode returns the code of a JSON-RPC error that carries e: the catalog's code for a known",
		"kind; for any other kind the code of e's origin"+readAsFallback(m)+".",
		"Without a table the code is -32603 (internal error).")
	f.Open("func JSONRPCCode(e *", m.Error, ") int")
	f.Open("if row, known := LookupKind(e.", m.Fields.Kind, "); known && row.JSONRPCCode != 0")
	f.Line("return row.JSONRPCCode")
	f.Close("")
	f.Open("if code, ok := cgJSONRPCCodes[", origin(m), "]; ok")
	f.Line("return code")
	f.Close("")
	f.Line("return -32603")
	f.Close("")
	f.Line("")
	f.Comment("ToJSONRPC returns the JSON-RPC error object that carries e: the code from JSONRPCCode, the",
		"message, and the object as data.")
	f.Open("func ToJSONRPC(e *", m.Error, ") (*JSONRPCError, error)")
	f.Line("data, err := e.MarshalJSON()")
	f.Open("if err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.P("return &JSONRPCError{Code: JSONRPCCode(e), Message: e.", m.Fields.Message, ", Data: data}, nil")
	f.Close("")
	f.Line("")
	f.Comment("FromJSONRPC returns the contract error in a JSON-RPC error's data.")
	f.Open("func FromJSONRPC(j *JSONRPCError) (*", m.Error, ", error)")
	f.Open("if j == nil || len(j.Data) == 0")
	f.P("return nil, ", errorsNew, `("the JSON-RPC error has no data")`)
	f.Close("")
	f.Line("e, err := cgDecodeContract(j.Data)")
	f.Open("if err != nil")
	f.P("return nil, ", fmtErrorf, `("JSON-RPC error %d: data: %w", j.Code, err)`)
	f.Close("")
	f.Line("return e, nil")
	f.Close("")
}

// mcpSurface writes the MCP tool result, its wrapping of an upstream result and its reading.
func mcpSurface(f *gosrc.File, m *errorcontract.Constructors, rt emit.Runtime) {
	f.Line("")
	f.Comment("MCPMetaKey is the key under an MCP result's _meta that holds the error object.")
	f.P("const MCPMetaKey = ", strconv.Quote(m.MCPMetaKey))
	f.Line("")
	f.Comment("MCPUpstreamTextLimit caps each upstream text block that WrapMCPToolResult carries over, after",
		"the sanitizer has run on it.")
	f.Line("const MCPUpstreamTextLimit = 8192")
	f.Line("")
	f.Comment("MCPToolResult is the result of an MCP tools/call in plain JSON form, so that any MCP library can",
		"send or read it. Content blocks are kept as raw JSON: blocks of every type pass through untouched.")
	f.Open("type MCPToolResult struct")
	f.Comment("Content holds the content blocks in order.")
	f.P("Content []", jsonRawMessage, " `json:\"content\"`")
	f.Comment("StructuredContent is the result's structured value, or nil.")
	f.P("StructuredContent ", jsonRawMessage, " `json:\"structuredContent,omitempty\"`")
	f.Comment("IsError marks a tool failure, which clients must not treat as a broken connection.")
	f.Line("IsError bool `json:\"isError,omitempty\"`")
	f.Comment("Meta holds the _meta members.")
	f.P("Meta map[string]", jsonRawMessage, " `json:\"_meta,omitempty\"`")
	f.Close("")
	f.Line("")
	f.Comment("ToMCPToolResult returns the tool result that reports e: isError set, the object's JSON as a text",
		"block, the object as structuredContent and under _meta[MCPMetaKey].")
	f.Open("func ToMCPToolResult(e *", m.Error, ") (*MCPToolResult, error)")
	f.Line("data, err := e.MarshalJSON()")
	f.Open("if err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.P("block, err := ", rt.Ident("MCPTextBlock"), "(string(data))")
	f.Open("if err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.OpenLiteral("return &MCPToolResult")
	f.P("Content:           []", jsonRawMessage, "{block},")
	f.Line("StructuredContent: data,")
	f.Line("IsError:           true,")
	f.P("Meta:              map[string]", jsonRawMessage, "{MCPMetaKey: data},")
	f.Close(", nil")
	f.Close("")
	f.Line("")
	f.Comment("cgUpstreamMember is the member of the object that keeps an upstream result's structured content.")
	f.Line(`const cgUpstreamMember = "upstream_structured_content"`)
	f.Line("")
	f.Comment("WrapMCPToolResult reports e about an upstream tool result that failed. The result's first block",
		"is e's own JSON without the upstream's structured content, a diagnostic whose size the sanitizer",
		"bounds; every upstream block follows in order, text blocks sanitized and capped at",
		"MCPUpstreamTextLimit; the upstream's structured content, sanitized like evidence, is kept in the",
		"object's upstream_structured_content member, which structuredContent and _meta carry.")
	f.Open("func WrapMCPToolResult(e *", m.Error, ", upstream *MCPToolResult) (*MCPToolResult, error)")
	f.Line("diagnostic, err := e.MarshalJSON()")
	f.Open("if err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.Line("wrapped := *e")
	f.Open("if upstream != nil && len(upstream.StructuredContent) > 0")
	f.P("kept, err := ", rt.Ident("SanitizeJSON"), "(upstream.StructuredContent, cgUpstreamMember)")
	f.Open("if err != nil")
	f.P("return nil, ", fmtErrorf, `("upstream structuredContent: %w", err)`)
	f.Close("")
	f.P("wrapped.Extra = make(map[string]", jsonRawMessage, ", len(e.Extra)+1)")
	f.Open("for k, v := range e.Extra")
	f.Line("wrapped.Extra[k] = v")
	f.Close("")
	f.Line("wrapped.Extra[cgUpstreamMember] = kept")
	f.Close("")
	f.Line("full, err := wrapped.MarshalJSON()")
	f.Open("if err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.P("first, err := ", rt.Ident("MCPTextBlock"), "(string(diagnostic))")
	f.Open("if err != nil")
	f.Line("return nil, err")
	f.Close("")
	f.P("result := &MCPToolResult{Content: []", jsonRawMessage, "{first}, StructuredContent: full, IsError: true,")
	f.P("	Meta: map[string]", jsonRawMessage, "{MCPMetaKey: full}}")
	f.Open("if upstream != nil")
	f.Open("for i, block := range upstream.Content")
	f.P("clean, err := ", rt.Ident("SanitizeMCPBlock"), "(block, MCPUpstreamTextLimit)")
	f.Open("if err != nil")
	f.P("return nil, ", fmtErrorf, `("upstream content block %d: %w", i, err)`)
	f.Close("")
	f.Line("result.Content = append(result.Content, clean)")
	f.Close("")
	f.Close("")
	f.Line("return result, nil")
	f.Close("")
	f.Line("")
	f.Comment("FromMCPToolResult finds the contract error in a tool result: under _meta[MCPMetaKey], as the",
		"structured content, or as the text of a text block, in that order. It reports false when the",
		"result carries none, whether or not isError is set.")
	f.Open("func FromMCPToolResult(r *MCPToolResult) (*", m.Error, ", bool)")
	f.Open("if r == nil")
	f.Line("return nil, false")
	f.Close("")
	f.P("candidates := append([]", jsonRawMessage, "{r.Meta[MCPMetaKey], r.StructuredContent}, ", rt.Ident("MCPObjectTexts"), "(r.Content)...)")
	f.Open("for _, c := range candidates")
	f.Open("if len(c) == 0")
	f.Line("continue")
	f.Close("")
	f.Open("if e, err := cgDecodeContract(c); err == nil")
	f.Line("return e, true")
	f.Close("")
	f.Close("")
	f.Line("return nil, false")
	f.Close("")
}

// cliSurface writes the CLI failure line and its exit status.
func cliSurface(f *gosrc.File, m *errorcontract.Constructors, rt emit.Runtime) {
	f.Line("")
	f.Comment("cgCLIExitCodes is the per-origin table of x-surfaces.")
	codeTable(f, "var cgCLIExitCodes = map["+m.Origin+"]int", m.CLIExitCodes)
	f.Line("")
	if m.OriginFallback {
		f.Comment("CLIExitCode returns the exit status of a command that fails with e: the entry of e's origin,",
			"read as the fallback origin when it is unknown; 1 when the table has no entry.")
	} else {
		f.Comment("CLIExitCode returns the exit status of a command that fails with e: the entry of e's origin; 1",
			"when the table has no entry.")
	}
	f.Open("func CLIExitCode(e *", m.Error, ") int")
	f.Open("if code, ok := cgCLIExitCodes[", origin(m), "]; ok")
	f.Line("return code")
	f.Close("")
	f.Line("return 1")
	f.Close("")
	f.Line("")
	f.Comment("WriteCLI writes the one line a failing command prints on stderr in JSON mode,",
		`{"ok": false, "command": …, "error": …}, and returns the exit status to end the process with.`,
		"The command name passes the sanitizer; nothing is written anywhere else.")
	f.Open("func WriteCLI(stderr ", ioPkg.Ident("Writer"), ", command string, e *", m.Error, ") (int, error)")
	f.Line("data, err := e.MarshalJSON()")
	f.Open("if err != nil")
	f.Line("return 1, err")
	f.Close("")
	f.P("line, err := ", rt.Ident("CLILine"), "(command, data)")
	f.Open("if err != nil")
	f.Line("return 1, err")
	f.Close("")
	f.Open("if _, err := stderr.Write(line); err != nil")
	f.Line("return CLIExitCode(e), err")
	f.Close("")
	f.Line("return CLIExitCode(e), nil")
	f.Close("")
	f.Line("")
	f.Comment("ReadCLI reads the line WriteCLI writes back into the command name and the error.")
	f.Open("func ReadCLI(line []byte) (string, *", m.Error, ", error)")
	f.P("command, data, err := ", rt.Ident("ParseCLILine"), "(line)")
	f.Open("if err != nil")
	f.Line(`return "", nil, err`)
	f.Close("")
	f.Line("e, err := cgDecodeContract(data)")
	f.Open("if err != nil")
	f.P(`return "", nil, `, fmtErrorf, `("CLI failure line: error: %w", err)`)
	f.Close("")
	f.Line("return command, e, nil")
	f.Close("")
}

// retryAfter is the wait member of e, as the surfaces read and set it.
func retryAfter(m *errorcontract.Constructors) string {
	return "e." + m.Fields.Recovery + "." + m.Fields.RetryAfter
}

// origin is the key the per-origin tables are read with: e's origin, read as the enum's fallback
// value when it is unknown and the enum has one (its OrFallback method); else as it is, so an
// unknown origin finds no entry.
func origin(m *errorcontract.Constructors) string {
	if m.OriginFallback {
		return "e." + m.Fields.Origin + ".OrFallback()"
	}
	return "e." + m.Fields.Origin
}

// readAsFallback is what the per-origin tables' doc comments add about an unknown origin.
func readAsFallback(m *errorcontract.Constructors) string {
	if m.OriginFallback {
		return ", read as the fallback origin when it is unknown"
	}
	return ""
}

// retryAfterMS reads the wait member into ms inside cgRetryAfterSeconds, from a json.Number
// or an int64 as the contract stores it.
func retryAfterMS(f *gosrc.File, m *errorcontract.Constructors) {
	if m.RetryAfter == ir.TypeNumber {
		f.P("ms, err := ", strconvPkg.Ident("ParseInt"), "(string(*", retryAfter(m), "), 10, 64)")
		f.Open("if err != nil || ms < 0")
	} else {
		f.P("ms := *", retryAfter(m))
		f.Open("if ms < 0")
	}
	f.Line(`return "", false`)
	f.Close("")
}

// setRetryAfterMS stores wait, in whole milliseconds rounded up, into the wait member
// inside cgRetryAfterFromHeader, as a json.Number or an int64 as the contract stores it.
func setRetryAfterMS(f *gosrc.File, m *errorcontract.Constructors, rt emit.Runtime) {
	f.P("ms := ", rt.Ident("WholeMilliseconds"), "(wait)")
	if m.RetryAfter == ir.TypeNumber {
		f.P("n := ", jsonPkg.Ident("Number"), "(", strconvPkg.Ident("FormatInt"), "(ms, 10))")
		f.P(retryAfter(m), " = &n")
	} else {
		f.P(retryAfter(m), " = &ms")
	}
}
