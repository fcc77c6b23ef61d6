package build

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// TestTranslatePatternMatchesECMASpaces checks the \s translation against ECMA-262's definition:
// every WhiteSpace and LineTerminator code point, and nothing else nearby.
func TestTranslatePatternMatchesECMASpaces(t *testing.T) {
	spaces := []rune{'\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2000, 0x2005, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff}
	others := []rune{'a', '0', 0x85, 0x180e, 0x200b, 0x1fff}
	for _, c := range []struct{ pattern, wantMatch, wantNoMatch string }{
		{`^\s$`, "space", "other"},
		{`^[\sx]$`, "space", "other"},
		{`^\S$`, "other", "space"},
	} {
		re := regexp.MustCompile(translatePattern(c.pattern))
		for _, r := range spaces {
			if got := re.MatchString(string(r)); got != (c.wantMatch == "space") {
				t.Errorf("%s (as %s) on U+%04X: %v", c.pattern, translatePattern(c.pattern), r, got)
			}
		}
		for _, r := range others {
			if got := re.MatchString(string(r)); got != (c.wantMatch == "other") {
				t.Errorf("%s (as %s) on U+%04X: %v", c.pattern, translatePattern(c.pattern), r, got)
			}
		}
	}
	if translatePattern(`a\\s[\]s]`) != `a\\s[\]s]` {
		t.Errorf("escaped backslashes and brackets were translated: %s", translatePattern(`a\\s[\]s]`))
	}
	if ecmaOnly(translatePattern(`[\S]`)) == "" {
		t.Error(`\S inside a class must stay refused`)
	}
}

// TestGoJSONSchemaIdentifier checks that go-jsonschema's goJSONSchema.identifier names a field,
// and that its other members are refused with their pointer.
func TestGoJSONSchemaIdentifier(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "g.schema.json")
	write := func(s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"title": "G", "type": "object", "properties": {"id": {"type": "string", "goJSONSchema": {"identifier": "Identity"}}}}`)
	set, err := load.Files([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := Build(set, Options{Package: "g"})
	if err != nil {
		t.Fatal(err)
	}
	if got := pkg.Roots[0].Fields[0].GoName; got != "Identity" {
		t.Errorf("field name %s, want Identity", got)
	}
	write(`{"title": "G", "type": "object", "properties": {"at": {"type": "string", "goJSONSchema": {"type": "time.Time", "imports": ["time"]}}}}`)
	set, err = load.Files([]string{p})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Build(set, Options{Package: "g"})
	if err == nil || !strings.Contains(err.Error(), "g.schema.json#/properties/at/goJSONSchema/type: goJSONSchema.type is not supported") {
		t.Errorf("goJSONSchema.type: %v", err)
	}
}
