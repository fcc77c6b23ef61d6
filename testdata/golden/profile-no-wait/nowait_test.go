package nowait

import (
	"encoding/json"
	"net/http/httptest"
	"testing"
)

// These tests run against the package generated from no-wait.schema.json: the second contract
// without a wait member in its recovery object (next). The profile allows such a contract; its
// constructors and surfaces must then carry no Retry-After handling at all, and compile.

// TestConstructorsWithoutAWait builds an error of a kind that asks the caller to wait and checks
// that it is the catalog row, with nothing where a wait member would be.
func TestConstructorsWithoutAWait(t *testing.T) {
	e := NewThrottled("Too many requests.")
	data, err := e.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"schema_version":2,"code":"throttled","detail":"Too many requests.","source":"limits",` +
		`"next":{"step":"wait","repeat":"same","advice":"Wait a minute, then send the same request again."},"effects":"none"}`
	if string(data) != want {
		t.Errorf("NewThrottled:\n got %s\nwant %s", data, want)
	}
	if err := e.Validate(); err != nil {
		t.Errorf("the constructed error does not validate: %v", err)
	}
	if err := CheckCatalog(e); err != nil {
		t.Errorf("CheckCatalog = %v; the contract has no rule to break", err)
	}
}

// TestHTTPWithoutAWait writes a throttled error as an HTTP response and reads it back: no
// Retry-After header is written, and one that a proxy adds is not read into a member that the
// contract does not have (the error comes back as it was sent).
func TestHTTPWithoutAWait(t *testing.T) {
	rec := httptest.NewRecorder()
	e := NewThrottled("slow down")
	if err := WriteHTTP(rec, e); err != nil {
		t.Fatal(err)
	}
	if rec.Code != 429 || rec.Header().Get("Retry-After") != "" {
		t.Errorf("WriteHTTP: status %d, Retry-After %q; want 429 and no header", rec.Code, rec.Header().Get("Retry-After"))
	}
	resp := rec.Result()
	resp.Header.Set("Retry-After", "3")
	back, err := ReadHTTP(resp)
	if err != nil {
		t.Fatal(err)
	}
	sent, _ := json.Marshal(e)
	got, _ := json.Marshal(back)
	if string(got) != string(sent) {
		t.Errorf("ReadHTTP read back\n%s\nfrom a response that carried\n%s", got, sent)
	}
}
