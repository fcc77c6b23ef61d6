package gosurfaces_test

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	ae "github.com/contractgen/contractgen/generated/agenterror"
)

// TestParseRetryAfter: both forms HTTP defines (RFC 9110, section 10.2.3), the three date formats a
// recipient must accept, and what is neither.
func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2037, 10, 21, 7, 27, 0, 0, time.UTC)
	for _, c := range []struct {
		value string
		want  time.Duration
		ok    bool
	}{
		{"0", 0, true},
		{"120", 120 * time.Second, true},
		{" 7 ", 7 * time.Second, true},
		{"99999999999999999999999", time.Duration(1<<63 - 1), true},
		{"Wed, 21 Oct 2037 07:28:00 GMT", time.Minute, true},     // IMF-fixdate
		{"Wednesday, 21-Oct-37 07:28:00 GMT", time.Minute, true}, // RFC 850
		{"Wed Oct 21 07:28:00 2037", time.Minute, true},          // asctime
		{"Wed, 21 Oct 2015 07:28:00 GMT", 0, true},               // in the past
		{"", 0, false},
		{"-1", 0, false},
		{"1.5", 0, false},
		{"soon", 0, false},
	} {
		got, ok := ae.ParseRetryAfter(c.value, now)
		if got != c.want || ok != c.ok {
			t.Errorf("ParseRetryAfter(%q) = %v, %v; want %v, %v", c.value, got, ok, c.want, c.ok)
		}
	}
}

// TestReadHTTPRetryAfterHeader: a Retry-After header fills retry_after_ms when the body lacks it, in
// either form; a body that sets it wins.
func TestReadHTTPRetryAfterHeader(t *testing.T) {
	body := func(e *ae.AgentError) io.ReadCloser {
		data, err := e.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		return io.NopCloser(strings.NewReader(string(data)))
	}
	date := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	for _, c := range []struct {
		name, header string
		withBody     time.Duration
		min, max     int64
	}{
		{"seconds", "3", 0, 3000, 3000},
		{"HTTP-date", date, 0, 3_500_000, 3_601_000},
		{"body wins", "3", 1500 * time.Millisecond, 1500, 1500},
		{"garbage ignored", "soon", 0, -1, -1},
	} {
		var opts []ae.Option
		if c.withBody > 0 {
			opts = append(opts, ae.WithRetryAfter(c.withBody))
		}
		resp := &http.Response{StatusCode: 503, Header: http.Header{"Retry-After": {c.header}},
			Body: body(ae.NewServiceUnavailable("Down for maintenance.", opts...))}
		e, err := ae.ReadHTTP(resp)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := int64(-1)
		if e.Recovery.RetryAfterMS != nil {
			got, err = strconv.ParseInt(string(*e.Recovery.RetryAfterMS), 10, 64)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		if got < c.min || got > c.max {
			t.Errorf("%s: retry_after_ms %d, want %d..%d", c.name, got, c.min, c.max)
		}
	}
}
