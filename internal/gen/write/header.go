package write

import (
	"bytes"
	"path"

	"github.com/contractgen/contractgen/internal/gen/emit"
)

// headers maps a file type (its extension) to the exact first bytes contractgen writes into every
// file of that type. A file is contractgen's only when it starts with these bytes: a hand-written
// file that merely quotes the header text further down is never replaced or removed.
var headers = map[string]string{
	".go":       "// " + emit.Header + "\n",
	".ts":       "// " + emit.Header + "\n",
	".md":       "<!-- " + emit.Header + " -->\n",
	".yaml":     "# " + emit.Header + "\n",
	".rs":       "// " + emit.Header + "\n",
	".toml":     "# " + emit.Header + "\n",
	".json":     "{\n  \"x-generated\": \"" + emit.Header + "\",\n",
	manifestExt: "# " + emit.Header + "\n",
}

// HeaderFor returns the exact prefix of a generated file at path (slash-separated), or "" when
// contractgen generates no file of that type.
func HeaderFor(p string) string { return headers[path.Ext(p)] }

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
