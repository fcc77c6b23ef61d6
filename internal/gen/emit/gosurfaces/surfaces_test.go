package gosurfaces_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	ae "github.com/contractgen/contractgen/generated/agenterror"
)

// sample builds a kind's error with most options set, so that the surfaces carry a full object.
func sample(kind ae.Kind) *ae.AgentError {
	yes := true
	return ae.New(kind, "The call to fs.write failed.", ae.WithTool("fs.write"), ae.WithService("files"),
		ae.WithCause("disk <full> & \"quota\" reached"), ae.WithEvidence(map[string]any{"attempt": 3, "path": "/tmp/a"}),
		ae.WithSafety(ae.SafetyHints{IdempotentHint: &yes}), ae.WithRetryAfter(2500*time.Millisecond))
}

// allKinds are the catalog's kinds and one it does not list.
func allKinds() []ae.Kind { return append(ae.Kinds(), "made_up_kind") }

func canonical(t *testing.T, e *ae.AgentError) []byte {
	t.Helper()
	data, err := e.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestEverySurfaceCarriesTheSameBytes takes every kind through every surface and back, and checks
// that the object on the wire and the object read back encode to the canonical bytes.
func TestEverySurfaceCarriesTheSameBytes(t *testing.T) {
	for _, kind := range allKinds() {
		e := sample(kind)
		want := canonical(t, e)
		for name, trip := range map[string]func(*testing.T, *ae.AgentError, []byte) *ae.AgentError{
			"http": viaHTTPRecorder, "jsonrpc": viaJSONRPC, "mcp": viaMCP, "cli": viaCLI,
		} {
			back := trip(t, e, want)
			if got := canonical(t, back); !bytes.Equal(got, want) {
				t.Errorf("%s through %s:\n got %s\nwant %s", kind, name, got, want)
			}
		}
	}
}

func viaHTTPRecorder(t *testing.T, e *ae.AgentError, want []byte) *ae.AgentError {
	rec := httptest.NewRecorder()
	if err := ae.WriteHTTP(rec, e); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(rec.Body.Bytes(), want) {
		t.Errorf("HTTP body %s, want %s", rec.Body.Bytes(), want)
	}
	back, err := ae.ReadHTTP(rec.Result())
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func viaJSONRPC(t *testing.T, e *ae.AgentError, want []byte) *ae.AgentError {
	obj, err := ae.ToJSONRPC(e)
	if err != nil {
		t.Fatal(err)
	}
	wire, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7, "error": obj})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(wire, want) {
		t.Errorf("JSON-RPC response %s does not hold the object's bytes", wire)
	}
	var resp struct {
		Error *ae.JSONRPCError `json:"error"`
	}
	if err := json.Unmarshal(wire, &resp); err != nil {
		t.Fatal(err)
	}
	back, err := ae.FromJSONRPC(resp.Error)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

func viaMCP(t *testing.T, e *ae.AgentError, want []byte) *ae.AgentError {
	res, err := ae.ToMCPToolResult(e)
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || !bytes.Equal(res.StructuredContent, want) || !bytes.Equal(res.Meta[ae.MCPMetaKey], want) {
		t.Errorf("MCP result does not carry the object in structuredContent and _meta: %+v", res)
	}
	var block struct{ Type, Text string }
	if err := json.Unmarshal(res.Content[0], &block); err != nil || block.Type != "text" || block.Text != string(want) {
		t.Errorf("MCP text block %s does not hold the object's JSON", res.Content[0])
	}
	wire, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var decoded ae.MCPToolResult
	if err := json.Unmarshal(wire, &decoded); err != nil {
		t.Fatal(err)
	}
	back, ok := ae.FromMCPToolResult(&decoded)
	if !ok {
		t.Fatalf("no contract found in %s", wire)
	}
	return back
}

func viaCLI(t *testing.T, e *ae.AgentError, want []byte) *ae.AgentError {
	var stderr bytes.Buffer
	code, err := ae.WriteCLI(&stderr, "deploy", e)
	if err != nil {
		t.Fatal(err)
	}
	if code != ae.CLIExitCode(e) || code < 1 || code >= 126 {
		t.Errorf("exit status %d", code)
	}
	line := stderr.Bytes()
	if bytes.Count(line, []byte("\n")) != 1 || !bytes.HasSuffix(line, []byte("\n")) || !bytes.Contains(line, want) {
		t.Errorf("CLI line %q is not one line holding the object", line)
	}
	command, back, err := ae.ReadCLI(line)
	if err != nil || command != "deploy" {
		t.Fatalf("ReadCLI: %q %v", command, err)
	}
	return back
}

// TestHTTPOverARealConnection serves every kind from an httptest server and reads it with
// net/http's client: status, headers and body as the catalog says. The server asks for a wait
// where the catalog allows one, as a careful service does (CheckCatalog reports the others).
func TestHTTPOverARealConnection(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kind := ae.Kind(strings.TrimPrefix(r.URL.Path, "/"))
		var opts []ae.Option
		if row, _ := ae.LookupKind(kind); row.RetryAfter {
			opts = append(opts, ae.WithRetryAfter(1001*time.Millisecond))
		}
		e := ae.New(kind, "Request failed.", opts...)
		if err := ae.CheckCatalog(e); err != nil {
			t.Error(err)
		}
		if err := ae.WriteHTTP(w, e); err != nil {
			t.Error(err)
		}
	}))
	defer srv.Close()
	for _, kind := range allKinds() {
		resp, err := srv.Client().Get(srv.URL + "/" + string(kind))
		if err != nil {
			t.Fatal(err)
		}
		row, _ := ae.LookupKind(kind)
		if resp.StatusCode != row.HTTPStatus {
			t.Errorf("%s: status %d, want %d", kind, resp.StatusCode, row.HTTPStatus)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("%s: Content-Type %q", kind, ct)
		}
		wantRetry := ""
		if row.RetryAfter {
			wantRetry = "2" // 1001 ms rounds up to 2 s
		}
		if got := resp.Header.Get("Retry-After"); got != wantRetry {
			t.Errorf("%s: Retry-After %q, want %q", kind, got, wantRetry)
		}
		challenge := resp.Header.Get("WWW-Authenticate")
		if (resp.StatusCode == http.StatusUnauthorized) != (challenge != "") || challenge != row.WWWAuthenticate {
			t.Errorf("%s: status %d with challenge %q, catalog %q", kind, resp.StatusCode, challenge, row.WWWAuthenticate)
		}
		back, err := ae.ReadHTTP(resp)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if back.Kind != kind {
			t.Errorf("read back kind %q, want %q", back.Kind, kind)
		}
	}
}

