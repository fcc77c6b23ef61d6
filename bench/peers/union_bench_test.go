package peers

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/contractgen/contractgen/bench/peers/union"
)

// unionBatch is a batch of events, each a variant of the discriminated oneOf Event: what the
// union Parse benchmark decodes. The discriminator comes first in some events and last in others.
var unionBatch = []byte(`{"batch_id":"b-20261203-0001","events":[` +
	`{"type":"click","x":120,"y":48,"target":"#buy"},` +
	`{"sku":"SKU-1234-XL","quantity":2,"price":19.99,"type":"purchase"},` +
	`{"type":"click","x":640,"y":300},` +
	`{"type":"error","message":"The payment service did not answer within 5 s.","code":504},` +
	`{"type":"purchase","sku":"SKU-77","quantity":1,"price":5},` +
	`{"x":10,"y":20,"target":"#help","type":"click"}]}`)

// handBatch and the types below are what a careful person writes for the same schema without a
// generator: structs per variant and a union whose UnmarshalJSON reads the discriminator, then
// decodes the variant with encoding/json. Decoding with it checks Go types only: the floor.
type handBatch struct {
	BatchID string      `json:"batch_id"`
	Events  []handEvent `json:"events"`
}

type handEvent struct {
	Click    *handClick
	Purchase *handPurchase
	Failure  *handFailure
}

type handClick struct {
	Type   string  `json:"type"`
	X      int64   `json:"x"`
	Y      int64   `json:"y"`
	Target *string `json:"target,omitempty"`
}

type handPurchase struct {
	Type     string      `json:"type"`
	Sku      string      `json:"sku"`
	Quantity int64       `json:"quantity"`
	Price    json.Number `json:"price"`
}

type handFailure struct {
	Type    string `json:"type"`
	Message string `json:"message"`
	Code    *int64 `json:"code,omitempty"`
}

func (e *handEvent) UnmarshalJSON(data []byte) error {
	var head struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return err
	}
	switch head.Type {
	case "click":
		e.Click = new(handClick)
		return json.Unmarshal(data, e.Click)
	case "purchase":
		e.Purchase = new(handPurchase)
		return json.Unmarshal(data, e.Purchase)
	case "error":
		e.Failure = new(handFailure)
		return json.Unmarshal(data, e.Failure)
	}
	return errors.New("unknown event type " + head.Type)
}

// TestUnionDecodersAgree proves the floor and Parse read the same events out of the batch, so the
// benchmark compares equal work (Parse validates besides).
func TestUnionDecodersAgree(t *testing.T) {
	var floor handBatch
	if err := json.Unmarshal(unionBatch, &floor); err != nil {
		t.Fatal(err)
	}
	parsed, err := union.Parse(unionBatch)
	if err != nil {
		t.Fatal(err)
	}
	var fromFloor, fromParse []any
	for _, e := range floor.Events {
		switch {
		case e.Click != nil:
			fromFloor = append(fromFloor, []any{"click", e.Click.X, e.Click.Y, e.Click.Target != nil})
		case e.Purchase != nil:
			fromFloor = append(fromFloor, []any{"purchase", e.Purchase.Sku, e.Purchase.Quantity, string(e.Purchase.Price)})
		case e.Failure != nil:
			fromFloor = append(fromFloor, []any{"error", e.Failure.Message, *e.Failure.Code})
		}
	}
	for _, e := range parsed.Events {
		err := e.Switch(
			func(c union.Click) error {
				fromParse = append(fromParse, []any{"click", c.X, c.Y, c.Target != nil})
				return nil
			},
			func(p union.Purchase) error {
				fromParse = append(fromParse, []any{"purchase", p.Sku, p.Quantity, string(p.Price)})
				return nil
			},
			func(f union.Failure) error {
				fromParse = append(fromParse, []any{"error", f.Message, *f.Code})
				return nil
			},
			func(raw json.RawMessage) error { return errors.New("unknown event " + string(raw)) },
		)
		if err != nil {
			t.Fatal(err)
		}
	}
	if parsed.BatchID != floor.BatchID || !reflect.DeepEqual(fromFloor, fromParse) {
		t.Fatalf("Parse read %v, the floor %v", fromParse, fromFloor)
	}
	// Parse also judges what the floor cannot: a click off the page, an unknown event type.
	for _, bad := range []string{
		`{"batch_id":"b","events":[{"type":"click","x":-1,"y":0}]}`,
		`{"batch_id":"b","events":[{"type":"scroll"}]}`,
	} {
		if _, err := union.Parse([]byte(bad)); err == nil {
			t.Errorf("Parse accepted %s", bad)
		}
	}
}

// BenchmarkUnionDecode is Parse of a union-typed instance beside the encoding/json floor.
func BenchmarkUnionDecode(b *testing.B) {
	run := func(b *testing.B, decode func() error) {
		b.ReportAllocs()
		b.SetBytes(int64(len(unionBatch)))
		for b.Loop() {
			if err := decode(); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("Floor", func(b *testing.B) {
		run(b, func() error { var v handBatch; return json.Unmarshal(unionBatch, &v) })
	})
	b.Run("Parse", func(b *testing.B) {
		run(b, func() error { _, err := union.Parse(unionBatch); return err })
	})
}

// TestUnionValidateAllocatesNothing: Validate of a valid union-typed value checks each held
// variant with the generated checks, so the union adds no allocation to what validating the
// variants alone costs (the runtime's exact decimal allocates for a price such as 19.99).
func TestUnionValidateAllocatesNothing(t *testing.T) {
	v, err := union.Parse(unionBatch)
	if err != nil {
		t.Fatal(err)
	}
	batch := testing.AllocsPerRun(100, func() {
		if err := v.Validate(); err != nil {
			t.Fatal(err)
		}
	})
	variants := testing.AllocsPerRun(100, func() {
		for _, e := range v.Events {
			var err error
			switch {
			case e.Click != nil:
				err = e.Click.Validate()
			case e.Purchase != nil:
				err = e.Purchase.Validate()
			case e.Failure != nil:
				err = e.Failure.Validate()
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	})
	if batch != variants {
		t.Fatalf("Validate of the batch allocates %v times, its variants alone %v", batch, variants)
	}
}
