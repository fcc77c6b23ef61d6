package gosrc

import (
	"go/doc/comment"
	"math"
	"strings"
	"unicode/utf8"
)

// Pair is one key: value element of a composite literal.
type Pair struct {
	Key, Value string
}

// PairLines lays out the elements of a composite literal that spans several lines, one slice of
// pairs a line, as gofmt does: each line is indented by indent tabs and ends in a comma, and the
// values after the first key of each line are aligned in a column across neighbouring lines. The
// column breaks where gofmt's does (go/printer's exprList): after a line that holds more than one
// element, and where a key is more than 40 bytes long and its length is 2.5 times the geometric
// mean of the keys above it in the column, or less than 1/2.5 of it. Keys and values must be single
// line expressions.
func PairLines(indent int, lines [][]Pair) []string {
	out := make([]string, len(lines))
	tabs := strings.Repeat("\t", indent)
	// The column is computed a section at a time: lines [start, i) share it.
	start, width := 0, 0
	flush := func(end int) {
		for j := start; j < end; j++ {
			first := lines[j][0]
			var b strings.Builder
			b.Grow(len(tabs) + width + 2 + len(first.Value) + 80*(len(lines[j])-1))
			b.WriteString(tabs)
			b.WriteString(first.Key)
			b.WriteByte(':')
			b.WriteString(strings.Repeat(" ", width-utf8.RuneCountInString(first.Key)))
			b.WriteString(first.Value)
			for _, p := range lines[j][1:] {
				b.WriteString(", ")
				b.WriteString(p.Key)
				b.WriteString(": ")
				b.WriteString(p.Value)
			}
			b.WriteByte(',')
			out[j] = b.String()
		}
		start, width = end, 0
	}
	// What go/printer tracks across the elements: the previous element's key size, the sum of the
	// logarithms of the key sizes in the current section and their count.
	prevSize, lnsum, count := 0, 0.0, 0
	for i, line := range lines {
		for k, p := range line {
			size := len(p.Key)
			if k == 0 && i > 0 {
				useFF := true
				const smallSize = 40
				if count == 0 || prevSize <= smallSize && size <= smallSize {
					useFF = false
				} else {
					const r = 2.5
					ratio := float64(size) / math.Exp(lnsum/float64(count))
					useFF = r*ratio <= 1 || r <= ratio
				}
				if useFF || len(lines[i-1]) > 1 {
					flush(i)
					lnsum, count = 0, 0
				}
			}
			if k == 0 {
				// gofmt pads the key's cell (key and colon) to the widest in the section plus one.
				width = max(width, utf8.RuneCountInString(p.Key)+1)
			}
			lnsum += math.Log(float64(size))
			count++
			prevSize = size
		}
	}
	flush(len(lines))
	return out
}

// Element is one element of a composite literal whose elements stand on lines of their own: an
// optional Key and the lines of the value. A value that fits on one line has one line; one that
// spans several (a nested literal) has its opening line first and the rest already indented
// relative to the element.
type Element struct {
	Key   string
	Value []string
}

// ElementLines lays out the elements of a composite literal one a line (a multi-line value on
// several), each ending in a comma, at no indentation, and aligns the values of neighbouring
// single-line keyed elements in a column as gofmt does (go/printer's exprList): a multi-line
// element stands alone, and the column breaks where a key is more than 40 bytes long and its
// length is 2.5 times the geometric mean of the keys above it in the column, or less than 1/2.5
// of it.
func ElementLines(elems []Element) []string {
	out := make([]string, 0, len(elems))
	// size is go/printer's: the key's length for a single-line element, 0 for a multi-line one.
	size := func(e Element) int {
		if len(e.Value) != 1 {
			return 0
		}
		return len(e.Key)
	}
	for start := 0; start < len(elems); {
		// The section [start, end) shares a column.
		end, lnsum, count := start+1, 0.0, 0
		if s := size(elems[start]); s > 0 {
			lnsum, count = math.Log(float64(s)), 1
		}
		for ; end < len(elems); end++ {
			prev, cur := size(elems[end-1]), size(elems[end])
			if prev == 0 || cur == 0 {
				break
			}
			const smallSize = 40
			if !(prev <= smallSize && cur <= smallSize) {
				const r = 2.5
				ratio := float64(cur) / math.Exp(lnsum/float64(count))
				if r*ratio <= 1 || r <= ratio {
					break
				}
			}
			lnsum += math.Log(float64(cur))
			count++
		}
		width := 0
		for _, e := range elems[start:end] {
			width = max(width, utf8.RuneCountInString(e.Key)+1)
		}
		for _, e := range elems[start:end] {
			first := e.Value[0]
			if e.Key != "" {
				pad := 1
				if len(e.Value) == 1 {
					pad = width - utf8.RuneCountInString(e.Key)
				}
				first = e.Key + ":" + strings.Repeat(" ", pad) + first
			}
			if len(e.Value) == 1 {
				out = append(out, first+",")
				continue
			}
			out = append(out, first)
			out = append(out, e.Value[1:len(e.Value)-1]...)
			out = append(out, e.Value[len(e.Value)-1]+",")
		}
		start = end
	}
	return out
}