// TestReadHTTPRefuses checks the reverse adapter's refusals: a success, an oversized body and a
// body that is not the contract.
func TestReadHTTPRefuses(t *testing.T) {
	cases := map[string]struct {
		status int
		body   string
		want   string
	}{
		"success":  {200, `{}`, "success"},
		"huge":     {502, strings.Repeat(" ", ae.HTTPBodyLimit+1), "exceeds"},
		"html":     {502, "<html>Bad Gateway</html>", "HTTP 502"},
		"empty":    {500, `{"contract_version":1,"kind":"","message":"x"}`, "not an agent error"},
		"version2": {500, `{"contract_version":2,"kind":"k","message":"x"}`, "not an agent error"},
	}
	for name, c := range cases {
		rec := httptest.NewRecorder()
		rec.WriteHeader(c.status)
		rec.WriteString(c.body)
		_, err := ae.ReadHTTP(rec.Result())
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", name, err, c.want)
		}
	}
}

// TestRetryAfterRounding pins the rounding of retry_after_ms to whole seconds.
func TestRetryAfterRounding(t *testing.T) {
	for ms, want := range map[int64]string{0: "0", 1: "1", 999: "1", 1000: "1", 1001: "2", 60000: "60"} {
		rec := httptest.NewRecorder()
		e := ae.NewRateLimited("Too many requests.", ae.WithRetryAfter(time.Duration(ms)*time.Millisecond))
		if err := ae.WriteHTTP(rec, e); err != nil {
			t.Fatal(err)
		}
		if got := rec.Header().Get("Retry-After"); got != want {
			t.Errorf("%d ms: Retry-After %q, want %q", ms, got, want)
		}
	}
}

// TestJSONRPCCodes checks the codes: the catalog's per kind, the origin's for an unknown kind, and
// the fallback origin's for an unknown origin.
func TestJSONRPCCodes(t *testing.T) {
	for _, kind := range ae.Kinds() {
		row, _ := ae.LookupKind(kind)
		obj, err := ae.ToJSONRPC(ae.New(kind, "m"))
		if err != nil {
			t.Fatal(err)
		}
		want := -32603
		if row.Origin == ae.OriginValidation || row.Origin == ae.OriginDiscovery {
			want = -32602
		}
		if obj.Code != want || obj.Code != row.JSONRPCCode {
			t.Errorf("%s (%s): code %d, want %d", kind, row.Origin, obj.Code, want)
		}
	}
	if code := ae.JSONRPCCode(ae.New("made_up", "m", ae.WithOrigin(ae.OriginDiscovery))); code != -32602 {
		t.Errorf("unknown kind with origin discovery: %d", code)
	}
	if code := ae.JSONRPCCode(ae.New("made_up", "m", ae.WithOrigin("from_the_future"))); code != -32603 {
		t.Errorf("unknown origin: %d", code)
	}
}

// TestCLIExitCodes checks the per-origin table, the fallback for an unknown origin, and the range.
func TestCLIExitCodes(t *testing.T) {
	seen := map[int]ae.Origin{}
	for i, origin := range ae.OriginValues() {
		code := ae.CLIExitCode(ae.New("k", "m", ae.WithOrigin(origin)))
		if code != 10+i {
			t.Errorf("%s: exit %d, want %d", origin, code, 10+i)
		}
		if other, dup := seen[code]; dup {
			t.Errorf("%s and %s share exit status %d", origin, other, code)
		}
		seen[code] = origin
	}
	if code := ae.CLIExitCode(ae.New("k", "m", ae.WithOrigin("from_the_future"))); code != 18 {
		t.Errorf("unknown origin: exit %d, want the runtime fallback 18", code)
	}
}

