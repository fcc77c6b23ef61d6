package golden

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// The sum type Pet, read through its "kind" member: each variant built, encoded, decoded, asked
// for and switched on; unknown members and unknown kinds kept; Parse's verdicts those of the oneOf.

func TestPetVariants(t *testing.T) {
	for _, tc := range []struct {
		pet  Pet
		want string
	}{
		{NewPetCat(Cat{Kind: "cat", Lives: 7}), `{"kind":"cat","lives":7}`},
		{NewPetDog(Dog{Kind: "dog", Name: "Rex"}), `{"kind":"dog","name":"Rex"}`},
	} {
		b, err := json.Marshal(tc.pet)
		if err != nil || string(b) != tc.want {
			t.Fatalf("Marshal = %s, %v; want %s", b, err, tc.want)
		}
		if err := tc.pet.Validate(); err != nil {
			t.Fatalf("Validate(%s): %v", b, err)
		}
		var back Pet
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if back.IsCat() != tc.pet.IsCat() || back.IsDog() != tc.pet.IsDog() || back.Unknown != nil {
			t.Fatalf("decoded %s into %+v", b, back)
		}
	}
	cat, ok := NewPetCat(Cat{Kind: "cat", Lives: 3}).AsCat()
	if !ok || cat.Lives != 3 {
		t.Fatalf("AsCat = %+v, %v", cat, ok)
	}
	if _, ok := NewPetCat(Cat{Kind: "cat"}).AsDog(); ok {
		t.Fatal("a cat read as a dog")
	}
}

func TestPetDecodeReadsTheDiscriminatorFirst(t *testing.T) {
	// The discriminator comes last and an unknown member sits in the variant: both are kept.
	in := `{"lives":9,"nick":{"a":[1,2.50]},"kind":"cat"}`
	var p Pet
	if err := json.Unmarshal([]byte(in), &p); err != nil {
		t.Fatal(err)
	}
	cat, ok := p.AsCat()
	if !ok || cat.Lives != 9 || string(cat.Extra["nick"]) != `{"a":[1,2.50]}` {
		t.Fatalf("decoded %+v", p)
	}
	out, err := json.Marshal(p)
	if err != nil || string(out) != `{"kind":"cat","lives":9,"nick":{"a":[1,2.50]}}` {
		t.Fatalf("re-encoded %s, %v", out, err)
	}
}

func TestPetUnknownKindIsKeptAndReported(t *testing.T) {
	in := `{"pet":{"kind":"bird","wings":2}}`
	var z Zoo
	if err := json.Unmarshal([]byte(in), &z); err != nil {
		t.Fatal(err)
	}
	if z.Pet.Unknown == nil || z.Pet.IsCat() || z.Pet.IsDog() {
		t.Fatalf("an unknown kind decoded as %+v", z.Pet)
	}
	out, err := json.Marshal(z)
	if err != nil || string(out) != `{"pet":{"kind":"bird","wings":2}}` {
		t.Fatalf("relayed as %s, %v", out, err)
	}
	// No variant has the kind "bird": each variant's first violation is listed.
	_, err = Parse([]byte(in))
	wantViolations(t, err,
		"/pet: matches none of the oneOf schemas (/properties/pet/$ref/oneOf)",
		`/pet: missing required member "lives" (/properties/pet/$ref/oneOf/0/$ref/required)`,
		`/pet: missing required member "name" (/properties/pet/$ref/oneOf/1/$ref/required)`)
}

