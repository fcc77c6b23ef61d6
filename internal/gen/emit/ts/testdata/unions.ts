// ---- testdata/golden/union-discriminated

export interface Branch {
  kind: "branch";
  weight?: number;
  child: Tree;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

export interface Cat {
  kind: "cat";
  lives: number;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

export interface Dog {
  kind: "dog";
  name: string;
  weight?: number;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

/**
 * Who looks after the animals, named by OpenAPI's discriminator.
 *
 * The variants are told apart by the member "role".
 */
export type Keeper = Staff | Volunteer;

export interface Leaf {
  kind: "leaf";
  name?: string;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

/**
 * An animal the zoo keeps.
 *
 * The variants are told apart by the member "kind".
 */
export type Pet = Cat | Dog;

export interface Staff {
  role: "staff";
  badge: number;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

/**
 * A family tree of the zoo's animals: a union whose variant refers back to it.
 *
 * The variants are told apart by the member "kind".
 */
export type Tree = Leaf | Branch;

export interface Volunteer {
  role: "helper" | "volunteer";
  hours?: number;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

export type VolunteerRole = "helper" | "volunteer" | (string & {});

/** The values of VolunteerRole this code knows, in schema order. */
export const volunteerRoleValues = ["helper", "volunteer"] as const;

/** The descriptions of the known values of VolunteerRole. */
export const volunteerRoleDescriptions: { readonly [value in (typeof volunteerRoleValues)[number]]: string } = {
  helper: "",
  volunteer: "",
};

export interface ZooObject {
  /** An animal the zoo keeps. */
  pet: Pet;
  visitors?: (Pet)[];
  /** Who looks after the animals, named by OpenAPI's discriminator. */
  keeper?: Keeper;
  /** A family tree of the zoo's animals: a union whose variant refers back to it. */
  tree?: Tree;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

// ---- testdata/golden/union-enum-discriminator

export interface DrawingObject {
  shapes: (DrawingShapesItem)[];
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

/**
 * A shape, told apart by the disjoint values of its kind.
 *
 * The variants are told apart by the member "kind".
 */
export type DrawingShapesItem = DrawingShapesItemRound | DrawingShapesItemSquare;

export interface DrawingShapesItemRound {
  kind: "circle" | "disc";
  radius: number;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

export type DrawingShapesItemRoundKind = "circle" | "disc" | (string & {});

/** The values of DrawingShapesItemRoundKind this code knows, in schema order. */
export const drawingShapesItemRoundKindValues = ["circle", "disc"] as const;

/** The descriptions of the known values of DrawingShapesItemRoundKind. */
export const drawingShapesItemRoundKindDescriptions: { readonly [value in (typeof drawingShapesItemRoundKindValues)[number]]: string } = {
  circle: "",
  disc: "",
};

export interface DrawingShapesItemSquare {
  kind: "square";
  side: number;
}

export type DrawingShapesItemSquareKind = "square" | (string & {});

/** The values of DrawingShapesItemSquareKind this code knows, in schema order. */
export const drawingShapesItemSquareKindValues = ["square"] as const;

/** The descriptions of the known values of DrawingShapesItemSquareKind. */
export const drawingShapesItemSquareKindDescriptions: { readonly [value in (typeof drawingShapesItemSquareKindValues)[number]]: string } = {
  square: "",
};

// ---- testdata/golden/union-required-members

export interface Card {
  card_number: string;
  expiry: string;
  holder?: string;
}

export interface OrderObject {
  /** How the order is paid: a card or a bank transfer, told apart by the members each requires. */
  payment: Payment;
  /** Where a refund goes; variants that do not forbid each other's members, so it stays raw. */
  refund_to?: { email: string; [member: string]: unknown } | { phone: string; [member: string]: unknown };
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

/** Where a refund goes; variants that do not forbid each other's members, so it stays raw. */
export type OrderRefundTo = { email: string; [member: string]: unknown } | { phone: string; [member: string]: unknown };

/**
 * How the order is paid: a card or a bank transfer, told apart by the members each requires.
 *
 * The variants are told apart by the members only each of them requires.
 */
export type Payment = Card | Transfer;

export interface Transfer {
  iban: string;
  holder?: string;
}

// ---- testdata/golden/union-json-type

export interface ConfigObject {
  settings?: { [member: string]: Setting };
  /** Labels to set, or null to remove them all: a map or null, told apart by JSON type. */
  labels?: null | { [member: string]: string };
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

/**
 * A setting's value: a word, a list of words, a big count or a reference, told apart by JSON type.
 *
 * The variants are told apart by their JSON type.
 */
export type Setting = string | (string)[] | number | SettingObject;

export interface SettingObject {
  ref: string;
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

// ---- testdata/golden/union-ambiguous

/** Variants that nothing tells apart: neither requires a member, and both are objects. */
export type Body = { text?: string; [member: string]: unknown } | { html?: string; [member: string]: unknown };

export interface NoteObject {
  /** Variants that nothing tells apart: neither requires a member, and both are objects. */
  body?: Body;
  extent?: (unknown)[];
  /** Members the contract does not declare: allowed, and kept by relays. */
  [member: string]: unknown;
}

export type NoteExtent = (unknown)[];

