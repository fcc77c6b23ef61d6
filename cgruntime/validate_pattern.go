package cgruntime

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Patterns are ECMA-262 regular expressions read with the u flag, as JSON Schema says. Most of them
// mean the same as an RE2 expression once a few escapes are spelled out (\s and ECMA's "." name
// more characters than RE2's, \u escapes are \x{...} in RE2), and TranslatePattern writes that RE2
// expression; the table keeps the pattern as written, so messages and keyword locations quote it.
// What RE2 cannot express (lookaround, backreferences) needs an ECMAScript engine, which this
// module does not carry: the generated package (and the generator) passes one to CompileWith.

// Matcher is a pattern compiled by an ECMAScript engine. MatchString reports an error when the
// engine gives up (its match time limit); validation then fails the value, never passes it.
type Matcher interface {
	MatchString(s string) (bool, error)
}

// ECMAEngine compiles an ECMA-262 pattern with ECMAScript semantics and a match time limit. Only
// patterns that TranslatePattern cannot turn into RE2 reach it, with "." spelled out as the class
// ECMA-262 means (engines disagree on the line terminators it excludes).
type ECMAEngine func(pattern string) (Matcher, error)

// pattern is a compiled pattern: RE2 when the translation is exact, the ECMAScript engine's
// otherwise.
type pattern struct {
	re   *regexp.Regexp
	ecma Matcher
}

// match reports whether s matches; err is the engine's when it gave up.
func (p *pattern) match(s string) (bool, error) {
	if p.re != nil {
		return p.re.MatchString(s), nil
	}
	return p.ecma.MatchString(s)
}

// ECMAOnlyError says a pattern is ECMA-262 that RE2 cannot run: it uses Construct (lookaround, a
// backreference), or exceeds a limit of Go's regexp. Only such patterns need an ECMAEngine; any
// other error of TranslatePattern means the pattern is not ECMA-262 at all.
type ECMAOnlyError struct{ Construct string }

func (e *ECMAOnlyError) Error() string {
	return "the pattern uses " + e.Construct + ", which RE2 lacks"
}

// ErrNeedsECMAEngine is wrapped by CompileWith's panic for a pattern only an ECMAScript
// engine can run, when none was given.
var ErrNeedsECMAEngine = errors.New("needs an ECMAScript regular-expression engine")

// compilePattern compiles an ECMA-262 pattern: as RE2 when TranslatePattern gives an RE2
// expression Go's regexp accepts, else through ecma (which may be nil).
func compilePattern(p string, ecma ECMAEngine) (*pattern, error) {
	if re, err := RE2Pattern(p); err == nil {
		return &pattern{re: re}, nil
	} else if ecma == nil {
		return nil, errors.Join(ErrNeedsECMAEngine, err)
	}
	m, err := ecma(EngineSpelling(p))
	if err != nil {
		return nil, err
	}
	return &pattern{ecma: m}, nil
}

// EngineSpelling is the pattern as CompileWith gives it to the ECMAEngine: each "." outside a
// character class spelled as the class ECMA-262 gives it.
func EngineSpelling(p string) string {
	var out strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		switch c := p[i]; {
		case c == '\\' && i+1 < len(p):
			out.WriteString(p[i : i+2])
			i++
			continue
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case c == '.' && !inClass:
			out.WriteString(`[^\n\r\u2028\u2029]`)
			continue
		}
		out.WriteByte(p[i])
	}
	return out.String()
}

// RE2Pattern compiles the RE2 translation of an ECMA-262 pattern, or says why there is none (a
// construct RE2 lacks, or a limit of Go's regexp such as repetition counts above 1000).
func RE2Pattern(p string) (*regexp.Regexp, error) {
	re2, err := TranslatePattern(p)
	if err != nil {
		return nil, err
	}
	re, err := regexp.Compile(re2)
	if err != nil && re2Limit(err) {
		return nil, &ECMAOnlyError{Construct: "what exceeds a limit of Go's regexp (" + err.Error() + ")"}
	}
	return re, err
}

