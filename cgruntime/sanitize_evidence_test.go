package cgruntime

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// sanEvidenceSecret is a made-up credential with no recognisable shape: only the key that holds it
// says it is secret.
const sanEvidenceSecret = "FAKEplainSecret42"

// sanEvidenceShaped is a made-up credential that its shape gives away wherever it is.
const sanEvidenceShaped = "ghp_FAKEabcdefghijklmnopqrstuvwxyz0123"

type sanEvidenceStruct struct {
	Name     string `json:"name"`
	Password string `json:"password"`
	Token    *string
	hidden   string
	Skipped  string `json:"-"`
	Nested   struct {
		APIKey []byte `json:"api_key"`
	} `json:"nested"`
}

type sanCycle struct {
	Next *sanCycle `json:"next"`
	Note string    `json:"note"`
}

// TestSanitizeEvidenceEveryType puts secrets into evidence values of many Go types, under
// secret-named keys and in shapes the text rules know, and checks none survives encoding.
func TestSanitizeEvidenceEveryType(t *testing.T) {
	token := sanEvidenceSecret
	st := sanEvidenceStruct{Name: "svc", Password: sanEvidenceSecret, Token: &token, hidden: sanEvidenceSecret, Skipped: sanEvidenceSecret}
	st.Nested.APIKey = []byte(sanEvidenceSecret)
	cycle := &sanCycle{Note: sanEvidenceShaped}
	cycle.Next = cycle
	cases := map[string]any{
		"http.Header":         http.Header{"Authorization": {"Bearer " + sanEvidenceSecret}, "X-Api-Key": {sanEvidenceSecret}},
		"url.Values":          url.Values{"password": {sanEvidenceSecret}, "q": {sanEvidenceShaped}},
		"json.RawMessage":     json.RawMessage(`{"token":"` + sanEvidenceSecret + `","note":"` + sanEvidenceShaped + `"}`),
		"[]byte":              []byte("sent " + sanEvidenceShaped),
		"struct":              st,
		"*struct":             &st,
		"map[string]int":      map[string]int{"pin": 4242},
		"nested":              map[string]any{"a": []any{map[string]any{"b": []string{sanEvidenceShaped}}}},
		"map[string][]any":    map[string][]any{"secret": {sanEvidenceSecret, 42}},
		"error":               errors.New("dial with " + sanEvidenceShaped),
		"cycle":               cycle,
		"[]map[string]string": []map[string]string{{"client_secret": sanEvidenceSecret}},
		"map[int]string":      map[int]string{1: sanEvidenceShaped},
		"[2]string":           [2]string{"ok", sanEvidenceShaped},
	}
	for name, v := range cases {
		for _, key := range []string{"password", "evidence"} {
			out := SanitizeEvidence(map[string]any{key: v})
			data, err := json.Marshal(out)
			if err != nil {
				t.Fatalf("%s under %q: %v", name, key, err)
			}
			leaks := []string{sanEvidenceShaped}
			if key == "password" {
				leaks = append(leaks, sanEvidenceSecret, "4242")
			}
			for _, leak := range leaks {
				if strings.Contains(string(data), leak) {
					t.Errorf("%s under %q: %q survives in %s", name, key, leak, data)
				}
			}
		}
	}
	// Under a harmless key, values that only their key marks as secret must go too.
	out, _ := json.Marshal(SanitizeEvidence(map[string]any{"detail": cases["struct"], "headers": cases["http.Header"],
		"form": cases["url.Values"], "raw": cases["json.RawMessage"], "pins": cases["map[string]int"], "list": cases["[]map[string]string"]}))
	if strings.Contains(string(out), sanEvidenceSecret) || strings.Contains(string(out), "4242") {
		t.Errorf("a value under a secret-named key or field survives: %s", out)
	}
	if !strings.Contains(string(out), `"name":"svc"`) {
		t.Errorf("harmless struct fields lost: %s", out)
	}
}

// TestSanitizeEvidenceKeepsNumbers checks that numbers stay numbers of their type.
func TestSanitizeEvidenceKeepsNumbers(t *testing.T) {
	out := SanitizeEvidence(map[string]any{"n": json.Number("12"), "f": 1.5, "i": 3, "b": true, "m": map[string]int{"x": 1}})
	data, _ := json.Marshal(out)
	if string(data) != `{"b":true,"f":1.5,"i":3,"m":{"x":1},"n":12}` {
		t.Errorf("got %s", data)
	}
}

// TestSanitizeEvidenceNewSecretKeys covers the key names the issue found unredacted.
func TestSanitizeEvidenceNewSecretKeys(t *testing.T) {
	for _, key := range []string{"auth", "passcode", "session", "sessionid", "session_id", "AccountKey", "X-Auth"} {
		out := SanitizeEvidence(map[string]any{key: sanEvidenceSecret})
		if data, _ := json.Marshal(out); strings.Contains(string(data), sanEvidenceSecret) {
			t.Errorf("key %q: %s", key, data)
		}
	}
}
