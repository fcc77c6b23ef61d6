package openapi

import (
	"regexp"
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
