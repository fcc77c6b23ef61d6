package cgruntime

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// The parts of the surface adapters (a contract's surfaces.go) that know nothing of the contract:
// MCP content blocks, the CLI failure line, an HTTP error body, Retry-After and whole milliseconds. The generated adapters call them
// with the contract's own values.

// MCPTextBlock renders an MCP text content block.
func MCPTextBlock(text string) (json.RawMessage, error) {
	return json.Marshal(struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}{"text", text})
}

// SanitizeMCPBlock sanitizes the text of an MCP text content block, keeping at most limit bytes of
// it (SanitizeTextLimit), and passes every other block through untouched.
func SanitizeMCPBlock(block json.RawMessage, limit int) (json.RawMessage, error) {
	var head struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(block, &head); err != nil {
		return nil, err
	}
	if head.Type != "text" {
		return block, nil
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(block, &members); err != nil {
		return nil, err
	}
	text, err := json.Marshal(SanitizeTextLimit(head.Text, limit))
	if err != nil {
		return nil, err
	}
	members["text"] = text
	return json.Marshal(members)
}

// SanitizeJSON sanitizes any JSON value as SanitizeEvidence sanitizes the value of an evidence
// member named name (a member's name decides whether its value is a secret).
func SanitizeJSON(raw json.RawMessage, name string) (json.RawMessage, error) {
	v, err := sanitizeDecodeJSON(raw)
	if err != nil {
		return nil, err
	}
	// As SanitizeEvidence treats the one member name: its budget share taken, one level down.
	budget := sanitizeMaxElements
	sanitizeTake(&budget)
	_, secret := sanitizeKey(name)
	return json.Marshal(sanitizeValue(v, 1, secret, &budget))
}

// MCPObjectTexts returns, in order, the texts of the text blocks among content that hold a JSON
// object (their first character other than white space is "{").
func MCPObjectTexts(content []json.RawMessage) []json.RawMessage {
	var texts []json.RawMessage
	for _, block := range content {
		var text struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}
		if json.Unmarshal(block, &text) == nil && text.Type == "text" && strings.HasPrefix(strings.TrimSpace(text.Text), "{") {
			texts = append(texts, json.RawMessage(text.Text))
		}
	}
	return texts
}

// CLILine renders the one line a failing command prints on stderr in JSON mode:
// {"ok":false,"command":…,"error":…} and a newline, the command name sanitized and errorJSON, the
// error object's encoding, as it is.
func CLILine(command string, errorJSON []byte) ([]byte, error) {
	name, err := json.Marshal(SanitizeText(command))
	if err != nil {
		return nil, err
	}
	line := make([]byte, 0, len(errorJSON)+len(name)+40)
	line = append(line, `{"ok":false,"command":`...)
	line = append(line, name...)
	line = append(line, `,"error":`...)
	line = append(line, errorJSON...)
	return append(line, "}\n"...), nil
}

// ParseCLILine reads a line CLILine writes: the command name and the error object's JSON. Its
// errors start "CLI failure line:".
func ParseCLILine(line []byte) (command string, errorJSON json.RawMessage, err error) {
	var envelope struct {
		OK      *bool           `json:"ok"`
		Command string          `json:"command"`
		Error   json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(line, &envelope); err != nil {
		return "", nil, fmt.Errorf("CLI failure line: %w", err)
	}
	if envelope.OK == nil || *envelope.OK {
		return "", nil, errors.New(`CLI failure line: "ok" is not false`)
	}
	return envelope.Command, envelope.Error, nil
}

// httpDates are the three forms of an HTTP-date a recipient must accept (RFC 9110, section 5.6.7),
// as net/http's ParseTime tries them; the runtime does not import net/http, which would come with
// every generated package.
var httpDates = []string{"Mon, 02 Jan 2006 15:04:05 GMT", time.RFC850, time.ANSIC}

// ParseRetryAfter reads a Retry-After value as HTTP defines it (RFC 9110, section 10.2.3): a
// number of seconds, or an HTTP-date in any of the three formats a recipient must accept, which
// becomes the time from now until then (zero for a date in the past). ok is false for anything
// else, including an empty value; a number of seconds too large for a time.Duration gives the
// largest one.
func ParseRetryAfter(value string, now time.Time) (wait time.Duration, ok bool) {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0, false
	}
	if strings.Trim(value, "0123456789") == "" {
		seconds, err := strconv.ParseUint(value, 10, 64)
		if err != nil || seconds > uint64(1<<63-1)/uint64(time.Second) {
			return time.Duration(1<<63 - 1), true
		}
		return time.Duration(seconds) * time.Second, true
	}
	for _, layout := range httpDates {
		if date, err := time.Parse(layout, value); err == nil {
			if wait = date.Sub(now); wait < 0 {
				wait = 0
			}
			return wait, true
		}
	}
	return 0, false
}

// ReadErrorBody reads the body of an HTTP response that carries an error: at most limit bytes,
// refusing a success status, a missing body and a longer one. Its errors name the status.
func ReadErrorBody(status int, body io.Reader, limit int) ([]byte, error) {
	if status >= 200 && status < 300 {
		return nil, fmt.Errorf("HTTP %d is a success, not an error response", status)
	}
	if body == nil {
		return nil, fmt.Errorf("HTTP %d: the response has no body to read an error from", status)
	}
	data, err := io.ReadAll(io.LimitReader(body, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("HTTP %d: reading the body: %w", status, err)
	}
	if len(data) > limit {
		return nil, fmt.Errorf("HTTP %d: the body exceeds %d bytes", status, limit)
	}
	return data, nil
}

// WholeMilliseconds converts a duration to whole milliseconds, rounded up so that a caller never
// waits less than asked, and never negative: the wait members of contracts are counted so.
func WholeMilliseconds(d time.Duration) int64 {
	if d <= 0 {
		return 0
	}
	ms := int64(d / time.Millisecond)
	if d%time.Millisecond != 0 {
		ms++
	}
	return ms
}