// ecmaSpace is the content of a character class of what ECMA-262's \s matches: WhiteSpace and
// LineTerminator, Unicode's Zs category included.
const ecmaSpace = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

// ecmaDot is ECMA-262's "." outside the s flag: anything but a line terminator.
const ecmaDot = `[^\n\r\x{2028}\x{2029}]`

// unicodeProperties maps the property names ECMA-262 accepts in \p{...} to Go's names; a name not
// listed is passed through when Go knows it (the short categories and the scripts).
var unicodeProperties = map[string]string{
	"Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll",
	"Titlecase_Letter": "Lt", "Modifier_Letter": "Lm", "Other_Letter": "Lo", "Mark": "M",
	"Combining_Mark": "M", "Nonspacing_Mark": "Mn", "Spacing_Mark": "Mc", "Enclosing_Mark": "Me",
	"Number": "N", "Decimal_Number": "Nd", "digit": "Nd", "Letter_Number": "Nl", "Other_Number": "No",
	"Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd",
	"Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
	"Final_Punctuation": "Pf", "Other_Punctuation": "Po", "Symbol": "S", "Math_Symbol": "Sm",
	"Currency_Symbol": "Sc", "Modifier_Symbol": "Sk", "Other_Symbol": "So", "Separator": "Z",
	"Space_Separator": "Zs", "Line_Separator": "Zl", "Paragraph_Separator": "Zp", "Other": "C",
	"Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs", "Private_Use": "Co",
	"Unassigned": "Cn",
}

// TranslatePattern returns an RE2 expression that matches exactly the strings the ECMA-262
// pattern p (u flag) matches, or an error naming the construct RE2 has no equivalent for.
func TranslatePattern(p string) (string, error) {
	var out strings.Builder
	// ecmaOnly is the first construct RE2 lacks; the scan goes on, so that a pattern that is not
	// ECMA-262 at all is reported as such even when it also has one.
	var ecmaOnly error
	lacks := func(construct string) {
		if ecmaOnly == nil {
			ecmaOnly = &ECMAOnlyError{Construct: construct}
		}
	}
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\\':
			n, err := translateEscape(&out, p, i, false)
			var only *ECMAOnlyError
			if errors.As(err, &only) {
				lacks(only.Construct)
				n, err = 2, nil
			}
			if err != nil {
				return "", err
			}
			i += n
			continue
		case c == '[':
			n, err := translateClass(&out, p, i)
			var only *ECMAOnlyError
			if errors.As(err, &only) {
				lacks(only.Construct)
				n, err = classLength(p, i), nil
			}
			if err != nil {
				return "", err
			}
			i += n
			continue
		case c == '.':
			out.WriteString(ecmaDot)
		case c == '(' && strings.HasPrefix(p[i:], "(?"):
			rest := p[i+2:]
			switch {
			case strings.HasPrefix(rest, ":"):
				out.WriteString("(?:")
				i += 3
				continue
			case strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "!"):
				lacks("a lookahead")
				out.WriteString("(?:")
				i += 3
				continue
			case strings.HasPrefix(rest, "<=") || strings.HasPrefix(rest, "<!"):
				lacks("a lookbehind")
				out.WriteString("(?:")
				i += 4
				continue
			case strings.HasPrefix(rest, "<"):
				// A named group; Go reads (?<name>...) as ECMA-262 does.
				out.WriteString("(?<")
				i += 3
				continue
			default:
				return "", errors.New("a group modifier, which is not ECMA-262")
			}
		default:
			out.WriteByte(c)
		}
		i++
	}
	if ecmaOnly != nil {
		// Lookarounds were written as plain groups, so RE2 can still check the syntax around them.
		if _, err := regexp.Compile(out.String()); err != nil && !re2Limit(err) {
			return "", err
		}
		return "", ecmaOnly
	}
	return out.String(), nil
}

