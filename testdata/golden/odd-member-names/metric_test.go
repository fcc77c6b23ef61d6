package golden

import (
	"bytes"
	"testing"
)

// TestOddMemberNames: members whose names no struct tag can carry, or that give no Go name of
// their own, each get a field of their own and survive a decode and re-encode byte for byte.
func TestOddMemberNames(t *testing.T) {
	in := []byte(`{"":"empty","123abc":7,"hw.status{hw.type=\"cpu\", state=\"ok\"}":0.5,"back\\slash":true,` +
		`"a b":"space","a-b":"dash","a_b":"underscore","-":"minus","$$$":"dollars"}`)
	m, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	if *m.Field != "empty" || *m.V123abc != "7" || m.HwStatusHwTypeCPUStateOK.String() != "0.5" || !*m.BackSlash ||
		*m.AB != "space" || *m.ADashB != "dash" || *m.AUnderscoreB != "underscore" || *m.Dash != "minus" || *m.DollarDollarDollar != "dollars" {
		t.Fatalf("decoded %+v", m)
	}
	out, err := m.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, in) {
		t.Fatalf("re-encoded\n%s\nwant\n%s", out, in)
	}
	if _, err := Parse([]byte(`{}`)); err == nil {
		t.Fatal("the required gauge is missing, yet Parse accepted the object")
	}
}
