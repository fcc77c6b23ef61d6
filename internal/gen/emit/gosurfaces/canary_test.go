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

// secretsFile is the generated secret corpus of issue 23: a fixture per provider row and every
// structure the sanitizer parses.
const secretsFile = "../../../../cgruntime/testdata/secrets.tsv"

// canaryContexts are the twelve contexts of the runtime's canary test (cgruntime's sanContexts):
// the canary alone, in prose, in quotes, in a URL path, as a JSON string value, across lines.
var canaryContexts = []struct {
	name, before, after string
	noWhitespace, json  bool
}{
	{name: "alone"},
	{name: "start", after: " was rejected by the upstream service"},
	{name: "middle", before: "upstream said ", after: " is not valid here"},
	{name: "end", before: "the failing request used "},
	{name: "parens", before: "retrying (", after: "), then giving up"},
	{name: "single-quotes", before: "value '", after: "' rejected by proxy"},
	{name: "angle", before: "see <", after: "> for details"},
	{name: "no-space-punctuation", before: "error:", after: "; retry later"},
	{name: "tabs", before: "field\t", after: "\tnext field"},
	{name: "multi-line", before: "first line of the log\n", after: "\nthird line of the log"},
	{name: "url-path", before: "GET https://api.example.com/v1/items/", after: "/rotate failed", noWhitespace: true},
	{name: "json", before: `{"level":"error","detail":`, after: `,"code":401}`, json: true},
}

type canary struct {
	id      string
	secrets []string
	text    string
}

func loadCanaries(t *testing.T) []canary {
	t.Helper()
	return loadCorpus(t, canaryFile)
}

func loadCorpus(t *testing.T, file string) []canary {
	t.Helper()
	f, err := os.Open(file)
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

// TestSecretCorpusSurvivesNoSurface puts every shape of both corpora (at least 300 in the generated
// one, across 100 providers and every structure) into each of the twelve contexts, and each of
// those into every place outside text enters an error; no secret part may reach any of the five
// surfaces.
func TestSecretCorpusSurvivesNoSurface(t *testing.T) {
	secrets := loadCorpus(t, secretsFile)
	if len(secrets) < 300 {
		t.Fatalf("the secret corpus has %d shapes, issue 23 asks for at least 300", len(secrets))
	}
	corpus := append(loadCanaries(t), secrets...)
	placements := 0
	for _, c := range corpus {
		for _, x := range canaryContexts {
			if x.noWhitespace && strings.ContainsAny(c.text, " \t\n") {
				continue
			}
			text := c.text
			if x.json {
				q, _ := json.Marshal(text)
				text = string(q)
			}
			text = x.before + text + x.after
			placements++
			e := ae.NewUpstreamError("Upstream said: "+text,
				ae.WithCause(text), ae.WithCauseError(errors.New("dial: "+text)), ae.WithUpstream(text),
				ae.WithEvidence(map[string]any{"detail": text, "lines": []any{"before", text}}))
			for surface, data := range surfaceBytes(t, e, text) {
				for _, secret := range c.secrets {
					escaped, _ := json.Marshal(secret)
					if bytes.Contains(data, []byte(secret)) || bytes.Contains(data, escaped[1:len(escaped)-1]) {
						t.Errorf("%s/%s: %q survives on %s: %s", c.id, x.name, secret, surface, data)
					}
				}
			}
		}
	}
	t.Logf("%d shapes in %d placements checked on 5 surfaces", len(corpus), placements)
}

// TestUserRulesReachEverySurface adds an application's own token format and secret name with
// AddSanitizeRules and checks that the constructors and every surface apply them.
func TestUserRulesReachEverySurface(t *testing.T) {
	token := "acmeco_live_k2m4n6p8q0r1s3t5v7w9"
	value := "plain-words-nobody-would-flag"
	text := "upstream used " + token + " and x-acme-passphrase2: " + value
	before := ae.NewUpstreamError(text, ae.WithCause(text))
	leaked := false
	for _, data := range surfaceBytes(t, before, text) {
		leaked = leaked || (bytes.Contains(data, []byte(token)) && bytes.Contains(data, []byte(value)))
	}
	if !leaked {
		t.Fatal("the built-in rules already hide the application's shapes; the test proves nothing")
	}
	if err := ae.AddSanitizeRules(ae.SanitizeRules{
		Tokens: []ae.SanitizeToken{{Prefix: "acmeco_live_", MinBody: 16}},
		Keys:   []string{"x-acme-passphrase2"},
	}); err != nil {
		t.Fatal(err)
	}
	e := ae.NewUpstreamError(text, ae.WithCause(text), ae.WithUpstream(text),
		ae.WithEvidence(map[string]any{"detail": text, "x_acme_passphrase2": "short"}))
	for surface, data := range surfaceBytes(t, e, text) {
		for _, secret := range []string{token, value, "short"} {
			if bytes.Contains(data, []byte(secret)) {
				t.Errorf("%q survives on %s after AddSanitizeRules: %s", secret, surface, data)
			}
		}
	}
}
