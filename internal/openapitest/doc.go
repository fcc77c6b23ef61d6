// Package openapitest proves the OpenAPI fragments that contractgen generates into
// generated/openapi with OpenAPI tooling that nobody on this project wrote: kin-openapi loads and
// validates both versions and checks live HTTP responses against them, libopenapi and its validator
// check the documents against the OpenAPI specifications' own schemas, and the reference JSON
// Schema validator checks every example. The package holds tests only.
package openapitest
