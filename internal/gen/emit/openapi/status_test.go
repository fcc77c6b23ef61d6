package openapi

import (
	"net/http"
	"testing"
)

// TestStatusTextMatchesNetHTTP: the local table says what net/http says for every code, including
// the codes it has no text for.
func TestStatusTextMatchesNetHTTP(t *testing.T) {
	for code := -1; code < 1000; code++ {
		if got, want := statusText(code), http.StatusText(code); got != want {
			t.Errorf("statusText(%d) = %q, net/http says %q", code, got, want)
		}
	}
}