// re2Limit reports whether err is one of Go's regexp limits rather than a syntax error.
func re2Limit(err error) bool {
	var se *syntax.Error
	return errors.As(err, &se) && (se.Code == syntax.ErrInvalidRepeatSize || se.Code == syntax.ErrLarge || se.Code == syntax.ErrNestingDepth)
}

// translateClass writes the RE2 form of the character class at p[i] ('[') and returns its length.
func translateClass(out *strings.Builder, p string, i int) (int, error) {
	j := i + 1
	negated := strings.HasPrefix(p[j:], "^")
	if negated {
		j++
	}
	// [] matches nothing and [^] anything; RE2 would read the ']' as a member.
	if strings.HasPrefix(p[j:], "]") {
		if negated {
			out.WriteString(`[\x{0}-\x{10FFFF}]`)
		} else {
			out.WriteString(`[^\x{0}-\x{10FFFF}]`)
		}
		return j + 1 - i, nil
	}
	// A class of \S alone is the complement of ECMA's spaces; \S beside other members would need
	// set arithmetic RE2 cannot spell.
	if strings.HasPrefix(p[j:], `\S]`) {
		if negated {
			out.WriteString("[" + ecmaSpace + "]")
		} else {
			out.WriteString("[^" + ecmaSpace + "]")
		}
		return j + 3 - i, nil
	}
	var body strings.Builder
	for j < len(p) {
		c := p[j]
		switch c {
		case ']':
			out.WriteByte('[')
			if negated {
				out.WriteByte('^')
			}
			out.WriteString(body.String())
			out.WriteByte(']')
			return j + 1 - i, nil
		case '\\':
			if strings.HasPrefix(p[j:], `\S`) {
				return 0, &ECMAOnlyError{Construct: `\S beside other members of a character class`}
			}
			n, err := translateEscape(&body, p, j, true)
			if err != nil {
				return 0, err
			}
			j += n
			continue
		case '[':
			// A literal in ECMA-262; RE2 would read "[:" as a POSIX class.
			body.WriteString(`\[`)
		default:
			body.WriteByte(c)
		}
		j++
	}
	return 0, errors.New("an unterminated character class")
}

// classLength is the length of the character class at p[i] ('['), escapes skipped.
func classLength(p string, i int) int {
	j := i + 1
	if strings.HasPrefix(p[j:], "^") {
		j++
	}
	if strings.HasPrefix(p[j:], "]") {
		return j + 1 - i
	}
	for ; j < len(p) && p[j] != ']'; j++ {
		if p[j] == '\\' {
			j++
		}
	}
	return min(j+1, len(p)) - i
}

