// Tests AgentError and AgentError.from on every shape a Code Mode host meets a failure in,
// each also after structuredClone, the copy a host makes when a value crosses an isolate boundary.
import { test } from "node:test";
import assert from "node:assert/strict";

import { AgentError, mcpMetaKey, type AgentErrorObject, type McpToolResult } from "../../generated/ts/agenterror";

const contract = (): AgentErrorObject => ({
  contract_version: 1,
  kind: "timeout",
  message: "The upstream did not answer within 30 s.",
  origin: "upstream_transport",
  recovery: { action: "retry_later", same_arguments: "conditional", guidance: "Check, then retry.", retry_after_ms: 2000, attempts: 2 },
  side_effects: "possible",
  upstream: "github",
  x_trace: { id: "abc" },
});

const text = (x: unknown): { type: string; text: string } => ({ type: "text", text: JSON.stringify(x) });

const shapes: Record<string, () => unknown> = {
  "plain contract object": contract,
  "Error whose message is the contract's JSON": () => new Error(JSON.stringify(contract())),
  "MCP result, structuredContent": (): McpToolResult => ({ isError: true, content: [text(contract())], structuredContent: contract() }),
  "MCP result, _meta only": (): McpToolResult => ({ isError: true, content: [], _meta: { [mcpMetaKey]: contract() } }),
  "MCP result, text block after a diagnostic block": (): McpToolResult => ({
    isError: true,
    content: [{ type: "text", text: "upstream github failed" }, { type: "image", data: "" }, text(contract())],
  }),
};

for (const [name, make] of Object.entries(shapes)) {
  for (const cloned of [false, true]) {
    test(`from: ${name}${cloned ? ", through structuredClone" : ""}`, () => {
      const input = cloned ? structuredClone(make()) : make();
      const e = AgentError.from(input);
      assert.ok(e instanceof AgentError);
      assert.ok(e instanceof Error);
      assert.equal(e.message, contract().message);
      assert.equal(e.name, "AgentError");
      assert.deepEqual(e.toJSON(), contract(), "unknown members survive too");
    });
  }
}

test("from returns the same AgentError, also when caught after a throw", () => {
  const original = new AgentError(contract());
  assert.equal(AgentError.from(original), original);
  try {
    throw original;
  } catch (caught) {
    assert.equal(AgentError.from(caught), original);
    assert.deepEqual(JSON.parse(JSON.stringify(caught)), contract(), "JSON.stringify of the error is the contract object");
  }
});

test("from accepts an AgentError from another copy of the module by its name and toJSON", () => {
  const foreign = Object.assign(new Error(contract().message), { name: "AgentError", toJSON: contract });
  const e = AgentError.from(foreign);
  assert.ok(e instanceof AgentError);
  assert.deepEqual(e.toJSON(), contract());
});

test("from returns undefined for what carries no contract object", () => {
  const notOne: unknown[] = [
    undefined,
    null,
    "timeout",
    42,
    {},
    new Error("plain failure"),
    new Error("{not json"),
    new Error(JSON.stringify({ ...contract(), kind: "" })),
    { ...contract(), message: "" },
    { isError: false, structuredContent: contract() },
    { isError: true, content: [{ type: "text", text: "no object here" }] },
    { isError: true, content: "not a list", _meta: null },
    structuredClone(new AgentError(contract())),
  ];
  for (const x of notOne) {
    assert.equal(AgentError.from(x), undefined, String(x));
  }
});

test("the constructor refuses an object that is not a contract object", () => {
  assert.throws(() => new AgentError({ ...contract(), contract_version: 2 as 1 }), /contract_version/);
  assert.throws(() => new AgentError({} as AgentErrorObject), TypeError);
});

test("an AgentError keeps its own copy of the contract object", () => {
  const c = contract();
  const e = new AgentError(c);
  c.kind = "changed";
  e.toJSON().kind = "changed too";
  assert.equal(e.contract.kind, "timeout");
  assert.equal(e.toJSON().kind, "timeout");
});

test("unknown enum values are kept, as a relay must", () => {
  const c = { ...contract(), origin: "quantum" };
  assert.equal(AgentError.from(c)?.contract.origin, "quantum");
});
