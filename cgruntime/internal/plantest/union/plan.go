package golden

import "github.com/contractgen/contractgen/cgruntime"

// The description of this package that a plan-based generated package would carry, written out
// for the differential test of the runtime's plans against the per-type code beside it.

const (
	R  = cgruntime.FieldRequired
	P  = cgruntime.FieldPointer
	NO = cgruntime.FieldNullOK
	ON = cgruntime.FieldOmitNil
)

// PlanSchema describes the package's types; the Type constants index it.
var PlanSchema = &cgruntime.Schema{Nodes: cgNodes, Types: []cgruntime.TypeDesc{
	TBranch: {Go: (*Branch)(nil), Name: "Branch", Kind: cgruntime.KindStruct, Node: 32, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "kind", Kw: "properties/kind", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: 33}},
		{Name: "weight", Kw: "properties/weight", Flags: P, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemInt64, Node: 34}},
		{Name: "child", Kw: "properties/child/$ref", Flags: R | NO, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TTree, Node: 35}},
	}},
	TCat: {Go: (*Cat)(nil), Name: "Cat", Kind: cgruntime.KindStruct, Node: 5, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "kind", Kw: "properties/kind", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: 6}},
		{Name: "lives", Kw: "properties/lives", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemInt64, Node: 7}},
	}},
	TDog: {Go: (*Dog)(nil), Name: "Dog", Kind: cgruntime.KindStruct, Node: 9, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "kind", Kw: "properties/kind", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: 10}},
		{Name: "name", Kw: "properties/name", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: 11}},
		{Name: "weight", Kw: "properties/weight", Flags: P, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemNumber, Node: 12}},
	}},
	TKeeper: {Go: (*Keeper)(nil), Name: "Keeper", Kind: cgruntime.KindUnion, Node: 16, Union: &cgruntime.UnionDesc{
		Rule: cgruntime.UnionByTag, Keyword: "oneOf", Tag: "role", Variants: []cgruntime.VariantDesc{
			{Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TStaff, Node: 17}, Values: []string{"staff"}, Selects: cgruntime.SelectsByField},
			{Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TVolunteer, Node: 21}, Values: []string{"helper", "volunteer"}, Selects: cgruntime.SelectsByField},
		}}},
	TLeaf: {Go: (*Leaf)(nil), Name: "Leaf", Kind: cgruntime.KindStruct, Node: 28, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "kind", Kw: "properties/kind", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: 29}},
		{Name: "name", Kw: "properties/name", Flags: P, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: 30}},
	}},
	TPet: {Go: (*Pet)(nil), Name: "Pet", Kind: cgruntime.KindUnion, Node: 3, Union: &cgruntime.UnionDesc{
		Rule: cgruntime.UnionByTag, Keyword: "oneOf", Tag: "kind", Variants: []cgruntime.VariantDesc{
			{Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TCat, Node: 4}, Values: []string{"cat"}, Selects: cgruntime.SelectsByField},
			{Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TDog, Node: 8}, Values: []string{"dog"}, Selects: cgruntime.SelectsByField},
		}}},
	TStaff: {Go: (*Staff)(nil), Name: "Staff", Kind: cgruntime.KindStruct, Node: 18, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "role", Kw: "properties/role", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: 19}},
		{Name: "badge", Kw: "properties/badge", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemNumber, Node: 20}},
	}},
	TTree: {Go: (*Tree)(nil), Name: "Tree", Kind: cgruntime.KindUnion, Node: 26, Union: &cgruntime.UnionDesc{
		Rule: cgruntime.UnionByTag, Keyword: "oneOf", Tag: "kind", Variants: []cgruntime.VariantDesc{
			{Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TLeaf, Node: 27}, Values: []string{"leaf"}, Selects: cgruntime.SelectsByField},
			{Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TBranch, Node: 31}, Values: []string{"branch"}, Selects: cgruntime.SelectsByField},
		}}},
	TVolunteer: {Go: (*Volunteer)(nil), Name: "Volunteer", Kind: cgruntime.KindStruct, Node: 22, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "role", Kw: "properties/role", Flags: R, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Type: TVolunteerRole, Node: 23}},
		{Name: "hours", Kw: "properties/hours", Flags: P, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemNumber, Node: 24}},
	}},
	TVolunteerRole: {Go: (*VolunteerRole)(nil), Name: "VolunteerRole", Kind: cgruntime.KindEnum, Node: 23},
	TZooAgain:      {Go: (*ZooAgain)(nil), Name: "ZooAgain", Kind: cgruntime.KindAlias, Node: 1, Under: &cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Type: TZoo, Node: 1}},
	TZoo: {Go: (*Zoo)(nil), Name: "Zoo", Kind: cgruntime.KindStruct, Node: 1, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "pet", Kw: "properties/pet/$ref", Flags: R | NO, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TPet, Node: 2}},
		{Name: "visitors", Kw: "properties/visitors", Flags: ON, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemSlice, Node: 13,
			Elem: &cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TPet, Node: 14}}},
		{Name: "keeper", Kw: "properties/keeper/$ref", Flags: P | NO, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TKeeper, Node: 15}},
		{Name: "tree", Kw: "properties/tree/$ref", Flags: P | NO, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: TTree, Node: 25}},
	}},
}}

// The indexes of the types in PlanSchema.
const (
	TBranch = iota
	TCat
	TDog
	TKeeper
	TLeaf
	TPet
	TStaff
	TTree
	TVolunteer
	TVolunteerRole
	TZoo
	TZooAgain
)

// ZooAgain is a named type defined over a struct, as contractgen declares a schema that is only a
// $ref to an object (type S Schema).
type ZooAgain Zoo
