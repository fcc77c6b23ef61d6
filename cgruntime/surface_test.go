package cgruntime

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// TestParseRetryAfterReadsDatesAsNetHTTP holds the runtime's HTTP-date reading to net/http's
// ParseTime, which it repeats so as not to import net/http into every generated package.
func TestParseRetryAfterReadsDatesAsNetHTTP(t *testing.T) {
	now := time.Date(2026, 12, 6, 3, 0, 0, 0, time.UTC)
	for _, value := range []string{
		"Sun, 06 Dec 2026 03:00:30 GMT", "Sunday, 06-Dec-26 03:01:00 GMT", "Sun Dec  6 03:02:00 2026",
		"Sat, 05 Dec 2026 03:00:00 GMT", "Sun, 06 Dec 2026 03:00:30 UTC", "2026-12-06T03:00:30Z", "soon", "",
	} {
		want, wantOK := time.Duration(0), false
		if date, err := http.ParseTime(value); err == nil {
			want, wantOK = max(date.Sub(now), 0), true
		}
		if got, ok := ParseRetryAfter(value, now); got != want || ok != wantOK {
			t.Errorf("ParseRetryAfter(%q) = %v, %v; net/http reads %v, %v", value, got, ok, want, wantOK)
		}
	}
	for value, want := range map[string]time.Duration{
		"0": 0, " 120 ": 2 * time.Minute, "99999999999999999999": 1<<63 - 1, "9223372037": 1<<63 - 1,
	} {
		if got, ok := ParseRetryAfter(value, now); got != want || !ok {
			t.Errorf("ParseRetryAfter(%q) = %v, %v; want %v, true", value, got, ok, want)
		}
	}
	for _, value := range []string{"-1", "1.5", "+3"} {
		if _, ok := ParseRetryAfter(value, now); ok {
			t.Errorf("ParseRetryAfter(%q) read a wait; it is neither seconds nor an HTTP-date", value)
		}
	}
}

// TestCLILineRoundTrip writes a failure line and reads it back; the command name is sanitized on
// the way out, and lines that are not failure lines are refused.
func TestCLILineRoundTrip(t *testing.T) {
	line, err := CLILine("deploy --token ghp_0123456789abcdefghijABCDEFGHIJ012345", []byte(`{"kind":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(line), `{"ok":false,"command":"deploy --token `) || !strings.HasSuffix(string(line), `,"error":{"kind":"x"}}`+"\n") {
		t.Fatalf("CLILine wrote %s", line)
	}
	if strings.Contains(string(line), "ghp_0123") {
		t.Errorf("CLILine kept the token in the command name: %s", line)
	}
	command, errorJSON, err := ParseCLILine(line)
	if err != nil || !strings.HasPrefix(command, "deploy --token ") || string(errorJSON) != `{"kind":"x"}` {
		t.Errorf("ParseCLILine = %q, %s, %v", command, errorJSON, err)
	}
	for line, want := range map[string]string{
		`{"ok":true,"command":"x","error":{}}`: `CLI failure line: "ok" is not false`,
		`{"command":"x","error":{}}`:           `CLI failure line: "ok" is not false`,
		`not json`:                             "CLI failure line: invalid character",
	} {
		if _, _, err := ParseCLILine([]byte(line)); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ParseCLILine(%s) error %v, want one starting %q", line, err, want)
		}
	}
}

// TestMCPBlocks covers the content-block helpers: a text block is written and read back, its text
// is sanitized and capped while its other members stay, other blocks pass untouched, and only text
// blocks holding an object are candidates for the error.
func TestMCPBlocks(t *testing.T) {
	block, err := MCPTextBlock(`{"kind":"x"}`)
	if err != nil || string(block) != `{"type":"text","text":"{\"kind\":\"x\"}"}` {
		t.Fatalf("MCPTextBlock = %s, %v", block, err)
	}
	secret := json.RawMessage(`{"type":"text","text":"password=hunter2hunter2 ` + strings.Repeat("a", 100) + `","annotations":{"priority":1}}`)
	clean, err := SanitizeMCPBlock(secret, 40)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Text        string          `json:"text"`
		Annotations json.RawMessage `json:"annotations"`
	}
	if err := json.Unmarshal(clean, &got); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got.Text, "hunter2") || len(got.Text) > 40 || string(got.Annotations) != `{"priority":1}` {
		t.Errorf("SanitizeMCPBlock = %s", clean)
	}
	image := json.RawMessage(`{"type":"image","data":"password=hunter2","mimeType":"image/png"}`)
	if same, err := SanitizeMCPBlock(image, 40); err != nil || string(same) != string(image) {
		t.Errorf("SanitizeMCPBlock changed a non-text block: %s, %v", same, err)
	}
	if _, err := SanitizeMCPBlock(json.RawMessage(`[`), 40); err == nil {
		t.Error("SanitizeMCPBlock accepted a block that is not JSON")
	}
	texts := MCPObjectTexts([]json.RawMessage{block, image, json.RawMessage(`{"type":"text","text":"plain"}`), json.RawMessage(`{"type":"text","text":"  {\"a\":1}"}`)})
	if len(texts) != 2 || string(texts[0]) != `{"kind":"x"}` || string(texts[1]) != `  {"a":1}` {
		t.Errorf("MCPObjectTexts = %q", texts)
	}
}

