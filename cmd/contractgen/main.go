// Command contractgen generates Go types, validators, constructors, surface adapters, OpenAPI
// fragments, docs and TypeScript from a JSON Schema contract, checks committed output for drift,
// and classifies schema changes for compatibility. Run "contractgen help" for the commands.
package main

import (
	"os"

	"github.com/contractgen/contractgen/internal/cli"
)

func main() { os.Exit(cli.Main()) }
