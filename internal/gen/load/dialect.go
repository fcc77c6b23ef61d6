package load

import (
	"fmt"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/keywords"
)

// Dialect is a JSON Schema draft. Each document has one, chosen by its "$schema" or, when it
// declares none, by the caller (Options.Dialect; 2020-12 by default). The dialect decides which
// keywords mean something and what they mean: the builder reads a draft-04 document's "id",
// boolean "exclusiveMinimum" and array "items" as draft-04 defines them.
type Dialect int

// The dialects contractgen reads, oldest first; the zero value is 2020-12.
const (
	Draft2020 Dialect = iota
	Draft4
	Draft6
	Draft7
	Draft2019
)

// Dialects lists every dialect, oldest first.
var Dialects = []Dialect{Draft4, Draft6, Draft7, Draft2019, Draft2020}

var dialectInfo = map[Dialect]struct {
	name, uri, title string
	set              keywords.Dialects
}{
	Draft4:    {"draft4", "http://json-schema.org/draft-04/schema", "draft-04", keywords.Draft4},
	Draft6:    {"draft6", "http://json-schema.org/draft-06/schema", "draft-06", keywords.Draft6},
	Draft7:    {"draft7", "http://json-schema.org/draft-07/schema", "draft-07", keywords.Draft7},
	Draft2019: {"draft2019-09", "https://json-schema.org/draft/2019-09/schema", "2019-09", keywords.Draft2019},
	Draft2020: {"draft2020-12", "https://json-schema.org/draft/2020-12/schema", "2020-12", keywords.Draft2020},
}

// Title is the dialect's name as the specification writes it ("draft-07", "2020-12").
func (d Dialect) Title() string { return dialectInfo[d].title }

// String is the dialect's name as --dialect takes it ("draft7", "draft2020-12").
func (d Dialect) String() string { return dialectInfo[d].name }

// URI is the dialect's metaschema URI, as "$schema" names it.
func (d Dialect) URI() string { return dialectInfo[d].uri }

// ParseDialect reads a --dialect value; "" is 2020-12.
func ParseDialect(name string) (Dialect, error) {
	if name == "" {
		return Draft2020, nil
	}
	for _, d := range Dialects {
		if d.String() == name {
			return d, nil
		}
	}
	return 0, fmt.Errorf("unknown dialect %q (known: draft4, draft6, draft7, draft2019-09, draft2020-12)", name)
}

// dialectOfURI returns the dialect a "$schema" value names. http and https, and an empty fragment,
// are accepted for every draft: real schemas write both.
func dialectOfURI(uri string) (Dialect, bool) {
	u := strings.TrimSuffix(uri, "#")
	u = strings.TrimPrefix(strings.TrimPrefix(u, "http://"), "https://")
	for _, d := range Dialects {
		want := strings.TrimPrefix(strings.TrimPrefix(d.URI(), "http://"), "https://")
		if u == want {
			return d, true
		}
	}
	return 0, false
}

// IDKeyword is the keyword that gives a schema its URI: "id" in draft-04, "$id" later.
func (d Dialect) IDKeyword() string {
	if d == Draft4 {
		return "id"
	}
	return "$id"
}

// RefOverrides reports whether "$ref" makes every keyword beside it ignored (draft-07 and older);
// from 2019-09 on, "$ref" is an applicator like any other.
func (d Dialect) RefOverrides() bool { return d == Draft4 || d == Draft6 || d == Draft7 }

// ArrayItems reports whether "items" may be an array of schemas (with "additionalItems" for the
// rest): every draft before 2020-12, which renamed the array form to "prefixItems".
func (d Dialect) ArrayItems() bool { return d != Draft2020 }

// Keywords returns the keywords the dialect defines (the keyword table, internal/gen/keywords).
// Keywords of other dialects are unknown in this one and, as the specification says, ignored
// there.
func (d Dialect) Keywords() map[string]bool { return dialectKeywords[d] }

// Set is the dialect as the keyword table names it.
func (d Dialect) Set() keywords.Dialects { return dialectInfo[d].set }

var dialectKeywords = func() map[Dialect]map[string]bool {
	m := map[Dialect]map[string]bool{}
	for _, d := range Dialects {
		m[d] = keywords.Of(d.Set())
	}
	return m
}()

// AnyDialectKeyword reports whether some dialect defines the keyword: such a keyword, outside its
// own dialect, is ignored as the specification says. A keyword no dialect defines is an annotation
// as well; the builder warns when it looks like a misspelt keyword, and refuses it under --strict.
func AnyDialectKeyword(kw string) bool {
	_, ok := keywords.Lookup(kw)
	return ok
}
