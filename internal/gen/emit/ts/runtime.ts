// ---- Validation runtime: the same for every contract, copied verbatim by contractgen. ----
//
// The validator interprets the schema table above (cgNodes), the way the generated Go package
// interprets its own table, so both give the same verdicts. Numbers are compared as exact decimals:
// validating JSON text keeps each number's literal, so 1.0 is an integer, 1.0000000000000001 is
// not 1, and 1e400 is a number; a JS value is checked through its shortest decimal form.

/** One way a value fails the contract, in the shape of JSON Schema's "basic" output. */
export interface Violation {
  /** The JSON pointer of the offending value in the instance. */
  instanceLocation: string;
  /** The JSON pointer of the failing keyword in the schema, through $ref. */
  keywordLocation: string;
  /** What is wrong. */
  error: string;
}

/** One schema of the table; indexes point into cgNodes, 0 means absent. */
interface CgNode {
  bool?: boolean;
  ref?: number;
  types?: string[];
  /** const and enum hold JSON text, parsed once so numbers keep their literals. */
  const?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: string;
  maximum?: string;
  exclusiveMinimum?: string;
  exclusiveMaximum?: string;
  multipleOf?: string;
  items?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: [string, number][];
  required?: string[];
  additionalProperties?: number;
  minProperties?: number;
  maxProperties?: number;
  /** dependentRequired: when the member is present, these members must be too. */
  dependentRequired?: [string, string[]][];
  /** dependentSchemas: when the member is present, the whole object must match the node. */
  dependentSchemas?: [string, number][];
  allOf?: number[];
  anyOf?: number[];
  oneOf?: number[];
  not?: number;
  if?: number;
  then?: number;
  else?: number;
}

/** A JSON value as the validator sees it, with number literals kept. */
type CgValue =
  | { t: "null" }
  | { t: "boolean"; b: boolean }
  | { t: "number"; lit: string }
  | { t: "string"; s: string }
  | { t: "array"; items: CgValue[] }
  | { t: "object"; members: [string, CgValue][] }
  | { t: "invalid"; what: string };

/** An exact decimal: (-1)^neg × digits × 10^exp, digits without leading or trailing zeros. */
interface CgDecimal {
  neg: boolean;
  digits: string;
  exp: number;
}

function cgDecimal(lit: string): CgDecimal | undefined {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(lit);
  if (m === null) {
    return undefined;
  }
  const frac = m[3] ?? "";
  let digits = (m[2] + frac).replace(/^0+/, "");
  let exp = Number(m[4] ?? "0") - frac.length;
  const trimmed = digits.replace(/0+$/, "");
  exp += digits.length - trimmed.length;
  digits = trimmed;
  if (digits === "") {
    return { neg: false, digits: "", exp: 0 };
  }
  return { neg: m[1] === "-", digits, exp };
}

function cgIsInteger(d: CgDecimal): boolean {
  return d.digits === "" || d.exp >= 0;
}

/** cgCompare returns the sign of a - b. */
function cgCompare(a: CgDecimal, b: CgDecimal): number {
  const sa = a.digits === "" ? 0 : a.neg ? -1 : 1;
  const sb = b.digits === "" ? 0 : b.neg ? -1 : 1;
  if (sa !== sb || sa === 0) {
    return Math.sign(sa - sb);
  }
  // Same sign, both non-zero: compare magnitudes by the position of the leading digit, then digits.
  const ma = a.digits.length + a.exp;
  const mb = b.digits.length + b.exp;
  let mag = ma !== mb ? Math.sign(ma - mb) : 0;
  if (mag === 0) {
    const n = Math.max(a.digits.length, b.digits.length);
    const da = a.digits.padEnd(n, "0");
    const db = b.digits.padEnd(n, "0");
    mag = da < db ? -1 : da > db ? 1 : 0;
  }
  return sa * mag;
}