// TestWrapUpstreamToolResult wraps a failed upstream result: the diagnostic first, every upstream
// block after it in order, the upstream structured content kept (sanitized) in the object.
func TestWrapUpstreamToolResult(t *testing.T) {
	upstream := &ae.MCPToolResult{
		IsError: true,
		Content: []json.RawMessage{
			json.RawMessage(`{"type":"text","text":"first: token=ghp_FAKEabcdefghijklmnopqrstuvwxyz0123"}`),
			json.RawMessage(`{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}`),
			json.RawMessage(`{"type":"text","text":"third"}`),
		},
		StructuredContent: json.RawMessage(`{"exit":2,"password":"FAKEhunter2","lines":["a","b"]}`),
	}
	e := ae.NewToolError("The upstream tool failed.", ae.WithTool("remote.run"))
	res, err := ae.WrapMCPToolResult(e, upstream)
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || len(res.Content) != 4 {
		t.Fatalf("wrapped result: %+v", res)
	}
	var first struct{ Type, Text string }
	json.Unmarshal(res.Content[0], &first)
	if first.Text != string(canonical(t, e)) {
		t.Errorf("diagnostic block %q, want the error's own JSON", first.Text)
	}
	if string(res.Content[2]) != string(upstream.Content[1]) {
		t.Errorf("the image block changed: %s", res.Content[2])
	}
	var third struct{ Text string }
	json.Unmarshal(res.Content[3], &third)
	if third.Text != "third" {
		t.Errorf("block order lost: %s", res.Content[3])
	}
	wire, _ := json.Marshal(res)
	for _, leak := range []string{"ghp_FAKE", "FAKEhunter2"} {
		if bytes.Contains(wire, []byte(leak)) {
			t.Errorf("%s survives in %s", leak, wire)
		}
	}
	back, ok := ae.FromMCPToolResult(res)
	if !ok {
		t.Fatal("no contract in the wrapped result")
	}
	var kept struct {
		Exit  int      `json:"exit"`
		Lines []string `json:"lines"`
	}
	if err := json.Unmarshal(back.Extra["upstream_structured_content"], &kept); err != nil || kept.Exit != 2 || len(kept.Lines) != 2 {
		t.Errorf("upstream structured content: %s (%v)", back.Extra["upstream_structured_content"], err)
	}
}

// TestFromMCPToolResultFindsTheContractAnywhere finds the error in each place alone, and reports a
// result without one, even when it is an error result.
func TestFromMCPToolResultFindsTheContractAnywhere(t *testing.T) {
	data := canonical(t, ae.NewNotFound("No such file."))
	block, _ := json.Marshal(map[string]string{"type": "text", "text": string(data)})
	for name, r := range map[string]*ae.MCPToolResult{
		"meta":       {Meta: map[string]json.RawMessage{ae.MCPMetaKey: data}},
		"structured": {StructuredContent: data},
		"text":       {Content: []json.RawMessage{json.RawMessage(`{"type":"text","text":"plain words"}`), block}},
	} {
		e, ok := ae.FromMCPToolResult(r)
		if !ok || e.Kind != ae.KindNotFound {
			t.Errorf("%s: found %v %v", name, e, ok)
		}
	}
	plain := &ae.MCPToolResult{IsError: true, Content: []json.RawMessage{json.RawMessage(`{"type":"text","text":"{\"a\":1}"}`)},
		StructuredContent: json.RawMessage(`{"a":1}`)}
	if e, ok := ae.FromMCPToolResult(plain); ok {
		t.Errorf("found a contract in a result without one: %+v", e)
	}
}

// TestRetryAfterHeaderSkipsHugeValues checks that a decoded retry_after_ms beyond int64 does not
// produce a bogus header.
func TestRetryAfterHeaderSkipsHugeValues(t *testing.T) {
	var e ae.AgentError
	src := `{"contract_version":1,"kind":"rate_limited","message":"m","origin":"budget","recovery":{"action":"retry_later","same_arguments":"conditional","guidance":"g","retry_after_ms":99999999999999999999999},"side_effects":"none_expected"}`
	if err := json.Unmarshal([]byte(src), &e); err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	if err := ae.WriteHTTP(rec, &e); err != nil {
		t.Fatal(err)
	}
	if got := rec.Header().Get("Retry-After"); got != "" {
		t.Errorf("Retry-After %q for an out-of-range value", got)
	}
	if rec.Header().Get("Content-Length") != strconv.Itoa(rec.Body.Len()) {
		t.Errorf("Content-Length %s for %d bytes", rec.Header().Get("Content-Length"), rec.Body.Len())
	}
}
