package rust

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/contractgen/contractgen/cgruntime"
	"github.com/contractgen/contractgen/internal/gen/lower"
)

// maxMultipleDigits is the most significant digits a multipleOf divisor may have: the Rust
// runtime keeps the divisor in 64 bits and its remainders in 128.
const maxMultipleDigits = 19

// Unsupported names the first keyword of a lowered node that the Rust runtime does not implement
// ("" when it implements them all). A schema that needs one is refused rather than validated more
// loosely than in Go. The Rust runtime implements what the TypeScript target does; a pattern only
// when RustPattern can spell it for the regex crate.
func Unsupported(n *cgruntime.Node) string {
	// The refusal of a dynamic reference rests on DynamicRef alone: DynamicKeyword only names it.
	dynamic := n.DynamicKeyword
	if dynamic == "" {
		dynamic = "$dynamicRef"
	}
	checks := []struct {
		kw  string
		set bool
	}{
		{"format (--formats assert)", n.Format != ""},
		{"prefixItems", len(n.PrefixItems) > 0}, {"contains", n.Contains != 0},
		{"minContains", n.MinContains.Set}, {"maxContains", n.MaxContains.Set},
		{"propertyNames", n.PropertyNames != 0},
		{"unevaluatedProperties", n.UnevaluatedProperties != 0}, {"unevaluatedItems", n.UnevaluatedItems != 0},
		{dynamic, n.DynamicRef != 0},
	}
	for _, c := range checks {
		if c.set {
			return c.kw
		}
	}
	if n.Pattern != "" {
		if _, err := RustPattern(n.Pattern); err != nil {
			return "the pattern " + strconv.Quote(n.Pattern) + " (" + err.Error() + ")"
		}
	}
	for _, p := range n.PatternProperties {
		if _, err := RustPattern(p.Name); err != nil {
			return "the patternProperties pattern " + strconv.Quote(p.Name) + " (" + err.Error() + ")"
		}
	}
	if n.MultipleOf != "" && significantDigits(n.MultipleOf) > maxMultipleDigits {
		return "multipleOf with more than 19 significant digits"
	}
	return ""
}

// significantDigits counts the digits of a number literal's mantissa without leading and trailing zeros.
func significantDigits(lit string) int {
	mant := lit
	if i := strings.IndexAny(mant, "eE"); i >= 0 {
		mant = mant[:i]
	}
	mant = strings.TrimPrefix(strings.ReplaceAll(mant, ".", ""), "-")
	return len(strings.Trim(mant, "0"))
}

// Check refuses a table the Rust runtime cannot follow, naming the schema and the keyword.
func Check(t *lower.Table) error {
	for i := 1; i < len(t.Nodes); i++ {
		if kw := Unsupported(&t.Nodes[i]); kw != "" {
			return fmt.Errorf("rust: %s: the Rust target cannot follow %s yet; generate without it (--targets) or drop the keyword", t.Origins[i], kw)
		}
	}
	return nil
}

// TableJSON writes the table as the Rust runtime reads it (lower's JSON text), with each pattern
// written as {"Source": the pattern as written, "Rust": RustPattern's spelling}: messages quote the
// first, the runtime runs the second; each patternProperties member likewise, as
// {"Pattern": …, "Node": n}.
func TableJSON(t *lower.Table) ([]byte, error) {
	return t.JSON(func(i int, fields map[string]json.RawMessage) error {
		var err error
		if p := t.Nodes[i].Pattern; p != "" {
			rust, err := RustPattern(p)
			if err != nil {
				return fmt.Errorf("rust: %s: %w", t.Origins[i], err)
			}
			if fields["Pattern"], err = json.Marshal(map[string]string{"Source": p, "Rust": rust}); err != nil {
				return err
			}
		}
		if pp := t.Nodes[i].PatternProperties; len(pp) > 0 {
			type patternProp struct {
				Pattern map[string]string
				Node    int32
			}
			var out []patternProp
			for _, p := range pp {
				rust, err := RustPattern(p.Name)
				if err != nil {
					return fmt.Errorf("rust: %s: %w", t.Origins[i], err)
				}
				out = append(out, patternProp{map[string]string{"Source": p.Name, "Rust": rust}, p.Node})
			}
			if fields["PatternProperties"], err = json.Marshal(out); err != nil {
				return err
			}
		}
		return nil
	})
}