// DocComment returns the lines of a top-level doc comment (without "//") as gofmt prints them:
// since Go 1.19 gofmt reformats doc comments with go/doc/comment, which turns blank lines into
// "//" and can rewrite headings, lists, code blocks and link definitions. Lines that form a single
// paragraph of unindented text that does not start like a heading or a link definition come out
// unchanged, so only other comments pay for go/doc/comment.
func DocComment(lines []string) []string {
	out := make([]string, 0, len(lines))
	if plainParagraph(lines) {
		for _, l := range lines {
			out = append(out, "// "+l)
		}
		return out
	}
	var p comment.Parser
	var pr comment.Printer
	text := string(pr.Comment(p.Parse(strings.Join(lines, "\n") + "\n")))
	// The comment markers as go/printer's formatDocComment adds them.
	for text != "" {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		switch {
		case line == "":
			line = "//"
		case line[0] == '\t':
			line = "//" + line
		default:
			line = "// " + line
		}
		out = append(out, line)
	}
	return out
}

// DocBlock returns text as a /* */ doc comment the way gofmt prints one: go/printer reformats the
// text between the markers with go/doc/comment, as it does "//" doc comments. It suits a long
// package comment whose paragraphs are single lines.
func DocBlock(text string) string {
	var p comment.Parser
	var pr comment.Printer
	return "/*\n" + string(pr.Comment(p.Parse(text))) + "*/"
}

// Columns lays out consecutive lines of cells in aligned columns, as gofmt aligns a run of
// struct fields or of constant specs that no blank or comment line interrupts: every cell but
// the last of a line is padded to the widest cell of its column plus one space. Lines must all
// have the same number of cells; indent tabs come first.
func Columns(indent int, lines [][]string) []string {
	var widths []int
	for _, cells := range lines {
		for i, c := range cells[:len(cells)-1] {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c)+1)
		}
	}
	tabs := strings.Repeat("\t", indent)
	out := make([]string, len(lines))
	for j, cells := range lines {
		var b strings.Builder
		b.WriteString(tabs)
		for i, c := range cells[:len(cells)-1] {
			b.WriteString(c)
			b.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)))
		}
		b.WriteString(cells[len(cells)-1])
		out[j] = b.String()
	}
	return out
}

// plainParagraph reports whether go/doc/comment reads lines as one paragraph and prints it back
// unchanged: no blank lines (so no headings or further blocks), no indented lines (code blocks
// and lists must be indented), and a first line that cannot open a heading or a link definition.
func plainParagraph(lines []string) bool {
	if len(lines) == 0 || strings.HasPrefix(lines[0], "#") || strings.HasPrefix(lines[0], "[") {
		return false
	}
	for _, l := range lines {
		if l == "" || l[0] == ' ' || l[0] == '\t' {
			return false
		}
	}
	return true
}

// LineComment returns lines as an indented (not top-level) comment as gofmt prints it: "// "
// before each line and "//" for a blank one, since gofmt drops trailing spaces of comments.
func LineComment(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		if l == "" {
			out[i] = "//"
		} else {
			out[i] = "// " + l
		}
	}
	return out
}
