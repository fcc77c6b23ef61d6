package servicefault

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// These tests run against the package generated from service-fault.schema.json, a contract whose
// every catalog member has a name of its own (x-catalog.members). The expected bytes are written
// out from the schema, not from the generator: a constructor or surface that spelled a member of
// the agent-error contract (contract_version, recovery.retry_after_ms, ...) either fails to
// compile here or produces other bytes.

// TestConstructorsFillTheContractsOwnMembers builds an error of every kind and compares its JSON
// with the catalog row, spelled with the contract's member names.
func TestConstructorsFillTheContractsOwnMembers(t *testing.T) {
	for _, c := range []struct {
		name string
		got  *ServiceFault
		want string
	}{
		{"card_declined", NewCardDeclined("The card was declined."),
			`{"schema_version":2,"code":"card_declined","detail":"The card was declined.","source":"input",` +
				`"next":{"step":"fix_input","repeat":"never","advice":"Ask the customer for another card."},"effects":"none"}`},
		{"login_required", NewLoginRequired("Sign in first."),
			`{"schema_version":2,"code":"login_required","detail":"Sign in first.","source":"auth",` +
				`"next":{"step":"login","repeat":"never","advice":"Sign in, then send the request again."},"effects":"none"}`},
		{"throttled", NewThrottled("Too many requests.", WithRetryAfter(1500*time.Millisecond)),
			`{"schema_version":2,"code":"throttled","detail":"Too many requests.","source":"limits",` +
				`"next":{"step":"wait","repeat":"same","advice":"Wait for wait_ms, then send the same request again.","wait_ms":1500},"effects":"none"}`},
		{"gateway_timeout", NewGatewayTimeout("The gateway timed out.", WithMerchant("m-42")),
			`{"schema_version":2,"code":"gateway_timeout","detail":"The gateway timed out.","source":"gateway",` +
				`"next":{"step":"wait","repeat":"never","advice":"Check whether the payment went through before trying again."},` +
				`"effects":"maybe","merchant":"m-42"}`},
		{"unlisted kind", New("ledger_locked", "The ledger is locked."),
			`{"schema_version":2,"code":"ledger_locked","detail":"The ledger is locked.","source":"internal",` +
				`"next":{"step":"escalate","repeat":"never","advice":"Report the fault with its code; do not retry on your own."},"effects":"maybe"}`},
	} {
		data, err := c.got.MarshalJSON()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if string(data) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, data, c.want)
		}
		if err := c.got.Validate(); err != nil {
			t.Errorf("%s: the constructed error does not validate: %v", c.name, err)
		}
		if err := CheckCatalog(c.got); err != nil && c.name != "card_declined" {
			t.Errorf("%s: CheckCatalog = %v", c.name, err)
		}
	}
}

// TestRulesReadTheContractsMembers checks the two rules that read members below the root: the
// safety-hint rule (hints.readonly relaxes next.repeat) and CheckCatalog's wait rule, whose
// instance location is the contract's own pointer.
func TestRulesReadTheContractsMembers(t *testing.T) {
	yes := true
	relaxed := NewGatewayTimeout("timed out", WithHints(Hints{Readonly: &yes}))
	if relaxed.Next.Repeat != RepeatConditional {
		t.Errorf("a read-only operation's gateway_timeout has next.repeat %q, want conditional", relaxed.Next.Repeat)
	}
	if kept := NewGatewayTimeout("timed out", WithHints(Hints{Readonly: &yes}), WithSameArguments(RepeatNever)); kept.Next.Repeat != RepeatNever {
		t.Errorf("WithSameArguments did not win over the safety-hint rule: %q", kept.Next.Repeat)
	}
	err := CheckCatalog(NewCardDeclined("declined", WithRetryAfter(time.Second)))
	if err == nil {
		t.Fatal("CheckCatalog accepts a wait on card_declined, whose row forbids it")
	}
	for _, want := range []string{"/next/wait_ms", "/x-catalog/kinds/card_declined/retry_after", "does not allow wait_ms"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("CheckCatalog = %v, want it to name %s", err, want)
		}
	}
	if !errors.Is(NewThrottled("slow down"), KindThrottled) {
		t.Error("errors.Is does not match the kind through the code member")
	}
	cause := errors.New("upstream said no")
	if e := NewCardDeclined("declined", WithCauseError(cause)); !errors.Is(e, cause) || e.Reason == nil || *e.Reason != "upstream said no" {
		t.Errorf("WithCauseError sets reason %v and wraps %v", e.Reason, e.Unwrap())
	}
}

