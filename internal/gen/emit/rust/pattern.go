package rust

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"

	"github.com/contractgen/contractgen/cgruntime"
)

// RustPattern spells an ECMA-262 pattern (u flag, as JSON Schema reads it) for the Rust regex
// crate, meaning exactly what the Go runtime runs: the RE2 translation cgruntime makes
// (TranslatePattern), parsed as Go's regexp parses it, then printed with nothing left to either
// engine's reading. Every character and class is written as explicit code point ranges (Go's
// Unicode tables, its \d, \w and folds, not the crate's), anchors as \A and \z, word boundaries as
// ASCII ones, groups as non-capturing groups. Both engines decide membership with automata, so the
// same tree accepts the same strings. A pattern RE2 cannot run (lookaround, a backreference, a
// repetition count above 1000) has no spelling: the error says which construct.
func RustPattern(p string) (string, error) {
	re2, err := cgruntime.TranslatePattern(p)
	if err != nil {
		return "", err
	}
	if _, err := regexp.Compile(re2); err != nil {
		return "", err
	}
	tree, err := syntax.Parse(re2, syntax.Perl)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := writeRust(&b, tree); err != nil {
		return "", err
	}
	return b.String(), nil
}

// rustNever matches nothing: no character follows the end of the text. (The crate refuses an
// empty class, and ASCII \B, in a regex over text.)
const rustNever = `(?:\z\x{0})`

// writeRust prints one node of Go's syntax tree as a self-delimiting Rust regex atom.
func writeRust(b *strings.Builder, re *syntax.Regexp) error {
	switch re.Op {
	case syntax.OpNoMatch:
		b.WriteString(rustNever)
	case syntax.OpEmptyMatch:
		b.WriteString("(?:)")
	case syntax.OpLiteral:
		b.WriteString("(?:")
		for _, r := range re.Rune {
			if re.Flags&syntax.FoldCase != 0 {
				writeClass(b, foldOrbit(r))
			} else {
				writeRune(b, r)
			}
		}
		b.WriteString(")")
	case syntax.OpCharClass:
		writeClass(b, re.Rune)
	case syntax.OpAnyCharNotNL:
		writeClass(b, []rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune})
	case syntax.OpAnyChar:
		writeClass(b, []rune{0, unicode.MaxRune})
	case syntax.OpBeginLine:
		b.WriteString("(?m:^)")
	case syntax.OpEndLine:
		b.WriteString("(?m:$)")
	case syntax.OpBeginText:
		b.WriteString(`\A`)
	case syntax.OpEndText:
		b.WriteString(`\z`)
	case syntax.OpWordBoundary:
		b.WriteString(`(?-u:\b)`)
	case syntax.OpNoWordBoundary:
		return errors.New(`\B, which the Rust regex crate refuses in a text regex`)
	case syntax.OpCapture:
		return writeGroup(b, re.Sub[0], "")
	case syntax.OpStar:
		return writeGroup(b, re.Sub[0], "*")
	case syntax.OpPlus:
		return writeGroup(b, re.Sub[0], "+")
	case syntax.OpQuest:
		return writeGroup(b, re.Sub[0], "?")
	case syntax.OpRepeat:
		switch {
		case re.Max < 0:
			return writeGroup(b, re.Sub[0], fmt.Sprintf("{%d,}", re.Min))
		case re.Min == re.Max:
			return writeGroup(b, re.Sub[0], fmt.Sprintf("{%d}", re.Min))
		default:
			return writeGroup(b, re.Sub[0], fmt.Sprintf("{%d,%d}", re.Min, re.Max))
		}
	case syntax.OpConcat:
		b.WriteString("(?:")
		for _, sub := range re.Sub {
			if err := writeRust(b, sub); err != nil {
				return err
			}
		}
		b.WriteString(")")
	case syntax.OpAlternate:
		b.WriteString("(?:")
		for i, sub := range re.Sub {
			if i > 0 {
				b.WriteString("|")
			}
			if err := writeRust(b, sub); err != nil {
				return err
			}
		}
		b.WriteString(")")
	default:
		return fmt.Errorf("the regular-expression operator %v", re.Op)
	}
	return nil
}

// writeGroup prints sub in a non-capturing group followed by a repetition operator (or none).
// Greed is left out: it changes which match is found, never whether there is one.
func writeGroup(b *strings.Builder, sub *syntax.Regexp, op string) error {
	b.WriteString("(?:")
	if err := writeRust(b, sub); err != nil {
		return err
	}
	b.WriteString(")" + op)
	return nil
}

// writeRune prints one code point as an escape that means the same in every context.
func writeRune(b *strings.Builder, r rune) {
	fmt.Fprintf(b, `\x{%X}`, r)
}

// writeClass prints a class of inclusive code point ranges (pairs, as Go's syntax tree holds
// them). Surrogates are left out: neither engine's text can hold one, and the crate refuses them.
// An empty class becomes rustNever.
func writeClass(b *strings.Builder, ranges []rune) {
	var body strings.Builder
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		for _, part := range [][2]rune{{lo, min(hi, 0xD7FF)}, {max(lo, 0xE000), hi}} {
			if part[0] > part[1] {
				continue
			}
			writeRune(&body, part[0])
			if part[1] != part[0] {
				body.WriteString("-")
				writeRune(&body, part[1])
			}
		}
	}
	if body.Len() == 0 {
		b.WriteString(rustNever)
		return
	}
	b.WriteString("[" + body.String() + "]")
}

// foldOrbit is the class of the code points Go's regexp treats as equal to r ignoring case.
func foldOrbit(r rune) []rune {
	var out []rune
	for f := r; ; {
		out = append(out, f, f)
		if f = unicode.SimpleFold(f); f == r {
			return out
		}
	}
}
