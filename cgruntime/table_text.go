package cgruntime

import (
	"encoding/json"
	"strconv"
	"strings"
)

// CompileText is CompileWith for a table written as text: a JSON array with one node per line,
// each node with Node's field names and only its set fields. Generated packages carry their table
// so, as one string constant, because the compiler reads a string in a fraction of the time and
// memory a composite literal of thousands of nodes costs it; the runtime reads it once, at package
// initialization. A table that does not read is a generator bug, so it panics.
func CompileText(text string, ecma ECMAEngine) []Node {
	body, open := strings.CutPrefix(text, "[\n")
	body, closed := strings.CutSuffix(body, "\n]")
	if !open || !closed {
		panic("cgruntime: the validation table is not one node per line")
	}
	nodes := make([]Node, strings.Count(body, "\n")+1)
	for i, line := range strings.Split(body, "\n") {
		if err := json.Unmarshal([]byte(strings.TrimSuffix(line, ",")), &nodes[i]); err != nil {
			panic("cgruntime: node " + strconv.Itoa(i) + " of the validation table: " + err.Error())
		}
	}
	return CompileWith(nodes, ecma)
}