/** cgIsMultiple reports whether a / m is an integer, exactly, without building huge powers of ten. */
function cgIsMultiple(a: CgDecimal, m: CgDecimal): boolean {
  if (a.digits === "") {
    return true;
  }
  const b = BigInt(m.digits);
  const shift = a.exp - m.exp;
  if (shift < 0) {
    // a has no trailing zeros, so it cannot absorb a factor of ten from the divisor.
    return false;
  }
  let pow = BigInt(1);
  let base = BigInt(10) % b;
  for (let e = shift; e > 0; e >>= 1) {
    if (e & 1) {
      pow = (pow * base) % b;
    }
    base = (base * base) % b;
  }
  return ((BigInt(a.digits) % b) * pow) % b === BigInt(0);
}

function cgCodePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
      }
    }
    n++;
  }
  return n;
}

function cgToken(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** cgFromJS converts a JS value the way JSON.stringify would see it. */
function cgFromJS(v: unknown): CgValue {
  switch (typeof v) {
    case "string":
      return { t: "string", s: v };
    case "boolean":
      return { t: "boolean", b: v };
    case "number":
      return Number.isFinite(v) ? { t: "number", lit: String(v) } : { t: "invalid", what: String(v) };
    case "object":
      if (v === null) {
        return { t: "null" };
      }
      if (Array.isArray(v)) {
        return { t: "array", items: v.map((x) => (x === undefined ? { t: "null" } : cgFromJS(x))) };
      }
      return {
        t: "object",
        members: Object.keys(v)
          .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
          .map((k) => [k, cgFromJS((v as Record<string, unknown>)[k])]),
      };
  }
  return { t: "invalid", what: typeof v };
}

/**
 * cgParse reads JSON text strictly (RFC 8259), keeping number literals. A member name repeated in
 * one object is reported through dup, and only its last value is kept.
 */
function cgParse(text: string, dup: (at: string, name: string) => void): CgValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`invalid JSON at offset ${i}: ${what}`);
  };
  const space = (): void => {
    while (i < text.length && " \t\r\n".includes(text.charAt(i))) {
      i++;
    }
  };
  const str = (): string => {
    const m = /^"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/.exec(text.slice(i));
    if (m === null) {
      return fail("bad string");
    }
    i += m[0].length;
    return JSON.parse(m[0]) as string;
  };
  const value = (at: string, depth: number): CgValue => {
    if (depth > 10000) {
      fail("nesting too deep");
    }
    space();
    const c = text[i];
    if (c === "{") {
      i++;
      const members: [string, CgValue][] = [];
      const seen = new Set<string>();
      space();
      if (text[i] === "}") {
        i++;
        return { t: "object", members };
      }
      for (;;) {
        space();
        const name = text[i] === '"' ? str() : fail("expected a member name");
        if (seen.has(name)) {
          // Only the last copy is validated: it is the one JSON.parse and encoding/json keep.
          dup(at, name);
          members.splice(members.findIndex(([n]) => n === name), 1);
        }
        seen.add(name);
        space();
        if (text[i++] !== ":") {
          fail("expected ':'");
        }
        members.push([name, value(at + "/" + cgToken(name), depth + 1)]);
        space();
        const d = text[i++];
        if (d === "}") {
          return { t: "object", members };
        }
        if (d !== ",") {
          fail("expected ',' or '}'");
        }
      }
    }
    if (c === "[") {
      i++;
      const items: CgValue[] = [];
      space();
      if (text[i] === "]") {
        i++;
        return { t: "array", items };
      }
      for (;;) {
        items.push(value(at + "/" + items.length, depth + 1));
        space();
        const d = text[i++];
        if (d === "]") {
          return { t: "array", items };
        }
        if (d !== ",") {
          fail("expected ',' or ']'");
        }
      }
    }
    if (c === '"') {
      return { t: "string", s: str() };
    }
    for (const [word, v] of [["true", { t: "boolean", b: true }], ["false", { t: "boolean", b: false }], ["null", { t: "null" }]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 100000));
    if (m === null) {
      return fail("unexpected character");
    }
    i += m[0].length;
    return { t: "number", lit: m[0] };
  };
  const v = value("", 0);
  space();
  if (i !== text.length) {
    fail("text after the value");
  }
  return v;
}

