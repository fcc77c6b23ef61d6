package gosurfaces_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	ae "github.com/contractgen/contractgen/generated/agenterror"
)

// canaryFile is the sanitizer engineer's corpus of made-up secrets; this test only reads it.
const canaryFile = "../../../../cgruntime/testdata/canaries.tsv"

type canary struct {
	id      string
	secrets []string
	text    string
}

func loadCanaries(t *testing.T) []canary {
	t.Helper()
	f, err := os.Open(canaryFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []canary
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 5 {
			t.Fatalf("canary line has %d columns: %q", len(cols), line)
		}
		out = append(out, canary{id: cols[0], secrets: strings.Split(cols[2], "|"), text: strings.ReplaceAll(cols[4], `\n`, "\n")})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// surfaceBytes renders e on every surface, and wrapped around an upstream result whose text
// block and structured content carry text, and returns everything a receiver would see.
func surfaceBytes(t *testing.T, e *ae.AgentError, text string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	rec := httptest.NewRecorder()
	if err := ae.WriteHTTP(rec, e); err != nil {
		t.Fatal(err)
	}
	var head bytes.Buffer
	rec.Result().Header.Write(&head)
	out["http"] = append(head.Bytes(), rec.Body.Bytes()...)
	rpc, err := ae.ToJSONRPC(e)
	if err != nil {
		t.Fatal(err)
	}
	out["jsonrpc"], _ = json.Marshal(rpc)
	mcp, err := ae.ToMCPToolResult(e)
	if err != nil {
		t.Fatal(err)
	}
	out["mcp"], _ = json.Marshal(mcp)
	block, _ := json.Marshal(map[string]string{"type": "text", "text": text})
	structured, _ := json.Marshal(map[string]any{"detail": text, "authorization": text})
	wrapped, err := ae.WrapMCPToolResult(e, &ae.MCPToolResult{IsError: true, Content: []json.RawMessage{block}, StructuredContent: structured})
	if err != nil {
		t.Fatal(err)
	}
	out["mcp-wrap"], _ = json.Marshal(wrapped)
	var cli bytes.Buffer
	if _, err := ae.WriteCLI(&cli, "run "+text, e); err != nil {
		t.Fatal(err)
	}
	out["cli"] = cli.Bytes()
	return out
}

// TestCanariesSurviveNoSurface puts every canary into each place outside text enters an error —
// the message, the cause (as text and as a Go error), evidence, context members, the CLI command
// and an upstream result — and checks that no secret part reaches any surface.
func TestCanariesSurviveNoSurface(t *testing.T) {
	canaries := loadCanaries(t)
	if len(canaries) < 250 {
		t.Fatalf("the corpus has %d canaries, issue 13 asks for at least 250", len(canaries))
	}
	for _, c := range canaries {
		e := ae.NewUpstreamError("Upstream said: "+c.text,
			ae.WithCause(c.text), ae.WithCauseError(errors.New("dial: "+c.text)), ae.WithUpstream(c.text),
			ae.WithEvidence(map[string]any{"detail": c.text, "lines": []any{"before", c.text}, "headers": map[string]any{"x": c.text}}))
		for surface, data := range surfaceBytes(t, e, c.text) {
			for _, secret := range c.secrets {
				escaped, _ := json.Marshal(secret)
				if bytes.Contains(data, []byte(secret)) || bytes.Contains(data, escaped[1:len(escaped)-1]) {
					t.Errorf("canary %s: %q survives on %s: %s", c.id, secret, surface, data)
				}
			}
		}
	}
	t.Logf("%d canaries checked on 5 surfaces", len(canaries))
}
