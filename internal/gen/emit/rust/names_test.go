package rust

import (
	"slices"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/ir"
)

func TestRustNames(t *testing.T) {
	fields := map[string]string{
		"retry_after_ms": "retry_after_ms", "retryAfterMs": "retry_after_ms", "RetryAfterMS": "retry_after_ms",
		"type": "r#type", "self": "self_", "Self": "self_", "crate": "crate_", "async": "r#async",
		"a/b~c": "a_b_c", "2fa": "n2fa", "": "member", "é": "member", "x-trace-id": "x_trace_id",
	}
	for json, want := range fields {
		if got := snake(json); got != want {
			t.Errorf("snake(%q) = %q, want %q", json, got, want)
		}
	}
	types := map[string]string{
		"HTTPStatus": "HttpStatus", "AgentError": "AgentError", "rate_limited": "RateLimited", "SSRFBlocked": "SsrfBlocked",
		"Self": "SelfValue", "2xx": "V2xx", "": "Value", "OAuthNeedsReauth": "OAuthNeedsReauth",
	}
	for name, want := range types {
		if got := camel(name); got != want {
			t.Errorf("camel(%q) = %q, want %q", name, got, want)
		}
	}
	taken := map[string]bool{}
	for _, want := range []string{"kind", "kind_2", "kind_3"} {
		if got := unique("kind", taken); got != want {
			t.Errorf("unique = %q, want %q", got, want)
		}
	}
	for _, want := range []string{"Other", "Other2"} {
		if got := unique("Other", taken); got != want {
			t.Errorf("unique = %q, want %q", got, want)
		}
	}
	if got := unique("r#type", map[string]bool{"r#type": true}); got != "type_2" {
		t.Errorf("unique of a taken raw identifier = %q, want type_2", got)
	}
}

// TestEnumVariantNames: values whose words are the same take the distinguishing part the builder
// found for them (Plus, Minus, Hyphen), not a number.
func TestEnumVariantNames(t *testing.T) {
	values := []ir.EnumValue{
		{Value: "Etc/GMT+0", Name: "EtcGMTPlus0"}, {Value: "Etc/GMT-0", Name: "EtcGMTMinus0"},
		{Value: "Etc/GMT0", Name: "EtcGMT0"}, {Value: "-", Name: "Hyphen"}, {Value: "_", Name: "Underscore"},
		{Value: "a", Name: "A"}, {Value: "other", Name: "Other"},
	}
	got, other := enumVariants(values)
	want := []string{"EtcGmtPlus0", "EtcGmtMinus0", "EtcGmt0", "Hyphen", "Underscore", "A", "Other"}
	if !slices.Equal(got, want) || other != "Other2" {
		t.Errorf("variants %q, catch-all %q; want %q and Other2", got, other, want)
	}
}