function cgEqual(a: CgValue, b: CgValue): boolean {
  if (a.t !== b.t) {
    return false;
  }
  switch (a.t) {
    case "null":
      return true;
    case "boolean":
      return a.b === (b as typeof a).b;
    case "string":
      return a.s === (b as typeof a).s;
    case "number": {
      const x = cgDecimal(a.lit);
      const y = cgDecimal((b as typeof a).lit);
      return x !== undefined && y !== undefined && cgCompare(x, y) === 0;
    }
    case "array": {
      const bi = (b as typeof a).items;
      return a.items.length === bi.length && a.items.every((x, k) => cgEqual(x, bi[k] ?? cgAbsent));
    }
    case "object": {
      const bm = new Map((b as typeof a).members);
      const am = new Map(a.members);
      return am.size === bm.size && [...am].every(([k, x]) => bm.has(k) && cgEqual(x, bm.get(k)!));
    }
  }
  return false;
}

const cgKindNames: Record<CgValue["t"], string> = {
  null: "null", boolean: "boolean", number: "number", string: "string", array: "array", object: "object", invalid: "",
};

function cgKindName(v: CgValue): string {
  if (v.t === "invalid") {
    return "a value JSON cannot hold (" + v.what + ")";
  }
  if (v.t === "number") {
    const d = cgDecimal(v.lit);
    return d !== undefined && cgIsInteger(d) ? "integer" : "number";
  }
  return cgKindNames[v.t];
}

function cgTypeMatches(types: string[], v: CgValue): boolean {
  if (v.t === "number") {
    const d = cgDecimal(v.lit);
    return types.includes("number") || (types.includes("integer") && d !== undefined && cgIsInteger(d));
  }
  return types.includes(v.t);
}

/** cgConstants caches parsed const and enum texts. */
const cgConstants = new Map<string, CgValue>();

function cgConstant(json: string): CgValue {
  let v = cgConstants.get(json);
  if (v === undefined) {
    v = cgParse(json, () => {});
    cgConstants.set(json, v);
  }
  return v;
}

const cgPatterns = new Map<string, RegExp>();

function cgPattern(p: string): RegExp {
  let re = cgPatterns.get(p);
  if (re === undefined) {
    re = new RegExp(p, "u");
    cgPatterns.set(p, re);
  }
  return re;
}

/** cgBounds are checked in the Go runtime's order, so that a union names the same first violation. */
const cgBounds = [
  ["minimum", (c: number) => c >= 0, "at least"],
  ["maximum", (c: number) => c <= 0, "at most"],
  ["exclusiveMinimum", (c: number) => c > 0, "greater than"],
  ["exclusiveMaximum", (c: number) => c < 0, "less than"],
] as const;

/** cgAbsent stands in where an index is out of range, which the loops above never reach. */
const cgAbsent: CgValue = { t: "invalid", what: "absent" };

function cgNode(i: number): CgNode {
  return cgNodes[i] ?? { bool: true };
}

/**
 * cgRefChain returns node i and the nodes its static $ref leads to, at most 16 nodes (as many as the
 * Go runtime looks at) and none twice: a union's exclusion looks at what every one of them requires.
 */
function cgRefChain(i: number): CgNode[] {
  const seen = new Set<number>();
  const chain: CgNode[] = [];
  for (; i && chain.length < 16 && !seen.has(i); i = cgNode(i).ref ?? 0) {
    seen.add(i);
    chain.push(cgNode(i));
  }
  return chain;
}

/** CgCollector gathers the violations of one validation. */
class CgCollector {
  readonly violations: Violation[] = [];

  /**
   * With openEnums, enum values outside the list pass: the contract's consumers keep them. A brief
   * collector only answers whether v is valid, so its failing unions are not explained.
   */
  constructor(readonly openEnums: boolean, readonly brief = false) {}

