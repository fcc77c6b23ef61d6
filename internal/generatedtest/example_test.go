package generatedtest

import (
	"bytes"
	"errors"
	"fmt"
	"net/http/httptest"
	"time"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/generated/agenterror"
)

// Example shows the generated package as a service uses it: build an error from the catalog, send
// it over HTTP and the CLI, and parse one that came from elsewhere. The README quotes this code.
func Example() {
	// A constructor fills origin, recovery and side effects from the kind catalog.
	e := agenterror.NewRateLimited("Too many requests to the search tool; wait before calling it again.",
		agenterror.WithTool("search"),
		agenterror.WithRetryAfter(1500*time.Millisecond))
	fmt.Println(e.Origin, e.Recovery.Action, e.Recovery.SameArguments, e.SideEffects)

	// HTTP: status from the catalog, Retry-After in whole seconds, rounded up.
	rec := httptest.NewRecorder()
	if err := agenterror.WriteHTTP(rec, e); err != nil {
		panic(err)
	}
	fmt.Println(rec.Code, rec.Header().Get("Retry-After"))

	// CLI --json: one line on stderr and the exit status for the origin.
	var stderr bytes.Buffer
	status, _ := agenterror.WriteCLI(&stderr, "search", e)
	fmt.Println(status)

	// errors.Is matches by kind, through any wrapping.
	wrapped := fmt.Errorf("calling search: %w", e)
	fmt.Println(errors.Is(wrapped, agenterror.KindRateLimited))

	// Parse decodes strictly and validates: every violation, with pointers.
	_, err := agenterror.Parse([]byte(`{"contract_version": 1, "kind": "", "message": "m", "origin": "policy",
		"recovery": {"action": "confirm", "same_arguments": "never"}, "side_effects": "none_expected"}`))
	var invalid *cgruntime.ValidationError
	if errors.As(err, &invalid) {
		for _, v := range invalid.Violations {
			fmt.Println(v.InstanceLocation, v.KeywordLocation)
		}
	}
	// Output:
	// budget retry_later conditional none_expected
	// 429 2
	// 12
	// true
	// /kind /properties/kind/minLength
	// /recovery /properties/recovery/$ref/required
}
