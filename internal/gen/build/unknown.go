package build

import (
	"slices"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/load"
)

// unknownKeyword handles a keyword no JSON Schema dialect defines. Every dialect makes it an
// annotation, and public schemas are full of them (markdownDescription, tsType, allowComments,
// deprecationMessage, …), so it is read as one: nothing is generated from it. One that is a small
// edit away from a keyword of the schema's dialect (requried, additionalproperties) is most likely
// a typo that silently drops a rule, so it gets a warning naming the intended keyword. With
// Options.Strict every unknown keyword is an error.
func (b *builder) unknownKeyword(doc *load.Document, ptr, name string, d load.Dialect) {
	near := nearKeyword(name, d)
	switch {
	case b.opts.Strict && near != "":
		b.diags.Add(doc.Path, ptr, "keyword %q is not a %s keyword (did you mean %q?); --strict refuses unknown keywords", name, d.Title(), near)
	case b.opts.Strict:
		b.diags.Add(doc.Path, ptr, "keyword %q is not a %s keyword; --strict refuses unknown keywords (without it they are annotations)", name, d.Title())
	case near != "" && b.opts.Warnings != nil:
		b.opts.Warnings.Add(doc.Path, ptr, "keyword %q is not a %s keyword, so it is an annotation and checks nothing: did you mean %q?", name, d.Title(), near)
	}
}

// nearKeyword returns the keyword of dialect d that name most likely misspells: the same letters
// in another case, or at most one edit away (two for keywords of seven letters or more), compared
// without case. It returns "" when none is that close, so that vendor keywords such as tsType
// (three edits from type) pass without a warning.
func nearKeyword(name string, d load.Dialect) string {
	lower := strings.ToLower(name)
	best, bestDist := "", -1
	for _, kw := range sortedKeywords[d] {
		limit := 1
		if len(kw) >= 7 {
			limit = 2
		}
		if len(lower) > len(kw)+limit || len(kw) > len(lower)+limit {
			continue // the distance is at least the difference in length
		}
		dist := editDistance(lower, strings.ToLower(kw))
		if dist <= limit && (bestDist < 0 || dist < bestDist) {
			best, bestDist = kw, dist
		}
	}
	return best
}

// sortedKeywords are each dialect's keywords in order, so that a tie goes to the first of them
// whatever the order of the map they come from.
var sortedKeywords = func() map[load.Dialect][]string {
	m := map[load.Dialect][]string{}
	for _, d := range load.Dialects {
		for kw := range d.Keywords() {
			m[d] = append(m[d], kw)
		}
		slices.Sort(m[d])
	}
	return m
}()

// editDistance is the Levenshtein distance between a and b, in bytes (keywords are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
