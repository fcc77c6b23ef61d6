package naming

import "testing"

func TestGoName(t *testing.T) {
	for in, want := range map[string]string{
		"retry_after_ms":       "RetryAfterMS",
		"invalid_code_mode_id": "InvalidCodeModeID",
		"ssrf_blocked":         "SSRFBlocked",
		"safety-hints":         "SafetyHints",
		"fooBar":               "FooBar",
		"Agent error":          "AgentError",
		"http_status":          "HTTPStatus",
		"2fa":                  "",
		"$$$":                  "",
		"":                     "",
		"élan":                 "Élan",
	} {
		if got := GoName(in); got != want {
			t.Errorf("GoName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsValidPackageName(t *testing.T) {
	for name, want := range map[string]bool{"agenterror": true, "func": false, "_": false, "v2": true, "2v": false, "a-b": false} {
		if got := IsValidPackageName(name); got != want {
			t.Errorf("IsValidPackageName(%q) = %v, want %v", name, got, want)
		}
	}
}