// translateEscape writes the RE2 form of the escape at p[i] ('\\') and returns its length.
func translateEscape(out *strings.Builder, p string, i int, inClass bool) (int, error) {
	if i+1 >= len(p) {
		return 0, errors.New(`a trailing \`)
	}
	c := p[i+1]
	switch c {
	case 's':
		if inClass {
			out.WriteString(ecmaSpace)
		} else {
			out.WriteString("[" + ecmaSpace + "]")
		}
		return 2, nil
	case 'S':
		out.WriteString("[^" + ecmaSpace + "]")
		return 2, nil
	case 'd', 'D', 'w', 'W', 't', 'n', 'v', 'f', 'r':
		// ASCII in both languages.
		out.WriteByte('\\')
		out.WriteByte(c)
		return 2, nil
	case 'b', 'B':
		if inClass {
			if c == 'B' {
				return 0, errors.New(`\B in a character class`)
			}
			out.WriteString(`\x08`)
		} else {
			out.WriteByte('\\')
			out.WriteByte(c)
		}
		return 2, nil
	case '0':
		if i+2 < len(p) && p[i+2] >= '0' && p[i+2] <= '9' {
			return 0, errors.New("an octal escape")
		}
		out.WriteString(`\x{0}`)
		return 2, nil
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return 0, &ECMAOnlyError{Construct: "a backreference"}
	case 'k':
		return 0, &ECMAOnlyError{Construct: "a named backreference"}
	case 'c':
		if i+2 < len(p) && isASCIILetter(p[i+2]) {
			writeCodePoint(out, rune(p[i+2]%32))
			return 3, nil
		}
		return 0, errors.New(`a \c escape without a letter`)
	case 'x':
		if i+3 < len(p) && isHex(p[i+2]) && isHex(p[i+3]) {
			v, _ := strconv.ParseUint(p[i+2:i+4], 16, 32)
			writeCodePoint(out, rune(v))
			return 4, nil
		}
		return 0, errors.New(`a malformed \x escape`)
	case 'u':
		r, n, err := unicodeEscape(p, i)
		if err != nil {
			return 0, err
		}
		writeCodePoint(out, r)
		return n, nil
	case 'p', 'P':
		end := strings.IndexByte(p[i:], '}')
		if i+2 >= len(p) || p[i+2] != '{' || end < 0 {
			return 0, errors.New(`a \p escape without braces`)
		}
		name := p[i+3 : i+end]
		if k, v, ok := strings.Cut(name, "="); ok {
			switch k {
			case "General_Category", "gc", "Script", "sc":
				name = v
			default:
				return 0, errors.New(`the Unicode property ` + k)
			}
		}
		if short, ok := unicodeProperties[name]; ok {
			name = short
		}
		if _, err := regexp.Compile(`\p{` + name + `}`); err != nil {
			return 0, errors.New(`the Unicode property ` + name)
		}
		out.WriteString(`\` + string(c) + `{` + name + `}`)
		return end + 1, nil
	}
	if c < utf8.RuneSelf && !isASCIILetter(c) && (c < '0' || c > '9') {
		// An identity escape of punctuation: a literal in both.
		out.WriteByte('\\')
		out.WriteByte(c)
		return 2, nil
	}
	return 0, errors.New(`the escape \` + string(c))
}

// unicodeEscape reads \uXXXX (a surrogate pair of two such escapes giving one code point) or
// \u{X...} at p[i].
func unicodeEscape(p string, i int) (rune, int, error) {
	if strings.HasPrefix(p[i:], `\u{`) {
		end := strings.IndexByte(p[i:], '}')
		if end < 0 {
			return 0, 0, errors.New(`a malformed \u escape`)
		}
		v, err := strconv.ParseUint(p[i+3:i+end], 16, 32)
		if err != nil || v > utf8.MaxRune || v >= 0xD800 && v <= 0xDFFF {
			return 0, 0, errors.New(`a \u escape outside Unicode scalar values`)
		}
		return rune(v), end + 1, nil
	}
	hex4 := func(at int) (rune, bool) {
		if at+6 > len(p) || p[at] != '\\' || p[at+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(p[at+2:at+6], 16, 32)
		return rune(v), err == nil && !strings.ContainsAny(p[at+2:at+6], "+-")
	}
	hi, ok := hex4(i)
	if !ok {
		return 0, 0, errors.New(`a malformed \u escape`)
	}
	if hi >= 0xD800 && hi <= 0xDBFF {
		if lo, ok := hex4(i + 6); ok && lo >= 0xDC00 && lo <= 0xDFFF {
			return (hi-0xD800)<<10 + (lo - 0xDC00) + 0x10000, 12, nil
		}
	}
	if hi >= 0xD800 && hi <= 0xDFFF {
		return 0, 0, &ECMAOnlyError{Construct: `a lone surrogate \u escape`}
	}
	return hi, 6, nil
}

func writeCodePoint(out *strings.Builder, r rune) {
	out.WriteString(`\x{` + strconv.FormatInt(int64(r), 16) + `}`)
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }
