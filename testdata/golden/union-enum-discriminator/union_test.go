package golden

import (
	"encoding/json"
	"testing"
)

// Shapes are told apart by disjoint enums of their kind: circle or disc make a Round, square a
// Square. The union is an anyOf of inline variants, inside an array.

func TestShapesByEnum(t *testing.T) {
	in := `{"shapes":[{"kind":"disc","radius":0.5},{"kind":"square","side":2},{"kind":"circle","radius":1,"color":"red"},{"kind":"star"}]}`
	var d Drawing
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatal(err)
	}
	if r, ok := d.Shapes[0].AsRound(); !ok || r.Kind != DrawingShapesItemRoundKindDisc || r.Radius != "0.5" {
		t.Errorf("shape 0: %+v", d.Shapes[0])
	}
	if s, ok := d.Shapes[1].AsSquare(); !ok || s.Side != "2" {
		t.Errorf("shape 1: %+v", d.Shapes[1])
	}
	if r, ok := d.Shapes[2].AsRound(); !ok || string(r.Extra["color"]) != `"red"` {
		t.Errorf("shape 2: %+v", d.Shapes[2])
	}
	if string(d.Shapes[3].Unknown) != `{"kind":"star"}` {
		t.Errorf("shape 3: %+v", d.Shapes[3])
	}
	out, err := json.Marshal(d)
	if err != nil || string(out) != in {
		t.Fatalf("re-encoded %s, %v", out, err)
	}
	if _, err := Parse([]byte(in)); err == nil {
		t.Fatal("a star passed Parse")
	}
	if _, err := Parse([]byte(`{"shapes":[{"kind":"square","side":2,"color":"red"}]}`)); err == nil {
		t.Fatal("a square with a member its schema forbids passed Parse")
	}
	if _, err := Parse([]byte(`{"shapes":[{"kind":"disc","radius":0}]}`)); err == nil {
		t.Fatal("a disc of radius 0 passed Parse")
	}
	got, err := Parse([]byte(`{"shapes":[{"kind":"square","side":1},{"kind":"circle","radius":2}]}`))
	if err != nil || !got.Shapes[0].IsSquare() || !got.Shapes[1].IsRound() {
		t.Fatalf("Parse: %+v, %v", got, err)
	}
}

func TestShapeConstructors(t *testing.T) {
	s := NewDrawingShapesItemSquare(DrawingShapesItemSquare{Kind: DrawingShapesItemSquareKindSquare, Side: "3"})
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(Drawing{Shapes: []DrawingShapesItem{s}})
	if err != nil || string(b) != `{"shapes":[{"kind":"square","side":3}]}` {
		t.Fatalf("%s, %v", b, err)
	}
}
