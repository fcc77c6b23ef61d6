package write

import (
	"bytes"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// HeaderFor returns the exact prefix of a generated file at path (slash-separated), or "" when
// contractgen generates no file of that type.
// The prefix is rendered by emit, where the emitters render their headers.
func HeaderFor(p string) string { return emit.HeaderPrefix(p) }

// IsGenerated reports whether content, found at path p, starts with contractgen's header for the
// file type. A checkout that turned line ends into CRLF still counts.
func IsGenerated(p string, content []byte) bool {
	h := HeaderFor(p)
	if h == "" {
		return false
	}
	if bytes.HasPrefix(content, []byte(h)) {
		return true
	}
	crlf := bytes.ReplaceAll([]byte(h), []byte("\n"), []byte("\r\n"))
	return bytes.HasPrefix(content, crlf)
}
