// Package gosrc is contractgen's one Go writer: it writes Go source text directly in gofmt's
// layout. Identifiers carry their import path (Ident) and qualify themselves in the file that
// prints them (File.Qualify), which collects the imports and writes them sorted, so no emitter
// spells a package name or keeps an import list. Rendering through a code builder such as
// jennifer means formatting the whole file with go/format afterwards, which was most of the
// generator's time on large schemas (docs/design/layout.md has the figures). The emitters keep to
// shapes gofmt leaves as they are: tab indentation, one statement per line, column alignment only
// where they compute it (PairLines, Columns, ElementLines), doc comments as gofmt rewrites them (DocComment,
// DocBlock). Every test that produces Go output checks that go/format would not change it (see
// FormatError), so a shape gofmt would rewrite fails the tests, not a user.
package gosrc

import (
	"bytes"
	"fmt"
	"go/format"
	"sort"
	"strconv"
	"strings"
)

// File accumulates the source of one Go file.
type File struct {
	pkg    string
	path   ImportPath // the package's import path, if known (SetImportPath)
	header []string
	doc    string // the package comment, written as DocBlock
	// imports maps each imported path to the name the file refers to it by; names holds those
	// names, so that two packages of the same name get different ones.
	imports map[string]string
	names   map[string]bool
	body    bytes.Buffer
	depth   int
}

// NewFile starts a file of package pkg whose first lines are the given header comments (each
// written after "// "; an empty one as "//").
func NewFile(pkg string, header ...string) *File {
	return &File{pkg: pkg, header: header, imports: map[string]string{}, names: map[string]bool{}}
}

// PackageDoc sets the package comment, written between the header and the package clause as
// DocBlock writes it.
func (f *File) PackageDoc(text string) { f.doc = text }

// Line writes one line at the current indentation; an empty line is written without indentation.
func (f *File) Line(s string) {
	if s != "" {
		f.indent()
		f.body.WriteString(s)
	}
	f.body.WriteByte('\n')
}

// P writes one line made of parts, as protogen's g.P: a string is written as it is, an Ident as
// the file refers to it (Qualify, which imports its package), an int in decimal.
func (f *File) P(parts ...any) {
	f.indent()
	f.writeParts(parts)
	f.body.WriteByte('\n')
}

// indent writes the current indentation.
func (f *File) indent() {
	for range f.depth {
		f.body.WriteByte('\t')
	}
}

// writeParts writes parts as P does, without indentation or newline.
func (f *File) writeParts(parts []any) {
	for _, p := range parts {
		switch p := p.(type) {
		case string:
			f.body.WriteString(p)
		case Ident:
			f.body.WriteString(f.Qualify(p))
		case int:
			f.body.WriteString(strconv.Itoa(p))
		default:
			panic(fmt.Sprintf("gosrc.File.P: cannot write a %T", p))
		}
	}
}

// Linef writes a formatted line.
func (f *File) Linef(format string, args ...any) { f.Line(fmt.Sprintf(format, args...)) }

// Open writes the head made of parts (as P joins them) followed by " {" and indents the lines
// after it.
func (f *File) Open(head ...any) {
	f.indent()
	f.writeParts(head)
	f.body.WriteString(" {\n")
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
func (f *File) Comment(lines ...string) {
	for _, l := range lines {
		f.indent()
		if l == "" {
			f.body.WriteString("//\n")
			continue
		}
		f.body.WriteString("// ")
		f.body.WriteString(l)
		f.body.WriteByte('\n')
	}
}

// Lines writes pre-built lines (see Block) at the current indentation.
func (f *File) Lines(lines []string) {
	for _, l := range lines {
		f.Line(l)
	}
}

// Bytes returns the complete file: header, package clause, imports, body.
func (f *File) Bytes() []byte {
	var out bytes.Buffer
	out.WriteString(strings.Join(LineComment(f.header), "\n"))
	if len(f.header) > 0 {
		out.WriteString("\n\n")
	}
	if f.doc != "" {
		out.WriteString(DocBlock(f.doc) + "\n")
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
		out.WriteString("\nimport " + importLine(paths[0], f.imports[paths[0]]) + "\n")
	default:
		// gofmt sorts the specs of one block by path.
		out.WriteString("\nimport (\n")
		for _, p := range paths {
			out.WriteString("\t" + importLine(p, f.imports[p]) + "\n")
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