  fail(at: string, kw: string, error: string): void {
    this.violations.push({ instanceLocation: at, keywordLocation: kw, error });
  }

  /**
   * matches evaluates node i against v on the side and reports whether v is valid; with open, enum
   * values outside the list pass. not and if ask exactly: an open answer under not would reject
   * more, not less. oneOf asks exactly first, and only when no branch matches exactly does an
   * open collector accept the one branch that matches openly (an open question alone would let a
   * known value match two branches that differ only by enum).
   */
  matches(i: number, v: CgValue, open: boolean): boolean {
    const sub = new CgCollector(open, true);
    sub.eval(i, v, "", "");
    return sub.violations.length === 0;
  }

  /** constFails and enumFails are eval's checks, shared with a union's exclusion. */
  constFails(n: CgNode, v: CgValue): boolean {
    return n.const !== undefined && !cgEqual(cgConstant(n.const), v);
  }

  enumFails(n: CgNode, v: CgValue): boolean {
    return n.enum !== undefined && !(this.openEnums && v.t === "string") && !n.enum.some((e) => cgEqual(cgConstant(e), v));
  }

  /**
   * excluded reports whether branch node i certainly rejects v, judged cheaply from its $ref chain:
   * the false schema, a type v lacks, a required member v lacks (when required is set), or a member
   * v has whose declared schema (and its $ref chain) rejects the value by const or enum.
   */
  excluded(i: number, v: CgValue, members: Map<string, CgValue>, required: boolean): boolean {
    return cgRefChain(i).some((n) => {
      if (n.bool === false || (n.types !== undefined && !cgTypeMatches(n.types, v))) {
        return true;
      }
      if (v.t !== "object") {
        return false;
      }
      return (required && (n.required ?? []).some((name) => !members.has(name))) ||
        (n.properties ?? []).some(([name, p]) => {
          const m = members.get(name);
          return m !== undefined && cgRefChain(p).some((pn) => this.constFails(pn, m) || this.enumFails(pn, m));
        });
    });
  }

  /**
   * selected returns the index of the branch v is meant for, or -1: the only branch exclusion
   * leaves or, when it leaves none, the only one whose type and discriminating values v has (a
   * tagged value that lacks a member its variant requires is that variant, missing the member), as
   * the Go runtime judges.
   */
  selected(branches: number[], v: CgValue): number {
    // The members by name, looked up by every branch's exclusion in both rounds.
    const members = new Map(v.t === "object" ? v.members : []);
    const left = (required: boolean) => branches.flatMap((s, j) => (this.excluded(s, v, members, required) ? [] : [j]));
    let only = left(true);
    if (only.length === 0) {
      only = left(false);
    }
    return only.length === 1 ? only[0]! : -1;
  }

  /**
   * union applies anyOf or oneOf so that a failure names its cause. The selected branch is evaluated
   * alone, once, and its violations follow the union's when it fails (a document that fails deep
   * inside nested unions is evaluated once per level, not once per enclosing union); otherwise
   * every branch is asked, and when none matches each branch's first violation follows.
   */
  union(branches: number[], keyword: "anyOf" | "oneOf", v: CgValue, at: string, kw: string): void {
    const k = kw + "/" + keyword;
    const only = this.selected(branches, v);
    if (only >= 0) {
      const sub = new CgCollector(this.openEnums, this.brief);
      sub.eval(branches[only]!, v, at, k + "/" + only);
      if (sub.violations.length > 0) {
        this.fail(at, k, "matches none of the " + keyword + " schemas");
        this.violations.push(...sub.violations);
      }
      return;
    }
    if (keyword === "anyOf") {
      if (branches.some((s) => this.matches(s, v, this.openEnums))) {
        return;
      }
    } else {
      const hitsBy = (open: boolean): number[] => branches.flatMap((s, j) => (this.matches(s, v, open) ? [j] : []));
      let hits = hitsBy(false);
      if (hits.length === 0 && this.openEnums) {
        hits = hitsBy(true);
      }
      if (hits.length === 1) {
        return;
      }
      if (hits.length > 1) {
        this.fail(at, k, "matches oneOf schemas " + hits.join(" and ") + "; exactly one must match");
        return;
      }
    }
    this.fail(at, k, "matches none of the " + keyword + " schemas");
    if (!this.brief) {
      branches.forEach((s, j) => {
        const sub = new CgCollector(this.openEnums, true);
        sub.eval(s, v, at, k + "/" + j);
        this.violations.push(...sub.violations.slice(0, 1));
      });
    }
  }

