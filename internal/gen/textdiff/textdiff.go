// Package textdiff renders unified diffs of generated files for drift reports.
package textdiff

import (
	"fmt"
	"strings"
)

// maxCells bounds the line-matching table; beyond it the diff shows the files as wholly replaced,
// which is still correct, only less precise.
const maxCells = 16 << 20

// context is the number of unchanged lines shown around each change.
const context = 3

type op struct {
	kind byte // ' ', '-', '+'
	text string
}

// Unified returns a unified diff from old to new with the given file labels, or "" when equal.
func Unified(oldName, newName, oldText, newText string) string {
	if oldText == newText {
		return ""
	}
	a, b := splitLines(oldText), splitLines(newText)
	ops := diffLines(a, b)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	var changes []int
	for i, o := range ops {
		if o.kind != ' ' {
			changes = append(changes, i)
		}
	}
	// Changes closer than two contexts apart share a hunk.
	for i := 0; i < len(changes); {
		j := i
		for j+1 < len(changes) && changes[j+1]-changes[j] <= 2*context {
			j++
		}
		writeHunk(&out, ops, max(0, changes[i]-context), min(len(ops), changes[j]+1+context))
		i = j + 1
	}
	return out.String()
}

func writeHunk(out *strings.Builder, ops []op, lo, hi int) {
	oldStart, newStart := 1, 1
	for _, o := range ops[:lo] {
		if o.kind != '+' {
			oldStart++
		}
		if o.kind != '-' {
			newStart++
		}
	}
	oldLen, newLen := 0, 0
	for _, o := range ops[lo:hi] {
		if o.kind != '+' {
			oldLen++
		}
		if o.kind != '-' {
			newLen++
		}
	}
	fmt.Fprintf(out, "@@ -%d,%d +%d,%d @@\n", oldStart, oldLen, newStart, newLen)
	for _, o := range ops[lo:hi] {
		out.WriteByte(o.kind)
		out.WriteString(o.text)
		if !strings.HasSuffix(o.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// diffLines aligns the lines by longest common subsequence, after stripping the common prefix and
// suffix (generated files usually differ in a few places).
func diffLines(a, b []string) []op {
	var ops []op
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		ops = append(ops, op{' ', a[p]})
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	ops = append(ops, lcs(ma, mb)...)
	for _, line := range a[len(a)-s:] {
		ops = append(ops, op{' ', line})
	}
	return ops
}

func lcs(a, b []string) []op {
	if len(a)*len(b) > maxCells || len(a) == 0 || len(b) == 0 {
		ops := make([]op, 0, len(a)+len(b))
		for _, l := range a {
			ops = append(ops, op{'-', l})
		}
		for _, l := range b {
			ops = append(ops, op{'+', l})
		}
		return ops
	}
	// table[i][j] is the LCS length of a[i:] and b[j:].
	w := len(b) + 1
	table := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				table[i*w+j] = table[(i+1)*w+j+1] + 1
			} else {
				table[i*w+j] = max(table[(i+1)*w+j], table[i*w+j+1])
			}
		}
	}
	var ops []op
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			ops = append(ops, op{' ', a[i]})
			i++
			j++
		case table[(i+1)*w+j] >= table[i*w+j+1]:
			ops = append(ops, op{'-', a[i]})
			i++
		default:
			ops = append(ops, op{'+', b[j]})
			j++
		}
	}
	for ; i < len(a); i++ {
		ops = append(ops, op{'-', a[i]})
	}
	for ; j < len(b); j++ {
		ops = append(ops, op{'+', b[j]})
	}
	return ops
}
