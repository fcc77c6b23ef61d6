package openapi

import (
	"regexp"
	"strings"
	"testing"
)

// TestRetryAfterPattern: the header's pattern takes both forms HTTP defines, each date format a
// recipient must accept, and nothing else.
func TestRetryAfterPattern(t *testing.T) {
	re := regexp.MustCompile(retryAfterPattern)
	for _, v := range []string{"0", "120", "Wed, 21 Oct 2037 07:28:00 GMT", "Wednesday, 21-Oct-37 07:28:00 GMT",
		"Wed Oct 21 07:28:00 2037", "Sun Nov  6 08:49:37 1994"} {
		if !re.MatchString(v) {
			t.Errorf("%q rejected", v)
		}
	}
	for _, v := range []string{"", "soon", "-1", "1.5", "Wed, 21 Oct 2037 07:28:00 UTC", "120 "} {
		if re.MatchString(v) {
			t.Errorf("%q accepted", v)
		}
	}
}

// TestNoWaitMember: a contract whose recovery object has no wait member has no Retry-After header
// to declare: no header component, no reference to one in a response, and no text that names the
// member it lacks. The 401 response still carries WWW-Authenticate, and a response with no header
// has no headers member.
func TestNoWaitMember(t *testing.T) {
	for name, data := range emitFiles(t, buildIR(t, noWaitPath)) {
		text := string(data)
		for _, bad := range []string{"Retry-After", "retry_after_ms", "wait_ms", "headers: {}", `"headers": {}`} {
			if strings.Contains(text, bad) {
				t.Errorf("%s has %q", name, bad)
			}
		}
		if strings.HasSuffix(name, ".yaml") && !strings.Contains(text, "$ref: \"#/components/headers/WWW-Authenticate\"") {
			t.Errorf("%s: the 401 response lost WWW-Authenticate", name)
		}
	}
}
