package rust

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/contractgen/contractgen/generated/agenterror"
)

const surfacesPath = repoRoot + "/tests/rust/testdata/surfaces.json"

// surfaceCase is one error the generated Go package built, and what its catalog and adapters say
// of it: the Rust crate's catalog and surface methods must say the same, byte for byte.
type surfaceCase struct {
	Name string `json:"name"`
	// Error is the object as the Go package encodes it; the Rust test decodes it.
	Error       json.RawMessage     `json:"error"`
	Known       bool                `json:"known"`
	Info        agenterror.KindInfo `json:"info"`
	HTTPStatus  int                 `json:"http_status"`
	HTTPHeaders map[string]string   `json:"http_headers"`
	HTTPBody    string              `json:"http_body"`
	JSONRPC     string              `json:"jsonrpc"`
	MCP         string              `json:"mcp"`
	CLILine     string              `json:"cli_line"`
	CLIExitCode int                 `json:"cli_exit_code"`
}

func surfaceCases(t *testing.T) []surfaceCase {
	t.Helper()
	type made struct {
		name string
		err  *agenterror.AgentError
	}
	var errs []made
	for _, k := range agenterror.Kinds() {
		errs = append(errs, made{string(k), agenterror.New(k, "The "+string(k)+" failure <b>&</b> its account.")})
	}
	errs = append(errs,
		made{"unknown kind", agenterror.New("quantum_flux", "Something new.")},
		made{"retry after", agenterror.NewRateLimited("Slow down.", agenterror.WithRetryAfter(1500*time.Millisecond))},
		made{"retry after on a 503", agenterror.NewServiceUnavailable("Down.", agenterror.WithRetryAfter(2*time.Second))},
		made{"unknown origin", agenterror.New("quantum_flux", "Odd.", agenterror.WithOrigin("quantum"))},
		made{"auth required", agenterror.NewAuthRequired("Log in.", agenterror.WithService("search"))},
	)
	var cases []surfaceCase
	for _, m := range errs {
		body, err := m.err.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		rec := httptest.NewRecorder()
		if err := agenterror.WriteHTTP(rec, m.err); err != nil {
			t.Fatal(err)
		}
		headers := map[string]string{}
		for k := range rec.Header() {
			headers[k] = rec.Header().Get(k)
		}
		rpc, err := agenterror.ToJSONRPC(m.err)
		if err != nil {
			t.Fatal(err)
		}
		rpcJSON, err := json.Marshal(rpc)
		if err != nil {
			t.Fatal(err)
		}
		mcp, err := agenterror.ToMCPToolResult(m.err)
		if err != nil {
			t.Fatal(err)
		}
		mcpJSON, err := json.Marshal(mcp)
		if err != nil {
			t.Fatal(err)
		}
		var cli bytes.Buffer
		code, err := agenterror.WriteCLI(&cli, "labby search", m.err)
		if err != nil {
			t.Fatal(err)
		}
		info, known := agenterror.LookupKind(m.err.Kind)
		cases = append(cases, surfaceCase{Name: m.name, Error: body, Known: known, Info: info, HTTPStatus: rec.Code, HTTPHeaders: headers,
			HTTPBody: rec.Body.String(), JSONRPC: string(rpcJSON), MCP: string(mcpJSON), CLILine: cli.String(), CLIExitCode: code})
	}
	return cases
}

// TestSurfacesFile checks that tests/rust/testdata/surfaces.json holds what the Go package's
// catalog and adapters say of an error of every kind; -update rewrites it. The Rust tests compare
// the crate's catalog and surface methods with it.
func TestSurfacesFile(t *testing.T) {
	cases := surfaceCases(t)
	if len(cases) < 60 {
		t.Fatalf("only %d cases", len(cases))
	}
	want, err := json.MarshalIndent(cases, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	want = append(want, '\n')
	path := filepath.FromSlash(surfacesPath)
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./internal/gen/emit/rust -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale; run go test ./internal/gen/emit/rust -run TestSurfacesFile -update", surfacesPath)
	}
	if !strings.Contains(string(want), `\u003cb\u003e`) {
		t.Error("no case holds characters Go's encoder escapes")
	}
}