// TestSurfacesCarryTheContract sends errors over every surface and reads them back: the catalog's
// codes, the wait as Retry-After, and the object byte for byte.
func TestSurfacesCarryTheContract(t *testing.T) {
	e := NewThrottled("Too many requests.", WithRetryAfter(1500*time.Millisecond))
	body, _ := e.MarshalJSON()

	rec := httptest.NewRecorder()
	if err := WriteHTTP(rec, e); err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") != "2" || !bytes.Equal(rec.Body.Bytes(), body) {
		t.Errorf("WriteHTTP: status %d, Retry-After %q, body %s", rec.Code, rec.Header().Get("Retry-After"), rec.Body.Bytes())
	}
	back, err := ReadHTTP(rec.Result())
	if err != nil || back.Code != KindThrottled || back.Next.WaitMS == nil || *back.Next.WaitMS != "1500" {
		t.Errorf("ReadHTTP = %+v, %v", back, err)
	}
	// A proxy's Retry-After fills the wait member when the body has none.
	proxied := httptest.NewRecorder()
	proxied.Header().Set("Retry-After", "3")
	if err := WriteHTTP(proxied, NewThrottled("slow")); err != nil {
		t.Fatal(err)
	}
	if got, err := ReadHTTP(proxied.Result()); err != nil || got.Next.WaitMS == nil || *got.Next.WaitMS != "3000" {
		t.Errorf("ReadHTTP with a Retry-After header: %+v, %v", got, err)
	}
	login := httptest.NewRecorder()
	if err := WriteHTTP(login, NewLoginRequired("sign in")); err != nil {
		t.Fatal(err)
	}
	if login.Code != 401 || login.Header().Get("WWW-Authenticate") != `Bearer realm="payments"` {
		t.Errorf("login_required: status %d, challenge %q", login.Code, login.Header().Get("WWW-Authenticate"))
	}

	for _, c := range []struct {
		e         *ServiceFault
		rpc, exit int
	}{
		{e, -32029, 4},                              // the row's own code; exit by origin limits
		{NewGatewayTimeout("late"), -32003, 5},      // by origin gateway
		{New("ledger_locked", "locked"), -32603, 1}, // the fallback row's origin, internal
	} {
		if got := JSONRPCCode(c.e); got != c.rpc {
			t.Errorf("JSONRPCCode(%s) = %d, want %d", c.e.Code, got, c.rpc)
		}
		if got := CLIExitCode(c.e); got != c.exit {
			t.Errorf("CLIExitCode(%s) = %d, want %d", c.e.Code, got, c.exit)
		}
	}
	j, err := ToJSONRPC(e)
	if err != nil || j.Message != "Too many requests." || !bytes.Equal(j.Data, body) {
		t.Errorf("ToJSONRPC = %+v, %v", j, err)
	}
	if got, err := FromJSONRPC(j); err != nil || got.Detail != e.Detail {
		t.Errorf("FromJSONRPC = %+v, %v", got, err)
	}

	r, err := ToMCPToolResult(e)
	if err != nil || !bytes.Equal(r.Meta["example.com/fault"], body) {
		t.Errorf("ToMCPToolResult = %+v, %v", r, err)
	}
	if got, ok := FromMCPToolResult(r); !ok || got.Code != KindThrottled {
		t.Errorf("FromMCPToolResult = %+v, %v", got, ok)
	}

	var line bytes.Buffer
	if code, err := WriteCLI(&line, "charge", e); err != nil || code != 4 {
		t.Errorf("WriteCLI = %d, %v", code, err)
	}
	if want := `{"ok":false,"command":"charge","error":` + string(body) + "}\n"; line.String() != want {
		t.Errorf("WriteCLI wrote %s, want %s", line.String(), want)
	}
	if command, got, err := ReadCLI(line.Bytes()); err != nil || command != "charge" || got.Code != KindThrottled {
		t.Errorf("ReadCLI = %q, %+v, %v", command, got, err)
	}
}

// TestSurfacesRefuseTheOtherContract feeds the surfaces an object of the agent-error contract:
// it is not a service fault, and the error says which members this contract requires.
func TestSurfacesRefuseTheOtherContract(t *testing.T) {
	other := []byte(`{"contract_version":1,"kind":"timeout","message":"timed out","origin":"upstream"}`)
	_, err := FromJSONRPC(&JSONRPCError{Code: -32603, Message: "timed out", Data: other})
	want := "not a service fault object (schema_version 2, code and detail are required)"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("FromJSONRPC of an agent error = %v, want it to say %q", err, want)
	}
	if _, ok := FromMCPToolResult(&MCPToolResult{Meta: map[string]json.RawMessage{"example.com/fault": other}}); ok {
		t.Error("FromMCPToolResult takes an agent error for a service fault")
	}
}
