package compat

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"
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

// WriteText writes the mode, then the changes, then a verdict line. Under the contract mode each
// change is one line, "<class>  <rule>  <pointer>: <message>"; under the other modes the changes
// are grouped by class and rule under their nearest common pointer, with counts, and a group
// lists at most maxListed changes (WriteJSON lists them all).
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	if r.Mode != Auto {
		fmt.Fprintf(bw, "mode: %s (%s): %s\n", r.Mode, r.ModeReason, r.Mode.rule(r.versionMember()))
	}
	if r.Mode == Contract || r.Mode == Auto {
		for _, ch := range r.ordered() {
			fmt.Fprintf(bw, "%s  %s  %s: %s\n", ch.Class, ch.Rule, oneLine(ch.Pointer), oneLine(ch.Message))
		}
	} else {
		for _, g := range r.groups() {
			noun := "changes"
			if g.Count == 1 {
				noun = "change"
			}
			fmt.Fprintf(bw, "%s: %s, %d %s under %s\n", g.Class, g.Rule, g.Count, noun, shownPointer(g.Pointer))
			for i, ch := range g.changes {
				if i == maxListed {
					fmt.Fprintf(bw, "  ... and %d more (--format json lists every change)\n", len(g.changes)-maxListed)
					break
				}
				rest := strings.TrimPrefix(ch.Pointer, g.Pointer)
				if rest == "" {
					rest = "(here)"
				}
				fmt.Fprintf(bw, "  %s: %s\n", oneLine(rest), oneLine(ch.Message))
			}
		}
	}
	fmt.Fprintf(bw, "verdict: %s\n", r.verdict())
	return bw.Flush()
}

// maxListed is how many changes of one group the text output lists.
const maxListed = 10

// shownPointer spells the root pointer so that a reader sees it.
func shownPointer(p string) string {
	if p == "" {
		return "/ (the root)"
	}
	return oneLine(p)
}

// Group is the changes of one class and rule, under their nearest common pointer.
type Group struct {
	Class   Class  `json:"class"`
	Rule    string `json:"rule"`
	Pointer string `json:"pointer"`
	Count   int    `json:"count"`
	changes []Change
}

// classOrder sorts groups: what needs attention first.
var classOrder = map[Class]int{Breaking: 0, Additive: 1, Compatible: 1, Annotation: 2}

// groups groups the changes by class and rule, in report order.
func (r *Report) groups() []Group {
	byKey := map[[2]string]*Group{}
	var out []*Group
	for _, ch := range r.ordered() {
		k := [2]string{string(ch.Class), ch.Rule}
		g := byKey[k]
		if g == nil {
			g = &Group{Class: ch.Class, Rule: ch.Rule, Pointer: ch.Pointer}
			byKey[k] = g
			out = append(out, g)
		}
		g.Pointer = commonPointer(g.Pointer, ch.Pointer)
		g.Count++
		g.changes = append(g.changes, ch)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if classOrder[out[i].Class] != classOrder[out[j].Class] {
			return classOrder[out[i].Class] < classOrder[out[j].Class]
		}
		return out[i].Rule < out[j].Rule
	})
	groups := make([]Group, len(out))
	for i, g := range out {
		groups[i] = *g
	}
	return groups
}

// commonPointer is the longest pointer both start with, token by token.
func commonPointer(a, b string) string {
	ta, tb := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(ta) && n < len(tb) && ta[n] == tb[n] {
		n++
	}
	return strings.Join(ta[:n], "/")
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
	if r.Mode != Contract && r.Mode != Auto {
		tally := fmt.Sprintf("%d breaking, %d compatible, %d annotation", counts[Breaking], counts[Compatible], counts[Annotation])
		switch {
		case len(r.Changes) == 0:
			return fmt.Sprintf("no changes (%s mode)", r.Mode)
		case r.Breaking():
			return fmt.Sprintf("breaking under %s mode (%s)", r.Mode, tally)
		}
		return fmt.Sprintf("compatible under %s mode (%s)", r.Mode, tally)
	}
	if len(r.Changes) == 0 {
		return "no changes"
	}
	tally := fmt.Sprintf("%d breaking, %d additive, %d annotation",
		counts[Breaking], counts[Additive], counts[Annotation])
	switch {
	case r.NeedsNewVersion():
		return fmt.Sprintf("breaking (%s): needs a new %s", tally, r.versionMember())
	case r.Breaking():
		return fmt.Sprintf("breaking (%s): %s bumped from %d to %d",
			tally, r.versionMember(), *r.OldVersion, *r.NewVersion)
	case counts[Additive] > 0:
		return fmt.Sprintf("additive (%s): %s", tally, r.sameVersionNote())
	default:
		return fmt.Sprintf("annotation-only (%s): %s", tally, r.sameVersionNote())
	}
}

// verdictWord is the verdict as one word for WriteJSON.
func (r *Report) verdictWord() string {
	switch {
	case len(r.Changes) == 0:
		return "no-changes"
	case r.Breaking():
		return "breaking"
	}
	return "compatible"
}

// versionMember is how the report speaks of the version member: by its name, or as "version"
// when no profile names one.
func (r *Report) versionMember() string {
	if r.VersionMember == "" {
		return "version"
	}
	return r.VersionMember
}

// sameVersionNote says that a compatible change may keep its version member's value.
func (r *Report) sameVersionNote() string {
	if r.NewVersion != nil {
		return fmt.Sprintf("compatible with consumers of %s %d", r.versionMember(), *r.NewVersion)
	}
	return "compatible with existing consumers"
}

// jsonReport fixes the member order of WriteJSON's output; report.schema.json describes it.
type jsonReport struct {
	Mode            Mode          `json:"mode"`
	ModeReason      string        `json:"mode_reason"`
	Verdict         string        `json:"verdict"`
	OldVersion      *int64        `json:"old_version"`
	NewVersion      *int64        `json:"new_version"`
	Breaking        bool          `json:"breaking"`
	NeedsNewVersion bool          `json:"needs_new_version"`
	Counts          map[Class]int `json:"counts"`
	Groups          []Group       `json:"groups"`
	Changes         []Change      `json:"changes"`
}

// WriteJSON writes the report as one indented JSON object with sorted changes; an empty report
// has "changes": [] rather than null, so consumers need no special case.
func (r *Report) WriteJSON(w io.Writer) error {
	counts := map[Class]int{}
	for _, ch := range r.Changes {
		counts[ch.Class]++
	}
	out := jsonReport{
		Mode:            r.Mode,
		ModeReason:      r.ModeReason,
		Verdict:         r.verdictWord(),
		OldVersion:      r.OldVersion,
		NewVersion:      r.NewVersion,
		Breaking:        r.Breaking(),
		NeedsNewVersion: r.NeedsNewVersion(),
		Counts:          counts,
		Groups:          r.groups(),
		Changes:         r.ordered(),
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
