// Package mcp holds tests that run the generated agent error package against the official MCP Go
// SDK. It is a module of its own so that the SDK stays out of contractgen's dependencies and out
// of the generated code, which uses the standard library only.
package mcp
