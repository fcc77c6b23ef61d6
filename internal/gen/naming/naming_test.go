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
		// Go's initialisms, as golint and staticcheck (ST1003) spell them, and the mixed-case ones.
		"oauth_needs_reauth": "OAuthNeedsReauth",
		"oauth2":             "OAuth2",
		"oauthToken":         "OAuthToken",
		"ok":                 "OK",
		"not_ok":             "NotOK",
		"user_id":            "UserID",
		"callback_url":       "CallbackURL",
		"json_rpc":           "JSONRPC",
		"api_key":            "APIKey",
		"http2_push":         "HTTP2Push",
		"xsrf_token":         "XSRFToken",
		"qps":                "QPS",
		"request_ids":        "RequestIDs",
		"okay":               "Okay",
		"is":                 "Is",
		// Words of public schemas, one list for every name: dependabot's registries.
		"jfrog-oidc-provider-name": "JFrogOIDCProviderName",
		"aws-region":               "AWSRegion",
		"awsRegion":                "AWSRegion",
		"github_token":             "GitHubToken",
		"sha256":                   "SHA256",
		"yaml":                     "YAML",
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

func TestIsExported(t *testing.T) {
	for name, want := range map[string]bool{"HttpStatus": true, "HTTPStatus": true, "Élan": true, "lower": false, "_X": false, "A-B": false, "": false, "X2": true} {
		if got := IsExported(name); got != want {
			t.Errorf("IsExported(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestArticle(t *testing.T) {
	for word, want := range map[string]string{
		"AgentError": "an", "QuotaError": "a", "ambiguous_tool": "an", "rate_limited": "a", "oauth_needs_reauth": "an",
		"unknown_tool": "an", "upstream_error": "an", "user": "a", "unit": "a", "usage": "a", "HTTPError": "an",
		"URLError": "a", "MCPResult": "an", "SQLRow": "an", "Error": "an", "hour": "an", "one_time": "a", "": "a",
		"\"invalid_param\"": "an", "XMLDoc": "an", "Hello": "a", "euro": "a", "url fault": "a",
	} {
		if got := Article(word); got != want {
			t.Errorf("Article(%q) = %q, want %q", word, got, want)
		}
	}
}

func TestEnglishLists(t *testing.T) {
	for _, tc := range []struct {
		words   []string
		or, and string
	}{
		{nil, "", ""},
		{[]string{"a"}, "a", "a"},
		{[]string{"a", "b"}, "a or b", "a and b"},
		{[]string{"a", "b", "c"}, "a, b or c", "a, b and c"},
	} {
		if got := OrList(tc.words); got != tc.or {
			t.Errorf("OrList(%q) = %q, want %q", tc.words, got, tc.or)
		}
		if got := AndList(tc.words); got != tc.and {
			t.Errorf("AndList(%q) = %q, want %q", tc.words, got, tc.and)
		}
	}
	for in, want := range map[string]string{"": "", "an agent error": "An agent error", "échec": "Échec", "X": "X"} {
		if got := UpperFirst(in); got != want {
			t.Errorf("UpperFirst(%q) = %q, want %q", in, got, want)
		}
	}
}
