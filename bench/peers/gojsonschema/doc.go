// Package gojsonschema is what go-jsonschema v0.24.1 generates for the agent error contract. It is
// the peer whose decoding BENCHMARKS.md compares with the generated Parse; only the benchmarks in
// bench/peers (a module of its own) import it. types.go is the tool's output, unedited: --tags json
// drops the yaml and mapstructure struct tags, but the code still calls mapstructure to keep unknown
// members, hence that module in bench/peers/go.mod (and not in contractgen's). bench/run.sh
// regenerates the file and fails when it has drifted.
package gojsonschema

//go:generate go run github.com/atombender/go-jsonschema@v0.24.1 -p gojsonschema --tags json -o types.go ../../../docs/contracts/schemas/agent-error.schema.json
