package errorcontract

import (
	"strings"
	"unicode"

	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// This file holds what the Go emitters (goconstruct, gosurfaces) need to name a contract's members
// without spelling the agent-error contract's: they print Constructors.Fields for Go selectors and
// Constructors.JSON for text and pointers, so a contract with other member names gets the same code.

// RetryAfterPath is the wait member as generated comments name it: recovery's name and the
// wait's, joined by a dot ("recovery.retry_after_ms").
func (m Members) RetryAfterPath() string { return m.Recovery + "." + m.RetryAfter }

// RetryAfterPointer is the JSON pointer of the wait member in an error object
// ("/recovery/retry_after_ms"), where CheckCatalog reports a wait its kind does not allow.
func (m Members) RetryAfterPointer() string {
	return "/" + jsonpointer.Escape(m.Recovery) + "/" + jsonpointer.Escape(m.RetryAfter)
}

// Noun is the error type's Go name as lower-case words ("AgentError" → "agent error",
// "HTTPFault" → "http fault", "APIV2Error" → "apiv2 error"), for generated messages that say what
// an object is not.
func (c *Constructors) Noun() string {
	runes := []rune(c.Error)
	var b strings.Builder
	for i, r := range runes {
		// A word starts at a capital after a small letter or digit (agentError, V2Error) or at the
		// last capital of an initialism that a small letter follows (HTTPFault).
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(runes[i-1]) || unicode.IsDigit(runes[i-1]) ||
			i+1 < len(runes) && unicode.IsUpper(runes[i-1]) && unicode.IsLower(runes[i+1])) {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
