// Package interop tests the OpenAPI fragments in generated/openapi with the code generators teams
// use on them: oapi-codegen (its import-mapping and bundle recipes) and ogen, on OpenAPI 3.0 and
// 3.1, with @redocly/cli to bundle and lint. The clients in clients/ are generated from the sample
// API documents in api/, which $ref the fragments; the tests run each client against an httptest
// server that answers through the generated WriteHTTP and check what the client decodes.
//
// It is a module of its own so that the generators and their runtimes stay out of contractgen's
// dependencies. Run it with `make test-openapi-interop` (npm ci, then go test); after a change to
// the fragments, regenerate the clients with `go test -run TestClientsUpToDate -update`.
package interop
