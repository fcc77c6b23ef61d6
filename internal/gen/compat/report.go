package compat

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
)

// ordered returns the changes sorted, without touching the report, so that writers give the
// same output for a Report built by hand.
func (r *Report) ordered() []Change {
	out := make([]Change, len(r.Changes))
	copy(out, r.Changes)
	sortChanges(out)
	return out
}

// WriteText writes one line per change, "<class>  <rule>  <pointer>: <message>", then a
// verdict line.
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, ch := range r.ordered() {
		fmt.Fprintf(bw, "%s  %s  %s: %s\n", ch.Class, ch.Rule, oneLine(ch.Pointer), oneLine(ch.Message))
	}
	fmt.Fprintf(bw, "verdict: %s\n", r.verdict())
	return bw.Flush()
}

// oneLine escapes control characters, which member names and type names may hold, so that
// each change stays on its own line.
func oneLine(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	quoted := strconv.Quote(s)
	return quoted[1 : len(quoted)-1]
}

// verdict sums up the report in one sentence.
func (r *Report) verdict() string {
	counts := map[Class]int{}
	for _, ch := range r.Changes {
		counts[ch.Class]++
	}
	if len(r.Changes) == 0 {
		return "no changes"
	}
	tally := fmt.Sprintf("%d breaking, %d additive, %d annotation",
		counts[Breaking], counts[Additive], counts[Annotation])
	switch {
	case r.NeedsNewVersion():
		return fmt.Sprintf("breaking (%s): needs a new contract_version", tally)
	case r.Breaking():
		return fmt.Sprintf("breaking (%s): contract_version bumped from %d to %d",
			tally, *r.OldVersion, *r.NewVersion)
	case counts[Additive] > 0:
		return fmt.Sprintf("additive (%s): %s", tally, r.sameVersionNote())
	default:
		return fmt.Sprintf("annotation-only (%s): %s", tally, r.sameVersionNote())
	}
}

// sameVersionNote says that a compatible change may keep its contract_version.
func (r *Report) sameVersionNote() string {
	if r.NewVersion != nil {
		return fmt.Sprintf("compatible with consumers of contract_version %d", *r.NewVersion)
	}
	return "compatible with existing consumers"
}

// jsonReport fixes the member order of WriteJSON's output.
type jsonReport struct {
	OldVersion      *int64   `json:"old_version"`
	NewVersion      *int64   `json:"new_version"`
	Breaking        bool     `json:"breaking"`
	NeedsNewVersion bool     `json:"needs_new_version"`
	Changes         []Change `json:"changes"`
}

// WriteJSON writes the report as one indented JSON object with sorted changes; an empty report
// has "changes": [] rather than null, so consumers need no special case.
func (r *Report) WriteJSON(w io.Writer) error {
	out := jsonReport{
		OldVersion:      r.OldVersion,
		NewVersion:      r.NewVersion,
		Breaking:        r.Breaking(),
		NeedsNewVersion: r.NeedsNewVersion(),
		Changes:         r.ordered(),
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