// TestSanitizeJSONAsEvidence sanitizes a JSON value as the evidence member it is kept under, with
// numbers kept as written.
func TestSanitizeJSONAsEvidence(t *testing.T) {
	clean, err := SanitizeJSON(json.RawMessage(`{"password":"hunter2hunter2","count":10000000000000000001,"note":"ok"}`), "upstream_structured_content")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(clean), "hunter2") || !strings.Contains(string(clean), `"count":10000000000000000001`) || !strings.Contains(string(clean), `"note":"ok"`) {
		t.Errorf("SanitizeJSON = %s", clean)
	}
	for _, bad := range []string{`{`, `{"a":1} {"password":"hunter2hunter2"}`, `{"a":1}}`, `1 2`} {
		if _, err := SanitizeJSON(json.RawMessage(bad), "x"); err == nil {
			t.Errorf("SanitizeJSON accepted %s, which is not one JSON value", bad)
		}
	}
	// A name the sanitizer rewrites as a key still names the value it sanitizes.
	name := "ghp_" + strings.Repeat("a1B2", 9)
	if clean, err := SanitizeJSON(json.RawMessage(`{"note":"ok"}`), name); err != nil || string(clean) != `{"note":"ok"}` {
		t.Errorf("SanitizeJSON under a secret-shaped name = %s, %v; want the value sanitized, not dropped", clean, err)
	}
}

// TestReadErrorBody reads an error response's body within its limit and refuses a success status,
// a missing body, a longer body and a failing reader, naming the status each time.
func TestReadErrorBody(t *testing.T) {
	if body, err := ReadErrorBody(429, strings.NewReader("12345"), 5); err != nil || string(body) != "12345" {
		t.Errorf("ReadErrorBody = %q, %v", body, err)
	}
	for _, c := range []struct {
		status int
		body   io.Reader
		want   string
	}{
		{200, strings.NewReader("{}"), "HTTP 200 is a success, not an error response"},
		{500, nil, "HTTP 500: the response has no body to read an error from"},
		{500, strings.NewReader("123456"), "HTTP 500: the body exceeds 5 bytes"},
		{502, iotest.ErrReader(errors.New("reset")), "HTTP 502: reading the body: reset"},
	} {
		if _, err := ReadErrorBody(c.status, c.body, 5); err == nil || err.Error() != c.want {
			t.Errorf("ReadErrorBody(%d) error %v, want %q", c.status, err, c.want)
		}
	}
}

// TestWholeMilliseconds rounds up to the next whole millisecond and never goes below zero.
func TestWholeMilliseconds(t *testing.T) {
	for d, want := range map[time.Duration]int64{
		-time.Second: 0, 0: 0, time.Nanosecond: 1, time.Millisecond: 1, 1500 * time.Microsecond: 2, 1<<63 - 1: 9223372036855,
	} {
		if got := WholeMilliseconds(d); got != want {
			t.Errorf("WholeMilliseconds(%v) = %d, want %d", d, got, want)
		}
	}
}
