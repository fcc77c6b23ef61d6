// Runs the generated TypeScript validator over the instance corpus and compares each verdict with
// the reference validator's (santhosh-tekuri/jsonschema, recorded in corpus.json by the Go test
// internal/gen/emit/ts TestCorpusFile), then pins locations, tolerance and the JSON parser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import {
  isAgentErrorObject,
  originOrFallback,
  sideEffectsOrFallback,
  validateAgentError,
  validateAgentErrorJSON,
  type AgentErrorObject,
  type Violation,
} from "../../generated/ts/agenterror";

interface CorpusCase {
  name: string;
  json: string;
  valid: boolean;
}

const corpus = JSON.parse(readFileSync(process.env["CORPUS"] ?? "corpus.json", "utf8")) as CorpusCase[];

// Repeated member names are a violation of their own (keywordLocation ""), which the reference
// cannot see because its parser keeps the last copy; they are compared separately below.
const schemaViolations = (vs: Violation[]): Violation[] => vs.filter((v) => v.keywordLocation !== "");

const describe = (vs: Violation[]): string => vs.map((v) => `${v.instanceLocation} ${v.keywordLocation}: ${v.error}`).join("\n");

test("the corpus is there and has both verdicts", () => {
  assert.ok(corpus.length >= 150, `only ${corpus.length} cases`);
  assert.ok(corpus.some((c) => c.valid) && corpus.some((c) => !c.valid));
});

for (const c of corpus) {
  test(`text verdict matches the reference: ${c.name}`, () => {
    const vs = schemaViolations(validateAgentErrorJSON(c.json));
    assert.equal(vs.length === 0, c.valid, `reference says valid=${c.valid}; violations:\n${describe(vs)}`);
  });
}

// A parsed JS value loses what JSON.parse cannot represent: these literals round to a different
// number, or the repeated member collapses. For every other case the value must get the same verdict.
const lossy = /1e400|1\.0000000000000001|1\.0000000000000000001|9007199254740993|123456789012345678901234567890|repeated/;

for (const c of corpus.filter((c) => !lossy.test(c.name))) {
  test(`value verdict matches the reference: ${c.name}`, () => {
    const vs = validateAgentError(JSON.parse(c.json));
    assert.equal(vs.length === 0, c.valid, describe(vs));
  });
}

test("repeated member names are reported where they occur", () => {
  const cases = corpus.filter((c) => c.name.startsWith("repeated"));
  assert.equal(cases.length, 3);
  for (const c of cases) {
    const dups = validateAgentErrorJSON(c.json).filter((v) => v.keywordLocation === "");
    assert.equal(dups.length, 1, c.name);
  }
  const nested = validateAgentErrorJSON(cases.find((c) => c.name === "repeated nested member")!.json);
  assert.deepEqual(nested, [{ instanceLocation: "/evidence", keywordLocation: "", error: 'member name "a" occurs more than once' }]);
});

const valid = (): AgentErrorObject => JSON.parse(corpus.find((c) => c.name === "base")!.json) as AgentErrorObject;

test("every violation is reported with both locations, sorted", () => {
  const x = valid() as Record<string, unknown>;
  delete x["kind"];
  x["origin"] = null;
  x["recovery"] = { action: "teleport", same_arguments: "never", guidance: "", retry_after_ms: -1 };
  x["safety"] = { read_only_hint: "yes" };
  assert.deepEqual(
    validateAgentError(x).map((v) => [v.instanceLocation, v.keywordLocation]),
    [
      ["", "/required"],
      ["/origin", "/properties/origin/$ref/enum"],
      ["/origin", "/properties/origin/$ref/type"],
      ["/recovery/action", "/properties/recovery/$ref/properties/action/$ref/enum"],
      ["/recovery/guidance", "/properties/recovery/$ref/properties/guidance/minLength"],
      ["/recovery/retry_after_ms", "/properties/recovery/$ref/properties/retry_after_ms/minimum"],
      ["/safety/read_only_hint", "/properties/safety/$ref/properties/read_only_hint/type"],
    ],
  );
  assert.match(validateAgentError(x)[0]!.error, /missing required member "kind"/);
});

test("member names with / and ~ are escaped in instance locations", () => {
  const x = valid() as Record<string, unknown>;
  x["evidence"] = 1;
  x["a/b~c"] = 1;
  assert.deepEqual(validateAgentError(x).map((v) => v.instanceLocation), ["/evidence"]);
  const text = JSON.stringify({ ...valid(), safety: { "x/y~z": 1, read_only_hint: 0 } });
  assert.deepEqual(validateAgentErrorJSON(text).map((v) => v.instanceLocation), ["/safety/read_only_hint"]);
});

test("numbers are judged exactly from JSON text", () => {
  const withRetry = (lit: string): string => JSON.stringify(valid()).replace('"retry_after_ms":1000', `"retry_after_ms":${lit}`);
  assert.deepEqual(validateAgentErrorJSON(withRetry("1.0")), []);
  assert.deepEqual(validateAgentErrorJSON(withRetry("1e400")), []);
  assert.equal(validateAgentErrorJSON(withRetry("1.0000000000000000001")).length, 1);
  assert.equal(validateAgentErrorJSON(withRetry("-1e-400")).length, 2, "neither an integer nor at least 0");
});

test("lengths count code points, not UTF-16 units", () => {
  const x = valid();
  x.kind = "😀";
  assert.deepEqual(validateAgentError(x), []);
  x.kind = "";
  assert.equal(validateAgentError(x).length, 1);
});

test("JS values JSON cannot hold are violations, undefined members are absent", () => {
  const x = valid() as Record<string, unknown>;
  x["recovery"] = { action: "confirm", same_arguments: "never", guidance: "g", retry_after_ms: Infinity };
  assert.match(validateAgentError(x)[0]!.error, /JSON cannot hold/);
  const y = valid() as Record<string, unknown>;
  y["service"] = undefined;
  assert.deepEqual(validateAgentError(y), []);
  y["kind"] = undefined;
  assert.equal(validateAgentError(y)[0]!.keywordLocation, "/required");
});

test("text that is not JSON throws a SyntaxError", () => {
  for (const bad of ["", "{", '{"a":1,}', "{'a':1}", "[01]", "NaN", '{"a":1} x', '"\u0001"', "[1,]"]) {
    assert.throws(() => validateAgentErrorJSON(bad), SyntaxError, JSON.stringify(bad));
  }
});

test("the type guard accepts enum values this code does not know, nothing else that is invalid", () => {
  const x = valid();
  x.origin = "quantum";
  x.recovery.action = "teleport";
  assert.equal(isAgentErrorObject(x), true);
  assert.equal(validateAgentError(x).length, 2, "strict validation still reports both");
  x.origin = 3 as unknown as string;
  assert.equal(isAgentErrorObject(x), false);
  assert.equal(isAgentErrorObject(null), false);
  assert.equal(isAgentErrorObject({ ...valid(), contract_version: 2 }), false);
});

test("unknown enum values fall back as the schema declares", () => {
  assert.equal(originOrFallback("quantum"), "runtime");
  assert.equal(originOrFallback("policy"), "policy");
  assert.equal(sideEffectsOrFallback("maybe"), "unknown");
});
