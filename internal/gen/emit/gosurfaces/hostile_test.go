package gosurfaces_test

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	ae "github.com/contractgen/contractgen/generated/agenterror"
)

// TestReadHTTPWithoutBody: a response built by hand (or by a transport that failed) may have no
// body at all; ReadHTTP must say so instead of panicking.
func TestReadHTTPWithoutBody(t *testing.T) {
	for name, resp := range map[string]*http.Response{
		"nil response": nil,
		"nil body":     {StatusCode: 500},
		"no body":      {StatusCode: 502, Body: http.NoBody},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("ReadHTTP panicked: %v", r)
				}
			}()
			e, err := ae.ReadHTTP(resp)
			if err == nil || e != nil {
				t.Fatalf("got %v, %v; want an error", e, err)
			}
			t.Log(err)
		})
	}
}

// TestReadersNameWhereSyntaxBreaks: every reader reports where a malformed body stops being
// JSON, and the error still unwraps to encoding/json's *json.SyntaxError.
func TestReadersNameWhereSyntaxBreaks(t *testing.T) {
	body := "{\"contract_version\":1,\n\"kind\": oops}"
	want := "invalid JSON at line 2, column 9 (byte offset 31)"
	_, parseErr := ae.Parse([]byte(body))
	_, httpErr := ae.ReadHTTP(&http.Response{StatusCode: 500, Body: io.NopCloser(strings.NewReader(body))})
	_, rpcErr := ae.FromJSONRPC(&ae.JSONRPCError{Code: -32000, Data: json.RawMessage(body)})
	_, _, cliErr := ae.ReadCLI([]byte(`{"ok":false,"command":"x","error":` + body + `}`))
	for name, err := range map[string]error{"Parse": parseErr, "ReadHTTP": httpErr, "FromJSONRPC": rpcErr} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to contain %q", name, err, want)
		}
		var syntax *json.SyntaxError
		if !errors.As(err, &syntax) {
			t.Errorf("%s: %v does not wrap a *json.SyntaxError", name, err)
		}
	}
	// ReadCLI's envelope is read by encoding/json first, which reports its own offset.
	var syntax *json.SyntaxError
	if !errors.As(cliErr, &syntax) {
		t.Errorf("ReadCLI: %v does not wrap a *json.SyntaxError", cliErr)
	}
}
