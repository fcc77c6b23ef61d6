package emit

import (
	"path"
	"strings"
)

// The header of a generated file is rendered here alone: the emitters write it through
// HeaderLines and HeaderComment, and the writer recognizes contractgen's files by HeaderPrefix,
// so the text a file is judged by is the text it was written with.

// RegenerateNote follows the source hash in the header of the files a user is most likely to open.
const RegenerateNote = "Regenerate with contractgen; edit the schema, not this file."

// HeaderLines is the header of a generated file, without comment markers: Header, then the line
// naming the source hash, followed by note when it is not "".
func HeaderLines(hash, note string) []string {
	line := "Source hash: " + hash + "."
	if note != "" {
		line += " " + note
	}
	return []string{Header, line}
}

// HeaderComment renders lines as comments of the file type ext (".go", ".ts", ".rs", ".md", ".yaml",
// ".toml" or ".manifest"), one line each, ending in a newline; "" for a type without comments.
func HeaderComment(ext string, lines ...string) string {
	var open, close string
	switch ext {
	case ".go", ".ts", ".rs":
		open = "// "
	case ".yaml", ".toml", ".manifest":
		open = "# "
	case ".md":
		open, close = "<!-- ", " -->"
	default:
		return ""
	}
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(open + l + close + "\n")
	}
	return b.String()
}

// HeaderPrefix returns the exact first bytes of every file contractgen generates at path p
// (slash-separated), or "" when it generates no file of that type. JSON has no comments: a JSON
// file starts with an "x-generated" member holding Header.
func HeaderPrefix(p string) string {
	ext := path.Ext(p)
	if ext == ".json" {
		return "{\n  \"x-generated\": \"" + Header + "\",\n"
	}
	return HeaderComment(ext, Header)
}