  eval(i: number, v: CgValue, at: string, kw: string): void {
    const n = cgNode(i);
    if (n.bool === true) {
      return;
    }
    if (n.bool === false) {
      this.fail(at, kw, "no value is allowed here (the schema is false)");
      return;
    }
    if (n.ref) {
      this.eval(n.ref, v, at, kw + "/$ref");
    }
    if (n.types !== undefined && !cgTypeMatches(n.types, v)) {
      this.fail(at, kw + "/type", "expected " + n.types.join(" or ") + ", got " + cgKindName(v));
    }
    if (this.constFails(n, v)) {
      this.fail(at, kw + "/const", "must be " + n.const);
    }
    if (this.enumFails(n, v)) {
      this.fail(at, kw + "/enum", "must be one of " + n.enum!.join(", "));
    }
    switch (v.t) {
      case "string":
        this.string(n, v.s, at, kw);
        break;
      case "number":
        this.number(n, v.lit, at, kw);
        break;
      case "array":
        this.array(n, v.items, at, kw);
        break;
      case "object":
        this.object(n, v.members, at, kw);
        break;
    }
    this.applicators(n, v, at, kw);
  }

  /** applicators applies allOf, anyOf, oneOf, not and if/then/else, as the Go runtime does. */
  applicators(n: CgNode, v: CgValue, at: string, kw: string): void {
    n.allOf?.forEach((s, j) => this.eval(s, v, at, kw + "/allOf/" + j));
    if (n.anyOf !== undefined) {
      this.union(n.anyOf, "anyOf", v, at, kw);
    }
    if (n.oneOf !== undefined) {
      this.union(n.oneOf, "oneOf", v, at, kw);
    }
    if (n.not && this.matches(n.not, v, false)) {
      this.fail(at, kw + "/not", "matches the schema under not");
    }
    if (n.if) {
      if (this.matches(n.if, v, false)) {
        if (n.then) {
          this.eval(n.then, v, at, kw + "/then");
        }
      } else if (n.else) {
        this.eval(n.else, v, at, kw + "/else");
      }
    }
  }

  string(n: CgNode, s: string, at: string, kw: string): void {
    if (n.minLength !== undefined || n.maxLength !== undefined) {
      const count = cgCodePoints(s);
      if (n.minLength !== undefined && count < n.minLength) {
        this.fail(at, kw + "/minLength", `has ${count} characters, fewer than ${n.minLength}`);
      }
      if (n.maxLength !== undefined && count > n.maxLength) {
        this.fail(at, kw + "/maxLength", `has ${count} characters, more than ${n.maxLength}`);
      }
    }
    if (n.pattern !== undefined && !cgPattern(n.pattern).test(s)) {
      this.fail(at, kw + "/pattern", "does not match the pattern " + JSON.stringify(n.pattern));
    }
  }

  number(n: CgNode, lit: string, at: string, kw: string): void {
    const d = cgDecimal(lit);
    if (d === undefined) {
      return;
    }
    for (const [key, ok, phrase] of cgBounds) {
      const bound = n[key];
      if (bound !== undefined && !ok(cgCompare(d, cgDecimal(bound)!))) {
        this.fail(at, kw + "/" + key, `${lit} is not ${phrase} ${bound}`);
      }
    }
    if (n.multipleOf !== undefined && !cgIsMultiple(d, cgDecimal(n.multipleOf)!)) {
      this.fail(at, kw + "/multipleOf", `${lit} is not a multiple of ${n.multipleOf}`);
    }
  }

