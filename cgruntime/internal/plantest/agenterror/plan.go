package agenterror

import "github.com/contractgen/contractgen/cgruntime"

// The description of this package that a plan-based generated package would carry, written out
// for the differential test of the runtime's plans against the per-type code beside it.

const (
	r  = cgruntime.FieldRequired
	p  = cgruntime.FieldPointer
	on = cgruntime.FieldOmitNil
)

func str(node int32) cgruntime.ElemDesc {
	return cgruntime.ElemDesc{Kind: cgruntime.ElemString, Node: node}
}

func ref(t, node int32) cgruntime.ElemDesc {
	return cgruntime.ElemDesc{Kind: cgruntime.ElemRef, Ref: true, Type: t, Node: node}
}

// PlanSchema describes the package's types; the Type constants index it.
var PlanSchema = &cgruntime.Schema{Nodes: cgNodes, Types: []cgruntime.TypeDesc{
	TAgentError: {Go: (*AgentError)(nil), Name: "AgentError", Kind: cgruntime.KindStruct, Node: 1, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "contract_version", Kw: "properties/contract_version", Flags: r, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemInt64, Node: 2}},
		{Name: "kind", Kw: "properties/kind", Flags: r, Type: str(3)},
		{Name: "message", Kw: "properties/message", Flags: r, Type: str(4)},
		{Name: "origin", Kw: "properties/origin/$ref", Flags: r, Type: ref(TOrigin, 5)},
		{Name: "recovery", Kw: "properties/recovery/$ref", Flags: r, Type: ref(TRecovery, 7)},
		{Name: "side_effects", Kw: "properties/side_effects/$ref", Flags: r, Type: ref(TSideEffects, 16)},
		{Name: "service", Kw: "properties/service", Flags: p, Type: str(18)},
		{Name: "action", Kw: "properties/action", Flags: p, Type: str(19)},
		{Name: "tool", Kw: "properties/tool", Flags: p, Type: str(20)},
		{Name: "upstream", Kw: "properties/upstream", Flags: p, Type: str(21)},
		{Name: "command", Kw: "properties/command", Flags: p, Type: str(22)},
		{Name: "prompt", Kw: "properties/prompt", Flags: p, Type: str(23)},
		{Name: "resource", Kw: "properties/resource", Flags: p, Type: str(24)},
		{Name: "cause", Kw: "properties/cause", Flags: p, Type: str(25)},
		{Name: "original_kind", Kw: "properties/original_kind", Flags: p, Type: str(26)},
		{Name: "evidence", Kw: "properties/evidence", Flags: on, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemMap, Node: 27,
			Elem: &cgruntime.ElemDesc{Kind: cgruntime.ElemAny, Node: 28}}},
		{Name: "safety", Kw: "properties/safety/$ref", Flags: p, Type: ref(TSafetyHints, 29)},
	}},
	TOrigin: {Go: (*Origin)(nil), Name: "Origin", Kind: cgruntime.KindEnum, Node: 6},
	TRecovery: {Go: (*Recovery)(nil), Name: "Recovery", Kind: cgruntime.KindStruct, Node: 8, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "action", Kw: "properties/action/$ref", Flags: r, Type: ref(TRecoveryAction, 9)},
		{Name: "same_arguments", Kw: "properties/same_arguments/$ref", Flags: r, Type: ref(TSameArguments, 11)},
		{Name: "guidance", Kw: "properties/guidance", Flags: r, Type: str(13)},
		{Name: "retry_after_ms", Kw: "properties/retry_after_ms", Flags: p, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemNumber, Node: 14}},
	}},
	TRecoveryAction: {Go: (*RecoveryAction)(nil), Name: "RecoveryAction", Kind: cgruntime.KindEnum, Node: 10},
	TSafetyHints: {Go: (*SafetyHints)(nil), Name: "SafetyHints", Kind: cgruntime.KindStruct, Node: 30, Extra: true, Fields: []cgruntime.FieldDesc{
		{Name: "read_only_hint", Kw: "properties/read_only_hint", Flags: p, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemBool, Node: 31}},
		{Name: "destructive_hint", Kw: "properties/destructive_hint", Flags: p, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemBool, Node: 32}},
		{Name: "idempotent_hint", Kw: "properties/idempotent_hint", Flags: p, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemBool, Node: 33}},
		{Name: "open_world_hint", Kw: "properties/open_world_hint", Flags: p, Type: cgruntime.ElemDesc{Kind: cgruntime.ElemBool, Node: 34}},
	}},
	TSameArguments: {Go: (*SameArguments)(nil), Name: "SameArguments", Kind: cgruntime.KindEnum, Node: 12},
	TSideEffects:   {Go: (*SideEffects)(nil), Name: "SideEffects", Kind: cgruntime.KindEnum, Node: 17},
}}

// The indexes of the types in PlanSchema.
const (
	TAgentError = iota
	TOrigin
	TRecovery
	TRecoveryAction
	TSafetyHints
	TSameArguments
	TSideEffects
)
