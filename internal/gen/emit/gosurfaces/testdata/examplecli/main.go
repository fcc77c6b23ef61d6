// Command examplecli is a small CLI that fails the way the contract asks: with --json, one JSON line
// on stderr, nothing on stdout, and the exit status of the error's origin. The gosurfaces tests
// build and run it.
package main

import (
	"flag"
	"fmt"
	"os"

	ae "github.com/contractgen/contractgen/generated/agenterror"
)

func main() {
	asJSON := flag.Bool("json", false, "report failures as one JSON line on stderr")
	flag.Parse()
	if flag.NArg() != 2 || flag.Arg(0) != "deploy" {
		fmt.Fprintln(os.Stderr, "usage: examplecli [--json] deploy <kind>")
		os.Exit(2)
	}
	e := ae.New(ae.Kind(flag.Arg(1)), "The deployment failed.", ae.WithCommand("deploy"),
		ae.WithCause("connect: token=ghp_FAKEabcdefghijklmnopqrstuvwxyz0123 refused"))
	if !*asJSON {
		fmt.Fprintln(os.Stderr, "deploy:", e.Error())
		os.Exit(ae.CLIExitCode(e))
	}
	code, err := ae.WriteCLI(os.Stderr, "deploy", e)
	if err != nil {
		os.Exit(1)
	}
	os.Exit(code)
}