  array(n: CgNode, items: CgValue[], at: string, kw: string): void {
    if (n.minItems !== undefined && items.length < n.minItems) {
      this.fail(at, kw + "/minItems", `has ${items.length} items, fewer than ${n.minItems}`);
    }
    if (n.maxItems !== undefined && items.length > n.maxItems) {
      this.fail(at, kw + "/maxItems", `has ${items.length} items, more than ${n.maxItems}`);
    }
    if (n.uniqueItems) {
      // The first pair by its first item, as the Go runtime names it.
      outer: for (let i = 0; i < items.length; i++) {
        for (let j = i + 1; j < items.length; j++) {
          if (cgEqual(items[i] ?? cgAbsent, items[j] ?? cgAbsent)) {
            this.fail(at, kw + "/uniqueItems", `items ${i} and ${j} are equal`);
            break outer;
          }
        }
      }
    }
    if (n.items) {
      items.forEach((item, k) => this.eval(n.items!, item, at + "/" + k, kw + "/items"));
    }
  }

  /** object checks in the Go runtime's order, so that a union names the same first violation. */
  object(n: CgNode, members: [string, CgValue][], at: string, kw: string): void {
    const names = new Set(members.map(([name]) => name));
    if (n.minProperties !== undefined && names.size < n.minProperties) {
      this.fail(at, kw + "/minProperties", `has ${names.size} members, fewer than ${n.minProperties}`);
    }
    if (n.maxProperties !== undefined && names.size > n.maxProperties) {
      this.fail(at, kw + "/maxProperties", `has ${names.size} members, more than ${n.maxProperties}`);
    }
    for (const name of n.required ?? []) {
      if (!names.has(name)) {
        this.fail(at, kw + "/required", "missing required member " + JSON.stringify(name));
      }
    }
    for (const [name, required] of n.dependentRequired ?? []) {
      if (!names.has(name)) {
        continue;
      }
      for (const other of required) {
        if (!names.has(other)) {
          this.fail(at, kw + "/dependentRequired/" + cgToken(name), "member " + JSON.stringify(other) + " is required when " + JSON.stringify(name) + " is present");
        }
      }
    }
    for (const [name, value] of members) {
      const loc = at + "/" + cgToken(name);
      const prop = n.properties?.find(([p]) => p === name);
      if (prop !== undefined) {
        this.eval(prop[1], value, loc, kw + "/properties/" + cgToken(name));
      } else if (n.additionalProperties) {
        if (cgNode(n.additionalProperties).bool === false) {
          this.fail(loc, kw + "/additionalProperties", "member " + JSON.stringify(name) + " is not allowed");
        } else {
          this.eval(n.additionalProperties, value, loc, kw + "/additionalProperties");
        }
      }
    }
    for (const [name, node] of n.dependentSchemas ?? []) {
      if (names.has(name)) {
        this.eval(node, { t: "object", members }, at, kw + "/dependentSchemas/" + cgToken(name));
      }
    }
  }
}

function cgSorted(vs: Violation[]): Violation[] {
  const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return vs.sort((a, b) => cmp(a.instanceLocation, b.instanceLocation) || cmp(a.keywordLocation, b.keywordLocation));
}

/** cgValidateValue validates a JS value against node root. */
function cgValidateValue(root: number, value: unknown, openEnums: boolean): Violation[] {
  const c = new CgCollector(openEnums);
  c.eval(root, cgFromJS(value), "", "");
  return cgSorted(c.violations);
}

/** cgValidateText validates JSON text against node root; duplicate member names are violations. */
function cgValidateText(root: number, text: string): Violation[] {
  const c = new CgCollector(false);
  const v = cgParse(text, (at, name) => c.fail(at, "", "member name " + JSON.stringify(name) + " occurs more than once"));
  c.eval(root, v, "", "");
  return cgSorted(c.violations);
}
