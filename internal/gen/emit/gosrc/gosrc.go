// Package gosrc writes Go source text directly in gofmt's layout. The generated files whose size
// grows with the schema (the codecs and the validation) are written with it instead of jennifer:
// rendering through jennifer means formatting the whole file with go/format afterwards, which was
// most of the generator's time on large schemas. The emitters that use gosrc keep to shapes gofmt
// leaves as they are: tab indentation, one statement per line, no column alignment except where
// the emitter computes it. Every test that produces Go output checks that go/format would not
// change it (see FormatError), so a shape gofmt would rewrite fails the tests, not a user.
package gosrc

import (
	"bytes"
	"fmt"
	"go/format"
	"sort"
	"strings"
)

// File accumulates the source of one Go file.
type File struct {
	pkg     string
	header  []string
	imports map[string]bool
	body    bytes.Buffer
	depth   int
}

// NewFile starts a file of package pkg whose first lines are the given header comments (each
// written after "// ").
func NewFile(pkg string, header ...string) *File {
	return &File{pkg: pkg, header: header, imports: map[string]bool{}}
}

// Import records that the file uses the package at path and returns the name to refer to it by
// (the path's last element: the file imports only standard packages under their own names).
func (f *File) Import(path string) string {
	f.imports[path] = true
	return path[strings.LastIndexByte(path, '/')+1:]
}

// Line writes one line at the current indentation; an empty line is written without indentation.
func (f *File) Line(s string) {
	if s != "" {
		for range f.depth {
			f.body.WriteByte('\t')
		}
		f.body.WriteString(s)
	}
	f.body.WriteByte('\n')
}

// Linef writes a formatted line.
func (f *File) Linef(format string, args ...any) { f.Line(fmt.Sprintf(format, args...)) }

// Open writes head followed by " {" and indents the lines after it.
func (f *File) Open(head string) {
	f.Line(head + " {")
	f.depth++
}

// OpenLiteral writes typ followed by "{", the start of a multi-line composite literal, and indents
// the lines after it.
func (f *File) OpenLiteral(typ string) {
	f.Line(typ + "{")
	f.depth++
}

// Openf is Open with a formatted head.
func (f *File) Openf(format string, args ...any) { f.Open(fmt.Sprintf(format, args...)) }

// Close ends the innermost block: "}" followed by tail (for example " else {", which Close then
// treats as the head of a new block; or "," inside a composite literal).
func (f *File) Close(tail string) {
	f.depth--
	f.Line("}" + tail)
	if strings.HasSuffix(tail, "{") {
		f.depth++
	}
}

// Comment writes each line as a line comment (see LineComment).
func (f *File) Comment(lines ...string) { f.Lines(LineComment(lines)) }

// Lines writes pre-built lines (see Block) at the current indentation.
func (f *File) Lines(lines []string) {
	for _, l := range lines {
		f.Line(l)
	}
}

// Bytes returns the complete file: header, package clause, imports, body.
func (f *File) Bytes() []byte {
	var out bytes.Buffer
	for _, h := range f.header {
		out.WriteString("// " + h + "\n")
	}
	if len(f.header) > 0 {
		out.WriteByte('\n')
	}
	out.WriteString("package " + f.pkg + "\n")
	paths := make([]string, 0, len(f.imports))
	for p := range f.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	switch len(paths) {
	case 0:
	case 1:
		fmt.Fprintf(&out, "\nimport %q\n", paths[0])
	default:
		out.WriteString("\nimport (\n")
		for _, p := range paths {
			fmt.Fprintf(&out, "\t%q\n", p)
		}
		out.WriteString(")\n")
	}
	if body := bytes.Trim(f.body.Bytes(), "\n"); len(body) > 0 {
		out.WriteByte('\n')
		out.Write(body)
		out.WriteByte('\n')
	}
	return out.Bytes()
}

// Block returns head + " {" (just "{" without a head), the body indented by one tab, and "}":
// statements built as lines before the writer knows how deep they will sit.
func Block(head string, body []string) []string {
	out := make([]string, 0, len(body)+2)
	if head == "" {
		out = append(out, "{")
	} else {
		out = append(out, head+" {")
	}
	out = append(out, Indent(body)...)
	return append(out, "}")
}

// Indent returns lines indented by one more tab, for statements that sit under a case label.
func Indent(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = "\t" + l
	}
	return out
}

// FormatError reports whether src is what go/format makes of it: nil when gofmt would leave it
// unchanged, otherwise an error naming the first line that differs. Tests call it on every Go file
// the generator writes.
func FormatError(name string, src []byte) error {
	formatted, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("%s: not valid Go: %v", name, err)
	}
	if bytes.Equal(formatted, src) {
		return nil
	}
	got, want := strings.Split(string(src), "\n"), strings.Split(string(formatted), "\n")
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Errorf("%s:%d: not in gofmt's layout:\n\tgot:  %q\n\twant: %q", name, i+1, got[i], want[i])
		}
	}
	return fmt.Errorf("%s: not in gofmt's layout: %d lines, gofmt has %d", name, len(got), len(want))
}
