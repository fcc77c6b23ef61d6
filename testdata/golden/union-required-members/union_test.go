package golden

import (
	"encoding/json"
	"testing"
)

// Payment's variants are told apart by the members each requires: card_number and expiry make a
// Card, iban a Transfer; both forbid other members, so the union is exclusive.

func TestPaymentVariants(t *testing.T) {
	for _, tc := range []struct {
		in      string
		card    bool
		unknown bool
	}{
		{`{"card_number":"4111111111111111","expiry":"12/30"}`, true, false},
		{`{"iban":"DE89370400440532013000","holder":"A"}`, false, false},
		{`{"card_number":"4111111111111111","expiry":"12/30","iban":"DE89370400440532013000"}`, false, true},
		{`{"holder":"A"}`, false, true},
		{`"cash"`, false, true},
	} {
		var p Payment
		if err := json.Unmarshal([]byte(tc.in), &p); err != nil {
			t.Fatal(err)
		}
		if p.IsCard() != tc.card || (p.Unknown != nil) != tc.unknown || p.IsTransfer() == (tc.card || tc.unknown) {
			t.Errorf("%s decoded as %+v", tc.in, p)
		}
		out, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		_ = json.Unmarshal([]byte(tc.in), &a)
		_ = json.Unmarshal(out, &b)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("%s re-encoded as %s", tc.in, out)
		}
	}
}

func TestPaymentParse(t *testing.T) {
	o, err := Parse([]byte(`{"payment":{"iban":"DE89370400440532013000"},"refund_to":{"phone":"+4930","note":1}}`))
	if err != nil {
		t.Fatal(err)
	}
	tr, ok := o.Payment.AsTransfer()
	if !ok || tr.Iban != "DE89370400440532013000" {
		t.Fatalf("payment %+v", o.Payment)
	}
	// refund_to's variants do not forbid each other's members, so a value may match both: it stays
	// raw JSON, kept exactly.
	if o.RefundTo.JSONType() != "object" || string(o.RefundTo) != `{"phone":"+4930","note":1}` {
		t.Fatalf("refund_to %s", o.RefundTo)
	}
	for _, in := range []string{
		`{"payment":{"card_number":"12","expiry":"12/30"}}`,          // the card's pattern fails
		`{"payment":{"iban":"DE89370400440532013000","extra":true}}`, // additionalProperties false
		`{"payment":{}}`, // no variant
		`{"payment":{"iban":"DE89370400440532013000"},"refund_to":{"email":"a","phone":"+1"}}`, // both refund variants match
	} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse accepted %s", in)
		}
	}
}

func TestPaymentConstructAndSwitch(t *testing.T) {
	p := NewPaymentCard(Card{CardNumber: "4111111111111111", Expiry: "12/30"})
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	var got string
	err := p.Switch(
		func(c Card) error { got = "card " + c.Expiry; return nil },
		func(Transfer) error { got = "transfer"; return nil },
		func(json.RawMessage) error { got = "unknown"; return nil },
	)
	if err != nil || got != "card 12/30" {
		t.Fatalf("Switch: %q, %v", got, err)
	}
	if err := NewPaymentTransfer(Transfer{Iban: "short"}).Validate(); err == nil {
		t.Fatal("a short IBAN validated")
	}
}