func TestParseReportsAsTheUntypedUnion(t *testing.T) {
	// A cat with ten lives selects Cat, whose decoder accepts it; its schema does not, and no other
	// variant does either: the oneOf fails, as for an untyped union, because of the selected
	// variant's violation, which is reported under it.
	_, err := Parse([]byte(`{"pet":{"kind":"cat","lives":10}}`))
	wantViolations(t, err,
		"/pet: matches none of the oneOf schemas (/properties/pet/$ref/oneOf)",
		"/pet/lives: 10 is not at most 9 (/properties/pet/$ref/oneOf/0/$ref/properties/lives/maximum)")
	// A dog without a name is still a dog: its missing member is the cause. Null selects no
	// variant, so each variant's first violation is listed.
	_, err = Parse([]byte(`{"pet":{"kind":"dog"},"visitors":[{"kind":"cat","lives":1},null]}`))
	wantViolations(t, err,
		"/pet: matches none of the oneOf schemas (/properties/pet/$ref/oneOf)",
		`/pet: missing required member "name" (/properties/pet/$ref/oneOf/1/$ref/required)`,
		"/visitors/1: matches none of the oneOf schemas (/properties/visitors/items/$ref/oneOf)",
		"/visitors/1: expected object, got null (/properties/visitors/items/$ref/oneOf/0/$ref/type)",
		"/visitors/1: expected object, got null (/properties/visitors/items/$ref/oneOf/1/$ref/type)")
	z, err := Parse([]byte(`{"pet":{"kind":"dog","name":"Rex","weight":12.50},"visitors":[{"kind":"cat","lives":1}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if dog, _ := z.Pet.AsDog(); dog.Weight == nil || *dog.Weight != "12.50" || !z.Visitors[0].IsCat() {
		t.Fatalf("Parse gave %+v", z)
	}
}

func wantViolations(t *testing.T, err error, want ...string) {
	t.Helper()
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a *ValidationError, got %v", err)
	}
	var got []string
	for _, v := range ve.Violations {
		got = append(got, v.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("violations:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestPetSwitchIsExhaustive(t *testing.T) {
	name := func(p Pet) string {
		var s string
		err := p.Switch(
			func(c Cat) error { s = "cat"; return nil },
			func(d Dog) error { s = "dog " + d.Name; return nil },
			func(raw json.RawMessage) error { s = "unknown " + string(raw); return nil },
		)
		if err != nil {
			s = "error"
		}
		return s
	}
	var bird Pet
	if err := json.Unmarshal([]byte(`{"kind":"bird"}`), &bird); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[*Pet]string{
		{Cat: &Cat{Kind: "cat"}}:            "cat",
		{Dog: &Dog{Kind: "dog", Name: "a"}}: "dog a",
		&bird:                               `unknown {"kind":"bird"}`,
		{}:                                  "error",
	} {
		if got := name(*p); got != want {
			t.Errorf("Switch gave %q, want %q", got, want)
		}
	}
}

func TestPetHoldingTwoVariantsDoesNotEncode(t *testing.T) {
	p := Pet{Cat: &Cat{Kind: "cat"}, Dog: &Dog{Kind: "dog"}}
	if _, err := json.Marshal(p); err == nil {
		t.Fatal("a Pet with two variants encoded")
	}
	if err := p.Validate(); err == nil {
		t.Fatal("a Pet with two variants validated")
	}
}

func TestValidateChecksTheWholeUnionWhenTheVariantFails(t *testing.T) {
	// Built by hand, a Cat carrying the dog's discriminator and no name: no branch accepts it.
	if err := (Pet{Cat: &Cat{Kind: "dog", Lives: 1}}).Validate(); err == nil {
		t.Fatal("a cat whose kind is dog validated")
	}
	// The same mistake where the JSON happens to be a valid Dog: Validate judges the JSON.
	d := Cat{Kind: "dog", Extra: map[string]json.RawMessage{"name": json.RawMessage(`"Rex"`)}}
	if err := (Pet{Cat: &d}).Validate(); err != nil {
		t.Fatalf("the JSON is a valid Dog: %v", err)
	}
}

func TestConstructorsSetTheDiscriminator(t *testing.T) {
	p := NewPetCat(Cat{Lives: 2})
	if c, _ := p.AsCat(); c.Kind != "cat" || p.Validate() != nil {
		t.Fatalf("NewPetCat gave %+v", c)
	}
	k := NewKeeperVolunteer(Volunteer{Role: VolunteerRoleVolunteer})
	if v, _ := k.AsVolunteer(); v.Role != VolunteerRoleVolunteer {
		t.Fatalf("NewKeeperVolunteer replaced a value of its own: %q", v.Role)
	}
	if v, _ := NewKeeperVolunteer(Volunteer{}).AsVolunteer(); v.Role != VolunteerRoleHelper {
		t.Fatalf("NewKeeperVolunteer left the role %q", v.Role)
	}
}

func TestKeeperMappingAndExplicitDiscriminator(t *testing.T) {
	for in, want := range map[string]string{
		`{"role":"staff","badge":4}`: "staff",
		`{"role":"helper"}`:          "volunteer",
		`{"role":"volunteer"}`:       "volunteer",
		`{"role":"boss"}`:            "unknown",
	} {
		var k Keeper
		if err := json.Unmarshal([]byte(in), &k); err != nil {
			t.Fatal(err)
		}
		got := "unknown"
		switch {
		case k.IsStaff():
			got = "staff"
		case k.IsVolunteer():
			got = "volunteer"
		}
		if got != want {
			t.Errorf("%s decoded as %s, want %s", in, got, want)
		}
	}
	if _, err := Parse([]byte(`{"pet":{"kind":"cat","lives":1},"keeper":{"role":"boss"}}`)); err == nil {
		t.Fatal("an unknown role passed Parse")
	}
}

// A value built in Go that breaks its variant is reported by Validate as Parse reports its JSON:
// the variant's violations under the union's own.
func TestValidateReportsTheVariantsCause(t *testing.T) {
	z := Zoo{Pet: NewPetCat(Cat{Kind: "cat", Lives: 30})}
	want := []string{
		"/pet: matches none of the oneOf schemas (/properties/pet/$ref/oneOf)",
		"/pet/lives: 30 is not at most 9 (/properties/pet/$ref/oneOf/0/$ref/properties/lives/maximum)",
	}
	wantViolations(t, z.Validate(), want...)
	data, err := json.Marshal(z)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Parse(data)
	wantViolations(t, err, want...)
}
