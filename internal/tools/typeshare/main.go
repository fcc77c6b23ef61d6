// Command typeshare measures how much of the object-shaped schemas the generator turns into Go
// types: it builds the IR of every 2020-12 group schema of the official JSON Schema Test Suite (as
// internal/conformance feeds them to the generator: each group's schema as its own file, the
// suite's remotes through a --ref-map) and of every schema of the real-schema corpus (default
// options, as a user would start), and counts the object-shaped schemas in value positions that
// come out as a Go struct or sum type, a map, another typed value, or raw JSON (see Cases).
//
// From the repository root, with the shared checkout beside it:
//
//	go run ./internal/tools/typeshare            # the table of docs/design/typeshare.md
//	go run ./internal/tools/typeshare -list raw  # also every raw case with its reason
//
// The figures and what they mean are in docs/design/typeshare.md.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/contractgen/contractgen/internal/gen/build"
	"github.com/contractgen/contractgen/internal/gen/load"
)

func main() {
	suite := flag.String("suite", filepath.Join("..", "shared", "conformance", "json-schema-test-suite"), "the JSON Schema Test Suite checkout")
	corpus := flag.String("corpus", filepath.Join("..", "shared", "corpus", "real-schemas"), "the real-schema corpus")
	list := flag.String("list", "", `"raw" lists every raw case with its reason; "all" lists every case`)
	flag.Parse()
	work, err := os.MkdirTemp("", "typeshare")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(work)
	var reports []*Report
	r, err := SuiteReport(*suite, work)
	if err != nil {
		fail(err)
	}
	reports = append(reports, r)
	r, err = CorpusReport(*corpus)
	if err != nil {
		fail(err)
	}
	reports = append(reports, r)
	Print(os.Stdout, reports, *list)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "typeshare:", err)
	os.Exit(1)
}

// Report is the count over one corpus.
type Report struct {
	// Name says which corpus.
	Name string
	// Schemas is how many schema files were given to the generator; Refused how many it refused.
	Schemas, Refused int
	Cases            []Case
}

// Count returns how many cases fall into the category.
func (r *Report) Count(c Category) int {
	n := 0
	for _, k := range r.Cases {
		if k.Category == c {
			n++
		}
	}
	return n
}

// ObjectOnlyRaw counts the raw cases that admit only objects (and null).
func (r *Report) ObjectOnlyRaw() int {
	n := 0
	for _, k := range r.Cases {
		if k.Category == Raw && k.ObjectOnly {
			n++
		}
	}
	return n
}

// SuiteReport counts the 2020-12 groups of the test suite; each group's schema is written under work.
func SuiteReport(suiteRoot, work string) (*Report, error) {
	dir := filepath.Join(suiteRoot, "tests", load.Draft2020.String())
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		return nil, fmt.Errorf("no suite files in %s (run from the repository root with the shared checkout beside it, or pass -suite)", dir)
	}
	remotes, err := filepath.Abs(filepath.Join(suiteRoot, "remotes"))
	if err != nil {
		return nil, err
	}
	opts := load.Options{Dialect: load.Draft2020, RefMap: []load.RefMap{{Prefix: "http://localhost:1234/", Dir: remotes}}}
	r := &Report{Name: "JSON Schema Test Suite, " + load.Draft2020.String() + " groups"}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var groups []struct {
			Schema json.RawMessage `json:"schema"`
		}
		if err := json.Unmarshal(data, &groups); err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		for gi, g := range groups {
			schema := filepath.Join(work, fmt.Sprintf("%s-%d.json", strings.TrimSuffix(filepath.Base(file), ".json"), gi))
			if err := os.WriteFile(schema, g.Schema, 0o644); err != nil {
				return nil, err
			}
			r.add(schema, opts)
		}
	}
	return r, nil
}

// CorpusReport counts every schema of the real-schema corpus, with the default options.
func CorpusReport(dir string) (*Report, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		return nil, fmt.Errorf("no schemas in %s (run from the repository root with the shared checkout beside it, or pass -corpus)", dir)
	}
	r := &Report{Name: "real-schema corpus"}
	for _, file := range files {
		r.add(file, load.Options{})
	}
	return r, nil
}

// add builds one schema file and counts its cases; a schema the generator refuses counts as refused.
func (r *Report) add(schema string, opts load.Options) {
	r.Schemas++
	set, err := load.Load([]string{schema}, opts)
	if err != nil {
		r.Refused++
		return
	}
	pkg, err := build.Build(set, build.Options{Package: "g", RootType: "Root"})
	if err != nil {
		r.Refused++
		return
	}
	for _, c := range Cases(pkg) {
		c.Origin = shortOrigin(c.Origin)
		r.Cases = append(r.Cases, c)
	}
}

// Print writes the reports as Markdown: a table of counts and shares, the raw cases grouped by
// reason, and with list set, the cases themselves.
func Print(w io.Writer, reports []*Report, list string) {
	fmt.Fprintln(w, "| corpus | schemas (refused) | object-shaped | struct | sum | map | other typed | raw | of which object-only | struct or sum | typed | typed of what a Go type can hold |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	for _, r := range reports {
		total := len(r.Cases)
		fmt.Fprintf(w, "| %s | %d (%d) | %d |", r.Name, r.Schemas, r.Refused, total)
		for _, c := range Categories {
			fmt.Fprintf(w, " %d |", r.Count(c))
		}
		// Typed share of what a Go type other than raw JSON could hold: the typed cases and the
		// raw ones that admit only objects (and null).
		holdable := total - r.Count(Raw) + r.ObjectOnlyRaw()
		fmt.Fprintf(w, " %d | %s | %s | %s |\n", r.ObjectOnlyRaw(), share(r.Count(Struct)+r.Count(Sum), total),
			share(total-r.Count(Raw), total), share(total-r.Count(Raw), holdable))
	}
	for _, r := range reports {
		fmt.Fprintf(w, "\nRaw cases of the %s, by reason:\n\n", r.Name)
		reasons := map[string]int{}
		for _, c := range r.Cases {
			if c.Category == Raw {
				key := reasonKey(c.Reason)
				if c.ObjectOnly {
					key = "(object-only) " + key
				}
				reasons[key]++
			}
		}
		keys := make([]string, 0, len(reasons))
		for k := range reasons {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if reasons[keys[i]] != reasons[keys[j]] {
				return reasons[keys[i]] > reasons[keys[j]]
			}
			return keys[i] < keys[j]
		})
		for _, k := range keys {
			fmt.Fprintf(w, "- %d: %s\n", reasons[k], k)
		}
		if list == "" {
			continue
		}
		fmt.Fprintln(w)
		for _, c := range r.Cases {
			if list == "all" || c.Category == Raw {
				only := ""
				if c.ObjectOnly {
					only = "object-only"
				}
				fmt.Fprintf(w, "    %s\t%s\t%s\t%s\n", c.Category, c.Origin, only, c.Reason)
			}
		}
	}
}

// reasonKey groups "inside raw <origin>" reasons into one.
func reasonKey(reason string) string {
	if strings.HasPrefix(reason, "inside raw ") {
		return "inside a raw value (a member of a schema kept as raw JSON)"
	}
	return reason
}

func share(n, total int) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(n)/float64(total))
}
