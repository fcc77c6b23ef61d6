package load

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"

	"github.com/contractgen/contractgen/internal/gen/diag"
	"github.com/contractgen/contractgen/internal/gen/jsonpointer"
)

// isYAML reports whether a schema file is YAML by its name (.yaml, .yml).
func isYAML(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".yaml" || ext == ".yml"
}

// yamlToJSON converts a YAML schema to JSON with goccy/go-yaml, keeping the order of mapping
// keys (properties stay in schema order). The error carries goccy's line and column.
func yamlToJSON(data []byte) ([]byte, error) { return yaml.YAMLToJSON(data) }

// yamlPositions rewrites the line and column of diagnostics about a YAML document: they were
// computed on its JSON conversion, and the user reads the YAML. A pointer goccy cannot find keeps
// no position rather than a wrong one.
func yamlPositions(source []byte, diags diag.List) {
	file, err := parser.ParseBytes(source, 0)
	if err != nil {
		return
	}
	for i := range diags {
		d := &diags[i]
		d.Line, d.Column = 0, 0
		if n := yamlNodeAt(file, d.Pointer); n != nil {
			pos := n.GetToken().Position
			d.Line, d.Column = pos.Line, pos.Column
		}
	}
}

// yamlNodeAt finds the YAML node at a JSON pointer.
func yamlNodeAt(file *ast.File, ptr string) ast.Node {
	b := (&yaml.PathBuilder{}).Root()
	if ptr != "" {
		for _, tok := range strings.Split(ptr[1:], "/") {
			name := jsonpointer.Unescape(tok)
			if i, err := strconv.ParseUint(name, 10, 32); err == nil && name == strconv.FormatUint(i, 10) {
				// A digit token is an index in a sequence or a key in a mapping; try the index.
				b = b.Index(uint(i))
				continue
			}
			b = b.Child(name)
		}
	}
	n, err := b.Build().FilterFile(file)
	if err != nil {
		return nil
	}
	return n
}

// InstanceJSON returns an instance document as JSON: a .yaml or .yml file converted as schemas
// are (mapping order kept), any other file as it is.
func InstanceJSON(name string, data []byte) ([]byte, error) {
	if !isYAML(name) {
		return data, nil
	}
	return yamlToJSON(data)
}
